"""A growing journal file read again and again, parsing only the lines added since the last read.

`JournalTail` parses only the appended lines of today's journal, continuing the last
exchange; a rewritten file is read again from its start.

Typical usage example:

    tail = JournalTail(Path('workspace/desks/main/journal/2026-10-21.jsonl'), '2026-10-21')
    records = tail.records()  # Parses the file.
    records = tail.records()  # Parses only what was appended meanwhile.
"""

from __future__ import annotations

import logging
from pathlib import Path

from desk_browser.memory import desk_files
from desk_browser.memory.appended_lines import AppendedLines
from desk_browser.memory.desk_files import JournalEvent, JournalExchange
from desk_browser.memory.session_search import SearchRecord, action_records, exchange_records

_LOGGER = logging.getLogger(__name__)


class JournalTail:
    """One journal file's records, kept up to date by parsing only appended lines."""

    def __init__(self, path: Path, day: str):
        """Creates the reader of a journal file and its day; nothing is read yet."""
        self.path = path
        self.day = day
        self._reset()

    def _reset(self) -> None:
        """Forgets everything read."""
        self._lines = AppendedLines(self.path)
        self._forget_records()

    def _forget_records(self) -> None:
        """Forgets the records of the lines read (the file was rewritten)."""
        self._exchanges: list[JournalExchange] = []
        self._actions: list[JournalEvent] = []
        self._exchange_records: list[SearchRecord] = []
        self._action_records: list[SearchRecord] = []

    def records(self) -> list[SearchRecord]:
        """Reads the file again and gives its records as session_search.day_records does.

        Returns:
            list[SearchRecord]: The exchanges' records, then the actions' (shared records).
        """
        reading = self._lines.read(with_pending=True)
        if reading.rewritten:
            _LOGGER.debug('%s was rewritten; reading it from the start', self.path)
            self._forget_records()
        if reading.objects:
            first_changed = max(len(self._exchanges) - 1, 0)
            actions_before = len(self._actions)
            desk_files.group_journal_objects(
                self.path, reading.objects, self._exchanges, self._actions
            )
            self._exchange_records[first_changed:] = exchange_records(
                self.day, self._exchanges[first_changed:]
            )
            self._action_records.extend(action_records(self.day, self._actions[actions_before:]))
        exchanges_read = self._exchange_records
        actions_read = self._action_records
        # A last line without its newline yet is read (as a whole read reads it), not kept.
        if reading.pending_objects:
            exchanges = list(self._exchanges)
            if exchanges:
                last = exchanges[-1]
                exchanges[-1] = JournalExchange(trigger=last.trigger, texts=list(last.texts))
            actions: list[JournalEvent] = []
            first_changed = max(len(exchanges) - 1, 0)
            desk_files.group_journal_objects(self.path, reading.pending_objects, exchanges, actions)
            exchanges_read = exchanges_read[:first_changed] + exchange_records(
                self.day, exchanges[first_changed:]
            )
            actions_read = actions_read + action_records(self.day, actions)
        return exchanges_read + actions_read
