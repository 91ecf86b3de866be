"""The desk browser app, and the factory the command line, the tests and the screenshots use."""

from __future__ import annotations

import datetime
import functools
import time
from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual import events, on
from textual.actions import SkipAction
from textual.app import App, InvalidThemeError, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.theme import BUILTIN_THEMES, Theme
from textual.types import AnimationLevel
from textual.widgets import Input

from desk_browser.live.first_read import FirstRead
from desk_browser.live.services import DeskServices
from desk_browser.presentation.formatting import india_today
from desk_browser.presentation.navigation import (
    DayPlace,
    DayRequest,
    History,
    Place,
    RecordPlace,
)
from desk_browser.presentation.safe_text import visible
from desk_browser.presentation.settings import Settings, load_settings, save_settings
from desk_browser.presentation.start_view import StartView
from desk_browser.ui.copy_keys import NOTHING_TO_COPY, NOTHING_TO_EXPORT
from desk_browser.ui.covered_screens import CoveredScreens
from desk_browser.ui.heap_freezing import HeapFreezing
from desk_browser.ui.messages import (
    DeskFollowed,
    IndexProgressed,
    OverviewLoaded,
    PlaceOpened,
    SessionLoaded,
    ShowPlace,
)
from desk_browser.ui.screens.desk_screen import DeskScreen
from desk_browser.ui.screens.main_screen import MainScreen
from desk_browser.ui.search_indexing import IndexBuilder
from desk_browser.ui.textual_compat import count_background_screens, start_with_theme

if TYPE_CHECKING:
    from desk_browser.memory.index.status import IndexStatus

_SEARCHES_IN_PALETTE = 5
"""How many of the last searches the command palette offers as "Search again: ..."."""


