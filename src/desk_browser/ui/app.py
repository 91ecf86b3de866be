"""The desk browser app, and the factory the command line, the tests and the screenshots use."""

from __future__ import annotations

import datetime
import logging
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import ClassVar

from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.types import AnimationLevel

from desk_browser.ui.formatting import india_today
from desk_browser.ui.safe_text import visible
from desk_browser.ui.screens.help_screen import HelpScreen
from desk_browser.ui.screens.main_screen import DayRequest, MainScreen
from desk_browser.ui.screens.record_screen import RecordScreen
from desk_browser.ui.screens.search_screen import SearchScreen

_LOGGER = logging.getLogger(__name__)


class DeskBrowser(App[None]):
    """Browses one desk folder: state, sessions, exchanges, summaries and search."""

    CSS_PATH = 'app.tcss'
    TITLE = 'desk-browser'

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding('slash', 'search', 'Search', key_display='/', id='search'),
        Binding('question_mark,f1', 'help', 'Help', key_display='?', id='help'),
        Binding('q', 'quit', 'Quit', id='quit'),
        Binding('ctrl+q', 'quit', 'Quit', show=False, priority=True, id='quit-anywhere'),
    ]

    def __init__(
        self,
        desk: Path,
        *,
        today: Callable[[], datetime.date] = india_today,
        cursor_blink: bool = True,
    ) -> None:
        """Prepares the app; the desk is read once it runs.

        Args:
            desk: The desk folder.
            today: Returns India's today (tests fix it).
            cursor_blink: Whether the search box's cursor blinks (off in tests and screenshots).
        """
        super().__init__()
        self.desk = desk
        """The desk folder."""
        self.today = today
        """Returns India's today."""
        self.cursor_blink = cursor_blink
        """Whether the search box's cursor blinks."""
        # Only the folder's name, never a path: titles end up in screenshots and snapshots.
        self.sub_title = visible(desk.name or str(desk))

    def get_default_screen(self) -> Screen[None]:
        """The main screen."""
        return MainScreen(self.desk, self.today)

    @property
    def main_screen(self) -> MainScreen:
        """The main screen, at the bottom of the stack."""
        screen = self.screen_stack[0]
        assert isinstance(screen, MainScreen)
        return screen

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        """The command palette's commands: the app's own, then Textual's (theme, keys, quit)."""
        yield SystemCommand(
            'Current session', 'Show the session state.json names', self.action_current_session
        )
        yield SystemCommand('Search', 'Search the desk as you type', self.action_search)
        yield SystemCommand('Help', 'What each pane shows, and every key', self.action_help)
        yield SystemCommand('Reload', 'Read the desk again', self.main_screen.action_reload)
        yield from super().get_system_commands(screen)

    def action_search(self) -> None:
        """Opens the search, or puts the cursor back in it."""
        if isinstance(self.screen, SearchScreen):
            self.screen.focus_search_box()
            return
        if isinstance(self.screen, RecordScreen):
            return
        self.push_screen(
            SearchScreen(self.desk, cursor_blink=self.cursor_blink), callback=self._search_closed
        )

    def _search_closed(self, request: DayRequest | None) -> None:
        """Shows the day a search record asked for."""
        if request is not None:
            self.main_screen.show_day(request)

    def action_current_session(self) -> None:
        """Goes back to the main screen and selects the current session."""
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.main_screen.action_current_session()

    def action_help(self) -> None:
        """Shows the help, unless it is already shown."""
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())


def make_app(
    desk: Path,
    *,
    today: Callable[[], datetime.date] | None = None,
    cursor_blink: bool = True,
    animation_level: AnimationLevel | None = None,
    theme: str | None = None,
) -> DeskBrowser:
    """Builds the app for the command line, the tests and the screenshot script.

    Args:
        desk: The desk folder.
        today: Returns India's today; None uses the clock.
        cursor_blink: Whether the search box's cursor blinks.
        animation_level: Textual's animation level ('none' in tests); None keeps Textual's.
        theme: A Textual theme name ('textual-dark' in tests); None keeps Textual's.

    Returns:
        The app, not yet running.
    """
    app = DeskBrowser(desk, today=today or india_today, cursor_blink=cursor_blink)
    if animation_level is not None:
        app.animation_level = animation_level
    if theme is not None:
        app.theme = theme
    return app
