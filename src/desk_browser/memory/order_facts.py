"""What one journal day holds about orders, as a small JSON value the order memo keeps.

A day's facts (`DayFacts`), its order and risk events and their exchanges:

    {'events': [[line, kind, time, trigger_line, values], ...],
     'exchanges': [[trigger_line, time, fields, backend, session_id, last_line, events], ...]}

`kind` is "placed", "filled", "cancelled" or "risk"; `values` are ORDER_FIELDS' (RISK_FIELDS')
values when the event has exactly those fields, else its fields; an exchange's `events` are
[line, type, time, fields] of each event, or None without whole exchanges.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from desk_browser.memory.journal import JournalEvent
from desk_browser.memory.json_lines import read_json_objects
from desk_browser.memory.problems import Problem, sort_problems

ORDER_KINDS = {'order_placed': 'placed', 'order_filled': 'filled', 'order_cancelled': 'cancelled'}
"""The journal's order event types and the kind each is in an order's life."""

RISK_TYPE = 'risk_decision'
RISK_KIND = 'risk'
ORDER_FIELDS = ('order_id', 'symbol', 'side', 'quantity', 'price')
"""The fields of an order event as the desk writes them (desk-format.md), in order."""
RISK_FIELDS = ('decision', 'reason', 'symbol')
"""The fields of a risk decision as the desk writes them, in order."""

MEMO_PURPOSE = 'orders'
"""The memo's name for a day's facts, read without whole exchanges."""

DayFacts = dict[str, Any]
"""One day's facts, as the module's docstring lays them out."""

StoredEvent = list[Any]
"""An event as whole exchanges keep it: [line, type, time, fields]."""

_TRIGGER = 'trigger_received'
_TEXT = 'text'
_SESSION_STARTED = 'session_started'
_SESSION_ENDED = 'session_ended'
_KINDS = {**ORDER_KINDS, RISK_TYPE: RISK_KIND}


def stored_event(stored: StoredEvent) -> JournalEvent:
    """Turns an event whole exchanges keep ([line, type, time, fields]) back into an event."""
    line_number, event_type, time, fields = stored
    return JournalEvent(line_number=line_number, type=event_type, time=time, fields=fields)


def event_fields(kind: str, values: list[Any] | dict[str, Any]) -> dict[str, Any]:
    """An event's fields as written, from the standard fields' values of its kind (or fields)."""
    if isinstance(values, dict):
        return values
    return dict(zip(RISK_FIELDS if kind == RISK_KIND else ORDER_FIELDS, values, strict=True))


def _kept(fields: dict[str, Any], names: tuple[str, ...]) -> list[Any] | dict[str, Any]:
    """What the facts keep of an event's fields: their values when they are the standard ones."""
    if len(fields) == len(names) and tuple(fields) == names:
        return list(fields.values())
    return fields


def read_day_facts(
    path: Path, day: str, problems: list[Problem], *, whole_exchanges: bool = False
) -> DayFacts:
    """Reads one journal file's order facts, its problems (as read_journal_day's) to `problems`.

    `whole_exchanges` also keeps every event of the exchanges with an order or risk event.
    """
    found: list[Problem] = []
    objects = read_json_objects(path, found)
    events: list[list[Any]] = []
    exchanges: list[list[Any]] = []
    session: str | None = None
    exchange: list[Any] | None = None  # The current exchange's entry, kept once it has one.
    trigger_line: int | None = None
    trigger_time = ''
    trigger_fields: dict[str, Any] = {}
    trigger_session: str | None = None
    backend: str | None = None
    whole: list[StoredEvent] = []
    for line_number, data in objects:
        event_type = data.get('type')
        if not isinstance(event_type, str):
            reason = 'missing type' if 'type' not in data else 'wrong type for field "type"'
            found.append(Problem(path, line_number, reason))
            continue
        if event_type == _TRIGGER:
            exchange, trigger_line, backend = None, line_number, None
            time = data.get('time')
            trigger_time = time if isinstance(time, str) else ''
            trigger_fields = {key: value for key, value in data.items() if key not in _NOT_FIELDS}
            trigger_session = session
            if whole_exchanges:
                whole = [[line_number, event_type, trigger_time, trigger_fields]]
            continue
        if whole_exchanges and trigger_line is not None:
            whole.append(_whole_event(line_number, event_type, data))
        if exchange is not None:
            exchange[5] = line_number
        kind = _KINDS.get(event_type)
        if kind is None:
            if event_type == _TEXT and trigger_line is not None and backend is None:
                written = data.get('backend')
                if isinstance(written, str) and written:
                    backend = written
                    if exchange is not None:
                        exchange[3] = backend
            elif event_type == _SESSION_STARTED:
                value = data.get('session_id')
                session = value if isinstance(value, str) and value else None
            elif event_type == _SESSION_ENDED:
                session = None
            continue
        time = data.get('time')
        fields = {key: value for key, value in data.items() if key not in _NOT_FIELDS}
        names = RISK_FIELDS if kind == RISK_KIND else ORDER_FIELDS
        events.append(
            [
                line_number,
                kind,
                time if isinstance(time, str) else '',
                trigger_line,
                _kept(fields, names),
            ]
        )
        if exchange is None and trigger_line is not None:
            exchange = [
                trigger_line,
                trigger_time,
                trigger_fields,
                backend,
                trigger_session,
                line_number,
                whole if whole_exchanges else None,
            ]
            exchanges.append(exchange)
    problems.extend(sort_problems(found))
    return {'events': events, 'exchanges': exchanges}


_NOT_FIELDS = frozenset({'type', 'time'})


def _whole_event(line_number: int, event_type: str, data: dict[str, Any]) -> StoredEvent:
    """An event as whole exchanges keep it."""
    time = data.get('time')
    fields = {key: value for key, value in data.items() if key not in _NOT_FIELDS}
    return [line_number, event_type, time if isinstance(time, str) else '', fields]


def facts_are_sound(value: Any) -> bool:
    """Whether a value recalled from a memo has a day's facts' layout (else it is read again)."""
    if not isinstance(value, dict):
        return False
    events, exchanges = value.get('events'), value.get('exchanges')
    if not isinstance(events, list) or not isinstance(exchanges, list):
        return False
    for item in events:
        if (
            type(item) is not list
            or len(item) != 5
            or type(item[0]) is not int
            or item[1] not in _SOUND_KINDS
            or type(item[2]) is not str
            or not (item[3] is None or type(item[3]) is int)
        ):
            return False
        values = item[4]
        if type(values) is list:
            if len(values) != (len(RISK_FIELDS) if item[1] == RISK_KIND else len(ORDER_FIELDS)):
                return False
        elif type(values) is not dict:
            return False
    for item in exchanges:
        if (
            type(item) is not list
            or len(item) != 7
            or type(item[0]) is not int
            or type(item[1]) is not str
            or type(item[2]) is not dict
            or not (item[3] is None or type(item[3]) is str)
            or not (item[4] is None or type(item[4]) is str)
            or type(item[5]) is not int
            or item[6] is not None
        ):
            return False
    return True


_SOUND_KINDS = frozenset(_KINDS.values())
