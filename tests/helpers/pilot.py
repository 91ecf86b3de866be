"""Helpers for the app tests: the app fixture's type, settling, searching, reading the screen."""

from __future__ import annotations

import contextlib
import html
import re
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import App
from textual.content import Content
from textual.pilot import Pilot
from textual.widgets import Markdown, OptionList, Static
from textual.worker import WorkerState

from desk_browser.demo import DEMO_NOW, DEMO_TODAY
from desk_browser.presentation.start_view import StartView
from desk_browser.ui.app import DeskBrowser, make_app
from desk_browser.ui.screens.day_screen import DayScreen
from desk_browser.ui.screens.main_screen import MainScreen
from desk_browser.ui.widgets.desk_text_view import DeskTextView
from desk_browser.ui.widgets.exchange_view import ExchangeView
from desk_browser.ui.widgets.timeline import Timeline, event_prompt
from desk_browser.ui.workspace_app import WorkspaceBrowser, make_workspace_app

AppFor = Callable[[Path], DeskBrowser]
"""The `app_for` fixture: builds the app on a desk the deterministic way (tests/ui/conftest.py)."""

_DETERMINISTIC: dict[str, Any] = {
    'today': lambda: DEMO_TODAY,
    'cursor_blink': False,
    'animation_level': 'none',
    'clock': lambda: DEMO_NOW,
}
"""What makes both apps deterministic: the demo's today and now, no blinking, no animation."""


def deterministic_app(
    desk: Path,
    *,
    start: StartView | None = None,
    export_folder: Path | None = None,
    theme: str | None = 'textual-dark',
    settings_path: Path | None = None,
) -> DeskBrowser:
    """Builds the app the deterministic way: the demo's today and now, no blink, no animation.

    Args:
        desk (Path): The desk.
        start (StartView | None): The view to open at; None opens the main screen.
        export_folder (Path | None): Where exports go; None writes to the current folder.
        theme (str | None): The theme; None keeps the remembered one (settings_path).
        settings_path (Path | None): Where the theme is remembered; None remembers nothing.

    Returns:
        DeskBrowser: The app, not yet running.
    """
    return make_app(
        desk,
        theme=theme,
        start=start,
        settings_path=settings_path,
        export_folder=export_folder,
        **_DETERMINISTIC,
    )


def deterministic_workspace_app(path: Path) -> WorkspaceBrowser:
    """Builds the workspace app the way deterministic_app builds a desk's.

    Args:
        path (Path): The workspace.

    Returns:
        WorkspaceBrowser: The app, not yet running.
    """
    return make_workspace_app(path, theme='textual-dark', **_DETERMINISTIC)


_TEXT_ELEMENT = re.compile(r'<text[^>]*>(.*?)</text>', re.DOTALL)


async def settle(pilot: Pilot[Any]) -> None:
    """Waits until every worker has finished and what they read is on screen."""
    app = pilot.app
    for _ in range(50):
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        busy = [
            worker
            for worker in app.workers
            if worker.state in (WorkerState.PENDING, WorkerState.RUNNING)
        ]
        if not busy:
            await pilot.pause()
            return
    raise AssertionError('the app never settled')


@contextlib.asynccontextmanager
async def settled(
    app: App[Any], size: tuple[int, int] = (120, 40), *, notifications: bool = False
) -> AsyncIterator[Pilot[Any]]:
    """Runs the app headless, as App.run_test does, and hands over its pilot once settled.

    Args:
        app (App[Any]): The app.
        size (tuple[int, int]): The terminal's width and height.
        notifications (bool): Whether notifications are shown (run_test's option).

    Yields:
        Pilot[Any]: The pilot, every worker the start began finished and painted.
    """
    async with app.run_test(size=size, notifications=notifications) as pilot:
        await settle(pilot)
        yield pilot


async def open_search(pilot: Pilot[Any], words: str = '') -> None:
    """Settles, opens the search with / and types `words`, then settles again."""
    await settle(pilot)
    await pilot.press('slash', *words)
    await settle(pilot)


async def open_record(pilot: Pilot[Any], words: str) -> None:
    """Searches for `words` (open_search), opens the first hit's record, then settles."""
    await open_search(pilot, words)
    await pilot.press('down', 'enter')
    await settle(pilot)


async def open_day_view(pilot: Pilot[Any], *keys: str) -> DayScreen:
    """Settles, presses the keys (`d` unless told), settles again, and returns the day view."""
    await settle(pilot)
    await pilot.press(*(keys or ('d',)))
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, DayScreen)
    return screen


def screen_text(pilot: Pilot[Any]) -> str:
    """The text on screen, as the person sees it (spans joined, no styles)."""
    svg = pilot.app.export_screenshot()
    return ''.join(html.unescape(part) for part in _TEXT_ELEMENT.findall(svg)).replace('\xa0', ' ')


def _plain(visual: object) -> str:
    if isinstance(visual, Content):
        return visual.plain
    if isinstance(visual, Text):
        return visual.plain
    return str(visual)


def widget_texts(pilot: Pilot[Any]) -> str:
    """The text every Static, Markdown, option list, timeline and desk text view holds, one a line.

    Unlike `screen_text`, nothing is wrapped or cut off by the screen's size.
    """
    parts: list[str] = []
    for widget in pilot.app.screen.query('*'):
        if isinstance(widget, Markdown):
            parts.append(widget.source)
        elif isinstance(widget, Static) and not isinstance(widget.parent, Markdown):
            parts.append(_plain(widget.content))
        elif isinstance(widget, OptionList):
            parts.extend(_plain(option.prompt) for option in widget.options)
        elif isinstance(widget, Timeline):
            parts.extend(event_prompt(event).plain for event in widget.shown_events)
        elif isinstance(widget, ExchangeView | DeskTextView):
            parts.append(widget.rendered_text())
    return '\n'.join(parts)


async def wait_until(pilot: Pilot[Any], condition: Callable[[], bool], seconds: float = 5) -> None:
    """Lets the app run (no key pressed) until the condition holds; fails after `seconds`."""
    for _ in range(int(seconds / 0.05)):
        if condition():
            return
        await pilot.pause(0.05)
    assert condition(), 'the app never showed the change'


async def wait_for_note(pilot: Pilot[Any], words: str, seconds: float = 5) -> None:
    """Lets the app run until a notification holding the words has arrived.

    `notify` posts the note to the app as a message, so it arrives after whatever the code that
    sent it set at the same time (a flag, a widget's text): wait for it, never assert it at once.
    """
    app = pilot.app
    await wait_until(
        pilot, lambda: any(words in str(note.message) for note in app._notifications), seconds
    )


def main_screen(app: DeskBrowser) -> MainScreen:
    """The app's current screen, which the test knows is the main screen."""
    screen = app.screen
    assert isinstance(screen, MainScreen)
    return screen
