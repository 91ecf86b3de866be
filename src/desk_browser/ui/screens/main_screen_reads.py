"""The main screen's reads of the desk: the overview, a session, a summary, in thread workers.

`MainScreenReads` posts what each read finds to the screen; `first_look` waits a moment for the
command line's first read, so the desk is shown in the first frame.
"""

from __future__ import annotations

import threading
from functools import partial

from textual.screen import Screen
from textual.worker import Worker, get_current_worker

from desk_browser.live.first_read import FirstLook, FirstRead
from desk_browser.live.services import DeskServices
from desk_browser.live.session_counting import counted_batches
from desk_browser.presentation.desk_data import (
    FIRST_COUNTED,
    DaySummary,
    DeskOverview,
    SessionLog,
    read_day_summary,
    read_overview,
)
from desk_browser.ui.disk_reads import run_disk_read
from desk_browser.ui.following import DeskFollower
from desk_browser.ui.messages import (
    AskedTimesRead,
    OverviewLoaded,
    SessionLoaded,
    SessionsCounted,
    SummaryLoaded,
)

FIRST_READ_WAIT = 0.3
"""The most seconds the screen, as it mounts, waits for the first read to end (to show what it
read in its first frame); after that it shows "Reading the desk…" and a worker waits for it."""


FIRST_PAINT_WAIT = 1.0
"""The most seconds the read of when the exchanges were asked waits for the first paint."""


class MainScreenReads:
    """Reads the desk for the main screen; a newer read of a kind cancels the older."""

    def __init__(
        self,
        screen: Screen[None],
        services: DeskServices,
        follower: DeskFollower,
        first_read: FirstRead | None,
    ) -> None:
        """Prepares the reads; nothing is read until `first_look`.

        Args:
            screen (Screen[None]): The main screen: the workers are its, and it hears the results.
            services (DeskServices): The desk's services.
            follower (DeskFollower): The screen's follower, which follows what is read.
            first_read (FirstRead | None): The desk's first read, already started; None starts
                one at `first_look`.
        """
        self._screen = screen
        self._services = services
        self._follower = follower
        self._first_read = first_read
        self._first_log: SessionLog | None = None
        self._first_summary: DaySummary | None = None

    def first_look(self, requested_session: str | None) -> DeskOverview | None:
        """Waits a moment for the first read (started now when there was none).

        Args:
            requested_session (str | None): A session asked for on the command line.

        Returns:
            DeskOverview | None: What the first read found, or None when not in time or failed.
        """
        first_read = self._first_read
        self._first_read = None
        if first_read is None:
            first_read = FirstRead(self._services, requested_session=requested_session)
            first_read.start()
        look = first_read.look(FIRST_READ_WAIT)
        if look is None:
            self.load_overview(first_read)
            return None
        return self._take_first_look(first_read, look)

    def _take_first_look(self, first_read: FirstRead, look: FirstLook) -> DeskOverview:
        """Follows the desk with the first read's watcher; keeps its log until it is shown."""
        self._follower.take_over(look.live_desk)
        self._first_log = look.session_log
        self._first_summary = look.summary
        if look.session_log is not None and not look.session_log.complete:
            session_id = look.session_log.session_id
            first_read.when_read_whole(partial(self._show_the_rest_of_the_first_log, session_id))
        return look.overview

    def _show_the_rest_of_the_first_log(self, session_id: str, log: SessionLog | None) -> None:
        """Shows the whole first log once read (any thread); reads it here when that failed."""
        if log is not None:
            self._screen.post_message(SessionLoaded(log))
        elif threading.current_thread() is threading.main_thread():
            self.load_session(session_id)
        else:
            self._screen.app.call_from_thread(self.load_session, session_id)

    def first_log_of(self, session_id: str) -> SessionLog | None:
        """The first read's log (already followed), once, if of the session selected first."""
        log, self._first_log = self._first_log, None
        return log if log is not None and log.session_id == session_id else None

    def first_summary(self) -> DaySummary | None:
        """The first read's summary of the day it opened, once (only to size the pane), or None."""
        summary, self._first_summary = self._first_summary, None
        return summary

    def load_overview(
        self, first_read: FirstRead | None = None, shown: DeskOverview | None = None
    ) -> Worker[None]:
        """Reads state.json and the newest sessions' logs, then counts the others' exchanges.

        Args:
            first_read (FirstRead | None): The first read, still under way: waited for.
            shown (DeskOverview | None): The first read's overview, shown already: only counted.

        Returns:
            Worker[None]: The read's worker.
        """
        read = partial(self._read_overview, first_read, shown)
        return run_disk_read(
            self._screen, read, 'load_overview', 'overview', 'reading the state and sessions'
        )

    def _read_overview(self, first_read: FirstRead | None, shown: DeskOverview | None) -> None:
        worker = get_current_worker()
        services = self._services
        overview = shown
        if overview is None:
            look = first_read.look() if first_read is not None else None
            if first_read is not None and look is not None:
                overview = self._take_first_look(first_read, look)
            else:
                # Before the first read, so no change between the two is missed.
                self._follower.look_at_the_desk()
                overview = read_overview(
                    services.desk, counted=FIRST_COUNTED, memo=services.file_memo
                )
            if worker.is_cancelled:
                return
            self._screen.post_message(OverviewLoaded(overview))
        # A big desk's older sessions are counted after the first paint (session_counting).
        batches = counted_batches(
            services.desk,
            overview,
            lambda: worker.is_cancelled,
            services.first_paint,
            services.file_memo,
            before_each_log=services.foreground.step_aside,
        )
        for entries, problems in batches:
            if worker.is_cancelled:
                return
            self._screen.post_message(SessionsCounted(entries, problems))

    def load_session(self, session_id: str) -> Worker[None]:
        """Reads one session's log, and follows it from then on."""
        read = partial(self._read_session, session_id)
        return run_disk_read(
            self._screen, read, 'load_session', 'session', "reading a session's log"
        )

    def _read_session(self, session_id: str) -> None:
        worker = get_current_worker()

        def deliver(log: SessionLog) -> None:
            if not worker.is_cancelled:
                self._screen.post_message(SessionLoaded(log))

        with self._services.foreground.busy():  # Background reading waits for it.
            self._follower.read_session(session_id, deliver)

    def load_asked_times(self, log: SessionLog) -> Worker[None]:
        """Reads when each exchange of a session was asked, from its journals (after paint)."""
        return run_disk_read(
            self._screen,
            partial(self._read_asked_times, log),
            'load_asked_times',
            'asked',
            "reading when a session's exchanges were asked",
        )

    def _read_asked_times(self, log: SessionLog) -> None:
        worker = get_current_worker()
        self._services.first_paint.wait(FIRST_PAINT_WAIT)
        if worker.is_cancelled:
            return
        asked = self._follower.asked_times(log.session_id, list(log.exchanges))
        if not worker.is_cancelled:
            self._screen.post_message(AskedTimesRead(log.session_id, asked))

    def load_summary(self, day: str) -> Worker[None]:
        """Reads one ISO day's summary."""
        read = partial(self._read_summary, day)
        return run_disk_read(
            self._screen, read, 'load_summary', 'summary', "reading a day's summary"
        )

    def _read_summary(self, day: str) -> None:
        self._follower.follow_summary(day)  # Before reading, so no change in between is missed.
        summary = read_day_summary(self._services.desk, day)
        if not get_current_worker().is_cancelled:
            self._screen.post_message(SummaryLoaded(summary))
