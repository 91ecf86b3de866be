"""The order book for display: a row of safe words per order or rejection, and JSON documents.

A rejection's row has the same columns: status "rejected", the reason where the fill would be.
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Any

from desk_browser.memory.order_book import (
    Order,
    OrderBook,
    OrderEvent,
    OrderExchange,
    OrderStatus,
    RiskDecision,
)
from desk_browser.presentation.formatting import india_moment
from desk_browser.presentation.safe_text import visible_field

ORDER_COLUMNS = (
    'DAY',
    'TIME',
    'SYMBOL',
    'SIDE',
    'QTY',
    'PRICE',
    'STATUS',
    'FILL',
    'FILLED AT',
    'ORDER',
    'TRIGGER',
)
"""The columns of a row, as a header names them."""

REJECTED = 'rejected'
"""The status word of a rejection's row."""

TRIGGER_WORDS_LIMIT = 48
"""The most characters of the trigger a row shows."""

_NOTHING = '-'


@dataclasses.dataclass(slots=True)
class OrderRow:
    """One order or rejection as a row of safe words, "-" where unknown (read-only, slotted).

    Attributes:
        day (str): The India day of its first event.
        time (str): Its India time, HH:MM.
        symbol (str): As written.
        side (str): BUY or SELL as written.
        quantity (str): The quantity.
        price (str): The placement's price.
        status (str): Such as "part filled 50/100", with ", placed earlier" or "; later filled".
        fill (str): The fills' average price; a rejection's reason.
        filled_at (str): The last fill's India time (with its day when not the row's).
        order_id (str): The order id.
        trigger (str): The first words of its exchange's trigger.
        status_word (str): status_at_end's word, for colours and filters.
        order (Order | None): The order it shows; None for a rejection.
        rejection (RiskDecision | None): The rejection it shows; None for an order.
    """

    day: str
    time: str
    symbol: str
    side: str
    quantity: str
    price: str
    status: str
    fill: str
    filled_at: str
    order_id: str
    trigger: str
    status_word: str
    order: Order | None = None
    rejection: RiskDecision | None = None

    @property
    def cells(self) -> tuple[str, ...]:
        """The row's safe cells, free of tabs and newlines, in ORDER_COLUMNS order."""
        return (
            self.day,
            self.time,
            self.symbol,
            self.side,
            self.quantity,
            self.price,
            self.status,
            self.fill,
            self.filled_at,
            self.order_id,
            self.trigger,
        )


def number_text(value: float | None) -> str:
    """A quantity or price: whole numbers without a point ("50", "24512.5"); "-" for None."""
    if value is None:
        return _NOTHING
    if value.is_integer() and abs(value) < 1e15:
        return str(int(value))
    return repr(value)


def india_clock(time: str, day: str | None = None) -> str:
    """An event's India time, "HH:MM" ("YYYY-MM-DD HH:MM" off the row's day); "-" if unreadable."""
    moment = india_moment(time) if time else None
    if moment is None:
        return _NOTHING
    clock = f'{moment.hour:02d}:{moment.minute:02d}'  # strftime took twice as long.
    if day is None:
        return clock
    moment_day = moment.date().isoformat()
    return clock if moment_day == day else f'{moment_day} {clock}'