@count_background_screens(lambda app, stack: app.covered_screens.shows_through(stack))
class DeskBrowser(App[None]):
    """Browses one desk folder: state, sessions, exchanges, summaries and search.

    Every screen gets the services `make_app` built; the index builder, heap freezing and
    covered screens helpers run from mount to unmount.
    """

    CSS_PATH = 'app.tcss'
    TITLE = 'desk-browser'

    ALLOW_IN_MAXIMIZED_VIEW: ClassVar[str] = 'DeskFooter'
    """A pane maximized from the palette (ctrl+p, Maximize) keeps the footer (esc Restore)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # A priority binding: handled by the app itself, so keys typed right after it wait.
        Binding('slash', 'search', 'Search', key_display='/', id='search', priority=True),
        # Two bindings, so that the footer names F1 where a box takes the ? typed (the search),
        # and ? everywhere else (it shows one key an action: the first the screen lets through).
        Binding('question_mark', 'help', 'Help', key_display='?', id='help'),
        Binding('f1', 'help', 'Help', key_display='F1', id='help-f1'),
        Binding('exclamation_mark', 'problems', 'Problems', key_display='!', id='problems'),
        Binding('q', 'quit', 'Quit', id='quit'),
        Binding('ctrl+q', 'quit', 'Quit', show=False, priority=True, id='quit-anywhere'),
        # Runs the screen's own day view, where it has one (here, so the footer keeps its place).
        Binding('d', 'day_view', 'Day', id='day-view'),
        # The Orders view of the day the screen on top shows (its `orders_day`); the day view
        # shows the key in its footer, the help lists it everywhere.
        Binding('o', 'orders', 'Orders', show=False, id='orders'),
        # Fallbacks: screens with something to copy or export bind these keys themselves.
        Binding('y', 'copy(False)', 'Copy', show=False, id='copy'),
        Binding('Y', 'copy(True)', 'Copy JSON', show=False, id='copy-json'),
        Binding('x', 'export', 'Export', show=False, id='export'),
        # backspace and alt+arrows both reach an app inside tmux over SSH; shift+backspace does not.
        Binding('alt+left,backspace', 'history(-1)', 'Back', show=False, id='back'),
        Binding('alt+right,ctrl+f', 'history(1)', 'Forward', show=False, id='forward'),
        # Offered only while a pane is maximized (ctrl+p, Maximize), over the screen's own esc.
        Binding('escape', 'restore', 'Restore', key_display='esc', priority=True, id='restore'),
    ]

    def __init__(
        self,
        services: DeskServices,
        *,
        cursor_blink: bool = True,
        start: StartView | None = None,
        settings_path: Path | None = None,
        first_read: FirstRead | None = None,
        theme: str | None = None,
    ) -> None:
        """Prepares the app; the desk is read once it runs (or by the first read meanwhile).

        Args:
            services (DeskServices): The desk's services, handed down to every screen.
            cursor_blink (bool): Whether the search box's cursor blinks (off in tests).
            start (StartView | None): The view to open at; None opens the main screen.
            settings_path (Path | None): Where the theme is remembered; None remembers nothing.
            first_read (FirstRead | None): The desk's first read, already started, or None.
            theme (str | None): The Textual theme to start with; None: the remembered one.

        Raises:
            InvalidThemeError: `theme` is not one of Textual's themes.
        """
        # Before Textual's __init__, which parses the CSS with the theme it finds then: set after
        # it, the theme would have every source parsed twice and every node restyled before the
        # first paint.
        starting_theme = theme or _remembered_theme(settings_path)
        if starting_theme is not None and not start_with_theme(self, starting_theme):
            raise InvalidThemeError(f'no theme called {starting_theme!r}')
        super().__init__()
        if starting_theme is not None:
            self.set_class(True, f'-theme-{starting_theme}', update=False)  # As Textual's watcher.
        self.services = services
        self._first_read = first_read
        """The desk's services."""
        self.index_builder = IndexBuilder(self, services)
        """Builds the search index in the background after the first paint."""
        self.heap_freezing = HeapFreezing(self)
        """Keeps full garbage collections short, and out of the way of typing."""
        self.covered_screens = CoveredScreens()
        """Leaves screens under an opaque screen alone until they are shown."""
        self.start = start or StartView()
        """The view the app opened at."""
        self.settings_path = settings_path
        """Where the theme is remembered, or None."""
        self.export_folder = services.export_folder
        """Where exports are written; None for the current folder at the time."""
        self.history = History()
        """What was opened, for back and forward."""
        self.desk = services.desk
        """The desk folder."""
        self.today = services.today
        """Returns India's today."""
        self.cursor_blink = cursor_blink
        """Whether the search box's cursor blinks."""
        # Only the folder's name, never a path: titles end up in screenshots and snapshots.
        self.sub_title = visible(self.desk.name or str(self.desk))

    @property
    def index_status(self) -> IndexStatus | None:
        """What the index build last said of the index, or None before it said anything."""
        return self.index_builder.status

    @property
    def heap_frozen(self) -> bool:
        """Whether the start-up objects are frozen out of garbage collection."""
        return self.heap_freezing.frozen

    def get_default_screen(self) -> Screen[None]:
        """The main screen."""
        screen = MainScreen(self.services, self._first_read)
        self._first_read = None
        screen.requested_session = self.start.session_id
        return screen

    async def on_mount(self) -> None:
        """Starts the helpers, remembers theme changes, and opens the start view asked for."""
        self.heap_freezing.start()
        self.theme_changed_signal.subscribe(self, self._remember_theme)
        if self.start.day is not None:
            await self.open(DayPlace(self.start.day))
        elif self.start.search is not None:
            from desk_browser.ui.screens.search_screen import SearchScreen

            search = SearchScreen(self.services, cursor_blink=self.cursor_blink)
            await self.push_screen(search)
            search.search_for(self.start.search)

    def on_unmount(self) -> None:
        """Stops the helpers."""
        self.index_builder.stop()
        self.heap_freezing.stop()

    async def on_event(self, event: events.Event) -> None:
        """Notes when the person last typed, clicked or scrolled (for idle garbage collection)."""
        if isinstance(event, events.InputEvent) and not event.is_forwarded:
            self.heap_freezing.note_input()
        await super().on_event(event)

    @on(OverviewLoaded)
    def start_indexing_after_the_overview(self, message: OverviewLoaded) -> None:
        """Lets the index builder start when the desk has no session to show, else soon."""
        self.index_builder.overview_loaded(message.overview)

    @on(SessionLoaded)
    def start_background_work(self) -> None:
        """Starts the index build and plans the heap's freeze once a session is on its way."""
        self.index_builder.session_loaded()
        self.heap_freezing.plan_the_freeze()

    @on(IndexProgressed)
    def show_index_progress(self, message: IndexProgressed) -> None:
        """Shows the build's progress in the subtitle."""
        self.index_builder.show_progress(message.status)

    def _remember_theme(self, theme: Theme) -> None:
        """Saves the chosen theme in the settings file."""
        if self.settings_path is not None:
            save_settings(self.settings_path, Settings(theme=theme.name))

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
        for query in self.services.search_history.queries()[:_SEARCHES_IN_PALETTE]:
            yield SystemCommand(
                f'Search again: {visible(query)}',
                'Search the desk for these words again',
                functools.partial(self.search_again, query),
            )
        yield SystemCommand('Help', 'What each pane shows, and every key', self.action_help)
        yield SystemCommand(
            'Problems',
            'Every damaged line and unreadable file in the desk (!)',
            self.action_problems,
        )
        yield SystemCommand('Reload', 'Read the desk again (r)', self.main_screen.action_read_again)
        yield SystemCommand(
            'Day view',
            "The selected day's journal as a timeline (d)",
            partial(self._run_screen_action, screen, 'day_view'),
        )
        yield SystemCommand(
            'Orders',
            "The day's orders, each with its story from the trigger to the fill (o)",
            self.action_orders,
        )
        yield SystemCommand(
            'Go to day…', 'Open the day view of a date, yesterday or today', self.action_go_to_day
        )
        yield SystemCommand(
            'Export as Markdown',
            'Write the session, day, search results or problems shown to a file (x)',
            partial(self._run_screen_action, screen, 'export'),
        )
        yield SystemCommand(
            'Copy as Markdown',
            'Copy the chosen exchange, event, record or problem (y)',
            partial(self._run_screen_action, screen, 'copy(False)'),
        )
        yield SystemCommand(
            'Copy as JSON',
            'Copy its JSON line (Y)',
            partial(self._run_screen_action, screen, 'copy(True)'),
        )
        yield SystemCommand(
            'Back',
            'Back to what was opened before (backspace, alt+left)',
            lambda: self.action_history(-1),
        )
        yield SystemCommand(
            'Forward', 'Forward again (alt+right, ctrl+f)', lambda: self.action_history(1)
        )
        yield from super().get_system_commands(screen)

    def deliver_screenshot(
        self,
        filename: str | None = None,
        path: str | None = None,
        time_format: str | None = None,
    ) -> str | None:
        """Saves a screenshot into a folder that exists (copy_export), or sends it to the browser.

        Args:
            filename (str | None): The file's name; None names it after the time.
            path (str | None): A folder to save into; None chooses one (screenshot_folder).
            time_format (str | None): Textual's format of the time in its names (web only).

        Returns:
            str | None: The delivery's key in a web browser, else None.
        """
        if self.is_web or path is not None:
            return super().deliver_screenshot(filename, path, time_format)
        from desk_browser.ui.copy_export import deliver_screenshot_file  # Deferred (copy_keys).

        deliver_screenshot_file(self, self.services, filename)
        return None

    async def _run_screen_action(self, screen: Screen[object], action: str) -> None:
        """Runs a screen's action from the palette ("copy(False)"), else the app's fallback."""
        if not await self.run_action(action, screen):
            await self.run_action(action)

    async def action_search(self) -> None:
        """Opens the search, or lets the screen on top take the key (the search itself does).

        Raises:
            SkipAction: A text box has the focus (it takes the /).
        """
        if isinstance(self.focused, Input):
            raise SkipAction()
        screen = self.screen
        if isinstance(screen, DeskScreen) and screen.take_search_key():
            return
        from desk_browser.ui.screens.search_screen import SearchScreen

        await self.push_screen(SearchScreen(self.services, cursor_blink=self.cursor_blink))

    async def search_again(self, query: str) -> None:
        """Opens the search (or stays in it) with a query from the search history in the box."""
        from desk_browser.ui.screens.search_screen import SearchScreen

        if not isinstance(self.screen, SearchScreen):
            while len(self.screen_stack) > 1:
                self.pop_screen()
            await self.push_screen(SearchScreen(self.services, cursor_blink=self.cursor_blink))
        screen = self.screen
        if isinstance(screen, SearchScreen):
            screen.search_again(query)

    def action_current_session(self) -> None:
        """Goes back to the main screen and selects the current session."""
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.main_screen.action_current_session()

    def action_help(self) -> None:
        """Shows the help, unless it is already shown."""
        from desk_browser.ui.screens.help_screen import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def action_problems(self) -> None:
        """Shows every damaged line and unreadable file, unless they are already shown."""
        from desk_browser.ui.screens.problems_screen import ProblemsScreen

        if not isinstance(self.screen, ProblemsScreen):
            self.push_screen(ProblemsScreen(self.services))

    # Places: the day view, records, sessions, back and forward (presentation.navigation).

    async def open(self, place: Place | DayRequest) -> None:
        """Shows a place: in the screen on top when it can, else by popping and pushing screens.

        A day opens over the screen on top; anything else from the main screen, the rest popped.

        Args:
            place (Place | DayRequest): What to show.
        """
        top = self.screen
        if isinstance(top, DeskScreen) and top.show_place(place):
            return
        if isinstance(place, DayPlace):
            from desk_browser.ui.screens.day_screen import DayScreen

            overview = self.main_screen.overview
            self.push_screen(DayScreen(self.services, place.day, overview, place.line_number))
            return
        while len(self.screen_stack) > 1:
            await self.pop_screen()
        if isinstance(place, RecordPlace):
            from desk_browser.ui.screens.record_screen import RecordScreen

            self.push_screen(RecordScreen(self.services, place.hit, list(place.words)))
        else:
            self.main_screen.show_place(place)

    @on(ShowPlace)
    async def show_place(self, message: ShowPlace) -> None:
        """Shows the place a screen asked for."""
        await self.open(message.place)

    def action_go_to_day(self) -> None:
        """Asks for a day and opens its day view."""

        async def chosen(day: str | None) -> None:
            if day is not None:
                await self.open(DayPlace(day))

        from desk_browser.ui.screens.go_to_day_screen import GoToDayScreen

        self.push_screen(GoToDayScreen(self.today, cursor_blink=self.cursor_blink), chosen)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Offers only what works over the screen on top: Day, Problems, Restore."""
        if action == 'day_view':
            screen = self.screen
            return isinstance(screen, DeskScreen) and screen.OFFERS_DAY_VIEW
        if action == 'orders':
            screen = self.screen
            return isinstance(screen, DeskScreen) and screen.orders_day() is not None
        if action == 'problems':
            screen = self.screen
            return not (isinstance(screen, DeskScreen) and screen.SHOWS_PROBLEMS)
        if action == 'restore':
            return self.screen.maximized is not None
        return True

    async def action_orders(self) -> None:
        """Opens the Orders view of the day on top (o), reusing one just under the screen on top."""
        from desk_browser.ui.screens.orders_screen import OrdersScreen  # Deferred: opened later.

        top = self.screen
        day = top.orders_day() if isinstance(top, DeskScreen) else None
        if day is None:
            return
        below = self.screen_stack[-2] if len(self.screen_stack) > 1 else None
        if isinstance(below, OrdersScreen):
            await self.pop_screen()
            below.show_orders_of(day)
            return
        await self.push_screen(OrdersScreen(self.services, day))

    def action_restore(self) -> None:
        """Gives a maximized pane back its place on the screen (esc, while one is maximized)."""
        self.screen.minimize()

    async def action_day_view(self) -> None:
        """Opens the day view the screen on top offers (its own `action_day_view`)."""
        await self.run_action('day_view', self.screen)

    def action_copy(self, as_json: bool) -> None:
        """The copy keys where the screen has nothing to copy (screens with something bind them)."""
        self.notify(NOTHING_TO_COPY)

    def action_export(self) -> None:
        """The export key where the screen has nothing to export (others bind it themselves)."""
        self.notify(NOTHING_TO_EXPORT)

    @on(DeskFollowed)
    def tell_the_screen_on_top(self, message: DeskFollowed) -> None:
        """Tells the screen on top, above the main screen, that the desk changed."""
        top = self.screen
        changed = message.update.has_changes
        if changed and isinstance(top, DeskScreen) and top is not self.main_screen:
            top.desk_changed()

    @on(PlaceOpened)
    def remember_place(self, message: PlaceOpened) -> None:
        """Adds what a screen opened to the history."""
        self.history.visit(message.place)

    async def action_history(self, step: int) -> None:
        """Goes back (-1) or forward (+1) through what was opened."""
        place = self.history.back() if step < 0 else self.history.forward()
        if place is None:
            self.notify('Nothing further back.' if step < 0 else 'Nothing further forward.')
            return
        await self.open(place)


def _remembered_theme(settings_path: Path | None) -> str | None:
    """The theme remembered in the settings file (None: none) if it is one of Textual's."""
    if settings_path is None:
        return None
    remembered = load_settings(settings_path).theme
    return remembered if remembered is not None and remembered in BUILTIN_THEMES else None


