"""A day's journal as a timeline: one row per event, filterable by kind of event.

The timeline is an OptionList, which draws only the rows in view, so a day of many thousands of
events scrolls as quickly as a short one. Every piece of desk text goes through `visible` and is
cut to one line; the whole event is shown elsewhere (the day view's detail line).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable
from typing import Any

from textual.content import Content
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from desk_browser.memory.desk_files import JournalEvent
from desk_browser.presentation.formatting import india_time
from desk_browser.presentation.safe_text import visible

_LOGGER = logging.getLogger(__name__)

EVENT_KINDS: list[tuple[str, str]] = [
    ('trigger', 'Triggers'),
    ('answer', 'Answers'),
    ('order', 'Orders'),
    ('risk', 'Risk'),
    ('tool', 'Tool calls'),
    ('session', 'Sessions'),
    ('other', 'Other'),
]
"""The kinds of event the filter offers, (id, label), in the filter's order."""

_KIND_OF_TYPE = {
    'trigger_received': 'trigger',
    'text': 'answer',
    'order_placed': 'order',
    'order_filled': 'order',
    'order_cancelled': 'order',
    'risk_decision': 'risk',
    'tool_call': 'tool',
    'tool_result': 'tool',
    'session_started': 'session',
    'session_ended': 'session',
}

_LABEL_OF_TYPE = {
    'trigger_received': 'trigger',
    'text': 'answer',
    'order_placed': 'placed',
    'order_filled': 'filled',
    'order_cancelled': 'cancelled',
    'tool_call': 'tool call',
    'tool_result': 'result',
    'session_started': 'started',
    'session_ended': 'ended',
}

_STYLE_OF_KIND = {
    'trigger': 'bold $text-accent',
    'answer': '$text',
    'order': 'bold $text-success',
    'risk': 'bold $text-warning',
    'tool': '$text-primary',
    'session': '$text-secondary',
    'other': '$text-muted',
}

ROW_LIMIT = 240
"""How many characters of an event one row shows."""


def event_kind(event: JournalEvent) -> str:
    """Says which kind of event the filter files an event under.

    Args:
        event: The event.

    Returns:
        One of the ids in EVENT_KINDS; an unknown type is "other".
    """
    return _KIND_OF_TYPE.get(event.type, 'other')


def _field_text(value: Any) -> str:
    if isinstance(value, str):
        return value
    try:
        return json.dumps(value, ensure_ascii=False, separators=(',', ':'))
    except (TypeError, ValueError):
        return repr(value)


def event_summary(event: JournalEvent) -> str:
    """Writes what one event says, on one line, without its type or time.

    Args:
        event: The event.

    Returns:
        The words, desk text not yet made visible.
    """
    fields = event.fields
    kind = event_kind(event)
    if kind in ('trigger', 'answer'):
        text = _field_text(fields.get('text', ''))
        if kind == 'trigger' and fields.get('source'):
            return f'{text}  ({_field_text(fields["source"])})'
        return text
    if kind == 'order':
        words = [
            _field_text(fields[key]) for key in ('side', 'quantity', 'symbol') if key in fields
        ]
        if 'price' in fields:
            words.append(f'@ {_field_text(fields["price"])}')
        if 'order_id' in fields:
            words.append(f'#{_field_text(fields["order_id"])}')
        return ' '.join(words)
    if event.type == 'risk_decision':
        symbol = _field_text(fields.get('symbol', ''))
        reason = _field_text(fields.get('reason', ''))
        return f'{symbol}: {reason}' if symbol else reason
    if event.type == 'tool_call':
        return f'{_field_text(fields.get("tool", ""))} {_field_text(fields.get("input", ""))}'
    if event.type == 'tool_result':
        return f'{_field_text(fields.get("tool", ""))} → {_field_text(fields.get("output", ""))}'
    if kind == 'session':
        return _field_text(fields.get('session_id', ''))
    return ' · '.join(f'{key}: {_field_text(value)}' for key, value in fields.items())


def event_label(event: JournalEvent) -> str:
    """Names an event's type in a word, such as "placed" or "rejected".

    Args:
        event: The event.

    Returns:
        The word; an unknown type keeps its own name.
    """
    if event.type == 'risk_decision':
        decision = event.fields.get('decision')
        return decision if decision in ('approved', 'rejected') else 'risk'
    return _LABEL_OF_TYPE.get(event.type, event.type)


def _one_line(text: str) -> str:
    flat = ' '.join(text[: ROW_LIMIT * 2].split())
    return flat if len(flat) <= ROW_LIMIT else flat[: ROW_LIMIT - 1] + '…'


def event_prompt(event: JournalEvent) -> Content:
    """Writes one event's row: India time, its type in a word, what it says.

    Args:
        event: The event.

    Returns:
        The row.
    """
    kind = event_kind(event)
    style = _STYLE_OF_KIND[kind]
    label = visible(event_label(event))[:10]
    if event.type == 'risk_decision' and event.fields.get('decision') == 'rejected':
        style = 'bold $text-error'
    time = india_time(event.time) or '--:--'
    return Content.assemble(
        (f'{time}  ', '$text-muted'),
        (f'{label:<10} ', style),
        visible(_one_line(event_summary(event))),
    )


class Timeline(OptionList):
    """Lists a day's events, oldest first; only the kinds chosen in the filter are shown."""

    def __init__(self, *, id: str | None = None) -> None:
        """Prepares an empty timeline.

        Args:
            id: The widget's id.
        """
        super().__init__(id=id)
        self._events: list[JournalEvent] = []
        self._shown: list[JournalEvent] = []

    def show_events(self, events: Iterable[JournalEvent], kinds: set[str]) -> None:
        """Replaces the rows with the events of the chosen kinds.

        Args:
            events: The day's events, in the file's order.
            kinds: The ids (from EVENT_KINDS) of the kinds to show.
        """
        self._events = list(events)
        self.filter(kinds)

    def filter(self, kinds: set[str]) -> None:
        """Shows only the events of the chosen kinds, keeping the highlight on its event.

        Args:
            kinds: The ids (from EVENT_KINDS) of the kinds to show.
        """
        previous = self.highlighted_event
        self._shown = [event for event in self._events if event_kind(event) in kinds]
        self.set_options(Option(event_prompt(event)) for event in self._shown)
        if not self._shown:
            return
        index = 0
        if previous is not None:
            index = next((place for place, event in enumerate(self._shown) if event is previous), 0)
        self.highlighted = index

    @property
    def shown_count(self) -> int:
        """How many events the filter lets through."""
        return len(self._shown)

    @property
    def highlighted_event(self) -> JournalEvent | None:
        """The event under the highlight, or None."""
        index = self.highlighted
        if index is None or not 0 <= index < len(self._shown):
            return None
        return self._shown[index]
