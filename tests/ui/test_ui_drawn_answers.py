"""The first frame's answers drawn from the lines kept at the last start (answer_drawings).

A second start draws them before Rich's Markdown is loaded, then checks them against their
rendering once the frame is on screen: the screen settles exactly as the first start's did, and
lines that differ (other code, a changed file) are drawn again as rendered and kept anew.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from rich.style import Style
from textual.strip import Strip

from desk_browser.memory.cache_folders import default_cache_directory, desk_cache_file
from desk_browser.presentation.drawn_answers import DRAWN_FOLDER, KeptDrawings
from desk_browser.ui.widgets.answer_drawings import AnswerDrawings
from desk_browser.ui.widgets.exchange_cards import ExchangeCards
from desk_browser.ui.widgets.exchange_rendering import CardStyles
from desk_browser.ui.widgets.exchange_view import ExchangeView
from tests.helpers.pilot import AppFor, settled

SIZE = (120, 40)


def card_lines(view: ExchangeView) -> dict[int, list[list[Any]]]:
    """The kept cards' lines, as segments (text, style, control), by block."""
    kept: dict[int, list[list[Any]]] = {}
    for index in view.rendered_indexes:
        strips: list[Strip] | None = view._strips.get(index + 1)
        if strips is not None:
            kept[index + 1] = [list(strip) for strip in strips]
    return kept


async def first_start(app_for: AppFor, desk: Path) -> tuple[str, dict[int, list[list[Any]]]]:
    """Runs the app until settled: its screen as SVG and the cards kept."""
    app = app_for(desk)
    async with settled(app, SIZE) as pilot:
        view = app.screen.query_one(ExchangeView)
        await pilot.pause()
        return app.export_screenshot(), card_lines(view)


async def a_start_settles_as(
    app_for: AppFor, desk: Path, svg: str, cards: dict[int, list[list[Any]]]
) -> None:
    """Runs the app until settled: its screen and cards are those given, every recall checked."""
    app = app_for(desk)
    async with settled(app, SIZE) as pilot:
        view = app.screen.query_one(ExchangeView)
        await pilot.pause()
        assert app.export_screenshot() == svg
        assert card_lines(view) == cards
        assert view._recalled_blocks == set()


async def test_a_second_start_draws_the_first_answers_kept_and_settles_the_same(
    app_for: AppFor, demo_desk: Path
) -> None:
    first_svg, first_cards = await first_start(app_for, demo_desk)
    kept_file = desk_cache_file(default_cache_directory(), DRAWN_FOLDER, demo_desk)
    assert kept_file.is_file()
    await a_start_settles_as(app_for, demo_desk, first_svg, first_cards)


async def test_kept_lines_that_differ_are_drawn_again_as_rendered_and_kept_anew(
    app_for: AppFor, demo_desk: Path
) -> None:
    first_svg, first_cards = await first_start(app_for, demo_desk)
    kept_file = desk_cache_file(default_cache_directory(), DRAWN_FOLDER, demo_desk)
    document = json.loads(kept_file.read_text(encoding='ascii'))
    for lines in document['answers'].values():
        lines[0][0][0] = 'Not what this code draws'
        lines.append([['one line more', None]])
    kept_file.write_text(json.dumps(document), encoding='ascii')
    await a_start_settles_as(app_for, demo_desk, first_svg, first_cards)
    assert 'Not what this code draws' not in kept_file.read_text(encoding='ascii')


async def test_a_damaged_kept_file_is_rendered_past_and_replaced(
    app_for: AppFor, demo_desk: Path
) -> None:
    first_svg, _ = await first_start(app_for, demo_desk)
    kept_file = desk_cache_file(default_cache_directory(), DRAWN_FOLDER, demo_desk)
    kept_file.write_bytes(b'{"version": 1, "answers": {"x": [[["\x1b[2J", null]]]}')
    app = app_for(demo_desk)
    async with settled(app, SIZE) as pilot:
        await pilot.pause()
        assert app.export_screenshot() == first_svg
    assert json.loads(kept_file.read_text(encoding='ascii'))['answers'].keys() != {'x'}


async def quit_at_the_first_frame(app_for: AppFor, desk: Path) -> None:
    """Runs the app until its first cards are drawn, then quits at once (q as soon as seen)."""
    app = app_for(desk)
    async with app.run_test(size=SIZE) as pilot:
        view = app.screen.query_one(ExchangeView)
        while not view.rendered_indexes:
            await pilot.pause(0.01)


