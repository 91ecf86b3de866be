"""The main screen's reads of the desk, in thread workers: the overview, a session, a summary.

`MainScreen` is a `ReadingScreen`. Each kind of read has its own worker group, and what it
finds comes back as a message (OverviewLoaded, SessionsCounted, SessionLoaded, SummaryLoaded).
`first_look` waits a moment for the command line's first read as the screen mounts, so the
desk is shown before the first frame; a slower one's overview comes in a worker.
"""

from __future__ import annotations

import threading
from functools import partial

from textual.reactive import reactive
from textual.worker import get_current_worker

from desk_browser.live.first_read import FirstLook, FirstRead
from desk_browser.live.services import DeskServices
from desk_browser.live.session_counting import counted_batches
from desk_browser.presentation.asked_times import asked_times
from desk_browser.presentation.desk_data import (
    FIRST_COUNTED,
    DaySummary,
    DeskOverview,
    SessionLog,
    read_day_summary,
    read_overview,
)
from desk_browser.ui.following import DeskFollower
from desk_browser.ui.messages import (
    AskedTimesRead,
    OverviewLoaded,
    SessionLoaded,
    SessionsCounted,
    SummaryLoaded,
)
from desk_browser.ui.screens.desk_screen import DeskScreen, desk_read

FIRST_READ_WAIT = 0.3
"""The most seconds the screen, as it mounts, waits for the first read to end (to show what it
read in its first frame); after that it shows "Reading the desk…" and a worker waits for it."""


FIRST_PAINT_WAIT = 1.0
"""The most seconds the read of when the exchanges were asked waits for the first paint."""


class ReadingScreen(DeskScreen[None]):
    """Reads the desk for the main screen, and follows it (`DeskFollower`) while it is shown."""

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
        self._first_read = first_read
        self._first_log: SessionLog | None = None
        self._first_summary: DaySummary | None = None
        self.follower = DeskFollower(
            self,
            services,
            current_session=lambda: (
                self.overview.current_session_id if self.overview is not None else None
            ),
            reload=self.action_reload,
        )
        """Follows the desk while the screen is shown, and counts its problems."""

    def first_look(self) -> DeskOverview | None:
        """Waits a moment for the first read (started now when there was none), as it mounts.

        Returns:
            DeskOverview | None: What the first read found, to show before the first frame; None
                when it was not done in time or failed (a worker waits for it, or reads itself).
        """
        first_read = self._first_read
        self._first_read = None
        if first_read is None:
            first_read = FirstRead(self.services, requested_session=self.requested_session)
            first_read.start()
        look = first_read.look(FIRST_READ_WAIT)
        if look is None:
            self.load_overview(first_read)
            return None
        return self._take_first_look(first_read, look)

    def _take_first_look(self, first_read: FirstRead, look: FirstLook) -> DeskOverview:
        """Follows the desk with the first read's watcher; keeps its log until it is shown."""
        self.follower.take_over(look.live_desk)
        self._first_log = look.session_log
        self._first_summary = look.summary
        if look.session_log is not None and not look.session_log.complete:
            session_id = look.session_log.session_id
            first_read.when_read_whole(partial(self._show_the_rest_of_the_first_log, session_id))
        return look.overview

    def _show_the_rest_of_the_first_log(self, session_id: str, log: SessionLog | None) -> None:
        """Shows the whole first log once read (any thread); reads it here when that failed."""
        if log is not None:
            self.post_message(SessionLoaded(log))
        elif threading.current_thread() is threading.main_thread():
            self.load_session(session_id)
        else:
            self.app.call_from_thread(self.load_session, session_id)

    def first_log_of(self, session_id: str) -> SessionLog | None:
        """The first read's log (already followed), once, if of the session selected first."""
        log, self._first_log = self._first_log, None
        return log if log is not None and log.session_id == session_id else None

    def first_summary(self) -> DaySummary | None:
        """The first read's summary of the day it opened, once (only to size the pane), or None."""
        summary, self._first_summary = self._first_summary, None
        return summary

    @desk_read('overview', 'reading the state and sessions')
    def load_overview(
        self, first_read: FirstRead | None = None, shown: DeskOverview | None = None
    ) -> None:
        """Reads state.json and the newest sessions' logs, then counts the others' exchanges.

        Args:
            first_read (FirstRead | None): The first read, still under way: waited for instead of
                reading (unless it failed).
            shown (DeskOverview | None): The first read's overview, shown already: only counted.
        """
        worker = get_current_worker()
        overview = shown
        if overview is None:
            look = first_read.look() if first_read is not None else None
            if first_read is not None and look is not None:
                overview = self._take_first_look(first_read, look)
            else:
                # Before the first read, so no change between the two is missed.
                self.follower.look_at_the_desk()
                memo = self.services.file_memo
                overview = read_overview(self.desk, counted=FIRST_COUNTED, memo=memo)
            if worker.is_cancelled:
                return
            self.post_message(OverviewLoaded(overview))
        # A big desk's older sessions are counted after the first paint (session_counting).
        batches = counted_batches(
            self.desk,
            overview,
            lambda: worker.is_cancelled,
            self.services.first_paint,
            self.services.file_memo,
            before_each_log=self.services.foreground.step_aside,
        )
        for entries, problems in batches:
            if worker.is_cancelled:
                return
            self.post_message(SessionsCounted(entries, problems))

    @desk_read('session', "reading a session's log")
    def load_session(self, session_id: str) -> None:
        """Reads one session's log, and follows it from then on."""
        worker = get_current_worker()

        def deliver(log: SessionLog) -> None:
            if not worker.is_cancelled:
                self.post_message(SessionLoaded(log))

        with self.services.foreground.busy():  # Background reading waits for it.
            self.follower.read_session(session_id, deliver)

    @desk_read('asked', "reading when a session's exchanges were asked")
    def load_asked_times(self, log: SessionLog) -> None:
        """Reads when each exchange of a session was asked, from its journals (after paint)."""
        worker = get_current_worker()
        self.services.first_paint.wait(FIRST_PAINT_WAIT)
        if worker.is_cancelled:
            return
        asked = asked_times(self.desk, log.session_id, list(log.exchanges))
        if not worker.is_cancelled:
            self.post_message(AskedTimesRead(log.session_id, asked))

    @desk_read('summary', "reading a day's summary")
    def load_summary(self, day: str) -> None:
        """Reads one ISO day's summary."""
        self.follower.follow_summary(day)  # Before reading, so no change in between is missed.
        summary = read_day_summary(self.desk, day)
        if not get_current_worker().is_cancelled:
            self.post_message(SummaryLoaded(summary))

    def action_reload(self) -> None:
        """Reads the desk again, keeping the session and the place in it (also the follower's)."""
        self.load_overview()
        if self.selected_session is not None:
            self.load_session(self.selected_session)
        if self.shown_day is not None:
            self.load_summary(self.shown_day)
