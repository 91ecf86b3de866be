"""The order book's records (import them from order_book, whose docstring has the rules).

Read-only once made; not frozen, as frozen dataclasses are much slower to make.
"""

from __future__ import annotations

import dataclasses
import enum
import math
from typing import Any

from desk_browser.memory.journal import JournalEvent
from desk_browser.memory.json_text import compact_json, text_of
from desk_browser.memory.problems import Problem


class OrderStatus(enum.StrEnum):
    """Where an order stands."""

    OPEN = 'open'
    PART_FILLED = 'part filled'
    FILLED = 'filled'
    CANCELLED = 'cancelled'


def number_of(value: Any) -> float | None:
    """A quantity or price as the book reads it: a finite JSON number as a float, else None."""
    if type(value) is int or type(value) is float:
        number = float(value)
        return number if math.isfinite(number) else None
    return None


@dataclasses.dataclass(slots=True)
class OrderEvent:
    """One order_placed, order_filled or order_cancelled line.

    Attributes:
        kind (str): "placed", "filled" or "cancelled".
        day (str): The India day of its journal file, YYYY-MM-DD.
        line_number (int): Its line, from 1.
        time (str): As written (ISO 8601 in UTC), or "".
        order_id (str): As text ("" when it has none); symbol and side likewise.
        quantity (float | None): None when not a number; price likewise.
        fields (dict[str, Any]): Every field but type and time, in the file's order.
    """

    kind: str
    day: str
    line_number: int
    time: str
    order_id: str
    symbol: str
    side: str
    quantity: float | None
    price: float | None
    fields: dict[str, Any]


@dataclasses.dataclass(slots=True)
class OrderExchange:
    """The exchange (a trigger and the desk's answer) an order or risk decision happened in.

    Attributes:
        day (str): The India day of its journal file.
        trigger (JournalEvent): Its trigger_received event.
        texts (tuple[JournalEvent, ...]): Its text events, the answer (empty unless `whole`).
        events (tuple[JournalEvent, ...]): Every event, in file order (empty unless `whole`).
        backend (str | None): The backend its first text names, or None.
        session_id (str | None): The session it falls in, or None when the journal does not say.
        last_line (int): The line of its last event.
        whole (bool): Whether texts and events were read (False through a memo).
    """

    day: str
    trigger: JournalEvent
    texts: tuple[JournalEvent, ...]
    events: tuple[JournalEvent, ...]
    backend: str | None
    session_id: str | None
    last_line: int
    whole: bool

    @property
    def trigger_text(self) -> str:
        """The trigger's text, or "" when it has none."""
        return text_of(self.trigger.fields.get('text'))

    @property
    def answer(self) -> str:
        """The desk's answer, its texts joined with newlines ("" if none or not read)."""
        return '\n'.join(text_of(text.fields.get('text')) for text in self.texts)


@dataclasses.dataclass(slots=True)
class RiskDecision:
    """One risk_decision line.

    Attributes:
        day (str): The India day of its journal file.
        line_number (int): Its line, from 1.
        time (str): As written, or "".
        decision (str): "approved" or "rejected", as written.
        reason (str): As written ("" when missing).
        symbol (str): As text.
        exchange (OrderExchange | None): Its exchange; None before the day's first trigger.
    """

    day: str
    line_number: int
    time: str
    decision: str
    reason: str
    symbol: str
    exchange: OrderExchange | None

    @property
    def rejected(self) -> bool:
        """Whether the decision rejected the order ("rejected", in any case)."""
        return self.decision.lower() == 'rejected'


@dataclasses.dataclass(slots=True)
class Order:
    """One order's life as the journal tells it.

    Attributes:
        order_id (str): As text ("" for events that name none).
        symbol (str): From its placement, else its first event; side, quantity, price likewise.
        side (str): See symbol.
        quantity (float | None): See symbol.
        price (float | None): See symbol.
        placed (OrderEvent | None): Its placement; None when placed before the days read.
        fills (tuple[OrderEvent, ...]): In the journal's order, across days.
        cancel (OrderEvent | None): Its first cancel.
        risk (RiskDecision | None): The risk decision before it in its exchange.
        exchange (OrderExchange | None): The exchange it was placed in.
        later_cancels (tuple[OrderEvent, ...]): Cancels after the first (kept for its story).
    """

    order_id: str
    symbol: str
    side: str
    quantity: float | None
    price: float | None
    placed: OrderEvent | None
    fills: tuple[OrderEvent, ...]
    cancel: OrderEvent | None
    risk: RiskDecision | None
    exchange: OrderExchange | None
    later_cancels: tuple[OrderEvent, ...] = ()

    @property
    def seen_placed(self) -> bool:
        """Whether its placement is among the days read (False: known only by a fill or cancel)."""
        return self.placed is not None

    @property
    def events(self) -> tuple[OrderEvent, ...]:
        """Its placement, fills and cancel in the journal's order."""
        found = [self.placed] if self.placed is not None else []
        found.extend(self.fills)
        if self.cancel is not None:
            found.append(self.cancel)
        found.extend(self.later_cancels)
        return tuple(sorted(found, key=lambda event: (event.day, event.line_number)))

    @property
    def first_event(self) -> OrderEvent:
        """Its placement, or its first fill or cancel when it was not seen placed."""
        if self.placed is not None:
            return self.placed
        cancel = self.cancel
        if self.fills and (cancel is None or _place(self.fills[0]) < _place(cancel)):
            return self.fills[0]
        assert cancel is not None  # An order is made from an event: a fill or a cancel here.
        return cancel

    @property
    def filled_quantity(self) -> float:
        """The sum of its fills' quantities written as numbers (0.0 when nothing was filled)."""
        return sum((fill.quantity or 0.0 for fill in self.fills), 0.0)

    @property
    def average_fill_price(self) -> float | None:
        """The fills' price weighted by quantity, or None when no fill has both."""
        priced = [
            (fill.quantity, fill.price)
            for fill in self.fills
            if fill.quantity is not None and fill.price is not None and fill.quantity > 0
        ]
        total = sum(quantity for quantity, _ in priced)
        if not priced or total <= 0:
            return None
        return sum(quantity * price for quantity, price in priced) / total

    @property
    def last_fill(self) -> OrderEvent | None:
        """Its latest fill, or None."""
        return self.fills[-1] if self.fills else None

    @property
    def status(self) -> OrderStatus:
        """Where it stands after every day read."""
        return _status(self.quantity, self.fills, self.cancel)

    def status_at(self, day: str) -> OrderStatus:
        """Where it stood at the end of a YYYY-MM-DD day (open before any event)."""
        fills = tuple(fill for fill in self.fills if fill.day <= day)
        cancel = self.cancel if self.cancel is not None and self.cancel.day <= day else None
        return _status(self.quantity, fills, cancel)

    def days(self) -> tuple[str, ...]:
        """The days it has an event on, oldest first."""
        return tuple(sorted({event.day for event in self.events}))


