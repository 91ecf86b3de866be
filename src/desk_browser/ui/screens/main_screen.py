"""The main screen: state and sessions on the left, the selected session's exchanges and summary.

The screen holds what is selected and routes its keys: the sidebar's panes and the reading
panel (`ReadingPanel`) show what it hands them, its reads (`MainScreenReads`) post what they find,
and its follower (`DeskFollower`) what the desk changed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, Vertical
from textual.reactive import reactive

from desk_browser.live.first_read import FirstRead, session_to_open
from desk_browser.live.live_desk import FollowUpdate, followed_overview
from desk_browser.live.services import DeskServices
from desk_browser.memory.desk_files import Problem
from desk_browser.presentation.desk_data import DeskOverview
from desk_browser.presentation.formatting import day_text
from desk_browser.presentation.listed_sessions import ListedSessions, listed_copy, place_of_session
from desk_browser.presentation.navigation import (
    EXCHANGES_TAB,
    SUMMARY_TAB,
    DayPlace,
    DayRequest,
    Place,
    SessionPlace,
    neighbour_day,
)
from desk_browser.presentation.problem_explanations import why_not_read
from desk_browser.presentation.safe_text import visible
from desk_browser.ui import copy_keys
from desk_browser.ui.following import DeskFollower
from desk_browser.ui.messages import (
    AskedTimesRead,
    DeskChecked,
    DeskFollowed,
    OverviewLoaded,
    PlaceOpened,
    SessionLoaded,
    SessionsCounted,
    ShowPlace,
    SummaryLoaded,
)
from desk_browser.ui.screens.desk_screen import DeskScreen
from desk_browser.ui.screens.main_screen_reads import MainScreenReads
from desk_browser.ui.widgets.desk_footer import DeskFooter
from desk_browser.ui.widgets.desk_header import DeskHeader
from desk_browser.ui.widgets.live_status import LiveStatus
from desk_browser.ui.widgets.reading_panel import ReadingPanel
from desk_browser.ui.widgets.search_launcher import SearchLauncher
from desk_browser.ui.widgets.session_list import CURRENT_MARK, SessionList
from desk_browser.ui.widgets.state_pane import StatePane

NARROW_BELOW = 70
"""Below this many columns the first screen's panes stack rather than squeeze side by side."""

_EXCHANGE_ACTIONS = frozenset(
    {'next_exchange', 'previous_exchange', 'jump_forward', 'jump_back', 'copy', 'export'}
)
"""The actions offered only while exchanges are shown: an empty desk's footer leaves them out."""


def _place_in(
    sessions: ListedSessions, session_id: str, place_of: Callable[[str], int | None]
) -> int | None:
    """A session's place in the overview's list, through the sessions list's `place_of`; or None."""
    place = place_of(session_id)
    if place is not None and place < len(sessions) and sessions.session_id_at(place) == session_id:
        return place
    # Never while the list shows the overview's sessions; found the long way should it not.
    return place_of_session(sessions, session_id)


class Columns(Container):
    """The two columns; below NARROW_BELOW columns, the panes stacked (no keys of its own)."""


