"""The main screen's moves: between exchanges and tabs, to a day or a session, and copy/export.

`MainScreen` is a `MovingScreen`: this base holds what its keys and the places asked for do (n,
p, N, P between the exchanges, e and s between the tabs, z the summary pane, c the current
session, [ and ] between days, the day view, back and forward, a search record's day or damaged
line, y and x on the exchange shown), so the screen's own module keeps to what it shows of the
desk and how it follows it. Its reads are `MainScreenReads`'.
"""

from __future__ import annotations

from textual.reactive import reactive

from desk_browser.live.first_read import FirstRead
from desk_browser.live.services import DeskServices
from desk_browser.presentation.desk_data import DeskOverview
from desk_browser.presentation.formatting import day_text
from desk_browser.presentation.navigation import (
    EXCHANGES_TAB,
    SUMMARY_TAB,
    DayPlace,
    DayRequest,
    Place,
    SessionPlace,
    neighbour_day,
)
from desk_browser.presentation.safe_text import visible
from desk_browser.ui.following import DeskFollower
from desk_browser.ui.line_places import show_exchanges_around
from desk_browser.ui.messages import ShowPlace
from desk_browser.ui.screens.desk_screen import DeskScreen
from desk_browser.ui.screens.main_screen_reads import MainScreenReads
from desk_browser.ui.widgets.exchange_view import ExchangeView
from desk_browser.ui.widgets.session_list import SessionList
from desk_browser.ui.widgets.summary_pane import SummaryPane
from desk_browser.ui.widgets.summary_view import SummaryView
from desk_browser.ui.widgets.tabbed_panes import TabbedPanes


