"""Following a live desk for the main screen: polls, the state's age, pausing, the problem count.

`DeskFollower` polls `LiveDesk` in a thread worker and posts `DeskFollowed`; after the first
paint and after changes, a whole check counts the problems (`CheckTurns` paces it).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from textual.screen import Screen
from textual.worker import Worker, WorkerState, get_current_worker

from desk_browser.live.first_read import HEAD_DRAWN_WAIT
from desk_browser.live.live_desk import FollowUpdate, LiveDesk
from desk_browser.live.services import DeskServices
from desk_browser.live.session_counting import WORK_SECONDS, YIELD_SECONDS
from desk_browser.memory.session_store import Exchange
from desk_browser.presentation.asked_times import AskedTimesReader
from desk_browser.presentation.desk_data import DeskOverview, SessionLog
from desk_browser.ui.disk_reads import run_disk_read
from desk_browser.ui.interpreter_turns import short_turns, wait_while_building
from desk_browser.ui.messages import DeskChecked, DeskFollowed
from desk_browser.ui.widgets.exchange_view import ExchangeView
from desk_browser.ui.widgets.live_status import LiveStatus

if TYPE_CHECKING:
    from desk_browser.memory.desk_check import DeskReport
from desk_browser.ui.widgets.new_exchanges_marker import NewExchangesMarker

FIRST_PAINT_WAIT = 3.0
"""The most seconds the problem count waits for the first screen to be drawn before it reads."""

FOLLOW_INTERVAL = 0.5
"""Seconds between two looks at the desk."""

RECHECK_INTERVAL = 5.0
"""The fewest seconds between two whole checks of the desk after it changed."""

RECHECK_SHARE = 10
"""A whole check runs again only after this many times its own duration, so a big desk that
writes all the time is not read whole over and over."""

_BUSY = (WorkerState.PENDING, WorkerState.RUNNING)


class CheckStopped(Exception):
    """The problem check was cancelled while it waited for its turn."""


class CheckTurns:
    """Paces a problem check's reading (main and Desks screens): after any build, short pauses."""

    def __init__(self, stopped: Callable[[], bool]) -> None:
        """Starts pacing; `stopped` returns True once the check is cancelled."""
        self._stopped = stopped
        self._yielded = time.monotonic()
        self.waited = 0.0
        """Seconds spent waiting for index builds (not the check's own time)."""

    def before_each_read(self) -> None:
        """Waits out an index build and pauses every WORK_SECONDS; CheckStopped once cancelled."""
        started = time.monotonic()
        if not wait_while_building(self._stopped) or self._stopped():
            raise CheckStopped
        self.waited += time.monotonic() - started
        if time.monotonic() - self._yielded >= WORK_SECONDS:
            time.sleep(YIELD_SECONDS)  # Leaves the interpreter to the event loop.
            self._yielded = time.monotonic()


