"""Follows a desk while the app is open: what changed, and only the log lines it gained.

The screens call `LiveDesk` from thread workers; `poll` reads only what `DeskWatcher` saw
change. Nothing raises for a damaged, vanished or unreadable file.
"""

from __future__ import annotations

import dataclasses
import threading
import time
from collections.abc import Callable
from pathlib import Path

from desk_browser.memory import desk_files
from desk_browser.memory.desk_files import Problem
from desk_browser.memory.desk_watch import DeskChanges, DeskWatcher, JsonLinesFollower
from desk_browser.memory.file_status import FileSignature, FolderListing, file_signature
from desk_browser.memory.session_reading import exchanges_from_lines, read_exchange_log_head
from desk_browser.memory.session_store import (
    SUMMARIES_FOLDER_NAME,
    Exchange,
    SessionStore,
    StateReading,
    log_path,
    session_sort_key,
)
from desk_browser.presentation.desk_data import (
    DeskOverview,
    SessionEntry,
    SessionLog,
    read_desk_state,
    read_session_log,
    session_entry,
    session_log_path,
    sessions_directory,
)

SWEEP_EVERY = 20
"""Polls between two looks at the status of every session's log (ten seconds at two polls a
second): a log other than the followed ones that was rewritten is counted again."""


@dataclasses.dataclass
class LogGrowth:
    """What one followed log gained since the last look.

    Attributes:
        session_id (str): The session.
        new_exchanges (list[Exchange]): The exchanges completed since (all when restarted).
        new_problems (list[Problem]): The damaged lines among them.
        restarted (bool): The log was replaced, shrank or vanished, and was read from its start.
        exchange_count (int): How many exchanges the log holds now.
        damaged_lines (int): How many of its lines are damaged now.
        pending_bytes (int): The bytes of an unfinished last line left for later.
        unreadable (bool): The log could not be read at all.
    """

    session_id: str
    new_exchanges: list[Exchange]
    new_problems: list[Problem]
    restarted: bool
    exchange_count: int
    damaged_lines: int
    pending_bytes: int
    unreadable: bool


@dataclasses.dataclass
class FollowUpdate:
    """What one poll found.

    Attributes:
        changes (DeskChanges): What the watcher saw change.
        logs (dict[str, LogGrowth]): What each followed log that changed gained.
        state (StateReading | None): state.json read again, when it changed; else None.
        new_entries (list[SessionEntry]): The sessions whose logs appeared, newest first.
        summary_changed (bool): The summary of the day shown appeared, changed or went away.
        recounted_entries (list[SessionEntry]): Other rewritten logs' sessions, counted again.
    """

    changes: DeskChanges
    logs: dict[str, LogGrowth]
    state: StateReading | None
    new_entries: list[SessionEntry]
    summary_changed: bool = False
    recounted_entries: list[SessionEntry] = dataclasses.field(default_factory=list)

    @property
    def has_changes(self) -> bool:
        """Whether anything the app shows changed (a vanished desk, a status, is not counted)."""
        return bool(self.changes.has_changes or self.summary_changed or self.recounted_entries)

    @property
    def searchable_changed(self) -> bool:
        """Whether anything the search reads changed: journal, notes, summaries or logs."""
        changes = self.changes
        return bool(
            changes.journal_changed
            or changes.notes_changed
            or changes.summaries_changed
            or changes.grown_logs
            or changes.new_sessions
            or changes.removed_sessions
        )


class _FollowedLog:
    """One followed log: its follower and running counts."""

    def __init__(self, path: Path, session_id: str) -> None:
        self.session_id = session_id
        self.follower = JsonLinesFollower(path)
        self.exchange_count = 0
        self.damaged_lines = 0

    def read(self, *, from_start: bool = False) -> LogGrowth:
        """Reads the lines completed since the last read (all of them when from_start)."""
        problems: list[Problem] = []
        if from_start:
            self.follower.restart()
        lines = self.follower.read_new(problems)
        restarted = from_start or lines.restarted
        if restarted:
            self.exchange_count = 0
            self.damaged_lines = 0
        exchanges = exchanges_from_lines(self.follower.path, lines.objects, problems)
        problems = desk_files.sort_problems(problems)
        unreadable = any(problem.line_number is None for problem in problems)
        damaged = [problem for problem in problems if problem.line_number is not None]
        self.exchange_count += len(exchanges)
        self.damaged_lines += len(damaged)
        return LogGrowth(
            session_id=self.session_id,
            new_exchanges=exchanges,
            new_problems=problems,
            restarted=restarted,
            exchange_count=self.exchange_count,
            damaged_lines=self.damaged_lines,
            pending_bytes=lines.pending_bytes,
            unreadable=unreadable,
        )