def _place(event: OrderEvent) -> tuple[str, int]:
    """Where an event is in the journal: its day and line."""
    return (event.day, event.line_number)


def _status(
    quantity: float | None, fills: tuple[OrderEvent, ...], cancel: OrderEvent | None
) -> OrderStatus:
    """An order's status from its quantity, fills and cancel (see the module's docstring)."""
    if cancel is not None:
        return OrderStatus.CANCELLED
    if not fills:
        return OrderStatus.OPEN
    if quantity is None or any(fill.quantity is None for fill in fills):
        return OrderStatus.FILLED
    filled = sum((fill.quantity or 0.0 for fill in fills), 0.0)
    if filled >= quantity:
        return OrderStatus.FILLED
    return OrderStatus.PART_FILLED if filled > 0 else OrderStatus.OPEN


@dataclasses.dataclass(frozen=True)
class OrderBook:
    """Every order and rejection of the days read.

    Attributes:
        orders (tuple[Order, ...]): In the journal's order of their first event.
        rejections (tuple[RiskDecision, ...]): Rejections no order followed, in journal order.
        days (tuple[str, ...]): The journal days read, oldest first.
        damaged_lines (int): How many lines were skipped as damaged.
        problems (tuple[Problem, ...]): Damaged lines and unreadable files, by day and line.
    """

    orders: tuple[Order, ...]
    rejections: tuple[RiskDecision, ...]
    days: tuple[str, ...]
    damaged_lines: int
    problems: tuple[Problem, ...]

    def orders_on(self, day: str) -> tuple[Order, ...]:
        """The orders with an event (placement, fill or cancel) on a YYYY-MM-DD day, in order."""
        return tuple(order for order in self.orders if day in order.days())

    def rejections_on(self, day: str) -> tuple[RiskDecision, ...]:
        """A day's rejections that no order followed."""
        return tuple(rejection for rejection in self.rejections if rejection.day == day)

    def order(self, order_id: str) -> Order | None:
        """The latest order of an id (as text), or None."""
        for order in reversed(self.orders):
            if order.order_id == order_id:
                return order
        return None

    def net_quantity(self, day: str, *, up_to: bool = False) -> dict[str, float]:
        """The net filled quantity per symbol (BUY adds, SELL takes away), sorted by symbol.

        Args:
            day (str): The India day.
            up_to (bool): Count the fills of every day read up to it, not its own only.

        Returns:
            dict[str, float]: Per symbol with a BUY or SELL fill; unknown quantities count 0.
        """
        net: dict[str, float] = {}
        for order in self.orders:
            sign = {'BUY': 1.0, 'SELL': -1.0}.get(order.side.upper())
            for fill in order.fills:
                if (fill.day > day or (not up_to and fill.day != day)) or sign is None:
                    continue
                net[order.symbol] = net.get(order.symbol, 0.0) + sign * (fill.quantity or 0.0)
        return dict(sorted(net.items()))


def order_id_text(value: Any) -> str:
    """Writes an order_id as the book keys it: a string as is, else compact JSON, "" if missing."""
    if value is None:
        return ''
    return value if isinstance(value, str) else compact_json(value)


_ORDER_ID_LINE = 'order_id: '


def order_id_in_action_text(text: str) -> str | None:
    """The order id a search hit's action text (kind "journal") names, or None if not an order's."""
    lines = text.split('\n')
    if lines[0] not in ('order_placed', 'order_filled', 'order_cancelled'):
        return None
    for line in lines[1:]:
        if line.startswith(_ORDER_ID_LINE):
            value = line[len(_ORDER_ID_LINE) :]
            return '' if value == 'null' else value
    return None
