"""What the screens show, read from the desk through `desk_browser.memory` (never directly).

Each function returns plain records, for thread workers; damage is carried as `Problem`s.
"""

from __future__ import annotations

import contextlib
import datetime
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from dataclasses import replace as dataclass_replace
from pathlib import Path

from desk_browser.memory.desk_files import (
    Problem,
    read_json_objects_from,
    read_text,
    sort_problems,
    summary_file,
)
from desk_browser.memory.file_memo import FileMemo
from desk_browser.memory.file_status import FolderListing
from desk_browser.memory.session_ids import session_ids_in
from desk_browser.memory.session_reading import count_exchanges, exchanges_from_lines
from desk_browser.memory.session_store import (
    STATE_FILE_NAME,
    Exchange,
    StateReading,
    log_path,
    read_state_file,
)
from desk_browser.presentation.formatting import parse_day, plural
from desk_browser.presentation.listed_sessions import ListedSessions

_COUNT_PURPOSE = 'count'
"""The file memo's name for the sessions list's reading of a log (its counts)."""

DESK_FOLDER_NAMES = ('sessions', 'journal', 'notes')
"""The folders a desk holds; a folder with none of them is not a desk (yet)."""


@dataclass(frozen=True)
class SessionEntry:
    """One session in the sessions list.

    Attributes:
        session_id (str): The session's identifier, such as ``"2026-10-21-2"``.
        day (datetime.date | None): The day the identifier starts with, or None.
        number (str): The session's number within its day, as written (``"2"``), or ``""``.
        exchange_count (int): How many exchanges its log holds.
        damaged_lines (int): How many lines of its log were skipped as damaged.
        is_current (bool): Whether state.json names it as the current session.
        counted (bool): Whether its log was read (else the counts are 0, unknown).
        unreadable (bool): Whether its log could not be read (the counts are then 0).
    """

    session_id: str
    day: datetime.date | None
    number: str
    exchange_count: int
    damaged_lines: int
    is_current: bool
    counted: bool = True
    unreadable: bool = False


UNREAD_LOG = 'log could not be read'
"""A session's counts, as shown, when its log could not be read at all."""


def count_text(entry: SessionEntry) -> str:
    """A session's exchanges as shown: "7 exchanges", or UNREAD_LOG when its log is unreadable."""
    return UNREAD_LOG if entry.unreadable else plural(entry.exchange_count, 'exchange')


def short_count_text(entry: SessionEntry) -> str:
    """count_text without its noun, for a narrow line: "7", or "unreadable"."""
    return 'unreadable' if entry.unreadable else f'{entry.exchange_count:,}'


@dataclass
class DeskOverview:
    """Everything the left column shows: the state and the sessions.

    Attributes:
        looks_like_desk (bool): Whether the folder holds any of sessions/, journal/ or notes/.
        state (StateReading): What reading state.json found.
        sessions (Sequence[SessionEntry]): Every session with a log, newest first.
        current_log_count (int | None): The current log's exchanges; None without one.
        problems (list[Problem]): Files that could not be read at all.
    """

    looks_like_desk: bool
    state: StateReading
    sessions: Sequence[SessionEntry]
    current_log_count: int | None
    problems: list[Problem] = field(default_factory=list)

    @property
    def current_session_id(self) -> str | None:
        """The current session's identifier, or None when there is no readable state."""
        return self.state.state.session_id if self.state.state is not None else None

    def day_of(self, session_id: str) -> str | None:
        """The ISO day a session belongs to, or None when its identifier starts with no date."""
        day = parse_day(session_id)
        return day.isoformat() if day is not None else None


