"""Following a live desk on the main screen: polls, new exchanges, new sessions, state, problems.

`FollowingScreen` is the main screen's base. Twice a second a thread worker asks `LiveDesk` what
changed; the answer comes back as a `DeskFollowed` message, and only what changed is shown
again: exchanges the shown log gained (followed when the view is at the bottom, else counted by
the "N new" marker), new sessions at the top of the list (the selection kept), the state pane.
After the first paint, a whole check of the desk counts the problems for the state pane; it is
repeated, at most every few seconds, after the desk changed.
"""

from __future__ import annotations

import dataclasses
import datetime
import logging
import time
from collections.abc import Callable
from pathlib import Path
from typing import ClassVar

from textual import on, work
from textual.binding import Binding, BindingType
from textual.timer import Timer
from textual.widgets import TabbedContent
from textual.worker import Worker, WorkerState, get_current_worker

from desk_browser.live.live_desk import FollowUpdate, LiveDesk
from desk_browser.live.services import DeskServices
from desk_browser.memory.desk_check import check_desk
from desk_browser.memory.session_store import session_sort_key
from desk_browser.presentation.desk_data import DeskOverview, SessionEntry, SessionLog
from desk_browser.ui.messages import DeskChecked, DeskFollowed, OverviewLoaded
from desk_browser.ui.screens.desk_screen import DeskScreen
from desk_browser.ui.widgets.exchange_view import ExchangeView
from desk_browser.ui.widgets.live_status import LiveStatus
from desk_browser.ui.widgets.new_exchanges_marker import NewExchangesMarker
from desk_browser.ui.widgets.session_list import SessionList
from desk_browser.ui.widgets.state_pane import StatePane

_LOGGER = logging.getLogger(__name__)

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


