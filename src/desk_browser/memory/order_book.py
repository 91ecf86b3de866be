"""A desk's order book, read from its journal: each order's life, its risk decision and exchange.

The journal writes an order's life as separate events (order_placed, order_filled,
order_cancelled, all with an order_id) and the risk check before it as a risk_decision that names
a symbol, not an order. This module ties them together:

- An order is its placement, its fills and its cancel, across days, found by order_id (as text:
  7731 and "7731" are one order). A placement of an id already placed starts a new order of that
  id; a fill or cancel goes to the latest order of its id. An event with no order_id is an order
  of its own that nothing else joins.
- A fill or cancel of an order never seen placed (placed before the days read) is kept as an
  Order whose `placed` is None.
- A risk decision belongs to the next order placed for its symbol in the same exchange. A
  rejected decision that no order follows is a rejection; an approved one that none follows is
  dropped. A later decision for the same symbol in the same exchange takes the place of an
  earlier one, which then counts as not followed.
- Statuses: nothing filled and no cancel is open; some filled but less than the quantity is part
  filled; the quantity filled (or a fill of unknown size, or any fill of an order of unknown
  quantity) is filled; a cancel is cancelled, whatever was filled before it.

Damaged lines are skipped and reported as every reader reports them (`problems`, counted in
`damaged_lines`); event types other than the order, risk and session ones are ignored here. A
memo passed in (`order_memo.OrderMemo`, or a `file_memo.FileMemo`) remembers each unchanged
day's facts (order_facts), so the journal of a day is not parsed twice; the exchanges are then
read without their answers (`whole` False).

Typical usage example:

    book = read_order_book(desk, since='2026-10-01')
    for order in book.orders_on('2026-10-19'):
        print(order.order_id, order.symbol, order.status)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from desk_browser.memory.desk_files import journal_files
from desk_browser.memory.journal import JournalEvent
from desk_browser.memory.json_text import text_of
from desk_browser.memory.order_facts import (
    MEMO_PURPOSE,
    ORDER_TYPES,
    RISK_TYPE,
    SESSION_TYPES,
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
]


@dataclasses.dataclass
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
        self.session: str | None = None

    def add_day(self, day: str, facts: DayFacts) -> None:
        exchanges: dict[int, OrderExchange] = {}
        session_at: dict[int, str | None] = {}
        pending: dict[tuple[int | None, str], RiskDecision] = {}
        stored_exchanges = facts['exchanges']
        session_events = [item for item in facts['events'] if item[1] in SESSION_TYPES]
        trigger_lines = sorted(int(key) for key in stored_exchanges)
        # The session each kept exchange falls in: walk the session events and triggers in order.
        marks = sorted(
            [(item[0], 0, item) for item in session_events]
            + [(line, 1, None) for line in trigger_lines],
            key=lambda mark: (mark[0], mark[1]),
        )
        for line, is_trigger, item in marks:
            if is_trigger:
                session_at[line] = self.session
            elif item is not None:
                self._follow_session(item)

        def exchange_of(trigger_line: int | None) -> OrderExchange | None:
            if trigger_line is None:
                return None
            found = exchanges.get(trigger_line)
            if found is None:
                stored = stored_exchanges.get(str(trigger_line))
                if stored is None:
                    return None
                found = _exchange(day, trigger_line, stored, session_at.get(trigger_line))
                exchanges[trigger_line] = found
            return found

        for item in facts['events']:
            line_number, event_type, time, fields, trigger_line = item
            if event_type == RISK_TYPE:
                decision = RiskDecision(
                    day=day,
                    line_number=line_number,
                    time=time,
                    decision=text_of(fields.get('decision')),
                    reason=text_of(fields.get('reason')),
                    symbol=text_of(fields.get('symbol')),
                    exchange=exchange_of(trigger_line),
                )
                key = (trigger_line, decision.symbol)
                earlier = pending.pop(key, None)
                if earlier is not None:
                    self._unfollowed(earlier)
                pending[key] = decision
            elif event_type in ORDER_TYPES:
                event = _order_event(ORDER_TYPES[event_type], day, line_number, time, fields)
                if event.kind == 'placed':
                    risk = pending.pop((trigger_line, event.symbol), None)
                    self._place(event, risk, exchange_of(trigger_line))
                else:
                    self._follow(event)
        for decision in sorted(pending.values(), key=lambda decision: decision.line_number):
            self._unfollowed(decision)

    def _follow_session(self, item: list[Any]) -> None:
        session_id = item[3].get('session_id')
        if item[1] == 'session_started':
            self.session = session_id if isinstance(session_id, str) else None
        elif session_id is None or session_id == self.session or not isinstance(session_id, str):
            self.session = None

    def _unfollowed(self, decision: RiskDecision) -> None:
        if decision.rejected:
            self.rejections.append(decision)

    def _place(
        self, event: OrderEvent, risk: RiskDecision | None, exchange: OrderExchange | None
    ) -> None:
        building = _Building(event.order_id, event, risk, exchange, event)
        self.orders.append(building)
        if event.order_id:
            self.latest[event.order_id] = building

    def _follow(self, event: OrderEvent) -> None:
        building = self.latest.get(event.order_id) if event.order_id else None
        if building is None:
            building = _Building(event.order_id, None, None, None, event)
            self.orders.append(building)
            if event.order_id:
                self.latest[event.order_id] = building
        if event.kind == 'filled':
            building.fills.append(event)
        elif building.cancel is None:
            building.cancel = event
        else:
            building.later_cancels.append(event)


def _order_event(
    kind: str, day: str, line_number: int, time: str, fields: dict[str, Any]
) -> OrderEvent:
    """Reads an order event's fields."""
    return OrderEvent(
        kind=kind,
        day=day,
        line_number=line_number,
        time=time,
        order_id=order_id_text(fields.get('order_id')),
        symbol=text_of(fields.get('symbol')),
        side=text_of(fields.get('side')),
        quantity=number_of(fields.get('quantity')),
        price=number_of(fields.get('price')),
        fields=fields,
    )