def make_app(
    desk: Path,
    *,
    today: Callable[[], datetime.date] | None = None,
    cursor_blink: bool = True,
    animation_level: AnimationLevel | None = None,
    theme: str | None = None,
    start: StartView | None = None,
    settings_path: Path | None = None,
    export_folder: Path | None = None,
    clock: Callable[[], float] | None = None,
    cache_directory: Path | None = None,
    first_read: FirstRead | None = None,
) -> DeskBrowser:
    """Builds the desk's services and the app, for the command line, the tests and the screenshots.

    Args:
        desk (Path): The desk folder.
        today (Callable[[], datetime.date] | None): Returns India's today; None uses the clock.
        cursor_blink (bool): Whether the search box's cursor blinks.
        animation_level (AnimationLevel | None): Textual's animation level; None keeps Textual's.
        theme (str | None): A Textual theme name; None keeps the remembered one.
        start (StartView | None): The view to open at; None opens the main screen.
        settings_path (Path | None): Where the chosen theme is remembered; None remembers nothing.
        export_folder (Path | None): Where exports go; None writes to the current folder.
        clock (Callable[[], float] | None): Returns the epoch time; None uses time.time.
        cache_directory (Path | None): Where the search index is kept; None for the user's cache.
        first_read (FirstRead | None): The desk's first read, already started (with services
            of its own: then give no `today`, `clock`, `export_folder` or `cache_directory`).

    Returns:
        DeskBrowser: The app, not yet running.

    Raises:
        ValueError: A first read given with service arguments, or of another desk.
    """
    if first_read is not None:
        services = first_read.services
        given = (today, clock, export_folder, cache_directory)
        if services.desk != desk or any(argument is not None for argument in given):
            raise ValueError('a first read brings its own services: give the desk alone')
    else:
        services = DeskServices.for_desk(
            desk,
            cache_directory=cache_directory,
            clock=clock or time.time,
            today=today or india_today,
            export_folder=export_folder,
        )
    app = DeskBrowser(
        services,
        cursor_blink=cursor_blink,
        start=start,
        settings_path=settings_path,
        first_read=first_read,
        theme=theme,
    )
    if animation_level is not None:
        app.animation_level = animation_level
    return app