class MovingScreen(DeskScreen[None]):
    """Moves the main screen between exchanges, tabs, days and sessions (see the module's doc)."""

    selected_session: reactive[str | None] = reactive(None, init=False)
    """The session whose exchanges are shown."""

    shown_day: reactive[str | None] = reactive(None, init=False)
    """The day whose summary is shown: the selected session's day, or a day picked in the search."""

    def __init__(self, services: DeskServices, first_read: FirstRead | None = None) -> None:
        """Prepares the screen; nothing is read until it is mounted, but by the first read.

        Args:
            services (DeskServices): The desk's services.
            first_read (FirstRead | None): The desk's first read, started before Textual loaded;
                None starts one when the screen is mounted.
        """
        super().__init__()
        self.services = services
        """The desk's services: the desk, its search, the file memo, the foreground, the clocks."""
        self.desk = services.desk
        """The desk folder."""
        self.overview: DeskOverview | None = None
        """What was last read of the state and the sessions."""
        self.requested_session: str | None = None
        """A session to select once the sessions are read (desk-browser --session)."""
        self.follower = DeskFollower(
            self,
            services,
            current_session=lambda: (
                self.overview.current_session_id if self.overview is not None else None
            ),
            reload=self.action_reload,
        )
        """Follows the desk while the screen is shown, and counts its problems."""
        self.reads = MainScreenReads(self, services, self.follower, first_read)
        """Reads the desk in workers; what they find comes back as messages."""

    def action_reload(self) -> None:
        """Reads the desk again, keeping the session and the place in it (also the follower's)."""
        self.reads.load_overview()
        if self.selected_session is not None:
            self.reads.load_session(self.selected_session)
        if self.shown_day is not None:
            self.reads.load_summary(self.shown_day)

    _pending_day: DayRequest | None = None
    """A day asked for before the overview was read: shown once it is."""

    _line_wanted: SessionPlace | None = None
    """A log line asked for (a damaged one): its exchanges are shown once its log is."""

    def _exchanges(self) -> ExchangeView:
        """Shows the Exchanges tab.

        Returns:
            ExchangeView: Its view, where the exchange keys move.
        """
        self.query_one(TabbedPanes).active = EXCHANGES_TAB
        return self.query_one(ExchangeView)

    async def _show_wanted_line(self) -> None:
        """Shows the exchanges around the log line asked for (a damaged one), once it is shown."""
        wanted = self._line_wanted
        if wanted is not None and await show_exchanges_around(self._exchanges(), wanted, self.desk):
            self._line_wanted = None

    def show_day(self, request: DayRequest) -> None:
        """Shows a day: its first session's exchanges, or its summary.

        Args:
            request (DayRequest): The day and the tab to show.
        """
        if self.overview is None:
            self._pending_day = request
            return
        self._pending_day = None
        sessions = self.query_one(SessionList)
        day_sessions = [
            entry.session_id
            for entry in self.overview.sessions
            if entry.day is not None and entry.day.isoformat() == request.day
        ]
        tabs = self.query_one(TabbedPanes)
        if day_sessions:
            # The list is newest first, so the day's first session is the last of them.
            sessions.highlight_session(day_sessions[-1])
            self.shown_day = request.day
            tabs.active = request.tab
        else:
            self.shown_day = request.day
            tabs.active = SUMMARY_TAB
            self.notify(
                f'No session has a log for {day_text(visible(request.day))}; showing its summary.',
                markup=False,
            )
        if tabs.active == EXCHANGES_TAB:
            self.query_one(ExchangeView).focus()
        else:
            self.query_one(SummaryView).focus()

    # Actions.

    async def action_next_exchange(self) -> None:
        """Moves to the next exchange."""
        await self._exchanges().next_exchange()

    async def action_previous_exchange(self) -> None:
        """Moves to the previous exchange."""
        await self._exchanges().previous_exchange()

    async def action_jump_forward(self) -> None:
        """Moves 25 exchanges on in a long session."""
        await self._exchanges().jump_forward()

    async def action_jump_back(self) -> None:
        """Moves 25 exchanges back in a long session."""
        await self._exchanges().jump_back()

    def action_show_tab(self, tab: str) -> None:
        """Shows the exchanges or the summary tab.

        Args:
            tab (str): The tab's id.
        """
        self.query_one(TabbedPanes).active = tab

    def action_toggle_summary_pane(self) -> None:
        """Makes the summary pane under the exchanges taller, or short again."""
        pane = self.query_one(SummaryPane)
        pane.tall = not pane.tall

    def action_current_session(self) -> None:
        """Selects the current session named by state.json."""
        current = self.overview.current_session_id if self.overview is not None else None
        if current is None:
            self.notify('There is no current session: state.json is missing or unreadable.')
            return
        if not self.query_one(SessionList).highlight_session(current):
            self.notify(visible(f'The current session {current} has no log yet.'), markup=False)
            return
        self.query_one(TabbedPanes).active = EXCHANGES_TAB

    def action_day_view(self) -> None:
        """Opens the day view of the selected session's day (today's when none is)."""
        self.post_message(ShowPlace(DayPlace(self.shown_day or self.services.today().isoformat())))

    def orders_day(self) -> str | None:
        """The day whose Orders view `o` opens: the selected session's (today's when none is)."""
        return self.shown_day or self.services.today().isoformat()

    def action_step_day(self, step: int) -> None:
        """Selects the previous or next day that has sessions.

        Args:
            step (int): -1 for the day before, +1 for the day after.
        """
        if self.overview is None:
            return
        days = [entry.day.isoformat() for entry in self.overview.sessions if entry.day is not None]
        neighbour = neighbour_day(days, self.shown_day or self.services.today().isoformat(), step)
        if neighbour is None:
            self.notify(
                'No earlier day with sessions.' if step < 0 else 'No later day with sessions.'
            )
            return
        self.show_day(DayRequest(neighbour))

    def show_place(self, place: Place | DayRequest) -> bool:
        """Selects a session again (back and forward), or shows a day a search record asked for.

        Args:
            place (Place | DayRequest): The place.

        Returns:
            bool: Whether it was a session or a day request (the main screen shows no other place).
        """
        if isinstance(place, SessionPlace):
            if not self.query_one(SessionList).highlight_session(place.session_id):
                self.notify(f'{day_text(visible(place.session_id))} is no longer listed.')
            elif place.line_number is not None:
                self._line_wanted = place
                self.call_after_refresh(self._show_wanted_line)
            return True
        if isinstance(place, DayRequest):
            self.show_day(place)
            return True
        return False

    def action_copy(self, as_json: bool) -> None:
        """Copies the chosen exchange to the clipboard, as Markdown or as its JSON line.

        Args:
            as_json (bool): True for its JSON line, False for Markdown.
        """
        from desk_browser.ui import copy_export  # Deferred: the first screen does without it.

        view = self.query_one(ExchangeView)
        index = view.chosen_index()
        asked = view.asked_time(index) if index is not None else None
        found = copy_export.exchange_copy(view.shown_log, index, as_json, asked)
        copy_export.deliver_copy(self, found)

    def action_export(self) -> None:
        """Writes the session shown to a Markdown file."""
        from desk_browser.ui import copy_export  # Deferred: the first screen does without it.

        view = self.query_one(ExchangeView)
        asked = [view.asked_time(index) for index in range(view.exchange_count)]
        found = copy_export.session_export(view.shown_log, asked)
        copy_export.deliver_export(self, found, self.services)