class DeskFollower:
    """Follows the desk while the main screen is shown, and counts its problems."""

    def __init__(
        self,
        screen: Screen[None],
        services: DeskServices,
        *,
        current_session: Callable[[], str | None],
        reload: Callable[[], None],
    ) -> None:
        """Prepares the follower; nothing is looked at until `look_at_the_desk`.

        Args:
            screen: The main screen: its workers and timers follow the desk, its panes show it.
            services: The desk's services.
            current_session: Returns the current session (state.json's), whose log is followed too.
            reload: Reads the desk again (when it is back after vanishing).
        """
        self._screen = screen
        self._services = services
        self._current_session = current_session
        self._reload = reload
        self._live_desk: LiveDesk | None = None
        self._following = True
        self._poll_worker: Worker[None] | None = None
        self._check_worker: Worker[None] | None = None
        self._checked_at: float | None = None
        self._check_seconds = 0.0
        self._check_stale = False
        self._vanished = False
        self._asked_times = AskedTimesReader(services.desk)

    @property
    def live_desk(self) -> LiveDesk:
        """What follows the desk; created (and the desk first looked at) on first use."""
        if self._live_desk is None:
            self._live_desk = LiveDesk(self._services.desk)
        return self._live_desk

    @property
    def following(self) -> bool:
        """Whether the desk's changes are followed (f pauses and resumes)."""
        return self._following

    def state_age(self) -> float | None:
        """Seconds since state.json was written, as of the last look; None when there is none."""
        return self.live_desk.state_age(self._services.clock())

    def start(self) -> None:
        """Starts the timers; they wait for the watcher's first look (`look_at_the_desk`)."""
        self._screen.set_interval(FOLLOW_INTERVAL, self._poll_tick, name='follow the desk')
        self._screen.set_interval(1.0, self._second_tick, name='state age')

    def look_at_the_desk(self) -> None:
        """Takes the watcher's first look (the baseline); call from a thread, before reading."""
        _ = self.live_desk

    def take_over(self, live_desk: LiveDesk) -> None:
        """Follows the desk with the LiveDesk the first read (live.first_read) used; any thread."""
        if self._live_desk is None:
            self._live_desk = live_desk

    def read_session(self, session_id: str, deliver: Callable[[SessionLog], None]) -> None:
        """Reads a session about to be shown and follows its log; call from a thread worker.

        `deliver` gets the log before any poll reports its growth; a big log's first part first.
        """
        worker = get_current_worker()
        first_paint = self._services.first_paint
        self.live_desk.open_session(
            session_id,
            deliver,
            worker.cancelled_event,
            # At the start, the rest is read once the first exchanges are drawn.
            head_first=lambda: first_paint.wait(HEAD_DRAWN_WAIT),
        )

    def asked_times(self, session_id: str, exchanges: list[Exchange]) -> list[str | None]:
        """When a session's exchanges were asked (asked_times.asked_times); call from a thread."""
        return self._asked_times.read(session_id, exchanges)

    def follow_summary(self, day: str) -> None:
        """Follows the summary of the ISO day shown; call from a thread, before reading it."""
        self.live_desk.follow_summary(day)

    # Looking at the desk.

    def _poll_tick(self) -> None:
        if not self._following or not self._screen.is_attached or self._live_desk is None:
            return
        if self._poll_worker is not None and self._poll_worker.state in _BUSY:
            return
        poll = partial(self._poll, self._current_session())
        self._poll_worker = run_disk_read(
            self._screen, poll, 'poll_desk', 'follow', 'following the desk'
        )

    def _poll(self, current: str | None) -> None:
        """Asks what changed, and posts it back when anything did (in a thread worker)."""
        worker = get_current_worker()
        screen = self._screen

        def deliver(update: FollowUpdate) -> None:
            changes = update.changes
            if worker.is_cancelled:
                return
            if update.has_changes or changes.vanished != self._vanished:
                screen.post_message(DeskFollowed(update))

        self.live_desk.poll(current, deliver)

    def screen_resumed(self) -> None:
        """Brings the age and the marker up to date at once when the screen is back on top."""
        if self._live_desk is not None:
            self._second_tick()

    def _second_tick(self) -> None:
        screen = self._screen
        if screen.app.screen is not screen or self._live_desk is None:
            # Under another screen (search, help), redrawing this one's age would redraw the
            # screen on top for nothing; the desk is still followed, and the age is brought up
            # to date when this screen is back.
            return
        status = screen.query_one(LiveStatus)
        status.state_age = self.state_age()
        exchanges = screen.query_one(ExchangeView)
        marker = screen.query_one(NewExchangesMarker)
        if marker.count and exchanges.shows_end():
            marker.count = 0
        checking = self._check_worker is not None and self._check_worker.state in _BUSY
        due = self._checked_at is not None and time.monotonic() - self._checked_at >= max(
            RECHECK_INTERVAL, RECHECK_SHARE * self._check_seconds
        )
        if self._check_stale and not checking and due:
            self.count_problems()

    def desk_followed(self, update: FollowUpdate) -> bool:
        """Takes in what a look found: a vanished or returned desk, the state's age, staleness.

        Returns whether the screen should show the changes (not while the desk is gone or reread).
        """
        changes = update.changes
        status = self._screen.query_one(LiveStatus)
        if changes.vanished != self._vanished:
            self._vanished = changes.vanished
            status.vanished = changes.vanished
            if changes.vanished:
                self._screen.notify(
                    'The desk folder is gone (moved, removed or unreachable). What was read '
                    'stays on screen; the app shows the desk again when the folder is back.',
                    title='Desk folder gone',
                    severity='error',
                    timeout=10,
                )
            else:
                self._screen.notify(
                    'The desk folder is back: reading it again.', title='Desk folder back'
                )
                self._reload()
                self._check_stale = True
                return False
        if changes.vanished:
            return False
        status.state_age = self.state_age()
        if update.has_changes:
            self._check_stale = True
        return True

    # Problems.

    def overview_loaded(self, overview: DeskOverview) -> None:
        """Shows the state's age at once and counts the problems, once the first screen is shown."""
        status = self._screen.query_one(LiveStatus)
        status.state_age = self.state_age()
        status.is_desk = overview.looks_like_desk
        if self._checked_at is None:
            self._checked_at = time.monotonic()
            self._screen.call_after_refresh(self.count_problems)
        else:
            self._check_stale = True

    def count_problems(self) -> None:
        """Starts a whole check of the desk, for the state pane's count of problems."""
        self._check_stale = False
        self._checked_at = time.monotonic()
        self._check_worker = run_disk_read(
            self._screen,
            self._run_problem_count,
            'run_problem_count',
            'problem-count',
            'checking the desk for damage',
        )

    def _run_problem_count(self) -> None:
        """Checks the whole desk and posts the report back (after the first paint)."""
        services = self._services
        services.first_paint.wait(FIRST_PAINT_WAIT)
        from desk_browser.memory.desk_check import check_desk  # Deferred: after the first paint.

        worker = get_current_worker()
        turns = CheckTurns(lambda: worker.is_cancelled)
        started = time.monotonic()
        try:
            # Short turns: after a build the check may parse for seconds while the person types.
            with short_turns(build=False):
                report = check_desk(
                    services.desk,
                    services.file_memo,
                    before_each_file=services.foreground.step_aside,
                    before_each_read=turns.before_each_read,
                )
        except CheckStopped:
            return
        finally:
            services.file_memo.save()  # What was read is kept, even when the check stopped.
        self._check_seconds = time.monotonic() - started - turns.waited
        if not worker.is_cancelled:
            self._screen.post_message(DeskChecked(report))

    def show_problem_count(self, report: DeskReport) -> None:
        """Shows how many problems the check found."""
        status = self._screen.query_one(LiveStatus)
        status.problem_count = len(report.problems)
        status.unreadable_count = sum(
            1
            for problem in report.problems
            if problem.reason.startswith(('unreadable', 'damaged state', 'cannot read'))
        )

    # Pausing.

    def set_following(self, following: bool) -> None:
        """Pauses or resumes following (True to follow); resuming looks at the desk at once."""
        self._following = following
        self._screen.query_one(LiveStatus).following = following
        self._screen.refresh_bindings()
        if following:
            self._poll_tick()
