"""A growing journal file read again and again, parsing only the lines added since the last read.

The desk appends to today's journal all day, and a search reads that file directly (it changes
too often to index). `JournalTail` keeps the bytes it has parsed and what they held; on the next
read, when the file still starts with those bytes, only the new bytes are parsed. Lines are
parsed by desk_files itself (read_journal_day, on a temporary copy of the new bytes kept outside
the desk), so there is still one parser of the journal's lines; this module only groups the new
events into exchanges and actions the way read_journal_day does, continuing the last exchange.

Typical usage example:

    tail = JournalTail(Path('workspace/desks/main/journal/2026-10-21.jsonl'), '2026-10-21')
    records = tail.records()  # Parses the file.
    records = tail.records()  # Parses only what was appended meanwhile.
"""

from __future__ import annotations

import logging
import os
import tempfile
from pathlib import Path

from desk_browser.memory import desk_files
from desk_browser.memory.desk_files import JournalEvent, JournalExchange
from desk_browser.memory.session_search import SearchRecord

_LOGGER = logging.getLogger(__name__)


def _parse(content: bytes, day: str, at_start: bool) -> list[JournalEvent]:
    """Parses journal lines with desk_files, as they would be read inside the whole file.

    Args:
        content (bytes): Whole lines of the file.
        day (str): The journal's day.
        at_start (bool): Whether they start the file (where a byte order mark is dropped).

    Returns:
        list[JournalEvent]: The well-formed events, in order.
    """
    # An empty first line (skipped by the reader) keeps a byte order mark in the middle of the
    # file from being taken for the file's own.
    data = content if at_start else b'\n' + content
    handle, name = tempfile.mkstemp(prefix='desk-browser-journal-', suffix='.jsonl')
    try:
        with os.fdopen(handle, 'wb') as temporary:
            temporary.write(data)
        return desk_files.read_journal_day(Path(name), day).events
    finally:
        os.unlink(name)


def _group(
    exchanges: list[JournalExchange],
    actions: list[JournalEvent],
    events: list[JournalEvent],
) -> None:
    """Adds events to a journal's exchanges and actions, as read_journal_day groups them.

    A trigger starts an exchange; a text belongs to the last exchange when there is one; every
    other event is an action.

    Args:
        exchanges (list[JournalExchange]): The exchanges so far (the last one may grow).
        actions (list[JournalEvent]): The actions so far.
        events (list[JournalEvent]): The new events, in order.
    """
    current = exchanges[-1] if exchanges else None
    for event in events:
        if event.type == 'trigger_received':
            current = JournalExchange(trigger=event, texts=[])
            exchanges.append(current)
        elif event.type == 'text' and current is not None:
            current.texts.append(event)
        else:
            actions.append(event)


def _action_records(day: str, actions: list[JournalEvent]) -> list[SearchRecord]:
    """The search records of actions (the desk's own searches left out).

    Args:
        day (str): The day.
        actions (list[JournalEvent]): The actions.

    Returns:
        list[SearchRecord]: Their records, in order.
    """
    return [
        SearchRecord(day=day, kind='journal', text=desk_files.action_text(action))
        for action in actions
        if not desk_files.is_own_search(action)
    ]


def _exchange_records(day: str, exchanges: list[JournalExchange]) -> list[SearchRecord]:
    """The search records of exchanges.

    Args:
        day (str): The day.
        exchanges (list[JournalExchange]): The exchanges.

    Returns:
        list[SearchRecord]: Their records, in order.
    """
    return [SearchRecord(day=day, kind='exchange', text=exchange.text) for exchange in exchanges]


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
        self._content = b''
        self._exchanges: list[JournalExchange] = []
        self._actions: list[JournalEvent] = []
        self._exchange_records: list[SearchRecord] = []
        self._action_records: list[SearchRecord] = []

    def records(self) -> list[SearchRecord]:
        """Reads the file again and gives its records as session_search.day_records does.

        Returns:
            list[SearchRecord]: The exchanges' records, then the actions' (a new list; the
                records themselves are shared and not to be changed).
        """
        try:
            content = self.path.read_bytes()
        except (OSError, ValueError):
            self._reset()
            return []
        if not content.startswith(self._content):
            _LOGGER.debug('%s was rewritten; reading it from the start', self.path)
            self._reset()
        complete = content.rfind(b'\n') + 1
        if complete > len(self._content):
            events = _parse(content[len(self._content) : complete], self.day, not self._content)
            first_changed = max(len(self._exchanges) - 1, 0)
            actions_before = len(self._actions)
            _group(self._exchanges, self._actions, events)
            self._exchange_records[first_changed:] = _exchange_records(
                self.day, self._exchanges[first_changed:]
            )
            self._action_records.extend(_action_records(self.day, self._actions[actions_before:]))
            self._content = content[:complete]
        exchange_records = self._exchange_records
        action_records = self._action_records
        rest = content[complete:]
        if rest.strip():  # A last line without its newline yet: read, not kept.
            events = _parse(rest, self.day, complete == 0)
            exchanges = list(self._exchanges)
            if exchanges:
                last = exchanges[-1]
                exchanges[-1] = JournalExchange(trigger=last.trigger, texts=list(last.texts))
            actions: list[JournalEvent] = []
            first_changed = max(len(exchanges) - 1, 0)
            _group(exchanges, actions, events)
            exchange_records = exchange_records[:first_changed] + _exchange_records(
                self.day, exchanges[first_changed:]
            )
            action_records = action_records + _action_records(self.day, actions)
        return exchange_records + action_records
