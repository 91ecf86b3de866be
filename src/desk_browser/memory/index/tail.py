"""A growing journal file read again and again, parsing only the lines added since the last read.

The desk appends to today's journal all day, and a search reads that file directly (it changes
too often to index). `JournalTail` keeps how far it has parsed and what those lines held; on the
next read only the lines after that point are parsed (desk_files.read_json_objects_from) and
grouped into exchanges and actions by desk_files itself (group_journal_objects, which continues
the last exchange), so there is one parser and one grouping of the journal's lines. A file that
no longer starts with the bytes parsed before (rewritten, not appended to) is read again from
its start.

Typical usage example:

    tail = JournalTail(Path('workspace/desks/main/journal/2026-10-21.jsonl'), '2026-10-21')
    records = tail.records()  # Parses the file.
    records = tail.records()  # Parses only what was appended meanwhile.
"""

from __future__ import annotations

import logging
from pathlib import Path

from desk_browser.memory import desk_files
from desk_browser.memory.desk_files import JournalEvent, JournalExchange
from desk_browser.memory.session_search import SearchRecord, action_records, exchange_records

_LOGGER = logging.getLogger(__name__)

_MOST_ATTEMPTS = 3
"""How many times a read starts again when the file is rewritten while it is read."""


def _read_start(path: Path, length: int) -> bytes | None:
    """Reads the first bytes of a file.

    Args:
        path (Path): The file.
        length (int): How many bytes.

    Returns:
        bytes | None: Up to `length` bytes, or None when the file cannot be read.
    """
    try:
        with path.open('rb') as handle:
            return handle.read(length)
    except (OSError, ValueError):
        return None


class JournalTail:
    """One journal file's records, kept up to date by parsing only appended lines."""

    def __init__(self, path: Path, day: str):
        """Creates the reader; nothing is read yet.

        Args:
            path (Path): The journal file.
            day (str): Its day.
        """
        self.path = path
        self.day = day
        self._reset()

    def _reset(self) -> None:
        """Forgets everything read."""
        self._parsed = b''  # The file's bytes up to the end of the last complete line parsed.
        self._next_line_number = 1
        self._exchanges: list[JournalExchange] = []
        self._actions: list[JournalEvent] = []
        self._exchange_records: list[SearchRecord] = []
        self._action_records: list[SearchRecord] = []

    def _read_complete_lines(self) -> bool:
        """Parses the complete lines added since the last read.

        Returns:
            bool: False when the file no longer starts with the bytes parsed before (it was
                rewritten or truncated); nothing is kept from this read then.
        """
        offset = len(self._parsed)
        reading = desk_files.read_json_objects_from(
            self.path, offset, first_line_number=self._next_line_number
        )
        if reading.shrank:
            return False
        # Read after the new lines, so a rewrite made before or while they were read is seen.
        start = _read_start(self.path, reading.end_offset)
        if start is None:
            self._reset()
            return True
        if not start.startswith(self._parsed) or len(start) < reading.end_offset:
            return False
        if reading.end_offset > offset:
            first_changed = max(len(self._exchanges) - 1, 0)
            actions_before = len(self._actions)
            desk_files.group_journal_objects(
                self.path, reading.objects, self._exchanges, self._actions
            )
            self._exchange_records[first_changed:] = exchange_records(
                self.day, self._exchanges[first_changed:]
            )
            self._action_records.extend(action_records(self.day, self._actions[actions_before:]))
        self._parsed = start
        self._next_line_number = reading.next_line_number
        return True

    def records(self) -> list[SearchRecord]:
        """Reads the file again and gives its records as session_search.day_records does.

        Returns:
            list[SearchRecord]: The exchanges' records, then the actions' (a new list; the
                records themselves are shared and not to be changed).
        """
        for _ in range(_MOST_ATTEMPTS):
            if self._read_complete_lines():
                break
            _LOGGER.debug('%s was rewritten; reading it from the start', self.path)
            self._reset()
        exchanges_read = self._exchange_records
        actions_read = self._action_records
        # A last line without its newline yet is read (as a whole read reads it), not kept.
        rest = desk_files.read_json_objects_from(
            self.path,
            len(self._parsed),
            first_line_number=self._next_line_number,
            complete_lines_only=False,
        )
        if rest.objects:
            exchanges = list(self._exchanges)
            if exchanges:
                last = exchanges[-1]
                exchanges[-1] = JournalExchange(trigger=last.trigger, texts=list(last.texts))
            actions: list[JournalEvent] = []
            first_changed = max(len(exchanges) - 1, 0)
            desk_files.group_journal_objects(self.path, rest.objects, exchanges, actions)
            exchanges_read = exchanges_read[:first_changed] + exchange_records(
                self.day, exchanges[first_changed:]
            )
            actions_read = actions_read + action_records(self.day, actions)
        return exchanges_read + actions_read
