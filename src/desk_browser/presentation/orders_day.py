"""What the Orders view shows of one day: its orders and rejections, positions and counts.

`read_orders_day` (for a thread worker) reads the order book around the day, so an order
placed days before or filled days after shows its placement and its status now. Nothing here
imports Textual.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from desk_browser.memory.desk_files import journal_files
from desk_browser.memory.order_book import (
    Order,
    OrderBook,
    OrderEvent,
    RiskDecision,
    read_order_book,
)
from desk_browser.presentation.formatting import india_moment, plural

if TYPE_CHECKING:
    from desk_browser.memory.file_memo import FileMemo

LOOK_AROUND_DAYS = 7
"""How many calendar days before and after the day shown are read: an order placed that long
before still shows its placement and trigger, a fill that long after its status now."""

REJECTED = 'rejected'
"""The status word of a risk rejection that no order followed (a row of its own)."""


@dataclass(frozen=True)
class Position:
    """One symbol's net filled quantity over a day, and its P&L where the fills allow.

    Attributes:
        symbol (str): The symbol, as written.
        net (float): Bought less sold, from the day's fills.
        pnl (float | None): The matched quantity times the average sell less the average buy,
            or None unless the day has priced fills of both sides.
    """

    symbol: str
    net: float
    pnl: float | None


@dataclass(frozen=True)
class OrdersDay:
    """One day's orders, as the Orders view shows them.

    Attributes:
        day (str): The ISO day.
        orders (tuple[Order, ...]): The orders placed or with a fill or cancel that day.
        rejections (tuple[RiskDecision, ...]): The day's risk rejections that no order followed.
        positions (tuple[Position, ...]): Net filled quantity per symbol that day, by symbol.
        days (tuple[str, ...]): Every day with a journal, oldest first (for `[` and `]`).
        damaged_lines (int): Damaged lines skipped in the days read.
        has_journal (bool): Whether the desk holds a journal for the day.
    """

    day: str
    orders: tuple[Order, ...]
    rejections: tuple[RiskDecision, ...]
    positions: tuple[Position, ...]
    days: tuple[str, ...]
    damaged_lines: int
    has_journal: bool

    @property
    def placed_count(self) -> int:
        """How many orders were placed that day."""
        return sum(1 for order in self.orders if _placed_on(order, self.day))

    @property
    def filled_count(self) -> int:
        """How many orders had a fill that day."""
        return sum(1 for order in self.orders if any(f.day == self.day for f in order.fills))

    @property
    def cancelled_count(self) -> int:
        """How many orders were cancelled that day."""
        return sum(
            1 for order in self.orders if order.cancel is not None and order.cancel.day == self.day
        )

    def counts_text(self) -> str:
        """The day's non-zero counts: "5 placed, 4 filled, 1 rejected", or "no orders"."""
        parts = [
            f'{count} {word}'
            for count, word in (
                (self.placed_count, 'placed'),
                (self.filled_count, 'filled'),
                (self.cancelled_count, 'cancelled'),
                (len(self.rejections), REJECTED),
            )
            if count
        ]
        return ', '.join(parts) if parts else 'no orders'


def _placed_on(order: Order, day: str) -> bool:
    """Whether an order was placed on a day."""
    return order.placed is not None and order.placed.day == day


def _shifted(day: str, days: int) -> str | None:
    """An ISO day moved by some days, or None when the day is not a date."""
    try:
        moved = datetime.date.fromisoformat(day) + datetime.timedelta(days=days)
    except (ValueError, OverflowError):
        return None
    return moved.isoformat()


def read_book_around(
    desk: Path, day: str, *, memo: FileMemo | None = None, whole: bool = False
) -> OrderBook:
    """Reads the order book of the days around one day (LOOK_AROUND_DAYS either side).

    Args:
        desk (Path): The desk folder.
        day (str): The ISO day.
        memo (FileMemo | None): Remembers each unchanged day's facts (the caller saves it);
            None reads every day.
        whole (bool): Whether the exchanges are read whole (for a story); else only their
            triggers, through the memo.

    Returns:
        OrderBook: The book of those days.
    """
    since = _shifted(day, -LOOK_AROUND_DAYS) or day
    until = _shifted(day, LOOK_AROUND_DAYS) or day
    return read_order_book(
        desk, since=since, until=until, memo=None if whole else memo, whole_exchanges=whole
    )


def positions_of(orders: tuple[Order, ...], day: str) -> tuple[Position, ...]:
    """A day's fills per symbol, by symbol: net quantity, and P&L where both sides are priced."""
    fills: dict[str, list[OrderEvent]] = {}
    for order in orders:
        for fill in order.fills:
            if fill.day == day and fill.quantity is not None:
                fills.setdefault(fill.symbol or order.symbol, []).append(fill)
    positions = []
    for symbol in sorted(fills):
        bought = [f for f in fills[symbol] if f.side.upper() == 'BUY']
        sold = [f for f in fills[symbol] if f.side.upper() == 'SELL']
        net = sum(f.quantity or 0 for f in bought) - sum(f.quantity or 0 for f in sold)
        positions.append(Position(symbol, net, _pnl(bought, sold)))
    return tuple(positions)


