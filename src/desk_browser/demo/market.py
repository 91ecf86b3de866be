"""The demo desk's market: its backends and instruments, a day's prices, and how they are written.

`new_event` starts every event that exchange_words and summary_words draw.
"""

from __future__ import annotations

import dataclasses
import datetime
import random
from typing import Any

BACKENDS = ('claude', 'codex')
"""The two backends (routes) of the demo desk."""

_MONTHS = ('JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC')


@dataclasses.dataclass(frozen=True)
class Instrument:
    """One underlying the desk trades.

    Attributes:
        name: The exchange symbol, such as "NIFTY".
        base_price: A typical price in rupees.
        lot_size: Units in one futures or options lot.
        strike_step: Distance between option strikes.
    """

    name: str
    base_price: float
    lot_size: int
    strike_step: int


INSTRUMENTS = (
    Instrument('NIFTY', 24500.0, 75, 50),
    Instrument('BANKNIFTY', 52000.0, 35, 100),
    Instrument('RELIANCE', 2850.0, 500, 20),
    Instrument('HDFCBANK', 1650.0, 550, 10),
    Instrument('INFY', 1820.0, 400, 20),
    Instrument('TCS', 4100.0, 175, 50),
)
"""The underlyings, index futures first."""


@dataclasses.dataclass
class DayContext:
    """What one trading day looks like: prices, the day's gap and a counter for order ids.

    Attributes:
        day: The India trading date.
        prices: Each underlying's price for the day, by name.
        gap_percent: NIFTY's opening gap in percent.
        order_count: Orders numbered so far that day.
        filled: Orders filled so far.
        rejected: Risk rejections so far.
        pnl: The day's running profit and loss in rupees.
        topics: The scenarios the day's exchanges were about, in order.
    """

    day: datetime.date
    prices: dict[str, float]
    gap_percent: float
    order_count: int = 0
    filled: int = 0
    rejected: int = 0
    pnl: float = 0.0
    topics: list[str] = dataclasses.field(default_factory=list)

    def next_order_id(self) -> str:
        """Numbers the next order of the day, such as "261021-0007", unique within the desk."""
        self.order_count += 1
        return f'{self.day:%y%m%d}-{self.order_count:04d}'


def new_day_context(random_source: random.Random, day: datetime.date) -> DayContext:
    """Draws a day's prices and opening gap from the day's generator."""
    prices = {}
    for instrument in INSTRUMENTS:
        drift = random_source.uniform(-0.06, 0.06)
        prices[instrument.name] = round(instrument.base_price * (1 + drift), 1)
    gap_percent = round(random_source.gauss(0.0, 0.8), 1) + 0.0  # + 0.0 turns -0.0 into 0.0
    return DayContext(day=day, prices=prices, gap_percent=gap_percent)


def new_event(event_type: str, **fields: Any) -> dict[str, Any]:
    """Starts an event (`type` and `time` first, the fields in order); the builder sets its time."""
    event: dict[str, Any] = {'type': event_type, 'time': ''}
    event.update(fields)
    return event


def rupees(value: float) -> str:
    """Formats rupees with thousands separators, such as "₹12,450"."""
    sign = '-' if value < 0 else ''
    return f'{sign}₹{abs(value):,.0f}'


def price_text(value: float) -> str:
    """Formats a price with thousands separators and one decimal."""
    return f'{value:,.1f}'


def futures_symbol(instrument: Instrument, day: datetime.date) -> str:
    """The current-month futures contract of an underlying, such as "NIFTY26OCTFUT"."""
    return f'{instrument.name}{day:%y}{_MONTHS[day.month - 1]}FUT'


def option_symbol(instrument: Instrument, day: datetime.date, strike: int, kind: str) -> str:
    """An option contract of the current month, such as "NIFTY26OCT24500CE"."""
    return f'{instrument.name}{day:%y}{_MONTHS[day.month - 1]}{strike}{kind}'


def strike_near(instrument: Instrument, price: float) -> int:
    """The strike nearest a price."""
    return int(round(price / instrument.strike_step) * instrument.strike_step)
