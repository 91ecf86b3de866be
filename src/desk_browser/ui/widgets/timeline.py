"""A day's journal as a timeline: one row per event, filterable by kind of event.

A RowList, so a day of many thousands of events scrolls and filters as quickly as a short one.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from textual.content import Content
from textual.strip import Strip
from textual.style import Style
from textual.visual import Visual

from desk_browser.memory.desk_files import JournalEvent
from desk_browser.presentation.formatting import india_time
from desk_browser.presentation.plain_text import plain_line
from desk_browser.presentation.safe_text import visible
from desk_browser.ui.widgets.row_list import RowList

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
    """The EVENT_KINDS id the filter files an event under ("other" for an unknown type)."""
    return _KIND_OF_TYPE.get(event.type, 'other')


def _field_text(value: Any) -> str:
    if isinstance(value, str):
        return value
    try:
        return json.dumps(value, ensure_ascii=False, separators=(',', ':'))
    except (TypeError, ValueError):
        return repr(value)


def event_summary(event: JournalEvent) -> str:
    """What an event says on one line, without type or time; Markdown dropped, not yet visible."""
    fields = event.fields
    kind = event_kind(event)
    if kind in ('trigger', 'answer'):
        text = plain_line(_field_text(fields.get('text', '')), ROW_LIMIT * 2)
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
    """Names an event's type in a word, such as "placed"; an unknown type keeps its name."""
    if event.type == 'risk_decision':
        decision = event.fields.get('decision')
        return decision if decision in ('approved', 'rejected') else 'risk'
    return _LABEL_OF_TYPE.get(event.type, event.type)


def _one_line(text: str) -> str:
    flat = ' '.join(text[: ROW_LIMIT * 2].split())
    return flat if len(flat) <= ROW_LIMIT else flat[: ROW_LIMIT - 1] + '…'


def event_prompt(event: JournalEvent) -> Content:
    """Writes one event's row: India time, its type in a word, what it says."""
    kind = event_kind(event)
    style = _STYLE_OF_KIND[kind]
    label = visible(event_label(event)).replace('\n', ' ')[:10]
    if event.type == 'risk_decision' and event.fields.get('decision') == 'rejected':
        style = 'bold $text-error'
    time = india_time(event.time) or '--:--'
    return Content.assemble(
        (f'{time}  ', '$text-muted'),
        (f'{label:<10} ', style),
        visible(_one_line(event_summary(event))),
    )


class Timeline(RowList):
    """Lists a day's events, oldest first, of the kinds chosen in the filter; up and down wrap."""

    DEFAULT_CSS = """
    Timeline {
        max-height: 100%;
        color: $foreground;
        padding: 0 1;
        & > .row-list--highlighted {
            color: $foreground;
        }
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        """Prepares an empty timeline."""
        super().__init__(id=id)
        self._events: list[JournalEvent] = []
        self._shown: list[JournalEvent] = []
        self.kinds: set[str] = set()
        """The ids of the kinds shown (from EVENT_KINDS), as the last `filter` was given them."""

    @property
    def row_count(self) -> int:
        """How many events the filter lets through (one row each)."""
        return len(self._shown)

    def row_lines(self, index: int, width: int) -> list[Content]:
        """Writes the row of the event at a place among those shown (cut when drawn)."""
        return [event_prompt(self._shown[index])]

    def row_strips(self, index: int, width: int, style: Style) -> list[Strip]:
        """Draws one event's row as Textual draws a widget's content (CSS overflow, selectable)."""
        strips = Visual.to_strips(self, event_prompt(self._shown[index]), width, None, style)
        blank = Strip.blank(width, style.rich_style)
        return [strip.extend_cell_length(width, style.rich_style) for strip in strips[:1]] or [
            blank
        ]

    def show_events(self, events: Iterable[JournalEvent], kinds: set[str]) -> None:
        """Replaces the rows with the day's events of the chosen `kinds` (EVENT_KINDS ids)."""
        self._events = list(events)
        self.filter(kinds)

    def filter(self, kinds: set[str]) -> None:
        """Shows only the events of the chosen kinds (EVENT_KINDS ids), keeping the highlight."""
        self.kinds = set(kinds)
        previous = self.highlighted_event
        self.highlighted = None
        self._shown = [event for event in self._events if event_kind(event) in kinds]
        self.scroll_to(y=0, animate=False, force=True, immediate=True)
        self.rows_changed()
        if not self._shown:
            return
        index = 0
        if previous is not None:
            index = next((place for place, event in enumerate(self._shown) if event is previous), 0)
        self.highlighted = index

    def index_at_line(self, line_number: int) -> int | None:
        """The place of the event shown on a journal line (from 1) or after it; None if none is."""
        return next(
            (place for place, event in enumerate(self._shown) if event.line_number >= line_number),
            None,
        )

    def highlight_in_middle(self, index: int) -> None:
        """Highlights the event at a place and scrolls it to the middle of the view."""
        self.highlighted = index
        middle = max(0, index - self.scrollable_content_region.height // 2)
        self.scroll_to(y=middle, animate=False, force=True, immediate=True)

    @property
    def shown_count(self) -> int:
        """How many events the filter lets through."""
        return len(self._shown)

    @property
    def shown_events(self) -> list[JournalEvent]:
        """The events the filter lets through, in the file's order."""
        return list(self._shown)

    @property
    def highlighted_event(self) -> JournalEvent | None:
        """The event under the highlight, or None."""
        index = self.highlighted
        if index is None or not 0 <= index < len(self._shown):
            return None
        return self._shown[index]

    def action_cursor_down(self) -> None:
        """Highlights the next event, the first after the last (the first when none is)."""
        if self.row_count:
            current = self.highlighted
            self.highlighted = 0 if current is None else (current + 1) % self.row_count

    def action_cursor_up(self) -> None:
        """Highlights the previous event, the last before the first (the last when none is)."""
        if self.row_count:
            current = self.highlighted
            last = self.row_count - 1
            self.highlighted = last if current is None else (current - 1) % self.row_count

    def action_page_down(self) -> None:
        """Highlights the event a screenful below (the last when none is)."""
        if self.highlighted is None:
            self.action_last()
        else:
            super().action_page_down()

    def action_page_up(self) -> None:
        """Highlights the event a screenful above (the first when none is)."""
        if self.highlighted is None:
            self.action_first()
        else:
            super().action_page_up()
