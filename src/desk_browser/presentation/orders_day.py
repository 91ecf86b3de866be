"""What the Orders view shows of one day: its orders and rejections, positions and counts.

Read by order_book's one rule, as `orders --day` reads it; no Textual here.
"""

from __future__ import annotations

from collections.abc import Sequence
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
    read_order_book_around,
)
from desk_browser.presentation.formatting import india_moment, plural

if TYPE_CHECKING:
    from desk_browser.memory.order_book import DayMemo

REJECTED = 'rejected'
"""The status word of a risk rejection that no order followed (a row of its own)."""


@dataclass(frozen=True)
class OrderCounts:
    """A day's orders placed, filled and cancelled, and its rejections (`day` "": no journal)."""

    day: str
    placed: int
    filled: int
    cancelled: int
    rejected: int

    def text(self) -> str:
        """The non-zero counts: "5 placed, 4 filled, 1 rejected", or "no orders"."""
        parts = [
            f'{count} {word}'
            for count, word in (
                (self.placed, 'placed'),
                (self.filled, 'filled'),
                (self.cancelled, 'cancelled'),
                (self.rejected, REJECTED),
            )
            if count
        ]
        return ', '.join(parts) if parts else 'no orders'


def _counts(
    day: str, orders: tuple[Order, ...], rejections: tuple[RiskDecision, ...]
) -> OrderCounts:
    """Counts a day's orders and rejections."""
    return OrderCounts(
        day=day,
        placed=sum(1 for order in orders if order.placed is not None and order.placed.day == day),
        filled=sum(1 for order in orders if any(fill.day == day for fill in order.fills)),
        cancelled=sum(
            1 for order in orders if order.cancel is not None and order.cancel.day == day
        ),
        rejected=sum(1 for rejection in rejections if rejection.day == day),
    )


def read_order_counts(
    desk: Path, day: str | None = None, memo: DayMemo | None = None
) -> OrderCounts:
    """Counts one day's orders from its journal alone (cheap): the Orders view's counts.

    Args:
        desk (Path): The desk folder.
        day (str | None): The ISO day; None for the newest day with a journal.
        memo (DayMemo | None): An OrderMemo (services.order_memo); the caller saves it.
    """
    listed = journal_files(desk)
    if day is None:
        day = max((journal_day for journal_day, _path in listed), default='')
        if not day:
            return OrderCounts('', 0, 0, 0, 0)
    book = read_order_book(
        desk, since=day, until=day, memo=memo, whole_exchanges=False, journal=listed
    )
    return _counts(day, book.orders, book.rejections)


@dataclass(frozen=True)
class Position:
    """One symbol's net filled quantity over a day (bought less sold), and its P&L.

    `pnl` is the matched quantity times (average sell - average buy); None without both sides.
    """

    symbol: str
    net: float
    pnl: float | None


@dataclass(frozen=True)
class OrdersDay:
    """One day's orders, as the Orders view shows them.

    Attributes:
        day (str): The ISO day.
        orders (tuple[Order, ...]): The orders with an event that day.
        rejections (tuple[RiskDecision, ...]): The day's rejections no order followed.
        positions (tuple[Position, ...]): By symbol.
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
    def counts(self) -> OrderCounts:
        """The day's counts of orders placed, filled and cancelled, and of rejections."""
        return _counts(self.day, self.orders, self.rejections)

    @property
    def placed_count(self) -> int:
        """How many orders were placed that day."""
        return self.counts.placed

    @property
    def filled_count(self) -> int:
        """How many orders had a fill that day."""
        return self.counts.filled

    @property
    def cancelled_count(self) -> int:
        """How many orders were cancelled that day."""
        return self.counts.cancelled

    def counts_text(self) -> str:
        """The day's non-zero counts: "5 placed, 4 filled, 1 rejected", or "no orders"."""
        return self.counts.text()


def read_book_around(
    desk: Path,
    day: str,
    *,
    memo: DayMemo | None = None,
    whole: bool = False,
    journal: Sequence[tuple[str, Path]] | None = None,
) -> OrderBook:
    """Reads one day's book by read_order_book_around's rule (as `orders --day` does).

    `whole` reads exchanges whole (for a story) without the memo; else triggers through it.
    """
    return read_order_book_around(
        desk, day, day, memo=None if whole else memo, whole_exchanges=whole, journal=journal
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
    """Picks one ISO day's orders out of a book read around it (`days`: every journal day)."""
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


def read_orders_day(desk: Path, day: str, memo: DayMemo | None = None) -> OrdersDay:
    """Reads one ISO day's orders (empty without a journal) through an OrderMemo (caller saves)."""
    listed = journal_files(desk)  # Listed once: 1,250 names on a five-year desk.
    days = tuple(sorted(journal_day for journal_day, _path in listed))
    return orders_day_of(read_book_around(desk, day, memo=memo, journal=listed), day, days)


def find_order(desk: Path, day: str, order_id: str) -> Order | None:
    """The latest order of an id around the ISO day of one of its events, read whole; or None."""
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
