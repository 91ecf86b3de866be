"""A desk's journal days: events, exchanges and actions, read from the journal's JSON lines.

`desk_files` names everything here; it loads when a journal is first read.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from desk_browser.memory.json_lines import read_json_objects
from desk_browser.memory.json_text import compact_json, text_of
from desk_browser.memory.problems import Problem, sort_problems
from desk_browser.memory.problems import report as _report

_OWN_SEARCH_TOOL = 'search_sessions'
_OWN_SEARCH_TYPES = frozenset({'tool_call', 'tool_result'})


@dataclasses.dataclass(frozen=True)
class JournalEvent:
    """One well-formed line of a journal file.

    Attributes:
        line_number: The line it was read from, counting from 1.
        type: The event's type, such as "order_placed".
        time: When it happened, as written (ISO 8601 in UTC), or "" when it has no string time.
        fields: Every other field, in the file's order.
    """

    line_number: int
    type: str
    time: str
    fields: dict[str, Any]


@dataclasses.dataclass(frozen=True)
class JournalExchange:
    """A trigger the desk received (`trigger`) and the text events it answered with (`texts`)."""

    trigger: JournalEvent
    texts: list[JournalEvent]

    @property
    def trigger_text(self) -> str:
        """The trigger's text, or "" when the event has none."""
        return text_of(self.trigger.fields.get('text'))

    @property
    def answer(self) -> str:
        """The desk's answer: its texts joined with newlines ("" when it never answered)."""
        return '\n'.join(text_of(text.fields.get('text')) for text in self.texts)

    @property
    def text(self) -> str:
        """The exchange's searchable text: the trigger's text, a blank line, then the answer."""
        return self.trigger_text + '\n\n' + self.answer


@dataclasses.dataclass(frozen=True)
class JournalDay:
    """One journal file, read.

    Attributes:
        day: The India date it holds, as YYYY-MM-DD.
        events: Every well-formed event, in the file's order.
        exchanges: Each trigger with its answer, in the file's order.
        actions: Every event that is neither a trigger nor a text inside an exchange, in order,
            the desk's own search_sessions calls included.
    """

    day: str
    events: list[JournalEvent]
    exchanges: list[JournalExchange]
    actions: list[JournalEvent]


def _event_from_object(
    path: Path,
    line_number: int,
    data: dict[str, Any],
    problems: list[Problem] | None,
) -> JournalEvent | None:
    """Reads one journal object as an event; None (reported) when it has no string type."""
    if 'type' not in data:
        _report(problems, Problem(path, line_number, 'missing type'))
        return None
    event_type = data['type']
    if not isinstance(event_type, str):
        _report(problems, Problem(path, line_number, 'wrong type for field "type"'))
        return None
    time = data.get('time')
    fields = {key: value for key, value in data.items() if key not in ('type', 'time')}
    return JournalEvent(
        line_number=line_number,
        type=event_type,
        time=time if isinstance(time, str) else '',
        fields=fields,
    )


def group_journal_objects(
    path: Path,
    objects: Iterable[tuple[int, dict[str, Any]]],
    exchanges: list[JournalExchange],
    actions: list[JournalEvent],
    problems: list[Problem] | None = None,
) -> list[JournalEvent]:
    """Reads numbered journal objects as events, adding to a day's `exchanges` and `actions`.

    A trigger starts an exchange, a text joins the last one, any other event is an action; the
    last exchange goes on growing across calls. Returns the events read, in order.
    """
    events: list[JournalEvent] = []
    current = exchanges[-1] if exchanges else None
    for line_number, data in objects:
        event = _event_from_object(path, line_number, data, problems)
        if event is None:
            continue
        events.append(event)
        if event.type == 'trigger_received':
            current = JournalExchange(trigger=event, texts=[])
            exchanges.append(current)
        elif event.type == 'text' and current is not None:
            current.texts.append(event)
        else:
            actions.append(event)
    return events


def read_journal_day(
    path: Path,
    day: str,
    problems: list[Problem] | None = None,
) -> JournalDay:
    """Reads one day's journal into events, exchanges and actions (unreadable: empty)."""
    exchanges: list[JournalExchange] = []
    actions: list[JournalEvent] = []
    found: list[Problem] = []
    objects = read_json_objects(path, found)
    events = group_journal_objects(path, objects, exchanges, actions, found)
    if problems is not None:
        problems.extend(sort_problems(found))
    return JournalDay(day=day, events=events, exchanges=exchanges, actions=actions)


def action_text(event: JournalEvent) -> str:
    """The searchable text of an action: its type, then each field but time as "key: value"."""
    lines = [event.type]
    for key, value in event.fields.items():
        value_text = value if isinstance(value, str) else compact_json(value)
        lines.append(f'{key}: {value_text}')
    return '\n'.join(lines)


def is_own_search(event: JournalEvent) -> bool:
    """Whether an event is a search_sessions tool_call or tool_result, which search leaves out."""
    return event.type in _OWN_SEARCH_TYPES and event.fields.get('tool') == _OWN_SEARCH_TOOL
