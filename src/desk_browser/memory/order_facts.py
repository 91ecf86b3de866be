"""What one journal day holds about orders, as a small JSON value the file memo can keep.

The order book is assembled from each day's facts; being plain JSON, they are remembered per
file (`file_memo.FileMemo`), so an unchanged journal is never parsed again. With
`whole_exchanges` they also hold every event of those exchanges, for a story (not memoized).

The layout of one day's facts (`DayFacts`):

    {'events': [[line, type, time, fields, trigger_line], ...],
     'exchanges': {str(trigger_line): [time, fields, backend, last_line, events], ...}}

`events` are the day's order_placed, order_filled, order_cancelled, risk_decision,
session_started and session_ended events in file order; `trigger_line` is the line of the
trigger of the exchange each happened in, or None before the first trigger. `exchanges`
holds the exchanges with an order or risk event; their `events` are [line, type, time,
fields] of every event (trigger and texts included), or None without whole exchanges.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from desk_browser.memory.journal import JournalEvent, read_journal_day
from desk_browser.memory.problems import Problem

ORDER_TYPES = {'order_placed': 'placed', 'order_filled': 'filled', 'order_cancelled': 'cancelled'}
"""The journal's order event types and the kind each is in an order's life."""

RISK_TYPE = 'risk_decision'
SESSION_TYPES = frozenset({'session_started', 'session_ended'})
_KEPT_TYPES = frozenset(ORDER_TYPES) | {RISK_TYPE} | SESSION_TYPES
_TRIGGER_TYPE = 'trigger_received'
_TEXT_TYPE = 'text'

MEMO_PURPOSE = 'orders'
"""The file memo's name for a day's facts read without whole exchanges."""

DayFacts = dict[str, Any]
"""One day's facts, as the module's docstring lays them out."""

StoredEvent = list[Any]
"""An event as the facts keep it: [line, type, time, fields]."""


def _stored(event: JournalEvent) -> StoredEvent:
    """An event as the facts keep it."""
    return [event.line_number, event.type, event.time, event.fields]


def stored_event(stored: StoredEvent) -> JournalEvent:
    """Turns an event the facts keep ([line, type, time, fields]) back into a journal event."""
    line_number, event_type, time, fields = stored
    return JournalEvent(line_number=line_number, type=event_type, time=time, fields=fields)


def read_day_facts(
    path: Path, day: str, problems: list[Problem], *, whole_exchanges: bool = False
) -> DayFacts:
    """Reads one journal file's order facts.

    Damaged lines are reported as read_journal_day reports them; an unreadable file is reported
    and reads as no facts.

    Args:
        path (Path): The journal file.
        day (str): The India date it holds, as YYYY-MM-DD.
        problems (list[Problem]): Where its problems go.
        whole_exchanges (bool): Also keep every event of the exchanges that have an order or
            risk event.

    Returns:
        DayFacts: The day's facts.
    """
    journal = read_journal_day(path, day, problems)
    kept: list[list[Any]] = []
    exchanges: dict[str, list[Any]] = {}
    trigger: JournalEvent | None = None
    backend: str | None = None
    exchange_events: list[StoredEvent] = []
    last_line = 0
    wanted = False

    def close() -> None:
        if trigger is not None and wanted:
            exchanges[str(trigger.line_number)] = [
                trigger.time,
                trigger.fields,
                backend,
                last_line,
                exchange_events if whole_exchanges else None,
            ]

    for event in journal.events:
        event_type = event.type
        if event_type == _TRIGGER_TYPE:
            close()
            trigger, backend, wanted = event, None, False
            exchange_events = [_stored(event)] if whole_exchanges else []
            last_line = event.line_number
            continue
        if trigger is not None:
            last_line = event.line_number
            if whole_exchanges:
                exchange_events.append(_stored(event))
            if event_type == _TEXT_TYPE and backend is None:
                written = event.fields.get('backend')
                if isinstance(written, str) and written:
                    backend = written
        if event_type in _KEPT_TYPES:
            trigger_line = trigger.line_number if trigger is not None else None
            kept.append([*_stored(event), trigger_line])
            if event_type not in SESSION_TYPES:
                wanted = True
    close()
    return {'events': kept, 'exchanges': exchanges}


def facts_are_sound(value: Any) -> bool:
    """Whether a value recalled from the memo has a day's facts' layout (else it is read again)."""
    if not isinstance(value, dict):
        return False
    events, exchanges = value.get('events'), value.get('exchanges')
    if not isinstance(events, list) or not isinstance(exchanges, dict):
        return False
    for item in events:
        if (
            not isinstance(item, list)
            or len(item) != 5
            or type(item[0]) is not int
            or not isinstance(item[1], str)
            or not isinstance(item[2], str)
            or not isinstance(item[3], dict)
            or not (item[4] is None or type(item[4]) is int)
        ):
            return False
    for key, item in exchanges.items():
        if (
            not key.isdigit()
            or not isinstance(item, list)
            or len(item) != 5
            or not isinstance(item[0], str)
            or not isinstance(item[1], dict)
            or not (item[2] is None or isinstance(item[2], str))
            or type(item[3]) is not int
        ):
            return False
    return True
