"""An order's story as one Markdown document: from the trigger to the fill, each step timed.

The story screen renders, copies and exports the same text; desk text is made safe.
"""

from __future__ import annotations

from typing import Any

from desk_browser.memory.journal import JournalEvent
from desk_browser.memory.order_book import Order, OrderEvent, OrderExchange, RiskDecision
from desk_browser.presentation.formatting import day_text
from desk_browser.presentation.markdown_headings import headings_under
from desk_browser.presentation.orders_day import (
    REJECTED,
    OrdersDay,
    clock_time,
    count_words,
    price_text,
    quantity_text,
)
from desk_browser.presentation.safe_text import json_text, visible_field, visible_text

TOOL_TEXT_LIMIT = 160
"""The most characters of a tool call's input or result the story shows (the day view has all)."""

Story = Order | RiskDecision
"""What has a story: an order, or a risk rejection that no order followed."""


def _when(day: str, time: str, story_day: str) -> str:
    """A step's time in India, with its day when it is not the story's day."""
    clock = clock_time(time)
    return clock + ' IST' if day == story_day else f'{day_text(visible_field(day))} {clock} IST'


def _short(value: Any) -> str:
    """A tool's input or output on one line, made safe and cut to TOOL_TEXT_LIMIT."""
    text = value if isinstance(value, str) else json_text(value)
    text = visible_field(' '.join(text.split()))
    return text if len(text) <= TOOL_TEXT_LIMIT else text[: TOOL_TEXT_LIMIT - 1] + '…'


ORDER_EVENT_TYPES = frozenset({'order_placed', 'order_filled', 'order_cancelled'})
"""The journal events that belong to an order (a search hit on one opens its story)."""


def order_id_of_record(kind: str, text: str) -> str | None:
    """The order id (as written) a search record of an order event belongs to, or None."""
    if kind != 'journal':
        return None
    lines = text.split('\n')
    if lines[0] not in ORDER_EVENT_TYPES:
        return None
    for line in lines[1:]:
        if line.startswith('order_id: '):
            return line.removeprefix('order_id: ')
    return None


def story_day(story: Story) -> str:
    """The ISO day a story belongs to: its placement's (else first event's), or its rejection's."""
    if isinstance(story, RiskDecision):
        return story.day
    first = _events_of(story)
    return first[0].day if first else ''


def story_line(story: Story) -> tuple[str, int] | None:
    """The day and line of a story's main event (placement, else first event), or None."""
    if isinstance(story, RiskDecision):
        return story.day, story.line_number
    events = _events_of(story)
    return (events[0].day, events[0].line_number) if events else None


def _events_of(order: Order) -> list[OrderEvent]:
    """An order's events in order: its placement, its fills, its cancel."""
    return list(order.events)


def story_title(story: Story) -> str:
    """The story's heading, made safe: "SELL 300 NIFTY26OCT24000CE · filled", or the rejection."""
    if isinstance(story, RiskDecision):
        return f'{visible_field(story.symbol) or "no symbol"} · {REJECTED} by risk'
    side = visible_field(story.side) or '?'
    words = f'{side} {quantity_text(story.quantity)} {visible_field(story.symbol)}'
    return f'{words} · {story.status.value}'


def _exchange_parts(exchange: OrderExchange, day: str) -> list[str]:
    """The trigger, the tool calls and the answer of the exchange an order was placed in."""
    trigger = exchange.trigger
    source = trigger.fields.get('source')
    heading = f'## {_when(exchange.day, trigger.time, day)} · Trigger'
    if isinstance(source, str) and source:
        heading += f' ({visible_field(source)})'
    text = visible_text(exchange.trigger_text).strip('\n')
    quoted = '\n'.join(f'> {line}' if line else '>' for line in text.split('\n'))
    parts = [heading, quoted or '*The trigger has no text.*']
    tools = _tool_lines(exchange.events, exchange.day, day)
    if tools:
        parts.extend(['## Tool calls', '\n'.join(tools)])
    texts = list(exchange.texts)
    if texts:
        answer = headings_under(visible_text(exchange.answer), 2).strip('\n')
        parts.append(f'## {_when(exchange.day, texts[0].time, day)} · Answer')
        parts.append(answer or '*The answer is empty.*')
    else:
        parts.extend(['## Answer', '*The desk wrote no answer in this exchange.*'])
    return parts


def _tool_lines(events: tuple[JournalEvent, ...], exchange_day: str, day: str) -> list[str]:
    """One list item per tool call of an exchange, its result under it."""
    lines: list[str] = []
    for event in events:
        tool = visible_field(str(event.fields.get('tool', ''))) or 'a tool'
        if event.type == 'tool_call':
            given = event.fields.get('input')
            lines.append(f'- {_when(exchange_day, event.time, day)} · **{tool}** {_short(given)}')
        elif event.type == 'tool_result' and lines:
            lines.append(f'  - → {_short(event.fields.get("output"))}')
    return lines


