"""Checks a whole desk folder and reports everything its readers had to skip.

Files are read through the desk's own readers, so it lists exactly what they skip, and the
state's problems. Nothing is written.
"""

from __future__ import annotations

import dataclasses
import os
import stat
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from desk_browser.memory import desk_files
from desk_browser.memory.desk_files import Problem
from desk_browser.memory.file_memo import FileMemo
from desk_browser.memory.file_reading import (
    NOT_REGULAR_REASON,
    ReadSettings,
    current_settings,
    is_permission_reason,
    os_error_reason,
)
from desk_browser.memory.file_status import file_signature
from desk_browser.memory.session_ids import LOG_SUFFIX
from desk_browser.memory.session_store import (
    STATE_FILE_NAME,
    SUMMARIES_FOLDER_NAME,
    SessionStore,
    StateReading,
    exchange_from_line,
    log_path,
    read_state_file_within,
)

JOURNAL_KIND = 'journal'
SESSION_LOG_KIND = 'session log'
SUMMARY_KIND = 'summary'
NOTE_KIND = 'note'
STATE_KIND = 'state'
FILE_KINDS = (JOURNAL_KIND, SESSION_LOG_KIND, SUMMARY_KIND, NOTE_KIND, STATE_KIND)
"""The kinds of file a desk holds, in the order the report lists them."""

_JOURNAL_SUFFIX = '.jsonl'
_MARKDOWN_SUFFIX = '.md'
_MEMO_PURPOSE = 'check'
"""The memo's name for this module's readings (a file's problems, and a log's exchange count)."""


@dataclasses.dataclass(frozen=True)
class KindSummary:
    """How one kind of file fared.

    Attributes:
        kind: One of FILE_KINDS, such as "journal".
        files: How many files of that kind were read.
        problems: How many problems were found in them (or, for the state, about it).
    """

    kind: str
    files: int
    problems: int


@dataclasses.dataclass(frozen=True)
class DeskReport:
    """What checking a desk found.

    Attributes:
        desk_directory: The desk folder checked.
        problems: Every problem, sorted by relative path and line, whole-file problems first.
        kinds: Files read and problems found per kind, in FILE_KINDS order.
        files_checked: How many files were read, of every kind.
        problem_kinds: The kind of file each problem belongs to.
        pending: The journals and logs being written (an unfinished last line, neither read nor
            counted), sorted like the problems.
    """

    desk_directory: Path
    problems: list[Problem]
    kinds: list[KindSummary]
    files_checked: int
    problem_kinds: dict[Problem, str]
    pending: list[Path] = dataclasses.field(default_factory=list)

    @property
    def healthy(self) -> bool:
        """Whether nothing was found wrong."""
        return not self.problems

    def relative_path(self, problem: Problem) -> str:
        """A problem's file relative to the desk ("journal/2026-10-20.jsonl"), or as given."""
        return _relative(problem.path, self.desk_directory)

    def relative_pending(self) -> list[str]:
        """The paths of the files being written, relative to the desk, in `pending`'s order."""
        return [_relative(path, self.desk_directory) for path in self.pending]

    def kind_of(self, problem: Problem) -> str:
        """The kind of file (one of FILE_KINDS) a problem belongs to; KeyError if not a report's."""
        return self.problem_kinds[problem]


def _relative(path: Path, desk_directory: Path) -> str:
    """A path relative to the desk folder, with forward slashes; as given when outside."""
    try:
        return path.relative_to(desk_directory).as_posix()
    except ValueError:
        return path.as_posix()


def _is_dated_name(name: str, suffix: str) -> bool:
    """Whether a file name is a date followed by a suffix, such as "2026-10-20.jsonl"."""
    return (
        name.endswith(suffix)
        and len(name) == 10 + len(suffix)
        and desk_files.date_of_name(name) is not None
    )


def _folder_problems(
    folder: Path,
    suffix: str,
    *,
    dated: bool,
    read_elsewhere: frozenset[str] = frozenset(),
) -> list[Problem]:
    """Names, in name order, what the readers' listings of a folder pass over in silence."""
    try:
        with os.scandir(folder) as entries:
            names = sorted(entry.name for entry in entries)
    except FileNotFoundError:
        return []
    except NotADirectoryError:
        return [Problem(folder, None, 'not a folder')]
    except OSError as error:
        return [Problem(folder, None, os_error_reason(error))]
    except ValueError as error:  # A name the system refuses.
        return [Problem(folder, None, f'unreadable: {error.__class__.__name__}')]
    problems = []
    for name in names:
        entry_path = folder / name
        if name not in read_elsewhere and _is_special_file(entry_path):
            problems.append(Problem(entry_path, None, NOT_REGULAR_REASON))
            continue
        if dated and not _is_dated_name(name, suffix):
            continue
        if not name.endswith(suffix):
            continue
        reason = _not_a_file_reason(entry_path)
        if reason is not None:
            problems.append(Problem(entry_path, None, reason))
    return problems


