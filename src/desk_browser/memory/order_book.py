"""A desk's order book, read from its journal: each order's life, its risk decision and exchange.

An order is its events by order_id as text (a new placement starts a new one; one placed
before the days read has `placed` None). A risk decision belongs to the next order placed for
its symbol in its exchange; a rejected one no order follows is a rejection. Damaged lines are
skipped and counted.
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from desk_browser.memory.desk_files import journal_files
from desk_browser.memory.journal import JournalEvent
from desk_browser.memory.json_text import text_of
from desk_browser.memory.order_facts import (
    MEMO_PURPOSE,
    ORDER_FIELDS,
    RISK_KIND,
    DayFacts,
    facts_are_sound,
    read_day_facts,
    stored_event,
)
from desk_browser.memory.order_records import (
    Order,
    OrderBook,
    OrderEvent,
    OrderExchange,
    OrderStatus,
    RiskDecision,
    number_of,
    order_id_in_action_text,
    order_id_text,
)
from desk_browser.memory.problems import Problem

if TYPE_CHECKING:
    from desk_browser.memory.file_memo import Reading


class DayMemo(Protocol):
    """What remembers a day's facts: a file_memo.FileMemo, or an order_memo.OrderMemo."""

    def read(self, path: Path, purpose: str, reading: Reading) -> tuple[list[Problem], Any]:
        """Reads a file, or recalls what reading it found while it is unchanged."""
        ...


__all__ = [
    'Order',
    'OrderBook',
    'OrderEvent',
    'OrderExchange',
    'OrderStatus',
    'RiskDecision',
    'order_id_in_action_text',
    'order_id_text',
    'read_order_book',
    'read_order_book_around',
]

CARRY_DAYS = 31
"""How many days either side of the days asked for are read too: an order placed that long before
keeps its placement and trigger, a fill or cancel that long after is known."""


@dataclasses.dataclass(slots=True)
class _Building:
    """An order while its events are read."""

    order_id: str
    placed: OrderEvent | None
    risk: RiskDecision | None
    exchange: OrderExchange | None
    first: OrderEvent
    fills: list[OrderEvent] = dataclasses.field(default_factory=list)
    cancel: OrderEvent | None = None
    later_cancels: list[OrderEvent] = dataclasses.field(default_factory=list)

    def finished(self) -> Order:
        first = self.placed if self.placed is not None else self.first
        return Order(
            order_id=self.order_id,
            symbol=first.symbol,
            side=first.side,
            quantity=first.quantity,
            price=first.price,
            placed=self.placed,
            fills=tuple(self.fills),
            cancel=self.cancel,
            risk=self.risk,
            exchange=self.exchange,
            later_cancels=tuple(self.later_cancels),
        )


class _Assembly:
    """Puts days' facts together into an order book, oldest day first."""

    def __init__(self) -> None:
        self.orders: list[_Building] = []
        self.latest: dict[str, _Building] = {}
        self.rejections: list[RiskDecision] = []

    def add_day(self, day: str, facts: DayFacts) -> None:
        exchanges: dict[int, OrderExchange] = {}
        stored_exchanges = {item[0]: item for item in facts['exchanges']}
        pending: dict[tuple[int | None, str], RiskDecision] = {}
        latest = self.latest
        for line_number, kind, time, trigger_line, values in facts['events']:
            exchange = None
            if trigger_line is not None:
                exchange = exchanges.get(trigger_line)
                if exchange is None:
                    stored = stored_exchanges.get(trigger_line)
                    if stored is not None:
                        exchange = exchanges[trigger_line] = _exchange(day, stored)
            if kind == RISK_KIND:
                if type(values) is list:
                    decision_value, reason, symbol = values
                else:
                    decision_value = values.get('decision')
                    reason = values.get('reason')
                    symbol = values.get('symbol')
                decision = RiskDecision(
                    day,
                    line_number,
                    time,
                    _text(decision_value),
                    _text(reason),
                    _text(symbol),
                    exchange,
                )
                key = (trigger_line, decision.symbol)
                earlier = pending.pop(key, None)
                if earlier is not None and earlier.rejected:
                    self.rejections.append(earlier)
                pending[key] = decision
                continue
            if type(values) is list:
                order_value, symbol, side, quantity, price = values
                fields = dict(zip(ORDER_FIELDS, values, strict=True))
            else:
                fields = values
                order_value = fields.get('order_id')
                symbol = fields.get('symbol')
                side = fields.get('side')
                quantity = fields.get('quantity')
                price = fields.get('price')
            event = OrderEvent(
                kind,
                day,
                line_number,
                time,
                order_value if type(order_value) is str else order_id_text(order_value),
                _text(symbol),
                _text(side),
                number_of(quantity),
                number_of(price),
                fields,
            )
            order_id = event.order_id
            if kind == 'placed':
                risk = pending.pop((trigger_line, event.symbol), None)
                building = _Building(order_id, event, risk, exchange, event)
                self.orders.append(building)
                if order_id:
                    latest[order_id] = building
                continue
            found = latest.get(order_id) if order_id else None
            if found is None:
                found = _Building(order_id, None, None, None, event)
                self.orders.append(found)
                if order_id:
                    latest[order_id] = found
            if kind == 'filled':
                found.fills.append(event)
            elif found.cancel is None:
                found.cancel = event
            else:
                found.later_cancels.append(event)
        for decision in sorted(pending.values(), key=lambda decision: decision.line_number):
            if decision.rejected:
                self.rejections.append(decision)