def _risk_part(risk: RiskDecision, day: str) -> list[str]:
    """The risk decision's heading and its reason."""
    decision = visible_field(risk.decision) or 'decided'
    heading = f'## {_when(risk.day, risk.time, day)} · Risk {decision}'
    reason = visible_field(risk.reason) or 'no reason given'
    return [heading, f'{reason} · {visible_field(risk.symbol) or "no symbol"}']


def _order_event_part(event: OrderEvent, order: Order, day: str) -> list[str]:
    """One placement, fill or cancel: its heading and what it says."""
    names = {'placed': 'Placed', 'filled': 'Filled', 'cancelled': 'Cancelled'}
    heading = f'## {_when(event.day, event.time, day)} · {names.get(event.kind, event.kind)}'
    price = price_text(event.price)
    at = f' at {price}' if price else ''
    if event.kind == 'placed':
        side = visible_field(event.side) or '?'
        body = f'{side} {quantity_text(event.quantity)} {visible_field(event.symbol)}{at}'
    elif event.kind == 'filled':
        body = f'{quantity_text(event.quantity)}{at}'
    else:
        filled = order.filled_quantity
        body = f'{quantity_text(filled)} of {quantity_text(order.quantity)} had been filled'
    return [heading, body]


def story_markdown(story: Story, *, titled: bool = True) -> str:
    """Writes an order's (or a rejection's) story as one Markdown document, no final newline.

    Args:
        story (Story): The order, or a risk rejection that no order followed.
        titled (bool): Whether it opens with its title as a heading.

    Returns:
        str: The document.
    """
    day = story_day(story)
    parts = [f'# {story_title(story)}'] if titled else []
    if isinstance(story, RiskDecision):
        exchange = story.exchange
        parts.append(f'Rejected by risk on {day_text(visible_field(day))}; no order followed.')
        if exchange is not None:
            parts.extend(_exchange_parts(exchange, day))
        parts.extend(_risk_part(story, day))
        return '\n\n'.join(parts)
    facts = [f'Order {visible_field(story.order_id)}', day_text(visible_field(day))]
    if story.exchange is not None:
        if story.exchange.backend:
            facts.append(visible_field(story.exchange.backend))
        if story.exchange.session_id:
            facts.append(f'session {visible_field(story.exchange.session_id)}')
    parts.append(' · '.join(facts))
    if not story.seen_placed:
        parts.append('*Its placement is not in the journal read (placed before it begins).*')
    if story.exchange is not None:
        parts.extend(_exchange_parts(story.exchange, day))
    elif story.seen_placed:
        parts.append('*No trigger came before it in the journal of its day.*')
    if story.risk is not None:
        parts.extend(_risk_part(story.risk, day))
    for event in _events_of(story):
        parts.extend(_order_event_part(event, story, day))
    if not story.fills and story.cancel is None:
        parts.append('*No fill or cancel yet.*')
    return '\n\n'.join(parts)


def _event_object(event: OrderEvent) -> dict[str, Any]:
    """An order event's JSON object as its journal line holds it."""
    return {'type': f'order_{event.kind}', 'time': event.time, **event.fields}


def story_json(story: Story) -> str:
    """Writes a story as one JSON line (id, status, journal events), safe to paste in a terminal."""
    if isinstance(story, RiskDecision):
        risk = {
            'type': 'risk_decision',
            'time': story.time,
            'decision': story.decision,
            'reason': story.reason,
            'symbol': story.symbol,
        }
        return json_text({'status': REJECTED, 'day': story.day, 'events': [risk]})
    events: list[dict[str, Any]] = []
    if story.risk is not None:
        events.append(
            {
                'type': 'risk_decision',
                'time': story.risk.time,
                'decision': story.risk.decision,
                'reason': story.risk.reason,
                'symbol': story.risk.symbol,
            }
        )
    events.extend(_event_object(event) for event in _events_of(story))
    found = {
        'order_id': story.order_id,
        'symbol': story.symbol,
        'side': story.side,
        'quantity': story.quantity,
        'status': story.status.value,
        'filled_quantity': story.filled_quantity,
        'events': events,
    }
    return json_text(found)


def story_sort_key(story: Story) -> tuple[str, int]:
    """Orders stories by their main event's day and journal line (`story_line`)."""
    return story_line(story) or ('', 0)


def orders_day_markdown(orders: OrdersDay) -> str:
    """Writes a day's orders and rejections as one document, in order placed, no final newline."""
    rows: list[Story] = sorted([*orders.orders, *orders.rejections], key=story_sort_key)
    parts = [f'# Orders of {day_text(visible_field(orders.day))}', count_words(orders)]
    if not rows:
        parts.append('No order was placed, filled or cancelled, and no risk check rejected one.')
    parts.extend(headings_under(story_markdown(row), 1).strip('\n') for row in rows)
    return '\n\n'.join(parts)