class LiveDesk:
    """Follows one desk folder: the shown and current sessions' logs, the state; thread-safe.

    Attributes:
        desk (Path): The desk folder.
    """

    def __init__(self, desk: Path) -> None:
        """Starts watching; create it before the desk is first read, so nothing written is missed.

        Args:
            desk (Path): The desk folder.
        """
        self.desk = desk
        self._lock = threading.Lock()
        self._watcher = DeskWatcher(desk)
        self._logs: dict[str, _FollowedLog] = {}
        self._shown: str | None = None
        self._current: str | None = None
        self._log_statuses: dict[str, FileSignature | None] | None = None
        self._racy_logs: set[str] = set()
        self._polls_until_sweep = SWEEP_EVERY  # The baseline waits: never near the first paint.
        self._summary_day: str | None = None
        self._summary_status: FileSignature | None = None
        self._summary_racy = False

    @property
    def folder_listing(self) -> FolderListing:
        """The watcher's folder listing (see DeskWatcher.folder_listing)."""
        return self._watcher.folder_listing

    def state_age(self, now: float) -> float | None:
        """Seconds since state.json was written, as of the last poll; None when there is none.

        Args:
            now (float): The time now, in seconds since the epoch.

        Returns:
            float | None: The age in seconds, or None.
        """
        return self._watcher.state_age(now)

    def _follow(self, opening: str | None = None) -> None:
        """Follows the shown and current sessions' logs, not `opening`'s (the caller reads it)."""
        wanted = [
            session_id for session_id in (self._shown, self._current) if session_id is not None
        ]
        wanted = list(dict.fromkeys(wanted))
        self._watcher.follow_sessions(wanted)
        folder = sessions_directory(self.desk)
        for session_id in list(self._logs):
            if session_id not in wanted:
                del self._logs[session_id]
        for session_id in wanted:
            if session_id not in self._logs and session_id != opening:
                followed = _FollowedLog(log_path(folder, session_id), session_id)
                followed.read()
                self._logs[session_id] = followed

    def open_session(
        self,
        session_id: str,
        deliver: Callable[[SessionLog], None],
        cancelled: threading.Event | None = None,
        *,
        head_first: Callable[[], object] | None = None,
    ) -> None:
        """Reads the session about to be shown, and follows its log from then on.

        Args:
            session_id (str): The session.
            deliver (Callable[[SessionLog], None]): Called with its exchanges before the lock is
                let go (with head_first, first an incomplete SessionLog).
            cancelled (threading.Event | None): Set when a newer read replaced this one.
            head_first (Callable[[], object] | None): Called between a big log's first exchanges
                and the whole log (it may wait); None reads the log whole.
        """
        with self._lock:
            if cancelled is not None and cancelled.is_set():
                return
            self._shown = session_id
            self._logs.pop(session_id, None)
            self._follow(opening=session_id)
            path = session_log_path(self.desk, session_id)
            head = read_exchange_log_head(path) if head_first is not None else None
            if head is not None and head_first is not None:
                deliver(SessionLog(session_id, head, problems=[], complete=False))
                head_first()
                if cancelled is not None and cancelled.is_set():
                    return
            followed = _FollowedLog(path, session_id)
            growth = followed.read()
            self._logs[session_id] = followed
            deliver(
                SessionLog(
                    session_id=session_id,
                    exchanges=growth.new_exchanges,
                    problems=growth.new_problems,
                    pending_bytes=growth.pending_bytes,
                )
            )

    def follow_summary(self, day: str | None) -> None:
        """Follows the summary of the day shown, from now on; call before reading it.

        Args:
            day (str | None): The ISO day, or None when no day's summary is shown.
        """
        with self._lock:
            self._summary_day = day
            self._summary_status, self._summary_racy = self._look_at_the_summary()

    def _look_at_the_summary(self) -> tuple[FileSignature | None, bool]:
        """The followed summary file's status, and whether it changed too lately to be sure."""
        if self._summary_day is None:
            return None, False
        folder = sessions_directory(self.desk) / SUMMARIES_FOLDER_NAME
        status = file_signature(folder / f'{self._summary_day}.md')
        racy = status is not None and status.is_racy(time.time_ns())
        return status, racy

    def _summary_changed(self) -> bool:
        """Whether the followed summary changed since the last look (racy files count once more)."""
        if self._summary_day is None:
            return False
        status, racy = self._look_at_the_summary()
        changed = status != self._summary_status or (self._summary_racy and not racy)
        self._summary_status, self._summary_racy = status, racy
        return changed

    def _rewritten_logs(self) -> list[str]:
        """Other sessions whose logs changed since the last sweep (every SWEEP_EVERY polls)."""
        self._polls_until_sweep -= 1
        if self._polls_until_sweep > 0:
            return []
        self._polls_until_sweep = SWEEP_EVERY
        folder = sessions_directory(self.desk)
        now_ns = time.time_ns()
        statuses = {
            session_id: file_signature(log_path(folder, session_id))
            for session_id in SessionStore(folder).session_ids()
        }
        previous, self._log_statuses = self._log_statuses, statuses
        racy_before, self._racy_logs = (
            self._racy_logs,
            {
                session_id
                for session_id, status in statuses.items()
                if status is not None and status.is_racy(now_ns)
            },
        )
        if previous is None:
            return []
        return [
            session_id
            for session_id, status in statuses.items()
            if session_id in previous
            and session_id not in self._logs
            and (
                status != previous[session_id]
                or (session_id in racy_before and session_id not in self._racy_logs)
            )
        ]

    def poll(self, current: str | None, deliver: Callable[[FollowUpdate], None]) -> None:
        """Looks again, and reads only what changed.

        Args:
            current (str | None): The current session, whose log is followed too.
            deliver (Callable[[FollowUpdate], None]): Called with what changed, under the lock.
        """
        with self._lock:
            if current != self._current:
                self._current = current
                self._follow()
            changes = self._watcher.poll()
            logs: dict[str, LogGrowth] = {}
            for session_id in changes.grown_logs:
                followed = self._logs.get(session_id)
                if followed is None:
                    continue
                logs[session_id] = followed.read(from_start=session_id in changes.rewritten_logs)
            state = None
            if changes.state_changed:
                state = read_desk_state(self.desk)
            new_entries = [
                session_entry(read_session_log(self.desk, session_id), is_current=False)
                for session_id in reversed(changes.new_sessions)
            ]
            recounted = [
                session_entry(read_session_log(self.desk, session_id), is_current=False)
                for session_id in self._rewritten_logs()
            ]
            deliver(
                FollowUpdate(
                    changes=changes,
                    logs=logs,
                    state=state,
                    new_entries=new_entries,
                    summary_changed=self._summary_changed(),
                    recounted_entries=recounted,
                )
            )


