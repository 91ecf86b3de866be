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

The module holds SessionStore and re-exports the rest of its documented names, split by job:
the records (Exchange, RouteState, SessionState, DailySummary) in session_records, the readers
of a log and of the state in session_reading, session ids and their order in session_ids, and
the crash-safe writes in file_writing. Import them from here, as the desk does.

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

import datetime
import json
import logging
from collections.abc import Callable
from pathlib import Path

from desk_browser.memory import desk_files
from desk_browser.memory.desk_files import Problem
from desk_browser.memory.file_writing import (
    append_line,
    create_exclusively,
    encode_json_line,
    write_atomically,
)
from desk_browser.memory.session_ids import (
    first_free_number,
    log_path,
    session_ids_in,
    session_sort_key,
)
from desk_browser.memory.session_reading import (
    StateReading,
    exchange_from_line,
    read_exchange_log,
    read_state_file,
    read_state_file_within,
)
from desk_browser.memory.session_records import DailySummary, Exchange, RouteState, SessionState

__all__ = [
    'STATE_FILE_NAME',
    'SUMMARIES_FOLDER_NAME',
    'DailySummary',
    'Exchange',
    'RouteState',
    'SessionState',
    'SessionStore',
    'StateReading',
    'exchange_from_line',
    'log_path',
    'read_exchange_log',
    'read_state_file',
    'read_state_file_within',
    'session_sort_key',
]

_LOGGER = logging.getLogger(__name__)

_INDIA = desk_files.INDIA

STATE_FILE_NAME = 'state.json'
SUMMARIES_FOLDER_NAME = desk_files.SUMMARIES_FOLDER_NAME


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
        write_atomically(self.directory / STATE_FILE_NAME, content)

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
        number = first_free_number(self.session_ids(), trading_date)
        while not create_exclusively(self._log_path(f'{day}-{number}')):
            number += 1
        return f'{day}-{number}'

    def append_exchange(self, session_id: str, exchange: Exchange) -> None:
        """Adds one finished exchange to the end of a session's log.

        When the log's last line was cut short (by a crash mid-write), the exchange starts on a
        new line, so it is not lost with the damaged one.

        Args:
            session_id (str): The session.
            exchange (Exchange): The exchange.
        """
        self.directory.mkdir(parents=True, exist_ok=True)
        append_line(self._log_path(session_id), encode_json_line(exchange.to_json_dictionary()))

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
        return session_ids_in(self.directory)

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
        write_atomically(path, (text.strip() + '\n').encode('utf-8'))
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
