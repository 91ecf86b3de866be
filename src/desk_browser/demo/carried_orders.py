"""The demo desk's orders left working at the close: placed one day, filled or cancelled the next.

Each trading day ends with two limit orders placed late and left working: the next trading day
fills the first at the open and cancels the second, so a day shows fills and cancels of orders
placed the day before, and the current day ends with both of its own still open. The first day
of a desk fills and cancels orders placed before it (never seen placed).

A day's carried orders come from a generator of their own, seeded with the desk's seed and the
day, and from the day's prices (the first thing the day's own generator draws), so that the day
that places them and the day after agree without building each other, and nothing the rest of
the day draws changes.
"""

from __future__ import annotations

import datetime
import random
from typing import Any

from desk_browser.demo.market import INSTRUMENTS, futures_symbol, new_day_context, new_event


def previous_trading_day(day: datetime.date) -> datetime.date:
    """The weekday before a day.

    Args:
        day (datetime.date): The day.

    Returns:
        datetime.date: The latest weekday before it.
    """
    earlier = day - datetime.timedelta(days=1)
    while earlier.weekday() >= 5:
        earlier -= datetime.timedelta(days=1)
    return earlier


def carried_orders(seed: int, day: datetime.date) -> list[dict[str, Any]]:
    """The two orders a day leaves working at the close.

    Args:
        seed (int): The desk's seed.
        day (datetime.date): The day that places them.

    Returns:
        list[dict[str, Any]]: Their order_id, symbol, side, quantity and price: the first to be
            filled the next day, the second to be cancelled.
    """
    prices = new_day_context(random.Random(f'{seed}:{day.isoformat()}'), day).prices
    random_source = random.Random(f'{seed}:{day.isoformat()}:carried')
    orders = []
    for number, instrument in enumerate(random_source.sample(INSTRUMENTS, 2), 1):
        side = random_source.choice(('BUY', 'SELL'))
        away = 0.004 if side == 'BUY' else -0.004  # A limit a little away from the close.
        orders.append(
            {
                'order_id': f'{day:%y%m%d}-L{number:03d}',
                'symbol': futures_symbol(instrument, day),
                'side': side,
                'quantity': instrument.lot_size * random_source.randint(1, 2),
                'price': round(prices[instrument.name] * (1 - away), 1),
            }
        )
    return orders


def placements(seed: int, day: datetime.date) -> list[dict[str, Any]]:
    """The events that place a day's carried orders, each after its risk check.

    Args:
        seed (int): The desk's seed.
        day (datetime.date): The day.

    Returns:
        list[dict[str, Any]]: risk_decision and order_placed events, times left empty.
    """
    events = []
    for order in carried_orders(seed, day):
        events.append(
            new_event(
                'risk_decision',
                decision='approved',
                reason='within limits',
                symbol=order['symbol'],
            )
        )
        events.append(new_event('order_placed', **order))
    return events


def follow_ups(seed: int, day: datetime.date) -> list[dict[str, Any]]:
    """The events that fill and cancel the previous trading day's carried orders.

    Args:
        seed (int): The desk's seed.
        day (datetime.date): The day that fills and cancels them.

    Returns:
        list[dict[str, Any]]: An order_filled and an order_cancelled event, times left empty.
    """
    filled, cancelled = carried_orders(seed, previous_trading_day(day))
    return [new_event('order_filled', **filled), new_event('order_cancelled', **cancelled)]