class FollowingScreen(DeskScreen[None]):
    """The main screen's base: follows the desk while it is shown, and counts its problems."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding('f', 'pause_following', 'Pause', id='pause-following'),
        Binding('f', 'resume_following', 'Follow', id='resume-following'),
        Binding('G', 'jump_to_new', 'New exchanges', show=False, id='jump-to-new'),
    ]

    services: DeskServices
    desk: Path
    overview: DeskOverview | None
    selected_session: str | None
    _today: Callable[[], datetime.date]

    _live_desk: LiveDesk | None = None
    _following = True
    _poll_worker: Worker[None] | None = None
    _check_worker: Worker[None] | None = None
    _checked_at: float | None = None
    _check_seconds = 0.0
    _check_stale = False
    _vanished = False
    _age_timer: Timer | None = None

    @property
    def live_desk(self) -> LiveDesk:
        """What follows the desk; created (and the desk first looked at) on first use."""
        if self._live_desk is None:
            self._live_desk = LiveDesk(self.desk)
        return self._live_desk

    @property
    def following(self) -> bool:
        """Whether the desk's changes are followed (f pauses and resumes)."""
        return self._following

    def _clock(self) -> float:
        return self.services.clock()

    def start_following(self) -> None:
        """Starts the timers; they wait for the watcher's first look (`look_at_the_desk`)."""
        self.set_interval(FOLLOW_INTERVAL, self._poll_tick, name='follow the desk')
        self._age_timer = self.set_interval(1.0, self._second_tick, name='state age')

    def look_at_the_desk(self) -> None:
        """Takes the watcher's first look (the baseline); call from a thread, before reading.

        It lists the desk's folders and examines their files, which can be slow on a big desk or
        a network folder, so it is never done on the event loop.
        """
        _ = self.live_desk

    def read_session(self, session_id: str, deliver: Callable[[SessionLog], None]) -> None:
        """Reads a session about to be shown and follows its log; call from a thread worker.

        Args:
            session_id: The session.
            deliver: Called with the log (before any later poll can report what it gained).
        """
        worker = get_current_worker()
        self.live_desk.open_session(session_id, deliver, worker.cancelled_event)

    # Looking at the desk.

    def _poll_tick(self) -> None:
        if not self._following or not self.is_attached or self._live_desk is None:
            return
        if self._poll_worker is not None and self._poll_worker.state in _BUSY:
            return
        current = self.overview.current_session_id if self.overview is not None else None
        self._poll_worker = self.poll_desk(current)

    @work(
        thread=True,
        exclusive=True,
        group='follow',
        exit_on_error=False,
        description='following the desk',
    )
    def poll_desk(self, current: str | None) -> None:
        """Asks what changed, and posts it back when anything did.

        Args:
            current: The current session, whose log is followed too.
        """
        worker = get_current_worker()

        def deliver(update: FollowUpdate) -> None:
            changes = update.changes
            if worker.is_cancelled:
                return
            if changes.has_changes or changes.vanished != self._vanished:
                self.post_message(DeskFollowed(update))

        self.live_desk.poll(current, deliver)

    def on_screen_resume(self) -> None:
        """Brings the age and the marker up to date at once when the screen is back on top."""
        if self._live_desk is not None:
            self._second_tick()

    def _second_tick(self) -> None:
        if self.app.screen is not self or self._live_desk is None:
            # Under another screen (search, help), redrawing this one's age would redraw the
            # screen on top for nothing; the desk is still followed, and the age is brought up
            # to date when this screen is back.
            return
        status = self.query_one(LiveStatus)
        status.state_age = self.live_desk.state_age(self._clock())
        exchanges = self.query_one(ExchangeView)
        marker = self.query_one(NewExchangesMarker)
        if marker.count and exchanges.shows_end():
            marker.count = 0
        checking = self._check_worker is not None and self._check_worker.state in _BUSY
        due = self._checked_at is not None and time.monotonic() - self._checked_at >= max(
            RECHECK_INTERVAL, RECHECK_SHARE * self._check_seconds
        )
        if self._check_stale and not checking and due:
            self.count_problems()

    @on(DeskFollowed)
    async def show_changes(self, message: DeskFollowed) -> None:
        """Shows what the desk changed: exchanges, sessions, state; notes a vanished desk."""
        update = message.update
        changes = update.changes
        status = self.query_one(LiveStatus)
        if changes.vanished != self._vanished:
            self._vanished = changes.vanished
            status.vanished = changes.vanished
            if changes.vanished:
                self.notify(
                    'The desk folder is gone (moved, removed or unreachable). What was read '
                    'stays on screen; the app shows the desk again when the folder is back.',
                    title='Desk folder gone',
                    severity='error',
                    timeout=10,
                )
            else:
                self.notify('The desk folder is back: reading it again.', title='Desk folder back')
                self._reload()
                return
        if changes.vanished:
            return
        status.state_age = self.live_desk.state_age(self._clock())
        if changes.has_changes:
            self._check_stale = True
        if update.searchable_changed:
            self._tell_search()
        if self.overview is None:
            return  # The first read is still under way and will include this.
        await self._show_log_growth(update)
        self._show_overview_changes(update)

    async def _show_log_growth(self, update: FollowUpdate) -> None:
        shown = self.selected_session
        growth = update.logs.get(shown) if shown is not None else None
        if growth is None:
            return
        exchanges = self.query_one(ExchangeView)
        if growth.restarted:
            await exchanges.show_log(
                SessionLog(
                    session_id=growth.session_id,
                    exchanges=growth.new_exchanges,
                    problems=growth.new_problems,
                    pending_bytes=growth.pending_bytes,
                )
            )
            self.query_one(NewExchangesMarker).count = 0
            return
        unseen = await exchanges.add_exchanges(
            growth.session_id, growth.new_exchanges, growth.new_problems, growth.pending_bytes
        )
        self.query_one(NewExchangesMarker).count += unseen

    def _show_overview_changes(self, update: FollowUpdate) -> None:
        overview = self.overview
        assert overview is not None
        changes = update.changes
        state = update.state if update.state is not None else overview.state
        current_id = state.state.session_id if state.state is not None else None
        removed = set(changes.removed_sessions)
        entries = {
            entry.session_id: entry
            for entry in overview.sessions
            if entry.session_id not in removed
        }
        for new_entry in update.new_entries:
            entries.setdefault(new_entry.session_id, new_entry)
        for growth in update.logs.values():
            grown = entries.get(growth.session_id)
            if grown is not None:
                entries[growth.session_id] = dataclasses.replace(
                    grown, exchange_count=growth.exchange_count, damaged_lines=growth.damaged_lines
                )
        sessions = sorted(
            (
                dataclasses.replace(entry, is_current=entry.session_id == current_id)
                for entry in entries.values()
            ),
            key=lambda entry: session_sort_key(entry.session_id),
            reverse=True,
        )
        current_count = overview.current_log_count
        current_growth = update.logs.get(current_id) if current_id is not None else None
        if current_id != overview.current_session_id or current_growth is not None:
            current_entry = next(
                (entry for entry in sessions if entry.session_id == current_id), None
            )
            current_count = current_entry.exchange_count if current_entry is not None else None
            if current_growth is not None and current_growth.unreadable:
                current_count = None
        new_overview = dataclasses.replace(
            overview, state=state, sessions=sessions, current_log_count=current_count
        )
        self.overview = new_overview
        if (
            update.state is not None
            or current_count != overview.current_log_count
            or new_overview.sessions != overview.sessions
        ):
            self.query_one(StatePane).show_overview(new_overview, self._today())
        self._show_sessions(overview.sessions, sessions)

    def _show_sessions(self, before: list[SessionEntry], after: list[SessionEntry]) -> None:
        if before == after:
            return
        session_list = self.query_one(SessionList)
        if [entry.session_id for entry in before] == [entry.session_id for entry in after]:
            for old, new in zip(before, after, strict=True):
                if old != new:
                    session_list.update_session(new)
            return
        kept = self.selected_session
        session_list.show_sessions(after)
        if kept is not None:
            session_list.highlight_session(kept)

    def _tell_search(self) -> None:
        """Tells the search that the desk changed (journal, notes, summaries or logs).

        Nothing in the UI caches what the search read: each search asks SessionSearch (or the
        app's index, which compares each day's size and time) afresh, so the next search sees
        the change. The app and any open screen that want to act at once (search again, index
        the day) may define ``desk_changed()``; it is called here.
        """
        for node in (self.app, *self.app.screen_stack):
            desk_changed = getattr(node, 'desk_changed', None)
            if node is not self and callable(desk_changed):
                desk_changed()

    def _reload(self) -> None:
        reload = getattr(self, 'action_reload', None)
        if callable(reload):
            reload()
        self._check_stale = True

    # Problems.

    @on(OverviewLoaded)
    def count_problems_after_first_paint(self, message: OverviewLoaded) -> None:
        """Counts the desk's problems once the first screen is shown (never before).

        The state's age is shown at once too (the watcher's first look came before the read),
        not a second later, so the pane never says "not written yet" of a state it shows.
        """
        status = self.query_one(LiveStatus)
        status.state_age = self.live_desk.state_age(self._clock())
        status.is_desk = message.overview.looks_like_desk
        if self._checked_at is None:
            self._checked_at = time.monotonic()
            self.call_after_refresh(self.count_problems)
        else:
            self._check_stale = True

    def count_problems(self) -> None:
        """Starts a whole check of the desk, for the state pane's count of problems."""
        self._check_stale = False
        self._checked_at = time.monotonic()
        self._check_worker = self.run_problem_count()

    @work(
        thread=True,
        exclusive=True,
        group='problem-count',
        exit_on_error=False,
        description='checking the desk for damage',
    )
    def run_problem_count(self) -> None:
        """Checks the whole desk and posts the report back (after the first paint)."""
        self.services.first_paint.wait(FIRST_PAINT_WAIT)
        started = time.monotonic()
        memo = self.services.file_memo
        report = check_desk(self.desk, memo, before_each_file=self.services.foreground.step_aside)
        memo.save()
        self._check_seconds = time.monotonic() - started
        if not get_current_worker().is_cancelled:
            self.post_message(DeskChecked(report))

    @on(DeskChecked)
    def show_problem_count(self, message: DeskChecked) -> None:
        """Shows how many problems the check found."""
        status = self.query_one(LiveStatus)
        status.problem_count = len(message.report.problems)
        status.unreadable_count = sum(
            1
            for problem in message.report.problems
            if problem.reason.startswith(('unreadable', 'damaged state'))
        )

    # Keys.

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Shows "Pause" while following and "Follow" while paused, on the same key."""
        if action == 'pause_following':
            return self._following
        if action == 'resume_following':
            return not self._following
        return True

    def action_pause_following(self) -> None:
        """Stops looking at the desk until f is pressed again."""
        self._set_following(False)

    def action_resume_following(self) -> None:
        """Looks at the desk again, at once."""
        self._set_following(True)
        self._poll_tick()

    def _set_following(self, following: bool) -> None:
        self._following = following
        self.query_one(LiveStatus).following = following
        self.refresh_bindings()

    async def action_jump_to_new(self) -> None:
        """Shows the newest exchanges (where the "N new" marker points)."""
        self.query_one(TabbedContent).active = 'exchanges-tab'
        await self.query_one(ExchangeView).go_to_end()
        self.query_one(NewExchangesMarker).count = 0

    @on(NewExchangesMarker.Pressed)
    async def jump_from_marker(self) -> None:
        """A click on the "N new" marker shows the new exchanges."""
        await self.action_jump_to_new()