def _pnl(bought: list[OrderEvent], sold: list[OrderEvent]) -> float | None:
    """The P&L of the matched quantity of a symbol's fills, or None unless both sides are priced."""
    if not bought or not sold or any(f.price is None for f in (*bought, *sold)):
        return None
    bought_quantity = sum(f.quantity or 0 for f in bought)
    sold_quantity = sum(f.quantity or 0 for f in sold)
    if not bought_quantity or not sold_quantity:
        return None
    average_buy = sum((f.price or 0) * (f.quantity or 0) for f in bought) / bought_quantity
    average_sell = sum((f.price or 0) * (f.quantity or 0) for f in sold) / sold_quantity
    return min(bought_quantity, sold_quantity) * (average_sell - average_buy)


def orders_day_of(book: OrderBook, day: str, days: tuple[str, ...]) -> OrdersDay:
    """Picks one day's orders and rejections out of a book read around it.

    Args:
        book (OrderBook): The book.
        day (str): The ISO day.
        days (tuple[str, ...]): Every day with a journal, oldest first.

    Returns:
        OrdersDay: The day.
    """
    orders = book.orders_on(day)
    return OrdersDay(
        day=day,
        orders=orders,
        rejections=tuple(risk for risk in book.rejections if risk.day == day),
        positions=positions_of(orders, day),
        days=days,
        damaged_lines=book.damaged_lines,
        has_journal=day in days,
    )


def read_orders_day(desk: Path, day: str, memo: FileMemo | None = None) -> OrdersDay:
    """Reads one day's orders, with the days around it; only the exchanges' triggers are read.

    Args:
        desk (Path): The desk folder.
        day (str): The ISO day.
        memo (FileMemo | None): Remembers each unchanged day's facts (the caller saves it).

    Returns:
        OrdersDay: The day (empty when it has no journal).
    """
    days = tuple(sorted(journal_day for journal_day, _path in journal_files(desk)))
    return orders_day_of(read_book_around(desk, day, memo=memo), day, days)


def find_order(desk: Path, day: str, order_id: str) -> Order | None:
    """Finds one order by its id among the orders around a day, its exchange read whole.

    Args:
        desk (Path): The desk folder.
        day (str): The ISO day of one of its events (a search hit's).
        order_id (str): Its id, as text.

    Returns:
        Order | None: The latest order of that id in those days, or None.
    """
    return read_book_around(desk, day, whole=True).order(order_id)


def read_whole_story(desk: Path, story: Order | RiskDecision) -> Order | RiskDecision | None:
    """Reads a listed order or rejection again, its exchange whole; None if no longer there."""
    if isinstance(story, RiskDecision):
        book = read_book_around(desk, story.day, whole=True)
        return next(
            (
                rejection
                for rejection in book.rejections
                if (rejection.day, rejection.line_number) == (story.day, story.line_number)
            ),
            None,
        )
    return find_order(desk, story.first_event.day, story.order_id)


def clock_time(iso_time: str) -> str:
    """An event's India time as HH:MM:SS, or "--:--:--" when it has no readable time."""
    moment = india_moment(iso_time) if iso_time else None
    return f'{moment:%H:%M:%S}' if moment is not None else '--:--:--'


def quantity_text(quantity: float | None) -> str:
    """A quantity as a person reads it: 1,100, or 0.5, or "?" when the journal gives none."""
    if quantity is None:
        return '?'
    if float(quantity).is_integer():
        return f'{int(quantity):,}'
    return f'{quantity:,.2f}'.rstrip('0')


def price_text(price: float | None) -> str:
    """A price with two decimals and thousands separators, or "" when the journal gives none."""
    return '' if price is None else f'{price:,.2f}'


def signed_quantity(net: float) -> str:
    """A net quantity with its sign: +450, −300, 0."""
    if net > 0:
        return f'+{quantity_text(net)}'
    if net < 0:
        return f'−{quantity_text(-net)}'
    return '0'


def rupees_text(amount: float) -> str:
    """An amount in rupees with its sign: ₹1,234 or −₹1,234."""
    sign = '−' if amount < 0 else ''
    return f'{sign}₹{abs(amount):,.0f}'


def count_words(day: OrdersDay) -> str:
    """The day's orders counted in words, for a heading: "5 orders · 5 placed, 5 filled, …"."""
    return f'{plural(len(day.orders), "order")} · {day.counts_text()}'