class MainScreen(DeskScreen[None]):
    """Shows the state, the sessions, and the selected session's exchanges and day summary."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding('f', 'pause_following', 'Pause', id='pause-following'),
        Binding('f', 'resume_following', 'Follow', id='resume-following'),
        Binding('n', 'next_exchange', 'Next', key_display='n', id='next'),
        Binding('p', 'previous_exchange', 'Previous', key_display='p', id='previous'),
        Binding('N', 'jump_forward', '25 on', show=False, id='jump-forward'),
        Binding('P', 'jump_back', '25 back', show=False, id='jump-back'),
        Binding('e', 'show_tab("exchanges-tab")', 'Exchanges', show=False, id='exchanges'),
        Binding('s', 'show_tab("summary-tab")', 'Summary', show=False, id='summary'),
        Binding('z', 'toggle_summary_pane', 'Taller summary', show=False, id='summary-pane'),
        Binding('c', 'current_session', 'Current', id='current'),
        Binding('r', 'read_again', 'Reload', show=False, id='reload'),
        Binding('left_square_bracket', 'step_day(-1)', 'Day before', show=False, id='day-before'),
        Binding('right_square_bracket', 'step_day(1)', 'Day after', show=False, id='day-after'),
        *copy_keys.shown_copy_export_bindings(),
    ]

    OFFERS_DAY_VIEW = True
    FOOTER_FIRST = ('n', 'p', 'c', 'f')  # Read the exchanges, the current session, following.

    AUTO_FOCUS = ''
    """The screen focuses the sessions itself, without scrolling: Textual's focus would scroll a
    narrow screen's stacked panes, the state's headline out of the first frame."""

    HORIZONTAL_BREAKPOINTS = [
        (0, '-narrow'),
        (NARROW_BELOW, '-wide'),
    ]
    """Below NARROW_BELOW columns the panes stack (app.tcss, ``Screen.-narrow``)."""

    selected_session: reactive[str | None] = reactive(None, init=False)
    """The session whose exchanges are shown."""

    shown_day: reactive[str | None] = reactive(None, init=False)
    """The day whose summary is shown: the selected session's day, or a day picked in the search."""

    _pending_day: DayRequest | None = None
    """A day asked for before the overview was read: shown once it is."""

    _line_wanted: SessionPlace | None = None
    """A log line asked for (a damaged one): its exchanges are shown once its log is."""

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
        self._today = services.today
        self._read_again_asked = False
        self._exchange_keys_offered = True  # Until it is known that no exchange will be shown.
        self._is_desk = True  # Until it is known that the folder holds none (c Current then goes).
        self._first_overview: DeskOverview | None = None

    def compose(self) -> ComposeResult:
        """Builds the search line and the two columns (stacked below 70 columns)."""
        # The breakpoint's class before the widgets are styled: Textual adds it on the first
        # Resize, after the first layout, and styles the whole screen again for it.
        self.add_class('-narrow' if self.app.size.width < NARROW_BELOW else '-wide', update=False)
        # The first read's look, taken here (not as the screen mounts) so the summary pane is
        # made short already when the day opened has no summary: else it is styled again.
        self._first_overview = self.reads.first_look(self.requested_session)
        first_summary = self.reads.first_summary()
        yield DeskHeader()
        yield SearchLauncher(id='first-search')
        with Columns(id='columns'):
            with Vertical(id='sidebar'):
                yield StatePane(id='state')
                yield SessionList(id='sessions')
            yield ReadingPanel(first_summary, id='tabs')
        yield DeskFooter(first=self.FOOTER_FIRST)

    async def on_mount(self) -> None:
        """Shows what the first read found, before the first frame; else starts reading."""
        self.query_one(StatePane).border_title = 'State'
        sessions = self.query_one(SessionList)
        sessions.border_title = f'Sessions  ({CURRENT_MARK} current)'
        self._focus_the_first(scroll_visible=False)
        self.follower.start()
        overview, self._first_overview = self._first_overview, None
        if overview is None:  # Not read yet (or it failed): a worker waits for it (or reads).
            self.query_one(StatePane).show_loading()
            return
        self.app.post_message(OverviewLoaded(overview))  # As it would have heard it from here.
        await self.show_overview(OverviewLoaded(overview))
        opened = self.selected_session
        self._reading.show_first_summary_note(
            overview.day_of(opened) if opened is not None else None
        )
        self.reads.load_overview(shown=overview)

    # Results coming back.

    @on(OverviewLoaded)
    async def show_overview(self, message: OverviewLoaded) -> None:
        """Shows the state and sessions, opens the current (or newest) session, counts problems."""
        await self._show_overview(message.overview)
        if self.selected_session is None:  # Else its exchanges are on their way.
            self._offer_exchange_keys()
        self.follower.overview_loaded(message.overview)
        if self._read_again_asked:
            self._read_again_asked = False
            self.notify('Read the desk again.', markup=False)

    async def _show_overview(self, overview: DeskOverview) -> None:
        """Shows the state and sessions, and opens the current (or newest) session."""
        self.overview = overview
        self._note_desk(overview)
        self.query_one(StatePane).show_overview(overview, self._today())
        self._note_log_problems(overview.problems)
        sessions = self.query_one(SessionList)
        previous = self.selected_session
        sessions.show_sessions(overview.sessions)
        if self._pending_day is not None:
            self.show_day(self._pending_day)
            return
        # The session is selected here, not when the list's Highlighted message arrives: its
        # log is then read while the screen is laid out, not after (0.1 s sooner).
        requested, self.requested_session = self.requested_session, None
        if requested is not None and sessions.place_of(requested) is None:
            self.notify(visible(f'No session {requested} has a log.'), markup=False)
        opened = session_to_open(overview, [requested, previous, overview.current_session_id])
        if opened is not None:
            sessions.highlight_session(opened)
            self.selected_session = opened
            return
        self.selected_session = None
        exchanges = self._reading.view
        if not overview.looks_like_desk:
            await exchanges.show_message('Nothing to show: this folder holds no desk.')
            await self._show_summary_message('Nothing to show.')
        else:
            await exchanges.show_message('No session has a log yet.')
            state = overview.state.state
            if state is not None:
                self.shown_day = state.trading_date.isoformat()
            else:
                await self._show_summary_message('No session is selected.')

    @on(SessionsCounted)
    def show_session_counts(self, message: SessionsCounted) -> None:
        """Fills in the counts of sessions listed without them."""
        if self.overview is None:
            return
        # Each batch is a few of a five-year desk's 2,500 sessions, and the batches come every
        # quarter second while counting: the counted ones are found by their places in the list,
        # not by going through all of it at each batch.
        sessions = listed_copy(self.overview.sessions)  # Making no entry not made yet.
        session_list = self.query_one(SessionList)
        for counted in message.entries:
            place = _place_in(sessions, counted.session_id, session_list.place_of)
            if place is None or sessions[place].counted:
                continue
            listed = sessions[place]
            if counted.is_current != listed.is_current:
                counted = replace(counted, is_current=listed.is_current)
            sessions[place] = counted
            session_list.update_session(counted)
        self.overview = replace(self.overview, sessions=sessions)
        self._note_log_problems(message.problems)

    def _note_log_problems(self, problems: list[Problem]) -> None:
        """Notes each log that could not be read."""
        for problem in problems:
            self.notify(
                visible(f'{problem.path.name}: {why_not_read(problem.reason)}'),
                title='Could not read a log',
                severity='warning',
                markup=False,
            )

    @on(SessionLoaded)
    async def show_session(self, message: SessionLoaded) -> None:
        """Shows a session's exchanges, unless another session was selected meanwhile."""
        if message.log.session_id != self.selected_session:
            return
        await self._reading.view.show_log(message.log)
        self._offer_exchange_keys()
        await self._show_wanted_line()
        self.reads.load_asked_times(message.log)

    @on(AskedTimesRead)
    def show_asked_times(self, message: AskedTimesRead) -> None:
        """Shows when the session's exchanges were asked, unless another is shown meanwhile."""
        self._reading.view.show_asked_times(message.session_id, message.asked)

    @on(SummaryLoaded)
    async def show_summary(self, message: SummaryLoaded) -> None:
        """Shows a day's summary, unless another day was chosen meanwhile."""
        if message.summary.day != self.shown_day:
            return
        await self._reading.show_summary(message.summary)

    async def _show_summary_message(self, message: str) -> None:
        """Shows a sentence in place of a summary, in the pane and in the Summary tab."""
        await self._reading.show_summary_message(message)

    # Selection.

    @on(SessionList.Highlighted, '#sessions')
    def select_highlighted_session(self, event: SessionList.Highlighted) -> None:
        """Selects the session the list's highlight is on."""
        entry = self.query_one(SessionList).session_at(event.index)
        if entry is not None:
            self.selected_session = entry.session_id

    async def watch_selected_session(self, session_id: str | None) -> None:
        """Reads the newly selected session and its day's summary."""
        if session_id is None:
            return
        self.post_message(PlaceOpened(SessionPlace(session_id)))
        first_log = self.reads.first_log_of(session_id)
        if first_log is not None:
            self._reading.view.draw_first_answers_plainly()
            self.app.post_message(SessionLoaded(first_log))  # As it would have heard it from here.
            await self.show_session(SessionLoaded(first_log))
        else:
            self.reads.load_session(session_id)
        day = self.overview.day_of(session_id) if self.overview is not None else None
        if day is not None:
            self.shown_day = day
            return
        self.shown_day = None
        await self._show_summary_message(
            'This session has no day in its name, so it has no day summary.'
        )

    def watch_shown_day(self, day: str | None) -> None:
        """Reads the summary of the day now shown."""
        if day is not None:
            self.reads.load_summary(day)

    def action_read_again(self) -> None:
        """Reads the desk again when asked (r, the palette), and says so once it is read."""
        self._read_again_asked = True
        self.action_reload()

    # Following the desk (desk_browser.ui.following).

    def on_resize(self, event: events.Resize) -> None:
        """Skips Textual's layout of a Resize to the size the screen is laid out at already."""
        if event.size == self.outer_size:
            event.prevent_default()
            event.stop()

    def on_screen_resume(self) -> None:
        """Brings the age and the marker up to date at once when the screen is back on top."""
        if self.focused is None:  # As Textual's own auto focus would (see AUTO_FOCUS).
            self._focus_the_first(scroll_visible=True)
        self.follower.screen_resumed()

    def _focus_the_first(self, *, scroll_visible: bool) -> None:
        """Focuses the sessions (where ↑ ↓ are pressed first), not the state Textual would."""
        self.set_focus(self.query_one(SessionList), scroll_visible=scroll_visible)

    @on(DeskFollowed)
    async def show_changes(self, message: DeskFollowed) -> None:
        """Shows what the desk changed: exchanges, sessions, state; notes a vanished desk."""
        update = message.update
        if not self.follower.desk_followed(update) or self.overview is None:
            return  # Gone, read again, or the first read is under way (it includes this).
        if update.summary_changed and self.shown_day is not None:
            self.reads.load_summary(self.shown_day)
        shown = self.selected_session
        growth = update.logs.get(shown) if shown is not None else None
        if growth is not None:
            view = self._reading.view
            await self._reading.show_log_growth(growth)
            self._offer_exchange_keys()
            if view.shown_log is not None:
                self.reads.load_asked_times(view.shown_log)  # The new exchanges' triggers too.
        self._show_overview_changes(update)

    def _show_overview_changes(self, update: FollowUpdate) -> None:
        overview = self.overview
        assert overview is not None
        new_overview = followed_overview(overview, update)
        self.overview = new_overview
        self._note_desk(new_overview)
        if (
            update.state is not None
            or new_overview.current_log_count != overview.current_log_count
            or new_overview.sessions != overview.sessions
        ):
            self.query_one(StatePane).show_overview(new_overview, self._today())
        self.query_one(SessionList).show_changed_sessions(
            new_overview.sessions, self.selected_session
        )
        if self.selected_session is None and self._pending_day is None:
            # The desk's first session (none was listed): opened as a start would open it.
            opened = session_to_open(new_overview, [new_overview.current_session_id])
            if opened is not None:
                self.query_one(SessionList).highlight_session(opened)
                self.selected_session = opened

    @on(DeskChecked)
    def show_problem_count(self, message: DeskChecked) -> None:
        """Shows how many problems the check found."""
        self.follower.show_problem_count(message.report)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Shows Pause or Follow on f; n, p, N, P, y, x only with exchanges; c only in a desk."""
        if action == 'current_session':
            return self._is_desk
        if action == 'pause_following':
            return self.follower.following
        if action == 'resume_following':
            return not self.follower.following
        if action in _EXCHANGE_ACTIONS:
            return self._exchange_keys_offered
        return super().check_action(action, parameters)

    def _note_desk(self, overview: DeskOverview) -> None:
        """Offers c Current (refreshing the footer) only once the folder is a desk."""
        if overview.looks_like_desk != self._is_desk:
            self._is_desk = overview.looks_like_desk
            self.query_one(LiveStatus).is_desk = self._is_desk
            self.refresh_bindings()

    def _offer_exchange_keys(self) -> None:
        """Offers the exchanges' keys (refreshing the footer) only while exchanges are shown."""
        shown = self._reading.view.exchange_count > 0
        if shown != self._exchange_keys_offered:
            self._exchange_keys_offered = shown
            self.refresh_bindings()

    def action_pause_following(self) -> None:
        """Stops looking at the desk until f is pressed again."""
        self.follower.set_following(False)

    def action_resume_following(self) -> None:
        """Looks at the desk again, at once."""
        self.follower.set_following(True)

    async def action_jump_to_new(self) -> None:
        """Shows the newest exchanges (where the "N new" marker points)."""
        await self._reading.jump_to_new()

    # Moves: between exchanges and tabs, to a day or a session; y and x.

    @property
    def _reading(self) -> ReadingPanel:
        """The right-hand column: the exchanges and the summary."""
        return self.query_one(ReadingPanel)

    def action_reload(self) -> None:
        """Reads the desk again, keeping the session and the place in it (also the follower's)."""
        self.reads.load_overview()
        if self.selected_session is not None:
            self.reads.load_session(self.selected_session)
        if self.shown_day is not None:
            self.reads.load_summary(self.shown_day)

    async def _show_wanted_line(self) -> None:
        """Shows the exchanges around the log line asked for (a damaged one), once it is shown."""
        wanted = self._line_wanted
        if wanted is not None and await self._reading.show_line(wanted, self.desk):
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
        day_sessions = [
            entry.session_id
            for entry in self.overview.sessions
            if entry.day is not None and entry.day.isoformat() == request.day
        ]
        reading = self._reading
        self.shown_day = request.day
        if day_sessions:
            # The list is newest first, so the day's first session is the last of them.
            self.query_one(SessionList).highlight_session(day_sessions[-1])
            reading.active = request.tab
        else:
            reading.active = SUMMARY_TAB
            self.notify(
                f'No session has a log for {day_text(visible(request.day))}; showing its summary.',
                markup=False,
            )
        reading.focus_the_tab()

    async def action_next_exchange(self) -> None:
        """Moves to the next exchange."""
        await self._reading.exchanges().next_exchange()

    async def action_previous_exchange(self) -> None:
        """Moves to the previous exchange."""
        await self._reading.exchanges().previous_exchange()

    async def action_jump_forward(self) -> None:
        """Moves 25 exchanges on in a long session."""
        await self._reading.exchanges().jump_forward()

    async def action_jump_back(self) -> None:
        """Moves 25 exchanges back in a long session."""
        await self._reading.exchanges().jump_back()

    def action_show_tab(self, tab: str) -> None:
        """Shows the exchanges or the summary tab.

        Args:
            tab (str): The tab's id.
        """
        self._reading.active = tab

    def action_toggle_summary_pane(self) -> None:
        """Makes the summary pane under the exchanges taller, or short again."""
        self._reading.toggle_summary_pane()

    def action_current_session(self) -> None:
        """Selects the current session named by state.json."""
        current = self.overview.current_session_id if self.overview is not None else None
        if current is None:
            self.notify('There is no current session: state.json is missing or unreadable.')
            return
        if not self.query_one(SessionList).highlight_session(current):
            self.notify(visible(f'The current session {current} has no log yet.'), markup=False)
            return
        self._reading.active = EXCHANGES_TAB

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
        self._reading.copy(as_json)

    def action_export(self) -> None:
        """Writes the session shown to a Markdown file."""
        self._reading.export(self.services)