def _exchange(
    day: str, trigger_line: int, stored: list[Any], session_id: str | None
) -> OrderExchange:
    """Makes an exchange from the facts' entry for it."""
    time, fields, backend, last_line, stored_events = stored
    trigger = JournalEvent(
        line_number=trigger_line, type='trigger_received', time=time, fields=fields
    )
    if stored_events is None:
        return OrderExchange(
            day=day,
            trigger=trigger,
            texts=(),
            events=(),
            backend=backend,
            session_id=session_id,
            last_line=last_line,
            whole=False,
        )
    events = tuple(stored_event(item) for item in stored_events)
    return OrderExchange(
        day=day,
        trigger=trigger,
        texts=tuple(event for event in events if event.type == 'text'),
        events=events,
        backend=backend,
        session_id=session_id,
        last_line=last_line,
        whole=True,
    )


def read_order_book(
    desk: Path,
    *,
    since: str | None = None,
    until: str | None = None,
    memo: DayMemo | None = None,
    whole_exchanges: bool | None = None,
    before_each_day: Callable[[], None] | None = None,
) -> OrderBook:
    """Reads a desk's order book from its journal days.

    Args:
        desk (Path): The desk folder.
        since (str | None): The first India day to read, YYYY-MM-DD; None from the first.
        until (str | None): The last day to read; None up to the last.
        memo (DayMemo | None): Remembers each unchanged day's facts (order_facts.MEMO_PURPOSE);
            the caller saves it. None reads every day.
        whole_exchanges (bool | None): Read every event of the exchanges (answers, tool calls);
            None: only when no memo is given (a memo keeps the facts without them).
        before_each_day (Callable[[], None] | None): Called before each day is read (a caller
            can stop there by raising).

    Returns:
        OrderBook: The book; empty when the desk has no journal.
    """
    whole = memo is None if whole_exchanges is None else whole_exchanges
    days = sorted(
        (day, path)
        for day, path in journal_files(desk)
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