def _not_a_file_reason(path: Path) -> str | None:
    """Why an entry the readers would read is not a file they can read; None for a regular file."""
    try:
        if stat.S_ISREG(os.stat(path).st_mode):
            return None
    except FileNotFoundError:
        try:
            return 'a link to a file that does not exist' if path.is_symlink() else None
        except OSError as error:
            return os_error_reason(error)
    except OSError as error:  # A loop of links, permission denied on the way, ...
        return os_error_reason(error)
    return 'not a file'


def _is_special_file(path: Path) -> bool:
    """Whether a path (links followed) is a FIFO, a socket or a device."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return False
    return not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))


@dataclasses.dataclass
class _FileReader:
    """How the check reads each file: through the memo, after the caller's pause if any."""

    memo: FileMemo
    """Recalls what an unchanged file held."""

    settings: ReadSettings
    """The limits of each kind of file, and whether links out of the desk are followed."""

    before_each_file: Callable[[], None] | None = None
    """Called before each file is read (the app steps aside for a search there)."""

    before_each_read: Callable[[], None] | None = None
    """Called before each file the memo cannot recall is read (the app takes turns there)."""

    pending: list[Path] = dataclasses.field(default_factory=list)
    """The files found being written (see DeskReport.pending)."""

    def read(
        self,
        path: Path,
        reading: Callable[[list[Problem]], object],
        problems: list[Problem],
    ) -> object:
        """Reads one file through the memo, adding its problems; gives what the reading gave."""
        if self.before_each_file is not None:
            self.before_each_file()
        if self.before_each_read is not None:
            reading = _after(self.before_each_read, reading)
        found, value = self.memo.read(path, self._purpose, reading)
        problems.extend(found)
        return value

    @property
    def _purpose(self) -> str:
        """The memo's name for this check's readings: links out of the desk change them."""
        return _MEMO_PURPOSE + (' following links' if self.settings.follow_symlinks else '')

    def json_lines(self, path: Path, found: list[Problem]) -> list[tuple[int, dict[str, Any]]]:
        """Reads a journal or log's objects, leaving a racy unfinished last line pending."""
        reading = desk_files.read_json_objects_from(path, 0, found, settings=self.settings)
        if not reading.pending_bytes:
            return reading.objects
        before = file_signature(path)
        if before is None or before.is_racy(time.time_ns()):
            self.pending.append(path)
            return reading.objects
        last: list[Problem] = []
        rest = desk_files.read_json_objects_from(
            path,
            reading.end_offset,
            last,
            first_line_number=reading.next_line_number,
            complete_lines_only=False,
            settings=self.settings,
        )
        if file_signature(path) != before:  # Written to meanwhile after all.
            self.pending.append(path)
            return reading.objects
        found.extend(last)
        return reading.objects + rest.objects


def _after(
    pause: Callable[[], None], reading: Callable[[list[Problem]], object]
) -> Callable[[list[Problem]], object]:
    """A reading that calls a pause first (see check_desk's before_each_read)."""

    def paced(found: list[Problem]) -> object:
        pause()
        return reading(found)

    return paced


def _read_journal_problems(reader: _FileReader, path: Path) -> Callable[[list[Problem]], object]:
    def reading(found: list[Problem]) -> object:
        day_problems: list[Problem] = []
        objects = reader.json_lines(path, day_problems)
        desk_files.group_journal_objects(path, objects, [], [], day_problems)
        found.extend(desk_files.sort_problems(day_problems))
        return None

    return reading


def _read_text_problems(reader: _FileReader, path: Path) -> Callable[[list[Problem]], object]:
    def reading(found: list[Problem]) -> object:
        desk_files.read_text_within(path, found, reader.settings)
        return None

    return reading


def _count_log(reader: _FileReader, path: Path) -> Callable[[list[Problem]], object]:
    def reading(found: list[Problem]) -> object:
        log_problems: list[Problem] = []
        count = 0
        for line_number, data in reader.json_lines(path, log_problems):
            if exchange_from_line(path, line_number, data, log_problems) is not None:
                count += 1
        found.extend(desk_files.sort_problems(log_problems))
        unreadable = any(problem.line_number is None for problem in log_problems)
        return None if unreadable else count

    return reading


def _check_session_logs(
    sessions_directory: Path,
    problems: list[Problem],
    reader: _FileReader,
) -> dict[str, int | None]:
    """Reads every session log: each session's count of readable exchanges (None: unreadable)."""
    problems.extend(
        _folder_problems(
            sessions_directory,
            LOG_SUFFIX,
            dated=False,
            read_elsewhere=frozenset({STATE_FILE_NAME}),
        )
    )
    counts: dict[str, int | None] = {}
    for session_id in SessionStore(sessions_directory).session_ids():
        path = log_path(sessions_directory, session_id)
        count = reader.read(path, _count_log(reader, path), problems)
        counts[session_id] = count if type(count) is int else None
    return counts


def _check_files(
    folder: Path,
    suffix: str,
    files: list[tuple[str, Path]],
    reading: Callable[[_FileReader, Path], Callable[[list[Problem]], object]],
    problems: list[Problem],
    reader: _FileReader,
    *,
    dated: bool,
) -> int:
    """Reads every file of one kind (journal days, summaries or notes) into `problems`.

    The folder's other entries are problems too. Returns how many files were read.
    """
    problems.extend(_folder_problems(folder, suffix, dated=dated))
    for _day, path in files:
        reader.read(path, reading(reader, path), problems)
    return len(files)