def followed_overview(overview: DeskOverview, update: FollowUpdate) -> DeskOverview:
    """Brings an overview up to date with what one look found.

    Args:
        overview (DeskOverview): What was shown before the look.
        update (FollowUpdate): What the look found.

    Returns:
        DeskOverview: The overview, brought up to date.
    """
    changes = update.changes
    state = update.state if update.state is not None else overview.state
    current_id = state.state.session_id if state.state is not None else None
    removed = set(changes.removed_sessions)
    entries = {
        entry.session_id: entry for entry in overview.sessions if entry.session_id not in removed
    }
    for new_entry in update.new_entries:
        entries.setdefault(new_entry.session_id, new_entry)
    for recounted in update.recounted_entries:
        if recounted.session_id in entries:
            entries[recounted.session_id] = dataclasses.replace(
                entries[recounted.session_id],
                exchange_count=recounted.exchange_count,
                damaged_lines=recounted.damaged_lines,
                counted=True,
                unreadable=recounted.unreadable,
            )
    for growth in update.logs.values():
        grown = entries.get(growth.session_id)
        if grown is not None:
            entries[growth.session_id] = dataclasses.replace(
                grown,
                exchange_count=growth.exchange_count,
                damaged_lines=growth.damaged_lines,
                unreadable=growth.unreadable,
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
        current_entry = next((entry for entry in sessions if entry.session_id == current_id), None)
        current_count = current_entry.exchange_count if current_entry is not None else None
        if current_growth is not None and current_growth.unreadable:
            current_count = None
    return dataclasses.replace(
        overview,
        # A folder that was no desk becomes one when a session log or state.json (in sessions/)
        # appears.
        looks_like_desk=overview.looks_like_desk or state.exists or bool(sessions),
        state=state,
        sessions=sessions,
        current_log_count=current_count,
    )


def age_text(seconds: float | None) -> str:
    """Says how long ago a file was written, such as "written 14 s ago" (None: no file)."""
    if seconds is None:
        return 'not written yet'
    whole = int(seconds)
    if whole < 1:
        return 'written just now'
    if whole < 60:
        return f'written {whole} s ago'
    if whole < 3600:
        return f'written {whole // 60} min ago'
    if whole < 48 * 3600:
        return f'written {whole // 3600} h ago'
    return f'written {whole // 86400:,} days ago'