@dataclass
class SessionLog:
    """One session's exchanges, as its log holds them.

    Attributes:
        session_id (str): The session.
        exchanges (list[Exchange]): Its readable exchanges, oldest first.
        problems (list[Problem]): Every damaged line or unreadable file met while reading it.
        pending_bytes (int): The bytes of a last line with no newline yet, left unread.
        complete (bool): False while only the log's first exchanges were read.
    """

    session_id: str
    exchanges: list[Exchange]
    problems: list[Problem]
    pending_bytes: int = 0
    complete: bool = True

    @property
    def damaged_lines(self) -> int:
        """How many lines were skipped because they were damaged."""
        return sum(1 for problem in self.problems if problem.line_number is not None)

    @property
    def unreadable(self) -> list[Problem]:
        """Problems that stopped the whole file from being read."""
        return [problem for problem in self.problems if problem.line_number is None]


@dataclass
class DaySummary:
    """The summary of one day.

    Attributes:
        day (str): The ISO day.
        text (str | None): The summary's Markdown, or None when the day has none.
        problems (list[Problem]): Problems met while reading it.
    """

    day: str
    text: str | None
    problems: list[Problem]


def sessions_directory(desk: Path) -> Path:
    """The desk's sessions folder (which may not exist)."""
    return desk / 'sessions'


def session_log_path(desk: Path, session_id: str) -> Path:
    """The log file of one of the desk's sessions, <desk>/sessions/<id>.jsonl (may not exist)."""
    return log_path(sessions_directory(desk), session_id)


def read_desk_state(desk: Path) -> StateReading:
    """Reads the desk's state.json, telling a missing file from a damaged one."""
    return read_state_file(sessions_directory(desk) / STATE_FILE_NAME)


def _split_session_id(session_id: str) -> tuple[datetime.date | None, str]:
    day = parse_day(session_id)
    if day is None or len(session_id) < 12 or session_id[10] != '-':
        return day, ''
    return day, session_id[11:]


def _listed_without_counts(session_id: str) -> SessionEntry:
    """The uncounted entry of a session listed from the folder's listing alone."""
    day, number = _split_session_id(session_id)
    return SessionEntry(session_id, day, number, 0, 0, False, counted=False)


FIRST_COUNTED = 16
"""How many of the newest sessions' logs the first screen reads: about the rows a sessions list
shows at once. A five-year desk has thousands of logs: the rest are counted after the first
paint."""

MEMO_WORTHWHILE_BYTES = 256 * 1024
"""The size from which the first screen recalls a log's count from the file memo rather than
reading the log (a 10,000-exchange log is 4 MB; most logs are under 50 KB)."""


def read_overview(
    desk: Path,
    *,
    counted: int | None = None,
    unfinished_is_damaged: bool = False,
    memo: FileMemo | None = None,
    listing: FolderListing | None = None,
    settled: bool = False,
) -> DeskOverview:
    """Reads the state and the sessions' logs (every one, or only the newest).

    Args:
        desk (Path): The desk folder.
        counted (int | None): How many of the newest logs to count (and the current); None: all.
        unfinished_is_damaged (bool): Whether a last line with no newline counts as cut short.
        memo (FileMemo | None): Recalls big unchanged logs' counts (only with
            unfinished_is_damaged False); None reads every log counted.
        listing (FolderListing | None): The sessions folder's listing; None: desk_files' own.
        settled (bool): Whether to pair the state and the current count (`_settle`).

    Returns:
        DeskOverview: The overview.
    """
    directory = sessions_directory(desk)
    looks_like_desk = any((desk / name).is_dir() for name in DESK_FOLDER_NAMES)
    state = read_desk_state(desk)
    current_id = state.state.session_id if state.state is not None else None
    session_ids = session_ids_in(directory, listing)
    # Only the logs read get their entries here: the others' are made when first looked at
    # (ListedSessions), not 2,500 of them before a five-year desk's first paint.
    if counted is None:
        read: list[int] = list(range(len(session_ids)))
    else:
        read = list(range(min(counted, len(session_ids))))
        if current_id is not None and current_id not in session_ids[:counted]:
            with contextlib.suppress(ValueError):  # Else the current session has no log.
                read.append(session_ids.index(current_id))
    entries: list[SessionEntry | None] = [None] * len(session_ids)
    problems: list[Problem] = []
    current_log_count: int | None = None
    for position in read:
        session_id = session_ids[position]
        is_current = session_id == current_id
        if memo is not None and not unfinished_is_damaged and _worth_recalling(desk, session_id):
            day, number = _split_session_id(session_id)
            listed = SessionEntry(session_id, day, number, 0, 0, is_current, counted=False)
            [entry], unreadable = count_sessions(desk, [listed], memo)
            problems.extend(unreadable)
            entries[position] = entry
            if is_current and not unreadable:
                current_log_count = entry.exchange_count
            continue
        exchanges, damaged, unreadable = _count_log(
            desk, session_id, unfinished_is_damaged=unfinished_is_damaged
        )
        problems.extend(unreadable)
        day, number = _split_session_id(session_id)
        entries[position] = SessionEntry(
            session_id, day, number, exchanges, damaged, is_current, unreadable=bool(unreadable)
        )
        if is_current and not unreadable:
            current_log_count = exchanges
    if settled and current_id is not None and current_log_count is not None:
        position = session_ids.index(current_id)
        counted_entry = entries[position]
        if counted_entry is not None:
            state, counted_entry = _settle(desk, state, counted_entry, unfinished_is_damaged)
            entries[position] = counted_entry
            current_log_count = counted_entry.exchange_count
    return DeskOverview(
        looks_like_desk=looks_like_desk,
        state=state,
        sessions=ListedSessions(session_ids, entries, _listed_without_counts),
        current_log_count=current_log_count,
        problems=problems,
    )