def first_words(text: str, limit: int = TRIGGER_WORDS_LIMIT) -> str:
    """The start of a text's first line, cut at a word with "…", made safe; "-" for empty."""
    line = ' '.join(text.split())
    if not line:
        return _NOTHING
    if len(line) > limit:
        cut = line[: limit - 1]
        space = cut.rfind(' ')
        line = (cut[:space] if space > limit // 2 else cut).rstrip() + '…'
    return _field(line)


def _field(text: str) -> str:
    """visible_field of a text, printable ASCII (which it keeps as it is) taken without a call."""
    return text if text.isascii() and text.isprintable() else visible_field(text)


def _safe(text: str) -> str:
    """visible_field of a text (a symbol, a side, an order id); "-" for an empty one."""
    return (text if text.isascii() and text.isprintable() else visible_field(text)) or _NOTHING


@functools.lru_cache(maxsize=8192)
def _trigger_text_words(text: str) -> str:
    """first_words of a trigger's text, kept: an exchange's orders and rejections share it."""
    return first_words(text)


def _trigger_words(exchange: OrderExchange | None) -> str:
    return _trigger_text_words(exchange.trigger_text) if exchange is not None else _NOTHING


def status_text(order: Order, status: OrderStatus) -> str:
    """An order's status at the time shown ("part filled 50/100"), ", placed earlier" if unseen."""
    text = str(status)
    if status is OrderStatus.PART_FILLED:
        text += f' {number_text(order.filled_quantity)}/{number_text(order.quantity)}'
    if not order.seen_placed:
        text += ', placed earlier'
    return text


def status_at_end(story: Order | RiskDecision, day: str | None = None) -> str:
    """Where an order stood at the end of an ISO day (None: after every day read); "rejected"."""
    if isinstance(story, RiskDecision):
        return REJECTED
    return str(story.status if day is None else story.status_at(day))


def later_status(order: Order, day: str) -> str | None:
    """Where an order stands after every day read, when that differs from the end of a day."""
    final = order.status
    return None if str(final) == status_at_end(order, day) else str(final)


def order_row(order: Order, at_end_of: str | None = None) -> OrderRow:
    """Makes an order's row, its status and fills at the end of `at_end_of` (None: the last day)."""
    first = order.first_event
    fills = order.fills
    final = status = order.status
    if at_end_of is not None and _changed_after(order, at_end_of):
        fills = tuple(fill for fill in fills if fill.day <= at_end_of)
        status = order.status_at(at_end_of)
    shown = order if fills is order.fills else dataclasses.replace(order, fills=fills)
    words = status_text(shown, status)
    if final is not status:
        words += f'; later {final}'
    return OrderRow(
        day=first.day,
        time=india_clock(first.time),
        symbol=_safe(order.symbol),
        side=_safe(order.side),
        quantity=number_text(order.quantity),
        price=number_text(order.price),
        status=words,
        fill=number_text(shown.average_fill_price),
        filled_at=india_clock(fills[-1].time, first.day) if fills else _NOTHING,
        order_id=_safe(order.order_id),
        trigger=_trigger_words(order.exchange),
        status_word=str(status),
        order=order,
    )


def _changed_after(order: Order, day: str) -> bool:
    """Whether an order has a fill or its cancel after a day (its fills are in journal order)."""
    cancel = order.cancel
    if cancel is not None and cancel.day > day:
        return True
    fills = order.fills
    return bool(fills) and fills[-1].day > day


def rejection_row(rejection: RiskDecision) -> OrderRow:
    """Makes a rejection's row: status "rejected", its reason in the fill's place."""
    return OrderRow(
        day=rejection.day,
        time=india_clock(rejection.time),
        symbol=_safe(rejection.symbol),
        side=_NOTHING,
        quantity=_NOTHING,
        price=_NOTHING,
        status=REJECTED,
        fill=_safe(rejection.reason),
        filled_at=_NOTHING,
        order_id=_NOTHING,
        trigger=_trigger_words(rejection.exchange),
        status_word=REJECTED,
        rejection=rejection,
    )


def _journal_event_object(event: Any) -> dict[str, Any]:
    """A journal event as the journal holds it, with its line."""
    return {'line': event.line_number, 'type': event.type, 'time': event.time, **event.fields}


def order_event_object(event: OrderEvent) -> dict[str, Any]:
    """Describes one order event for JSON: kind, day, line, time and its fields as written."""
    return {
        'kind': event.kind,
        'day': event.day,
        'line': event.line_number,
        'time': event.time,
        'fields': event.fields,
    }


def exchange_object(exchange: OrderExchange | None) -> dict[str, Any] | None:
    """Describes an exchange for JSON (its events empty unless read whole); None for None."""
    if exchange is None:
        return None
    return {
        'day': exchange.day,
        'line': exchange.trigger.line_number,
        'time': exchange.trigger.time,
        'trigger': exchange.trigger_text,
        'answer': exchange.answer,
        'backend': exchange.backend,
        'session_id': exchange.session_id,
        'events': [_journal_event_object(event) for event in exchange.events],
    }


def risk_object(decision: RiskDecision | None, *, with_exchange: bool) -> dict[str, Any] | None:
    """Describes a risk decision for JSON (with its exchange if asked); None for None."""
    if decision is None:
        return None
    found: dict[str, Any] = {
        'day': decision.day,
        'line': decision.line_number,
        'time': decision.time,
        'decision': decision.decision,
        'reason': decision.reason,
        'symbol': decision.symbol,
    }
    if with_exchange:
        found['exchange'] = exchange_object(decision.exchange)
    return found


def order_object(order: Order, at_end_of: str | None = None) -> dict[str, Any]:
    """Describes an order for JSON; `status_at_end` at the end of `at_end_of` (None: the last)."""
    first = order.first_event
    return {
        'order_id': order.order_id,
        'day': first.day,
        'time': first.time,
        'symbol': order.symbol,
        'side': order.side,
        'quantity': order.quantity,
        'price': order.price,
        'status': str(order.status),
        'status_at_end': str(order.status if at_end_of is None else order.status_at(at_end_of)),
        'filled_quantity': order.filled_quantity,
        'average_fill_price': order.average_fill_price,
        'seen_placed': order.seen_placed,
        'risk': risk_object(order.risk, with_exchange=False),
        'events': [order_event_object(event) for event in order.events],
        'exchange': exchange_object(order.exchange),
    }


def book_rows(
    book: OrderBook, first_day: str | None, last_day: str | None
) -> tuple[list[OrderRow], list[OrderRow]]:
    """The rows of the orders and rejections in a range of days (None: open), as of `last_day`."""
    low = first_day or ''
    high = last_day or '9999-99-99'
    orders = [order for order in book.orders if _has_event_in(order, low, high)]
    rejections = [item for item in book.rejections if low <= item.day <= high]
    return (
        [order_row(order, last_day) for order in orders],
        [rejection_row(rejection) for rejection in rejections],
    )


def _has_event_in(order: Order, low: str, high: str) -> bool:
    """Whether an order has an event on a day from low to high (YYYY-MM-DD, both included)."""
    placed = order.placed
    if placed is not None and low <= placed.day <= high:
        return True
    for fill in order.fills:
        if low <= fill.day <= high:
            return True
    cancel = order.cancel
    if cancel is None:
        return False
    if low <= cancel.day <= high:
        return True
    return any(low <= later.day <= high for later in order.later_cancels)