async def test_a_start_quit_at_its_first_frame_keeps_its_first_answers(
    app_for: AppFor, demo_desk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # As if the keeping thread had not run yet when the app quit (it comes tens of ms later).
    monkeypatch.setattr(ExchangeCards, '_keep_the_first_answers', lambda self, drawings: None)
    await quit_at_the_first_frame(app_for, demo_desk)
    kept_file = desk_cache_file(default_cache_directory(), DRAWN_FOLDER, demo_desk)
    answers = json.loads(kept_file.read_text(encoding='ascii'))['answers']
    assert answers
    first_svg, first_cards = await first_start(app_for, demo_desk)
    await a_start_settles_as(app_for, demo_desk, first_svg, first_cards)


async def test_a_start_quit_before_its_recalled_answers_are_checked_leaves_them_kept(
    app_for: AppFor, demo_desk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    await first_start(app_for, demo_desk)
    kept_file = desk_cache_file(default_cache_directory(), DRAWN_FOLDER, demo_desk)
    kept = kept_file.read_bytes()
    # Markdown never loads: the answers drawn from kept lines are never checked.
    monkeypatch.setattr(ExchangeCards, '_load_markdown_then_check', lambda self, drawings: None)
    await quit_at_the_first_frame(app_for, demo_desk)
    assert kept_file.read_bytes() == kept


FIRST_FRAME_MODULES = """
import asyncio, json, sys
from pathlib import Path
from desk_browser.ui.app import make_app
from desk_browser.ui.widgets.exchange_view import ExchangeView

MARKDOWN = ('rich.markdown', 'markdown_it', 'pygments')
seen = []
render_lines = ExchangeView.render_lines


def noting_render_lines(self, crop):
    lines = render_lines(self, crop)
    if self.rendered_indexes and not seen:
        seen.append(sorted(name for name in MARKDOWN if name in sys.modules))
    return lines


ExchangeView.render_lines = noting_render_lines


async def run() -> None:
    app = make_app(Path(DESK), cursor_blink=False, animation_level='none',
                   theme='textual-dark', cache_directory=Path(CACHE))
    async with app.run_test(size=(120, 40)) as pilot:
        while not seen:
            await asyncio.sleep(0.01)
        await pilot.pause(0.5)
        await app.workers.wait_for_complete()
    print(json.dumps(seen[0]))

asyncio.run(run())
"""
"""Starts the app: the Markdown modules loaded when its first frame drew the first cards."""


def test_the_second_start_draws_its_first_frame_without_loading_markdown(
    demo_desk: Path, tmp_path: Path
) -> None:
    code = f'DESK = {str(demo_desk)!r}\nCACHE = {str(tmp_path / "cache")!r}\n{FIRST_FRAME_MODULES}'

    def loaded_at_the_first_frame() -> list[str]:
        completed = subprocess.run(
            [sys.executable, '-c', code], capture_output=True, text=True, check=True
        )
        return list(json.loads(completed.stdout))

    # The first start renders its answers: Rich's Markdown, markdown-it and Pygments.
    assert loaded_at_the_first_frame() == ['markdown_it', 'pygments', 'rich.markdown']
    assert loaded_at_the_first_frame() == []


def test_a_drawing_key_names_every_style_of_the_cards_look(tmp_path: Path) -> None:
    console = Console(width=80)
    looks = [
        CardStyles(),
        CardStyles(muted=Style(color='#a0a0a0')),
        CardStyles(muted=Style(color='#a0a0a1')),
        CardStyles(muted=Style(color='#a0a0a0', bold=True)),
        CardStyles(error=Style(color='red', bgcolor='#441e27')),
        CardStyles(markdown={'markdown.h1': Style(bold=True)}),
        CardStyles(markdown={'markdown.h2': Style(bold=True)}),
        CardStyles(code_theme='default'),
    ]
    keys = {
        AnswerDrawings(KeptDrawings(tmp_path / 'kept.json')).key(console, 'An answer', 80, look, 9)
        for look in looks
    }
    assert len(keys) == len(looks)
    again = AnswerDrawings(KeptDrawings(tmp_path / 'kept.json'))
    assert again.key(console, 'An answer', 80, CardStyles(), 9) in keys