SETTLE_TRIES = 5
"""How many times `_settle` counts the current log before it takes the last count as it is."""


def _progress(reading: StateReading) -> tuple[str, dict[str, int]] | None:
    """A state's session and each route's exchanges seen; None without a readable state."""
    state = reading.state
    if state is None:
        return None
    return state.session_id, {name: route.exchanges_seen for name, route in state.routes.items()}


def _settle(
    desk: Path, state: StateReading, entry: SessionEntry, unfinished_is_damaged: bool
) -> tuple[StateReading, SessionEntry]:
    """Pairs the current log's count with a state that was in force while it was counted.

    The state is read again after the count, up to SETTLE_TRIES times, until it stays put.

    Args:
        desk (Path): The desk folder.
        state (StateReading): The state, read before the log was counted.
        entry (SessionEntry): The current session's entry, with that count.
        unfinished_is_damaged (bool): As read_overview's.

    Returns:
        tuple[StateReading, SessionEntry]: The state and the entry that go together.
    """
    for _try in range(SETTLE_TRIES):
        again = read_desk_state(desk)
        progress = _progress(again)
        if progress is None or progress == _progress(state):
            break  # Unchanged (or no longer readable: the pair read stands).
        if progress[0] != entry.session_id:
            break  # A new session began: its log is not the one counted.
        state = again
        exchanges, damaged, unreadable = _count_log(
            desk, entry.session_id, unfinished_is_damaged=unfinished_is_damaged
        )
        if unreadable:
            break
        entry = dataclass_replace(
            entry, exchange_count=exchanges, damaged_lines=damaged, unreadable=False
        )
    return state, entry


def _worth_recalling(desk: Path, session_id: str) -> bool:
    """Whether a log holds MEMO_WORTHWHILE_BYTES or more (recalling beats reading it)."""
    try:
        return session_log_path(desk, session_id).stat().st_size >= (MEMO_WORTHWHILE_BYTES)
    except (OSError, ValueError):
        return False


