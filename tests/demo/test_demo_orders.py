"""The demo desk's orders: every state of an order on the fixed demo day, read as a user would."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest

from desk_browser.demo import DEMO_TODAY, trading_days
from desk_browser.memory.order_book import OrderStatus, read_order_book

DEMO_DAY = DEMO_TODAY.isoformat()


def test_every_order_state_and_a_rejection_show_on_the_demo_day(demo_desk: Path) -> None:
    book = read_order_book(demo_desk)
    orders = book.orders_on(DEMO_DAY)
    statuses = {order.status_at(DEMO_DAY) for order in orders}
    assert statuses == set(OrderStatus)
    assert book.rejections_on(DEMO_DAY)
    assert all(order.seen_placed for order in orders)


def test_orders_placed_the_day_before_are_filled_and_cancelled_on_the_demo_day(
    demo_desk: Path,
) -> None:
    day_before = trading_days(DEMO_TODAY, 2)[0].isoformat()
    book = read_order_book(demo_desk)
    carried = [
        order
        for order in book.orders_on(DEMO_DAY)
        if order.placed is not None and order.placed.day == day_before
    ]
    assert {order.status for order in carried} == {OrderStatus.FILLED, OrderStatus.CANCELLED}
    assert all(order.status_at(day_before) is OrderStatus.OPEN for order in carried)
    filled = next(order for order in carried if order.status is OrderStatus.FILLED)
    assert [fill.day for fill in filled.fills] == [DEMO_DAY]
    assert filled.risk is not None and filled.risk.decision == 'approved'


def test_a_part_fill_stays_part_filled(demo_desk: Path) -> None:
    book = read_order_book(demo_desk)
    part = [order for order in book.orders_on(DEMO_DAY) if order.status is OrderStatus.PART_FILLED]
    assert len(part) == 1
    assert part[0].quantity is not None and 0 < part[0].filled_quantity < part[0].quantity


def test_the_first_day_fills_and_cancels_orders_never_seen_placed(demo_desk: Path) -> None:
    book = read_order_book(demo_desk)
    first = book.orders_on(book.days[0])
    unplaced = [order for order in first if not order.seen_placed]
    assert {order.status for order in unplaced} == {OrderStatus.FILLED, OrderStatus.CANCELLED}


def test_the_current_days_own_carried_orders_are_open_at_its_end(demo_desk: Path) -> None:
    book = read_order_book(demo_desk)
    open_orders = [order for order in book.orders if order.status is OrderStatus.OPEN]
    assert len(open_orders) == 2
    assert all(order.placed is not None and order.placed.day == DEMO_DAY for order in open_orders)


@pytest.mark.parametrize('today', ['2026-10-21', '2026-12-03', '2026-12-01', '2026-11-30'])
def test_the_day_before_the_current_one_sells_nifty_early(tmp_path: Path, today: str) -> None:
    from desk_browser.demo import build_demo_desk

    current = datetime.date.fromisoformat(today)
    build_demo_desk(tmp_path / 'desk', today=current, days=3)
    yesterday = trading_days(current, 3)[-2].isoformat()
    book = read_order_book(tmp_path / 'desk', since=yesterday, until=yesterday)
    placed = sorted(
        (order for order in book.orders if order.placed is not None),
        key=lambda order: order.first_event.time,
    )
    sells = [
        place
        for place, order in enumerate(placed)
        if order.side == 'SELL' and order.symbol.startswith('NIFTY')
    ]
    assert sells and sells[0] < 4  # Among the first rows of the day's orders at 80x24.