def _routes_ahead(reading: StateReading, log_counts: dict[str, int | None]) -> dict[str, int]:
    """Each route that has seen more exchanges than the current log holds, and by how many."""
    state = reading.state
    if state is None or log_counts.get(state.session_id) is None:
        return {}
    log_count = log_counts[state.session_id] or 0
    return {
        name: route.exchanges_seen - log_count
        for name, route in state.routes.items()
        if route.exchanges_seen > log_count
    }


def _check_state(
    sessions_directory: Path,
    reading: StateReading,
    log_counts: dict[str, int | None],
    problems: list[Problem],
    reader: _FileReader,
) -> int:
    """Compares state.json, read before the logs, with the current session's log.

    `log_counts` holds each session's exchanges (None: unreadable). Returns 1 when state.json
    exists, else 0.
    """
    path = sessions_directory / STATE_FILE_NAME
    if not reading.exists:
        return 0
    if reading.problem is not None:
        reason = reading.problem.reason
        if not is_permission_reason(reason):  # Else only this user cannot read it: not damage.
            reason = f'damaged state ({reason}): the desk will start a new session'
        problems.append(Problem(path, None, reason))
        return 1
    state = reading.state
    if state is None:
        return 1
    if state.session_id not in log_counts:
        problems.append(Problem(path, None, f'the current session {state.session_id} has no log'))
        return 1
    ahead = _routes_ahead(reading, log_counts)
    if ahead:  # Confirm: the state again, then the log.
        again = read_state_file_within(path, reader.settings)
        if again.state is not None and again.state.session_id == state.session_id:
            log = log_path(sessions_directory, state.session_id)
            count = _count_log(reader, log)([])
            confirmed = _routes_ahead(
                again, {state.session_id: count if type(count) is int else None}
            )
            ahead = {
                name: min(number, confirmed[name])
                for name, number in ahead.items()
                if name in confirmed
            }
    for name, number in ahead.items():
        problems.append(
            Problem(path, None, f'route {name}: {number} ahead of the log (the log lost lines)')
        )
    return 1


def check_desk(
    desk_directory: Path,
    memo: FileMemo | None = None,
    before_each_file: Callable[[], None] | None = None,
    settings: ReadSettings | None = None,
    before_each_read: Callable[[], None] | None = None,
) -> DeskReport:
    """Reads a whole desk through its readers and reports every problem found.

    Args:
        desk_directory: The desk folder; a missing or unreadable one reads as empty.
        memo: Recalls what unchanged files held (None: read all); the report is the same.
        before_each_file: Called before each file is read (the app lets a search go first).
        settings: The size limits and whether links out of the desk are followed (None: in force).
        before_each_read: Called before each file the memo cannot recall (may raise to stop).
    """
    reader = _FileReader(
        memo if memo is not None else FileMemo(desk_directory),
        settings or current_settings(),
        before_each_file,
        before_each_read=before_each_read,
    )
    sessions_directory = desk_directory / desk_files.SESSIONS_FOLDER_NAME
    state = read_state_file_within(sessions_directory / STATE_FILE_NAME, reader.settings)
    found: dict[str, list[Problem]] = {kind: [] for kind in FILE_KINDS}
    files: dict[str, int] = {}
    files[JOURNAL_KIND] = _check_files(
        desk_directory / desk_files.JOURNAL_FOLDER_NAME,
        _JOURNAL_SUFFIX,
        desk_files.journal_files(desk_directory),
        _read_journal_problems,
        found[JOURNAL_KIND],
        reader,
        dated=True,
    )
    log_counts = _check_session_logs(sessions_directory, found[SESSION_LOG_KIND], reader)
    files[SESSION_LOG_KIND] = len(log_counts)
    for kind, folder, listed, dated in (
        (SUMMARY_KIND, sessions_directory / SUMMARIES_FOLDER_NAME, desk_files.summary_files, True),
        (NOTE_KIND, desk_directory / desk_files.NOTES_FOLDER_NAME, desk_files.note_files, False),
    ):
        files[kind] = _check_files(
            folder,
            _MARKDOWN_SUFFIX,
            listed(desk_directory),
            _read_text_problems,
            found[kind],
            reader,
            dated=dated,
        )
    files[STATE_KIND] = _check_state(
        sessions_directory, state, log_counts, found[STATE_KIND], reader
    )
    kinds = [KindSummary(kind, files[kind], len(found[kind])) for kind in FILE_KINDS]
    problems = [problem for kind in FILE_KINDS for problem in found[kind]]
    problems.sort(
        key=lambda problem: (_relative(problem.path, desk_directory), problem.line_number or 0)
    )
    return DeskReport(
        desk_directory=desk_directory,
        problems=problems,
        kinds=kinds,
        files_checked=sum(files.values()),
        problem_kinds={problem: kind for kind in FILE_KINDS for problem in found[kind]},
        pending=sorted(reader.pending, key=lambda path: _relative(path, desk_directory)),
    )