def count_sessions(
    desk: Path, entries: Iterable[SessionEntry], memo: FileMemo | None = None
) -> tuple[list[SessionEntry], list[Problem]]:
    """Reads the logs of sessions listed without counts, and counts their exchanges.

    Args:
        desk (Path): The desk folder.
        entries (Iterable[SessionEntry]): The sessions, as listed (their is_current is kept).
        memo (FileMemo | None): Recalls unchanged logs' counts; None reads every log.

    Returns:
        tuple[list[SessionEntry], list[Problem]]: The sessions, counted, and unreadable logs.
    """
    counted: list[SessionEntry] = []
    problems: list[Problem] = []
    for entry in entries:
        if memo is None:
            exchanges, damaged, unreadable = _count_log(desk, entry.session_id)
            problems.extend(unreadable)
            day, number = _split_session_id(entry.session_id)
            counted.append(
                SessionEntry(
                    entry.session_id,
                    day,
                    number,
                    exchanges,
                    damaged,
                    entry.is_current,
                    unreadable=bool(unreadable),
                )
            )
            continue
        found, value = memo.read(
            session_log_path(desk, entry.session_id),
            _COUNT_PURPOSE,
            _log_counter(desk, entry.session_id),
        )
        if not (
            isinstance(value, list)
            and len(value) == 2
            and all(type(number) is int and number >= 0 for number in value)
        ):  # Never from this module; a memo file edited by hand, say.
            exchanges, damaged, found = _count_log(desk, entry.session_id)
            value = [exchanges, damaged]
        problems.extend(found)
        day, number = _split_session_id(entry.session_id)
        unread = any(problem.line_number is None for problem in found)
        counted.append(
            SessionEntry(
                entry.session_id,
                day,
                number,
                value[0],
                value[1],
                entry.is_current,
                unreadable=unread,
            )
        )
    return counted, problems


def _log_counter(desk: Path, session_id: str) -> Callable[[list[Problem]], object]:
    """The memo's reading of a log: adds its unreadable problem, gives [exchanges, damaged]."""

    def reading(found: list[Problem]) -> object:
        exchanges, damaged, unreadable = _count_log(desk, session_id)
        found.extend(unreadable)
        return [exchanges, damaged]

    return reading


def _count_log(
    desk: Path, session_id: str, *, unfinished_is_damaged: bool = False
) -> tuple[int, int, list[Problem]]:
    """A log's exchange count, damaged lines and unreadable problems, as read_session_log's."""
    path = session_log_path(desk, session_id)
    problems: list[Problem] = []
    reading = read_json_objects_from(
        path, 0, problems, complete_lines_only=not unfinished_is_damaged
    )
    exchanges = count_exchanges(path, reading.objects, problems)
    damaged = sum(1 for problem in problems if problem.line_number is not None)
    unreadable = [problem for problem in sort_problems(problems) if problem.line_number is None]
    return exchanges, damaged, unreadable


def session_entry(log: SessionLog, *, is_current: bool) -> SessionEntry:
    """Describes a session's log, as read, for the sessions list."""
    day, number = _split_session_id(log.session_id)
    return SessionEntry(
        session_id=log.session_id,
        day=day,
        number=number,
        exchange_count=len(log.exchanges),
        damaged_lines=log.damaged_lines,
        is_current=is_current,
        unreadable=bool(log.unreadable),
    )


def read_session_log(
    desk: Path, session_id: str, *, unfinished_is_damaged: bool = False
) -> SessionLog:
    """Reads one session's exchanges, up to its last complete line.

    Args:
        desk (Path): The desk folder.
        session_id (str): The session.
        unfinished_is_damaged (bool): Whether to read a last line with no newline too.

    Returns:
        SessionLog: The exchanges and the problems met.
    """
    path = session_log_path(desk, session_id)
    problems: list[Problem] = []
    reading = read_json_objects_from(
        path, 0, problems, complete_lines_only=not unfinished_is_damaged
    )
    return SessionLog(
        session_id=session_id,
        exchanges=exchanges_from_lines(path, reading.objects, problems),
        problems=sort_problems(problems),
        pending_bytes=reading.pending_bytes,
    )


def read_day_summary(desk: Path, day: str) -> DaySummary:
    """Reads the summary of an ISO day, with text None when the day has none."""
    problems: list[Problem] = []
    path = summary_file(desk, day)
    if path is not None:
        return DaySummary(day=day, text=read_text(path, problems), problems=problems)
    return DaySummary(day=day, text=None, problems=problems)
