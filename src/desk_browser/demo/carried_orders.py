"""The demo desk's orders left working at the close: placed one day, filled or cancelled the next.

Drawn from a generator of their own (seed and day), so the two days agree.
"""

from __future__ import annotations

import datetime
import random
from typing import Any

from desk_browser.demo.market import INSTRUMENTS, futures_symbol, new_day_context, new_event


def previous_trading_day(day: datetime.date) -> datetime.date:
    """The latest weekday before a day."""
    earlier = day - datetime.timedelta(days=1)
    while earlier.weekday() >= 5:
        earlier -= datetime.timedelta(days=1)
    return earlier


def carried_orders(seed: int, day: datetime.date) -> list[dict[str, Any]]:
    """The two orders a day leaves working, the one to fill first, the one to cancel second."""
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
    """The risk_decision and order_placed events placing a day's carried orders, untimed."""
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
    """The order_filled and order_cancelled events of the previous day's carried orders."""
    filled, cancelled = carried_orders(seed, previous_trading_day(day))
    return [new_event('order_filled', **filled), new_event('order_cancelled', **cancelled)]
