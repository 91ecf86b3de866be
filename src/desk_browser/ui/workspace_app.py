"""The browser on a workspace: the Desks screen first, and any desk opened from it.

A desk (or a hit of the search across desks) opens in a mode of its own with the desk's
services, so every screen works as with the desk alone; back from it returns to the Desks
screen (or the hits).
"""

from __future__ import annotations

import datetime
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import ClassVar

from textual import on
from textual.app import SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.types import AnimationLevel

from desk_browser.live.workspace_services import WorkspaceServices
from desk_browser.memory.workspace import find_desks
from desk_browser.presentation.formatting import india_today
from desk_browser.presentation.navigation import History
from desk_browser.presentation.safe_text import visible
from desk_browser.ui.app import DeskBrowser
from desk_browser.ui.screens.desk_screen import DeskScreen
from desk_browser.ui.screens.desks_screen import DesksScreen
from desk_browser.ui.screens.main_screen import MainScreen
from desk_browser.ui.screens.record_screen import RecordScreen
from desk_browser.ui.screens.workspace_search_screen import WorkspaceSearchScreen
from desk_browser.ui.search_indexing import IndexBuilder
from desk_browser.ui.textual_compat import styled_with_the_apps_css
from desk_browser.ui.widgets.desk_list import DeskList

_DESK_ACTIONS = frozenset(
    {'problems', 'day_view', 'copy', 'export', 'history', 'current_session', 'go_to_day'}
)
"""The app's actions that belong to a desk, offered only once one is open."""