def _text(value: Any) -> str:
    """A field's value as text (json_text.text_of), a string taken without a call."""
    return value if type(value) is str else text_of(value)


def _exchange(day: str, stored: list[Any]) -> OrderExchange:
    """Makes an exchange from the facts' entry for it."""
    trigger_line, time, fields, backend, session_id, last_line, stored_events = stored
    trigger = JournalEvent(
        line_number=trigger_line, type='trigger_received', time=time, fields=fields
    )
    if stored_events is None:
        return OrderExchange(day, trigger, (), (), backend, session_id, last_line, False)
    events = tuple(stored_event(item) for item in stored_events)
    texts = tuple(event for event in events if event.type == 'text')
    return OrderExchange(day, trigger, texts, events, backend, session_id, last_line, True)


def read_order_book(
    desk: Path,
    *,
    since: str | None = None,
    until: str | None = None,
    memo: DayMemo | None = None,
    whole_exchanges: bool | None = None,
    before_each_day: Callable[[], None] | None = None,
    journal: Sequence[tuple[str, Path]] | None = None,
) -> OrderBook:
    """Reads a desk's order book from its journal days (empty without a journal).

    Args:
        desk (Path): The desk folder.
        since (str | None): The first India day to read, YYYY-MM-DD; None from the first.
        until (str | None): The last day to read; None up to the last.
        memo (DayMemo | None): Recalls unchanged days' facts (the caller saves it); None reads.
        whole_exchanges (bool | None): Read every event of the exchanges; None: without a memo.
        before_each_day (Callable[[], None] | None): Called before each day (may raise to stop).
        journal (Sequence[tuple[str, Path]] | None): journal_files(desk); None lists it here.
    """
    whole = memo is None if whole_exchanges is None else whole_exchanges
    days = sorted(
        (day, path)
        for day, path in (journal_files(desk) if journal is None else journal)
        if (since is None or day >= since) and (until is None or day <= until)
    )
    assembly = _Assembly()
    problems: list[Problem] = []
    for day, path in days:
        if before_each_day is not None:
            before_each_day()
        facts = _day_facts(path, day, problems, memo if not whole else None, whole)
        assembly.add_day(day, facts)
    return OrderBook(
        orders=tuple(building.finished() for building in assembly.orders),
        rejections=tuple(
            sorted(
                assembly.rejections, key=lambda rejection: (rejection.day, rejection.line_number)
            )
        ),
        days=tuple(day for day, _ in days),
        damaged_lines=sum(1 for problem in problems if problem.line_number is not None),
        problems=tuple(problems),
    )


def _day_facts(
    path: Path, day: str, problems: list[Problem], memo: DayMemo | None, whole: bool
) -> DayFacts:
    """Reads one day's facts, through the memo when there is one."""

    def reading(found: list[Problem]) -> DayFacts:
        return read_day_facts(path, day, found, whole_exchanges=whole)

    if memo is None:
        return reading(problems)
    found, recalled = memo.read(path, MEMO_PURPOSE, reading)
    facts: DayFacts = recalled if facts_are_sound(recalled) else reading(found := [])
    problems.extend(found)
    return facts


def _moved(day: str | None, days: int) -> str | None:
    """An ISO day moved by some days; None stays None, a day that is no date stays as it is."""
    if day is None:
        return None
    try:
        return (datetime.date.fromisoformat(day) + datetime.timedelta(days=days)).isoformat()
    except (ValueError, OverflowError):
        return day


def read_order_book_around(
    desk: Path,
    first_day: str | None,
    last_day: str | None,
    *,
    memo: DayMemo | None = None,
    whole_exchanges: bool | None = None,
    before_each_day: Callable[[], None] | None = None,
    journal: Sequence[tuple[str, Path]] | None = None,
) -> OrderBook:
    """Reads some days' book and CARRY_DAYS either side: the Orders view's and `orders`'s rule.

    None leaves an end open; the other arguments are read_order_book's.
    """
    return read_order_book(
        desk,
        since=_moved(first_day, -CARRY_DAYS),
        until=_moved(last_day, CARRY_DAYS),
        memo=memo,
        whole_exchanges=whole_exchanges,
        before_each_day=before_each_day,
        journal=journal,
    )
