"""Keeps a desk's sessions on disk, so a restart does not make the desk forget the day.

A session is one stretch of conversation, normally one India trading day. The store keeps three
things in the desk's sessions folder:

    sessions/
      state.json              which session is current, and what each backend needs to resume it
      2026-10-19-1.jsonl      every finished exchange of that session, one JSON line each
      summaries/
        2026-10-19.md         the summary written when that day's session ended

Typical usage example:

    store = SessionStore(Path('workspace/desks/main/sessions'))
    state = store.load_state()
    store.append_exchange(state.session_id, exchange)

Where this module does better than the desk's documented code (same API):

- A log line whose bytes are not UTF-8 is one damaged line, skipped; the documented code decoded
  the whole file at once, so one bad byte made every exchange of the session unreadable.
- Log lines are split on newline bytes only; str.splitlines also splits at U+2028, U+0085 and
  other characters that JSON strings may hold raw, which turned one good line into two bad ones.
- A log line that is a JSON object whose fields are not all strings is damaged and skipped, and
  Exchange.from_json_dictionary raises TypeError for it, instead of handing out an Exchange
  whose answer is, say, a number.
- A state whose fields have the wrong types (routes not an object, a route not an object,
  exchanges_seen not a whole number of at least 0, runner_state neither an object nor null,
  session_id not a string that can name a file in the folder) is damaged and treated as
  missing, instead of being handed out and failing later, or naming a log outside the folder.
- append_exchange after a line cut short by a crash starts on a new line, so the new exchange is
  not glued to the damaged line and lost with it. Text that cannot be encoded as UTF-8 (lone
  surrogates) is written with JSON escapes instead of raising.
- save_state writes to a unique temporary file beside the state (so two writers never share
  one), flushes it to disk before the rename, and removes it when anything fails, so no
  temporary file is ever left behind. write_summary is atomic in the same way.
- new_session_id claims the log with an exclusive create, so two processes never get the same
  session, and numbers after the highest existing session of the day, so a new session always
  sorts newest even when an older log was deleted.
- session_ids sorts by date, then by number as a number (2026-10-19-10 is newer than
  2026-10-19-9), as the desk folder's description says; the documented code's key was not shown.
  Names that are not <date>-<number> count as older than every dated session.
- summaries and latest_summary read the files with desk_files: undecodable bytes are replaced
  instead of raising, an unreadable file is skipped (and logged) instead of raising, and only
  names that are exactly YYYY-MM-DD.md count (Python 3.11's date.fromisoformat also accepts
  names such as 20261019).
- A UTF-8 byte order mark at the start of a state file, log or summary (as some editors write)
  is ignored instead of making the first line, or the whole state, unreadable.
- A state file that is not a regular file, is not UTF-8, is nested too deeply for json ("nested
  too deep"), is bigger than the state limit (16 MB) or is a link out of the desk is damaged and
  logged like any other damage (the documented code let RecursionError escape, and waited
  forever on a FIFO).
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime
import json
import logging
import os
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, Self

from desk_browser.memory import desk_files
from desk_browser.memory.desk_files import Problem
from desk_browser.memory.file_reading import NOT_REGULAR_REASON, ReadSettings, current_settings
from desk_browser.memory.json_lines import NESTED_TOO_DEEP_REASON

_LOGGER = logging.getLogger(__name__)

_INDIA = desk_files.INDIA

STATE_FILE_NAME = 'state.json'
SUMMARIES_FOLDER_NAME = desk_files.SUMMARIES_FOLDER_NAME

_LOG_SUFFIX = '.jsonl'
_EXCHANGE_FIELDS = ('trigger_text', 'answer', 'backend_name', 'finished_at')
_NEW_FILE_MODE = 0o644


@dataclasses.dataclass
class Exchange:
    """One finished turn: what the desk was told and what it answered.

    Attributes:
        trigger_text (str): The trigger's text.
        answer (str): The final answer.
        backend_name (str): The backend that answered.
        finished_at (str): When the turn finished, as an ISO 8601 string in UTC.
    """

    trigger_text: str
    answer: str
    backend_name: str
    finished_at: str

    def to_json_dictionary(self) -> dict[str, Any]:
        """Converts the exchange to a dictionary that json.dumps can write.

        Returns:
            dict[str, Any]: The exchange's fields.
        """
        return dataclasses.asdict(self)

    @classmethod
    def from_json_dictionary(cls, data: dict[str, Any]) -> Self:
        """Reads an exchange written by to_json_dictionary.

        Args:
            data (dict[str, Any]): The dictionary.

        Returns:
            Self: Exchange: The exchange.

        Raises:
            KeyError: A field is missing.
            TypeError: A field is not a string.
        """
        for field in _EXCHANGE_FIELDS:
            if not isinstance(data[field], str):
                raise TypeError(f'wrong type for field "{field}"')
        return cls(
            trigger_text=data['trigger_text'],
            answer=data['answer'],
            backend_name=data['backend_name'],
            finished_at=data['finished_at'],
        )


@dataclasses.dataclass
class RouteState:
    """What one backend needs to pick up the current session after a restart.

    Attributes:
        exchanges_seen (int): How many of the session's exchanges the backend already knows
            about.
        runner_state (dict[str, Any] | None): What the backend's turn runner saved, such as
            Claude's session id, or None when it keeps nothing.
    """

    exchanges_seen: int
    runner_state: dict[str, Any] | None


@dataclasses.dataclass
class SessionState:
    """Which session is current.

    Attributes:
        session_id (str): The session's identifier, such as "2026-10-19-1".
        trading_date (datetime.date): The India date the session belongs to.
        routes (dict[str, RouteState]): Each backend's state, keyed by the backend's name.
    """

    session_id: str
    trading_date: datetime.date
    routes: dict[str, RouteState]

    def to_json_dictionary(self) -> dict[str, Any]:
        """Converts the state to a dictionary that json.dumps can write.

        Returns:
            dict[str, Any]: The state, with the date as an ISO 8601 string.
        """
        routes = {}
        for name, route in self.routes.items():
            routes[name] = {
                'exchanges_seen': route.exchanges_seen,
                'runner_state': route.runner_state,
            }
        return {
            'session_id': self.session_id,
            'trading_date': self.trading_date.isoformat(),
            'routes': routes,
        }

    @classmethod
    def from_json_dictionary(cls, data: dict[str, Any]) -> Self:
        """Reads a state written by to_json_dictionary.

        A missing routes field reads as no routes, and a missing exchanges_seen as 0.

        Args:
            data (dict[str, Any]): The dictionary.

        Returns:
            Self: SessionState: The state.

        Raises:
            KeyError: A field is missing.
            ValueError: The date is not an ISO 8601 date, exchanges_seen is not a whole number
                of at least 0, or the session id cannot name a file.
            TypeError: A field has the wrong type.
        """
        session_id = data['session_id']
        if not isinstance(session_id, str):
            raise TypeError('wrong type for field "session_id"')
        if not session_id or any(character in session_id for character in '/\\\0'):
            raise ValueError('not a file name in field "session_id"')
        trading_date_text = data['trading_date']
        if not isinstance(trading_date_text, str):
            raise TypeError('wrong type for field "trading_date"')
        try:
            trading_date = datetime.date.fromisoformat(trading_date_text)
        except ValueError:
            raise ValueError('not a date in field "trading_date"') from None
        routes_data = data.get('routes', {})
        if not isinstance(routes_data, dict):
            raise TypeError('wrong type for field "routes"')
        routes = {}
        for name, route in routes_data.items():
            if not isinstance(route, dict):
                raise TypeError(f'wrong type for route "{name}"')
            runner_state = route.get('runner_state')
            if runner_state is not None and not isinstance(runner_state, dict):
                raise TypeError(f'wrong type for field "runner_state" of route "{name}"')
            routes[name] = RouteState(
                exchanges_seen=_exchanges_seen(name, route.get('exchanges_seen', 0)),
                runner_state=runner_state,
            )
        return cls(session_id=session_id, trading_date=trading_date, routes=routes)


def _exchanges_seen(route_name: str, value: Any) -> int:
    """Reads a route's exchanges_seen.

    Args:
        route_name (str): The route, for the error message.
        value (Any): The stored value: a whole number, possibly written as a float or a string.

    Returns:
        int: The number.

    Raises:
        TypeError: The value is not a number or a string (true and false are not numbers).
        ValueError: The value is not a whole number of at least 0.
    """
    where = f'field "exchanges_seen" of route "{route_name}"'
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise TypeError(f'wrong type for {where}')
    try:
        if isinstance(value, float) and not value.is_integer():
            raise ValueError
        number = int(value)
    except (ValueError, OverflowError):
        raise ValueError(f'not a whole number in {where}') from None
    if number < 0:
        raise ValueError(f'negative {where}')
    return number


@dataclasses.dataclass
class DailySummary:
    """The summary written when one day's session ended.

    Attributes:
        trading_date (datetime.date): The day it summarises.
        text (str): The summary.
    """

    trading_date: datetime.date
    text: str


@dataclasses.dataclass(frozen=True)
class StateReading:
    """What reading a state file found, telling "no state yet" from "damaged".

    Attributes:
        state (SessionState | None): The state, or None when the file is missing or damaged.
        exists (bool): Whether the file exists.
        problem (Problem | None): Why the file could not be used, or None.
        modified_at (float | None): The file's modification time (seconds since the epoch), or
            None when it does not exist.
    """

    state: SessionState | None
    exists: bool
    problem: Problem | None
    modified_at: float | None


def log_path(directory: Path, session_id: str) -> Path:
    """The log file of a session.

    Args:
        directory (Path): The sessions folder.
        session_id (str): The session.

    Returns:
        Path: The file, <directory>/<session_id>.jsonl.
    """
    return directory / f'{session_id}{_LOG_SUFFIX}'


def _parse_session_id(session_id: str) -> tuple[str, int] | None:
    """Splits a session id into its date and number.

    Args:
        session_id (str): The id, such as "2026-10-19-2".

    Returns:
        tuple[str, int] | None: The date as YYYY-MM-DD and the number, or None when the id is
            not <YYYY-MM-DD>-<number>.
    """
    day = desk_files.date_of_name(session_id)
    if day is None or len(session_id) < 12 or session_id[10] != '-':
        return None
    number_text = session_id[11:]
    if not (number_text.isascii() and number_text.isdigit()):
        return None
    return day, int(number_text)


def session_sort_key(session_id: str) -> tuple[int, str, int, str]:
    """The key that sorts session ids oldest first.

    Ids sort by date, then by their number as a number: 2026-10-19-10 is newer than
    2026-10-19-9. An id that is not <YYYY-MM-DD>-<number> counts as older than every dated id;
    such ids sort among themselves by name. Equal dates and numbers (such as "-01" and "-1") also
    fall back to the name, so the order never depends on the file system.

    Args:
        session_id (str): The id.

    Returns:
        tuple[int, str, int, str]: The key; sort with reverse=True for newest first.
    """
    parsed = _parse_session_id(session_id)
    if parsed is None:
        return (0, '', 0, session_id)
    day, number = parsed
    return (1, day, number, session_id)


def exchange_from_line(
    path: Path,
    line_number: int,
    data: dict[str, Any],
    problems: list[Problem] | None = None,
) -> Exchange | None:
    """Turns one log line's object into an exchange, as read_exchange_log does.

    Used to read only the lines a log gained (see desk_watch.JsonLinesFollower): a line missing
    a field or with a field that is not a string is reported with the same reason a whole read
    gives.

    Args:
        path (Path): The log file, for reporting.
        line_number (int): The line's number, from 1.
        data (dict[str, Any]): The line's JSON object.
        problems (list[Problem] | None): Where to report a damaged line; None reports nothing.

    Returns:
        Exchange | None: The exchange, or None when the line is damaged.
    """
    try:
        return Exchange.from_json_dictionary(data)
    except KeyError as error:
        problem = Problem(path, line_number, f'missing field "{error.args[0]}"')
    except TypeError as error:
        problem = Problem(path, line_number, str(error))
    if problems is not None:
        problems.append(problem)
    return None


def read_exchange_log(path: Path, problems: list[Problem] | None = None) -> list[Exchange]:
    """Reads a session's log, skipping every damaged line.

    A line is damaged when it is not UTF-8, not a JSON object, lacks one of the four fields, or
    has a field that is not a string. Blank lines are skipped silently.

    Args:
        path (Path): The log file.
        problems (list[Problem] | None): Where to report damaged lines (in line order) and an
            unreadable file; None reports nothing.

    Returns:
        list[Exchange]: The exchanges, oldest first.
    """
    exchanges = []
    found: list[Problem] = []
    for line_number, data in desk_files.read_json_objects(path, found):
        exchange = exchange_from_line(path, line_number, data, found)
        if exchange is not None:
            exchanges.append(exchange)
    if problems is not None:
        problems.extend(desk_files.sort_problems(found))
    return exchanges


def _state_from_bytes(content: bytes) -> tuple[SessionState | None, str | None]:
    """Reads a state from a state file's bytes.

    Args:
        content (bytes): The file's bytes.

    Returns:
        tuple[SessionState | None, str | None]: The state, or None and why it is damaged.
    """
    text = ''
    try:
        text = content.removeprefix(desk_files.BYTE_ORDER_MARK).decode('utf-8')
        data = json.loads(text)
    except UnicodeDecodeError:
        return None, 'not UTF-8'
    except json.JSONDecodeError as error:
        return None, 'empty' if not text.strip() else desk_files.describe_json_error(text, error)
    except RecursionError:
        return None, NESTED_TOO_DEEP_REASON
    except ValueError:
        return None, 'not JSON'
    if not isinstance(data, dict):
        return None, 'not an object'
    try:
        return SessionState.from_json_dictionary(data), None
    except KeyError as error:
        return None, f'missing field "{error.args[0]}"'
    except (TypeError, ValueError) as error:
        return None, str(error)


def read_state_file(path: Path) -> StateReading:
    """Reads a state file, telling a missing file from a damaged one.

    Args:
        path (Path): The file, normally <sessions>/state.json.

    Returns:
        StateReading: The state, or why there is none.
    """
    return read_state_file_within(path, current_settings())


def read_state_file_within(path: Path, settings: ReadSettings) -> StateReading:
    """Reads a state file as read_state_file does, within the given settings.

    Args:
        path (Path): The file, normally <sessions>/state.json.
        settings (ReadSettings): The state's size limit, and whether a link out of the desk is
            followed.

    Returns:
        StateReading: The state, or why there is none.
    """
    try:
        file_status = path.stat()
    except (FileNotFoundError, NotADirectoryError, ValueError):
        try:
            dangling = path.is_symlink()
        except (OSError, ValueError):
            dangling = False
        if not dangling:
            return StateReading(state=None, exists=False, problem=None, modified_at=None)
        # A link whose target is gone: the desk sees no state, the person should see why.
        return StateReading(
            state=None,
            exists=True,
            problem=Problem(path, None, 'a link to a file that does not exist'),
            modified_at=None,
        )
    except OSError as error:  # Permission denied on the folder, a symlink loop, ...
        cause = error.strerror or error.__class__.__name__
        return StateReading(
            state=None,
            exists=True,
            problem=Problem(path, None, f'unreadable: {cause}'),
            modified_at=None,
        )
    modified_at = file_status.st_mtime
    if not stat.S_ISREG(file_status.st_mode):
        kind = 'not a file' if stat.S_ISDIR(file_status.st_mode) else NOT_REGULAR_REASON
        return StateReading(
            state=None,
            exists=True,
            problem=Problem(path, None, kind),
            modified_at=modified_at,
        )
    read_problems: list[Problem] = []
    content = desk_files.read_bytes(path, read_problems, settings.state_limit, settings)
    if content is None:
        return StateReading(
            state=None, exists=True, problem=read_problems[0], modified_at=modified_at
        )
    state, reason = _state_from_bytes(content)
    problem = None if reason is None else Problem(path, None, reason)
    return StateReading(state=state, exists=True, problem=problem, modified_at=modified_at)


def _write_atomically(path: Path, content: bytes) -> None:
    """Replaces a file's content so that a crash leaves either the old or the new file.

    The content goes to a new, uniquely named file beside the old one, is flushed to disk, and
    is renamed over the old one. When anything fails, the new file is removed.

    Args:
        path (Path): The file.
        content (bytes): Its new content.

    Raises:
        OSError: The file could not be written.
    """
    try:
        mode = stat.S_IMODE(path.stat().st_mode)
    except OSError:
        mode = _NEW_FILE_MODE
    descriptor, temporary_name = tempfile.mkstemp(
        prefix=f'.{path.name}.', suffix='.tmp', dir=path.parent
    )
    temporary_path = Path(temporary_name)
    try:
        with os.fdopen(descriptor, 'wb') as temporary_file:
            temporary_file.write(content)
            temporary_file.flush()
            os.fsync(temporary_file.fileno())
        os.chmod(temporary_path, mode)
        os.replace(temporary_path, path)
    except BaseException:
        with contextlib.suppress(OSError):
            temporary_path.unlink()
        raise
    _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    """Flushes a folder's entries to disk, where the system allows it, so a rename survives.

    Args:
        folder (Path): The folder.
    """
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


def _encode_line(data: dict[str, Any]) -> bytes:
    """Writes one JSON line, keeping non-ASCII text readable where it can.

    Args:
        data (dict[str, Any]): The object.

    Returns:
        bytes: The line, UTF-8, ending in a newline.
    """
    try:
        return (json.dumps(data, ensure_ascii=False) + '\n').encode('utf-8')
    except UnicodeEncodeError:  # Lone surrogates: JSON escapes keep them exactly.
        return (json.dumps(data) + '\n').encode('utf-8')


class SessionStore:
    """One desk's sessions folder.

    Attributes:
        directory (Path): The sessions folder.
    """

    def __init__(
        self,
        directory: Path,
        date_source: Callable[[], datetime.date] | None = None,
    ):
        """Describes the folder without touching the disk.

        Args:
            directory (Path): The desk's sessions folder.
            date_source (Callable[[], datetime.date] | None): Returns today's India date; None
                uses the clock. Tests replace it.
        """
        self.directory = directory
        self._date_source = date_source

    def _log_path(self, session_id: str) -> Path:
        """The log file of a session.

        Args:
            session_id (str): The session.

        Returns:
            Path: The file.
        """
        return log_path(self.directory, session_id)

    def today(self) -> datetime.date:
        """Today's date in India, which decides when a new session starts.

        Returns:
            datetime.date: The date.
        """
        if self._date_source is not None:
            return self._date_source()
        return datetime.datetime.now(_INDIA).date()

    def load_state(self) -> SessionState | None:
        """Reads which session is current.

        A damaged state file is logged and treated as missing, so the desk starts a new session
        rather than not starting.

        Returns:
            SessionState | None: The state, or None when there is none yet.
        """
        reading = read_state_file(self.directory / STATE_FILE_NAME)
        if reading.problem is not None:
            _LOGGER.error(
                'Could not read the session state %s: %s',
                reading.problem.path,
                reading.problem.reason,
            )
        return reading.state

    def save_state(self, state: SessionState) -> None:
        """Writes which session is current.

        The file is written beside the old one and then renamed over it, so a crash mid-write
        leaves the old state intact; no temporary file is left behind, even when the write
        fails.

        Args:
            state (SessionState): The state.

        Raises:
            OSError: The state could not be written; the old state is unchanged.
        """
        content = json.dumps(state.to_json_dictionary(), indent=2).encode('utf-8')
        self.directory.mkdir(parents=True, exist_ok=True)
        _write_atomically(self.directory / STATE_FILE_NAME, content)

    def new_session_id(self, trading_date: datetime.date) -> str:
        """Picks the next free session identifier for a day and creates its empty log.

        The number follows the highest of the day's existing sessions, and the log is created
        exclusively, so two processes never get the same session.

        Args:
            trading_date (datetime.date): The session's India date.

        Returns:
            str: An identifier such as "2026-10-19-2".
        """
        self.directory.mkdir(parents=True, exist_ok=True)
        day = trading_date.isoformat()
        number = 1
        for session_id in self.session_ids():
            parsed = _parse_session_id(session_id)
            if parsed is not None and parsed[0] == day:
                number = max(number, parsed[1] + 1)
        while True:
            session_id = f'{day}-{number}'
            try:
                descriptor = os.open(
                    self._log_path(session_id),
                    os.O_WRONLY | os.O_CREAT | os.O_EXCL,
                    _NEW_FILE_MODE,
                )
            except FileExistsError:
                number += 1
                continue
            os.close(descriptor)
            return session_id

    def append_exchange(self, session_id: str, exchange: Exchange) -> None:
        """Adds one finished exchange to the end of a session's log.

        When the log's last line was cut short (by a crash mid-write), the exchange starts on a
        new line, so it is not lost with the damaged one.

        Args:
            session_id (str): The session.
            exchange (Exchange): The exchange.
        """
        self.directory.mkdir(parents=True, exist_ok=True)
        line = _encode_line(exchange.to_json_dictionary())
        with self._log_path(session_id).open('a+b') as log:
            log.seek(0, os.SEEK_END)
            if log.tell() > 0:
                log.seek(-1, os.SEEK_END)
                if log.read(1) != b'\n':
                    line = b'\n' + line
            log.write(line)

    def exchanges(self, session_id: str) -> list[Exchange]:
        """Reads a session's exchanges, oldest first.

        A damaged line, such as one cut short by a crash, is skipped and logged.

        Args:
            session_id (str): The session.

        Returns:
            list[Exchange]: The exchanges, or an empty list for an unknown session.
        """
        path = self._log_path(session_id)
        if not path.is_file():
            return []
        problems: list[Problem] = []
        exchanges = read_exchange_log(path, problems)
        for problem in problems:
            _LOGGER.warning(
                'Skipped a damaged line in %s (line %s: %s)',
                problem.path,
                problem.line_number,
                problem.reason,
            )
        return exchanges

    def session_ids(self) -> list[str]:
        """Every session that has a log, newest first.

        Sessions sort by date, then by number as a number; see session_sort_key.

        Returns:
            list[str]: The session identifiers.
        """
        ids = [
            name[: -len(_LOG_SUFFIX)]
            for name in desk_files.file_names_in(self.directory)
            if name.endswith(_LOG_SUFFIX)
        ]
        ids.sort(key=session_sort_key, reverse=True)
        return ids

    def _read_summary(self, day: str, path: Path) -> DailySummary | None:
        """Reads one summary file.

        Args:
            day (str): The day it summarises, as YYYY-MM-DD.
            path (Path): The file.

        Returns:
            DailySummary | None: The summary, or None when the file cannot be read.
        """
        problems: list[Problem] = []
        text = desk_files.read_text(path, problems)
        for problem in problems:
            _LOGGER.warning('Problem in the summary %s: %s', problem.path, problem.reason)
        if text is None:
            return None
        return DailySummary(trading_date=datetime.date.fromisoformat(day), text=text.strip())

    def _summary_files(self) -> list[tuple[str, Path]]:
        """Lists the summary files, newest first.

        Returns:
            list[tuple[str, Path]]: Each file's day and path.
        """
        return desk_files.dated_files(self.directory / SUMMARIES_FOLDER_NAME, '.md')

    def summaries(self) -> list[DailySummary]:
        """Every daily summary, newest first.

        Returns:
            list[DailySummary]: The summaries; an unreadable file is left out.
        """
        summaries = []
        for day, path in self._summary_files():
            summary = self._read_summary(day, path)
            if summary is not None:
                summaries.append(summary)
        return summaries

    def write_summary(self, trading_date: datetime.date, text: str) -> Path:
        """Saves the summary of a day's session.

        Args:
            trading_date (datetime.date): The day it summarises.
            text (str): The summary.

        Returns:
            Path: The summary's file.
        """
        folder = self.directory / SUMMARIES_FOLDER_NAME
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f'{trading_date.isoformat()}.md'
        _write_atomically(path, (text.strip() + '\n').encode('utf-8'))
        return path

    def latest_summary(self) -> DailySummary | None:
        """Reads the most recent daily summary.

        Returns:
            DailySummary | None: The newest readable summary, or None when no day has been
                summarised yet.
        """
        for day, path in self._summary_files():
            summary = self._read_summary(day, path)
            if summary is not None:
                return summary
        return None