class WorkspaceBrowser(DeskBrowser):
    """Browses a workspace: the Desks screen, then any desk chosen from it."""

    DEFAULT_MODE = 'desks'
    """The Desks screen's mode (a named mode, so the app can switch back to it)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # The way out of a desk's main screen, in its footer (the desk's other screens keep
        # their own esc: back to the main screen).
        Binding('escape', 'back_to_desks', 'Desks', key_display='esc', id='desk-to-desks'),
    ]

    def __init__(
        self, workspace: WorkspaceServices, *, search: str | None = None, **options: object
    ) -> None:
        """Prepares the app; nothing is read until it runs.

        Args:
            workspace (WorkspaceServices): The workspace's services.
            search (str | None): Words to search across desks with once they are read, or None.
            **options (object): DeskBrowser's options (cursor_blink, settings_path, theme).
        """
        first = find_desks(workspace.path).desks
        placeholder = first[0].path if first else workspace.path
        super().__init__(workspace.services_for(placeholder), **options)  # type: ignore[arg-type]
        self.workspace = workspace
        """The workspace's services."""
        self.desk_open: str | None = None
        """The mode of the desk open, or None on the Desks screen."""
        self._opened = 0
        self._last_main: MainScreen | None = None
        self._hits_record: DeskScreen[None] | None = None
        """The record (or order's story) opened from the search across desks, while it is open."""
        self._search_asked = search
        """The words to search every desk for once the desks are read, until then."""
        self.sub_title = visible(workspace.path.name or str(workspace.path))
        self.add_mode(self.DEFAULT_MODE, self.get_default_screen)

    def get_default_screen(self) -> Screen[None]:
        """The Desks screen."""
        return DesksScreen(self.workspace)

    async def on_mount(self) -> None:
        """Starts the helpers and remembers theme changes (no start view: desks come first)."""
        self.workspace.use_connections(())  # No desk's search is in use on the Desks screen.
        self.heap_freezing.start()
        self.theme_changed_signal.subscribe(self, self._remember_theme)
        # Textual's refresh as the Desks screen was made styled it, but left it counted as not
        # (so coming back to it from a desk would re-parse all the CSS).
        styled_with_the_apps_css(self, self.screen)

    def on_unmount(self) -> None:
        """Stops the helpers and closes every desk's index."""
        super().on_unmount()
        self.workspace.close()

    @property
    def main_screen(self) -> MainScreen:
        """The open desk's main screen (the last one opened, once back on the Desks screen)."""
        screen = self.screen_stack[0]
        if isinstance(screen, MainScreen):
            return screen
        if self._last_main is None:
            raise LookupError('no desk has been opened')
        return self._last_main

    @on(DesksScreen.DeskChosen)
    async def open_desk(self, message: DesksScreen.DeskChosen) -> None:
        """Opens the chosen desk's main screen, with that desk's services."""
        await self.open_desk_at(message.health.path, message.health.name)

    @on(DesksScreen.OrdersChosen)
    async def open_desk_orders(self, message: DesksScreen.OrdersChosen) -> None:
        """Opens the chosen desk at its Orders view of the day asked (esc there: the Desks)."""
        await self.open_desk_at(message.health.path, message.health.name)
        from desk_browser.ui.screens.orders_screen import OrdersScreen  # Deferred.

        await self.push_screen(OrdersScreen(self.services, message.day), self._orders_dismissed)

    async def _orders_dismissed(self, _result: None) -> None:
        """The Orders view opened from the Desks screen was left with esc: back to the desks."""
        if self.desk_open is not None and isinstance(self.screen, MainScreen):
            await self.back_to_desks()

    async def open_desk_at(self, desk: Path, name: str) -> None:
        """Opens a desk's main screen (folder, name in the workspace) in a mode of its own."""
        services = self.workspace.services_for(desk)
        self.workspace.use_connections([desk])  # The other desks' searches close theirs.
        self.index_builder.stop()
        self.services = services
        self.desk = services.desk
        self.export_folder = services.export_folder
        self.index_builder = IndexBuilder(self, services)
        self.history = History()
        self.sub_title = visible(f'{self.workspace.path.name} / {name}')
        self.workspace.desk_open.set()
        self._opened += 1
        mode = f'desk-{self._opened}'
        main = MainScreen(services)
        self._last_main = main
        # Made styled with the app's CSS as it is: Textual would re-parse it all twice.
        self.add_mode(mode, lambda: styled_with_the_apps_css(self, main))
        self.desk_open = mode
        await self.switch_mode(mode)

    async def back_to_desks(self, *, to_the_hits: bool = False) -> None:
        """Returns to the Desks screen and removes the desk's screens.

        Args:
            to_the_hits (bool): Back to the search across desks it was opened from, else closed.
        """
        mode = self.desk_open
        if mode is None:
            return
        self.desk_open = None
        self._hits_record = None
        self.index_builder.stop()
        self.sub_title = visible(self.workspace.path.name or str(self.workspace.path))
        await self.switch_mode(self.DEFAULT_MODE)
        if not to_the_hits:
            # Within switch_mode's delayed update: the search is never drawn on the way.
            while len(self.screen_stack) > 1:
                await self.pop_screen()
        await self.remove_mode(mode)
        self.workspace.desk_open.clear()
        searching = isinstance(self.screen, WorkspaceSearchScreen)
        self.workspace.use_connections(None if searching else ())

    async def action_history(self, step: int) -> None:
        """Goes back (-1) or forward (+1) in the desk; back past its start: the Desks screen."""
        if self.desk_open is None:
            return
        if step < 0 and self.history.position <= 0:
            await self.back_to_desks()
            return
        await super().action_history(step)

    async def action_back_to_desks(self) -> None:
        """Leaves the desk's main screen for the Desks screen (esc)."""
        await self.back_to_desks()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Offers a desk's actions only once a desk is open; esc Desks on its main screen."""
        if action == 'back_to_desks':
            return self.desk_open is not None and isinstance(self.screen, MainScreen)
        if self.desk_open is None and action in _DESK_ACTIONS:
            return False
        return super().check_action(action, parameters)

    async def action_search(self) -> None:
        """Searches the open desk; on the Desks screen, every desk at once."""
        if self.desk_open is not None or isinstance(self.screen, WorkspaceSearchScreen):
            # In the search across desks, as in a desk's: / is typed in its box, and from its
            # hits goes back into the box (its take_search_key).
            await super().action_search()
            return
        desks_screen = self.screen_stack[0]
        if not isinstance(desks_screen, DesksScreen):
            return
        desks = {
            health.name: health.path
            for health in desks_screen.query_one(DeskList).desks
            if health.entry_problem is None
        }
        self.workspace.use_connections(None)  # Every desk is searched at each keystroke.
        await self.push_screen(
            WorkspaceSearchScreen(self.workspace, desks, cursor_blink=self.cursor_blink),
            self._searched_every_desk,
        )

    @on(DesksScreen.DesksRead)
    async def search_as_asked(self) -> None:
        """Opens the search across desks with the words asked for, once the desks are read."""
        words, self._search_asked = self._search_asked, None
        if words is None or self.desk_open is not None:
            return
        if not isinstance(self.screen, WorkspaceSearchScreen):
            await self.action_search()
        search = self.screen
        if isinstance(search, WorkspaceSearchScreen):
            search.search_for(words)

    def _searched_every_desk(self, _result: None) -> None:
        """The search across desks closed: its desks' connections close, unless one is open."""
        if self.desk_open is None:
            self.workspace.use_connections(())

    @on(WorkspaceSearchScreen.HitChosen)
    async def open_hit(self, message: WorkspaceSearchScreen.HitChosen) -> None:
        """Opens a hit of the search across desks: its desk, then its record (or order) over it."""
        await self.open_desk_at(message.desk, message.name)
        from desk_browser.presentation.order_story import order_id_of_record  # Deferred.

        hit = message.found.hit
        record: DeskScreen[None]
        order_id = order_id_of_record(hit.record.kind, hit.record.text)
        if order_id is not None:  # An order's event: its story, as from a desk's own search.
            from desk_browser.ui.screens.order_story_screen import OrderStoryScreen  # Deferred.

            record = OrderStoryScreen(
                self.services, None, day=hit.record.day, order_id=order_id, hits_elsewhere=True
            )
        else:
            record = RecordScreen(
                self.services, hit, list(message.words), message.details, hits_elsewhere=True
            )
        self._hits_record = record
        await self.push_screen(record)

    @on(RecordScreen.BackToHits)
    async def back_to_the_hits(self, message: RecordScreen.BackToHits) -> None:
        """Goes back from a record (or a story) to the search across desks it was opened from."""
        if self._hits_record is None or self.screen is not self._hits_record:
            return
        await self.back_to_desks(to_the_hits=True)
        search = self.screen
        if message.into_box and isinstance(search, WorkspaceSearchScreen):
            search.take_search_key()

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        """The palette: a desk's commands once one is open; on the Desks screen, Textual's."""
        if self.desk_open is not None:
            yield SystemCommand('Desks', 'Back to every desk of the workspace', self.back_to_desks)
            yield from super().get_system_commands(screen)
            return
        yield from super(DeskBrowser, self).get_system_commands(screen)


