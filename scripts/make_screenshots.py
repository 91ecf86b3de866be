"""Regenerates screenshots/*.svg: the desk browser's main screens on the demo desk.

Run from the project folder: `python scripts/make_screenshots.py`. It uses the snapshot tests'
deterministic setup (the demo desk built into <tmp>/main with a fixed today and seed, terminal
120x40, theme textual-dark, no cursor blink, no animation), so the README's pictures show the
tested UI. Each SVG keeps its spaces for every renderer (`spaces_kept`: without it rsvg-convert
draws the rows unindented and runs neighbouring words together).
"""

from __future__ import annotations

import asyncio
import logging
import shutil
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.worker import WorkerState

from desk_browser.demo import DEMO_NOW, DEMO_TODAY, build_demo_desk, build_demo_workspace
from desk_browser.presentation.exports import spaces_kept
from desk_browser.ui.app import make_app
from desk_browser.ui.widgets.session_list import SessionList
from desk_browser.ui.workspace_app import make_workspace_app

_LOGGER = logging.getLogger(__name__)

SIZE = (120, 40)
OUTPUT_FOLDER = Path(__file__).resolve().parent.parent / 'screenshots'

Steps = Callable[[Pilot[Any]], Awaitable[None]]


def save(pilot: Pilot[Any], file_name: str) -> None:
    """Saves the screen as an SVG in the screenshots folder, its spaces kept.

    Args:
        pilot: The app's pilot.
        file_name: The SVG's name in the screenshots folder.
    """
    svg = spaces_kept(pilot.app.export_screenshot())
    (OUTPUT_FOLDER / file_name).write_text(svg, encoding='utf-8')
    print(f'wrote screenshots/{file_name}')


async def settle(pilot: Pilot[Any]) -> None:
    """Waits until every worker has finished and what it read is on screen."""
    for _ in range(50):
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        if not any(
            worker.state in (WorkerState.PENDING, WorkerState.RUNNING)
            for worker in pilot.app.workers
        ):
            await pilot.pause()
            return


async def first_screen(pilot: Pilot[Any]) -> None:
    """Nothing to do: the app opens on the current session."""


async def another_session(pilot: Pilot[Any]) -> None:
    """Three rows down the sessions list."""
    pilot.app.query_one(SessionList).focus()
    await pilot.press('down', 'down', 'down')


async def summary(pilot: Pilot[Any]) -> None:
    """Yesterday's second session, Summary tab."""
    pilot.app.query_one(SessionList).highlight_session('2026-10-20-2')
    await settle(pilot)
    await pilot.press('s')


async def search_full(pilot: Pilot[Any]) -> None:
    """A search whose hits hold every word."""
    await pilot.press('slash', *'nifty gap')


async def search_partial(pilot: Pilot[Any]) -> None:
    """A search no record fully matches."""
    await pilot.press('slash', *'rbi policy crude')


async def record(pilot: Pilot[Any]) -> None:
    """The first hit opened."""
    await pilot.press('slash', *'rbi policy')
    await settle(pilot)
    await pilot.press('enter')


async def help_screen(pilot: Pilot[Any]) -> None:
    """The help."""
    await pilot.press('question_mark')


async def orders_view(pilot: Pilot[Any]) -> None:
    """Yesterday's orders: [ to yesterday's sessions, then o."""
    await pilot.press('left_square_bracket')
    await settle(pilot)
    await pilot.press('o')


async def order_story(pilot: Pilot[Any]) -> None:
    """The story of yesterday's SELL of NIFTY options (two rows after the day's first order)."""
    await orders_view(pilot)
    await settle(pilot)
    await pilot.press('down', 'down', 'enter')


SHOTS: list[tuple[str, str, Steps]] = [
    ('first-screen.svg', 'normal', first_screen),
    ('another-session.svg', 'normal', another_session),
    ('summary.svg', 'normal', summary),
    ('search-full.svg', 'normal', search_full),
    ('search-partial.svg', 'normal', search_partial),
    ('record.svg', 'normal', record),
    ('help.svg', 'normal', help_screen),
    ('orders.svg', 'normal', orders_view),
    ('order-story.svg', 'normal', order_story),
    ('damaged-state.svg', 'damaged', first_screen),
]
"""File name, the demo desk's state variant, and the steps before the picture."""


async def take(desk: Path, file_name: str, steps: Steps) -> None:
    """Drives a fresh app through the steps and saves its screen.

    Args:
        desk: The desk to open.
        file_name: The SVG's name in the screenshots folder.
        steps: What to do before the picture.
    """
    app = make_app(
        desk,
        today=lambda: DEMO_TODAY,
        cursor_blink=False,
        animation_level='none',
        theme='textual-dark',
        clock=lambda: DEMO_NOW,
        cache_directory=desk.parent / 'cache',
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await steps(pilot)
        await settle(pilot)
        save(pilot, file_name)


async def take_desks(root: Path) -> None:
    """Builds the four-desk demo workspace and saves its Desks screen, then a search across it.

    The Desks screen is desks.svg; `/ nifty gap` on it, once every hit is counted,
    desks-search.svg.

    Args:
        root: The temporary folder to build it in.
    """
    desks = root / 'workspace' / 'desks'
    build_demo_workspace(desks, today=DEMO_TODAY, desks=4)
    app = make_workspace_app(
        desks,
        today=lambda: DEMO_TODAY,
        cursor_blink=False,
        animation_level='none',
        theme='textual-dark',
        clock=lambda: DEMO_NOW,
        cache_directory=root / 'workspace-cache',
    )
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        save(pilot, 'desks.svg')
        await pilot.press('slash', *'nifty gap')
        status = None
        for _ in range(200):  # The count comes after a pause, on a timer: wait for it.
            await settle(pilot)
            status = app.screen.query('#workspace-search-status').first()
            if 'counting' not in str(status.render()) and 'Searching' not in str(status.render()):
                break
            await pilot.pause(0.05)
        save(pilot, 'desks-search.svg')


async def make_all() -> None:
    """Builds the demo desks and takes every picture."""
    root = Path(tempfile.mkdtemp(prefix='desk-browser-screenshots-'))
    try:
        desks: dict[str, Path] = {}
        for variant in ('normal', 'damaged'):
            desk = root / variant / 'main'
            build_demo_desk(desk, today=DEMO_TODAY, seed=7, days=10, state=variant)
            desks[variant] = desk
        OUTPUT_FOLDER.mkdir(exist_ok=True)
        for file_name, variant, steps in SHOTS:
            await take(desks[variant], file_name, steps)
        await take_desks(root)
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == '__main__':
    asyncio.run(make_all())