def make_workspace_app(
    path: Path,
    *,
    today: Callable[[], datetime.date] | None = None,
    cursor_blink: bool = True,
    animation_level: AnimationLevel | None = None,
    theme: str | None = None,
    settings_path: Path | None = None,
    export_folder: Path | None = None,
    clock: Callable[[], float] | None = None,
    cache_directory: Path | None = None,
    search: str | None = None,
) -> WorkspaceBrowser:
    """Builds the workspace's services and the app, for the command line and the tests.

    Args:
        path (Path): The workspace (a folder of desks).
        today (Callable[[], datetime.date] | None): Returns India's today; None uses the clock.
        cursor_blink (bool): Whether the search box's cursor blinks.
        animation_level (AnimationLevel | None): Textual's animation level; None keeps Textual's.
        theme (str | None): A Textual theme name; None keeps the remembered one.
        settings_path (Path | None): Where the chosen theme is remembered; None remembers nothing.
        export_folder (Path | None): Where exports go; None writes to the current folder.
        clock (Callable[[], float] | None): Returns the epoch time; None uses time.time.
        cache_directory (Path | None): Where each desk's index is kept; None for the user's cache.
        search (str | None): Words to open the search across desks with; None: the Desks screen.

    Returns:
        WorkspaceBrowser: The app, not yet running.
    """
    services = WorkspaceServices(
        path,
        cache_directory=cache_directory,
        clock=clock or time.time,
        today=today or india_today,
        export_folder=export_folder,
    )
    app = WorkspaceBrowser(
        services,
        search=search,
        cursor_blink=cursor_blink,
        settings_path=settings_path,
        theme=theme,
    )
    if animation_level is not None:
        app.animation_level = animation_level
    return app
