"""The order book against a plain reading of hand-made journals (hypothesis).

Each journal is a few days of steps: triggers, texts, placements, fills, part fills, cancels,
risk decisions, session boundaries, unknown types and damaged lines, in any interleaving. The
plain reading below parses each line with json.loads and states each rule of order_book's
docstring the simplest way, looking back along the journal rather than building as it goes.
"""

from __future__ import annotations

import json
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from desk_browser.memory.file_memo import FileMemo
from desk_browser.memory.order_book import OrderBook, read_order_book

DAYS = ('2026-10-19', '2026-10-20', '2026-10-21')
SYMBOLS = ('NIFTY', 'TCS')
DAMAGED = (b'{"type": "order_filled", "order_id": 1, "quan', b'\xff\xfe', b'[1]', b'{"type": 5}')

_step = st.one_of(
    st.just({'type': 'trigger_received', 'text': 'a trigger'}),
    st.builds(
        lambda backend: {'type': 'text', 'text': 'words', 'backend': backend},
        st.sampled_from(('claude', 'codex')),
    ),
    st.builds(
        lambda decision, symbol: {
            'type': 'risk_decision',
            'decision': decision,
            'reason': 'why',
            'symbol': symbol,
        },
        st.sampled_from(('approved', 'rejected')),
        st.sampled_from(SYMBOLS),
    ),
    st.builds(
        lambda kind, order_id, symbol, side, quantity: {
            'type': f'order_{kind}',
            'order_id': order_id,
            'symbol': symbol,
            'side': side,
            'quantity': quantity,
            'price': 100.5,
        },
        st.sampled_from(('placed', 'placed', 'filled', 'filled', 'cancelled')),
        st.sampled_from((1, '1', 2, 3)),
        st.sampled_from(SYMBOLS),
        st.sampled_from(('BUY', 'SELL')),
        st.sampled_from((10, 20, 30, None)),
    ),
    st.builds(
        lambda kind, session: {'type': kind, 'session_id': session},
        st.sampled_from(('session_started', 'session_ended')),
        st.sampled_from(('s1', 's2', '')),
    ),
    st.just({'type': 'order_amended', 'order_id': 1}),
    st.sampled_from(DAMAGED),
)
_journals = st.lists(st.lists(_step, max_size=14), min_size=1, max_size=len(DAYS))


@dataclass
class Line:
    """One well-formed line of the plain reading."""

    day: str
    line: int
    data: dict[str, Any]

    @property
    def place(self) -> tuple[str, int]:
        return (self.day, self.line)


def _plain_lines(journals: list[list[Any]]) -> tuple[list[Line], int]:
    lines: list[Line] = []
    damaged = 0
    for day, steps in zip(DAYS, journals, strict=False):
        for number, step in enumerate(steps, 1):
            raw = step if isinstance(step, bytes) else json.dumps(step).encode()
            try:
                data = json.loads(raw)
            except ValueError:
                damaged += 1
                continue
            if not isinstance(data, dict) or not isinstance(data.get('type'), str):
                damaged += 1
                continue
            lines.append(Line(day, number, data))
    return lines, damaged


def _trigger_before(lines: list[Line], index: int) -> int | None:
    """The index of the trigger of the exchange lines[index] is in (same day), or None."""
    for earlier in range(index - 1, -1, -1):
        if lines[earlier].day != lines[index].day:
            return None
        if lines[earlier].data['type'] == 'trigger_received':
            return earlier
    return None


def _status(quantity: Any, fills: list[Line], cancels: list[Line]) -> str:
    if cancels:
        return 'cancelled'
    if not fills:
        return 'open'
    quantities = [fill.data['quantity'] for fill in fills]
    if quantity is None or None in quantities or sum(quantities) >= quantity:
        return 'filled'
    return 'part filled'


def _session_at(lines: list[Line], index: int) -> str | None:
    """The session of the last session_started before a line in its file, unless one ended."""
    session = None
    for line in lines[:index]:
        if line.day != lines[index].day:
            continue
        if line.data['type'] == 'session_started':
            session = line.data['session_id'] or None
        elif line.data['type'] == 'session_ended':
            session = None
    return session


def plain_reading(journals: list[list[Any]]) -> dict[str, Any]:
    lines, damaged = _plain_lines(journals)
    days = list(DAYS[: len(journals)])
    orders: list[dict[str, Any]] = []
    beginnings: list[Line] = []
    risks_taken: set[int] = set()
    for index, line in enumerate(lines):
        kind = line.data['type']
        if kind not in ('order_placed', 'order_filled', 'order_cancelled'):
            continue
        order_id = str(line.data['order_id'])
        same_id = [
            other
            for other, earlier in enumerate(lines[:index])
            if earlier.data['type'] in ('order_placed', 'order_filled', 'order_cancelled')
            and str(earlier.data['order_id']) == order_id
        ]
        placements = [other for other in same_id if lines[other].data['type'] == 'order_placed']
        if kind != 'order_placed' and (placements or same_id):
            continue  # It joins an order begun earlier (found below, from the order's start).
        # This line begins an order: which later lines belong to it?
        ends = [
            later
            for later in range(index + 1, len(lines))
            if lines[later].data['type'] == 'order_placed'
            and str(lines[later].data['order_id']) == order_id
        ]
        end = ends[0] if ends else len(lines)
        placed = kind == 'order_placed'
        members = [] if placed else [line]
        members += [
            lines[later]
            for later in range(index + 1, end)
            if lines[later].data['type'] in ('order_filled', 'order_cancelled')
            and str(lines[later].data['order_id']) == order_id
        ]
        fills = [member for member in members if member.data['type'] == 'order_filled']
        cancels = [member for member in members if member.data['type'] == 'order_cancelled']
        trigger = _trigger_before(lines, index) if placed else None
        risk = None
        if placed:
            # The latest decision for the symbol after the trigger (or the day's start) and
            # after the previous placement of that symbol in the same exchange.
            for earlier in range(index - 1, -1, -1):
                other = lines[earlier]
                if other.day != line.day or other.data['type'] == 'trigger_received':
                    break
                if other.data.get('symbol') != line.data['symbol']:
                    continue
                if other.data['type'] == 'order_placed':
                    break
                if other.data['type'] == 'risk_decision':
                    risk = earlier
                    break
        if risk is not None:
            risks_taken.add(risk)
        quantity = line.data['quantity']
        beginnings.append(line)
        orders.append(
            {
                'order_id': order_id,
                'placed': line.place if placed else None,
                'fills': [fill.place for fill in fills],
                'cancel': cancels[0].place if cancels else None,
                'risk': lines[risk].place if risk is not None else None,
                'exchange': lines[trigger].place if trigger is not None else None,
                'session': _session_at(lines, trigger) if trigger is not None else None,
                'status': _status(quantity, fills, cancels),
                'status at': [
                    _status(
                        quantity,
                        [fill for fill in fills if fill.day <= day],
                        [cancel for cancel in cancels if cancel.day <= day],
                    )
                    for day in days
                ],
                'days': sorted({line.day} | {member.day for member in members}),
            }
        )
    rejections = [
        line.place
        for index, line in enumerate(lines)
        if line.data['type'] == 'risk_decision'
        and line.data['decision'] == 'rejected'
        and index not in risks_taken
    ]
    net = {}
    for day in days:
        totals: dict[str, float] = {}
        for line in lines:
            if line.day == day and line.data['type'] == 'order_filled':
                owner = next(
                    number for number, order in enumerate(orders) if line.place in order['fills']
                )
                first_line = beginnings[owner]
                sign = 1 if first_line.data['side'] == 'BUY' else -1
                symbol = first_line.data['symbol']
                totals[symbol] = totals.get(symbol, 0.0) + sign * (line.data['quantity'] or 0)
        net[day] = dict(sorted(totals.items()))
    return {'orders': orders, 'rejections': rejections, 'damaged': damaged, 'net': net}


def book_reading(book: OrderBook) -> dict[str, Any]:
    def place(event: Any) -> tuple[str, int] | None:
        return None if event is None else (event.day, event.line_number)

    orders = [
        {
            'order_id': order.order_id,
            'placed': place(order.placed),
            'fills': [place(fill) for fill in order.fills],
            'cancel': place(order.cancel),
            'risk': place(order.risk),
            'exchange': (order.exchange.day, order.exchange.trigger.line_number)
            if order.exchange is not None
            else None,
            'session': order.exchange.session_id if order.exchange is not None else None,
            'status': str(order.status),
            'status at': [str(order.status_at(day)) for day in book.days],
            'days': list(order.days()),
        }
        for order in book.orders
    ]
    return {
        'orders': orders,
        'rejections': [place(rejection) for rejection in book.rejections],
        'damaged': book.damaged_lines,
        'net': {day: book.net_quantity(day) for day in book.days},
    }


def _write(desk: Path, journals: list[list[Any]]) -> None:
    folder = desk / 'journal'
    folder.mkdir(parents=True)
    for day, steps in zip(DAYS, journals, strict=False):
        raw = [step if isinstance(step, bytes) else json.dumps(step).encode() for step in steps]
        (folder / f'{day}.jsonl').write_bytes(b''.join(line + b'\n' for line in raw))


@settings(max_examples=200, deadline=None)
@given(_journals)
def test_the_book_is_the_plain_reading(journals: list[list[Any]]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        desk = Path(folder) / 'desk'
        _write(desk, journals)
        expected = plain_reading(journals)
        assert book_reading(read_order_book(desk)) == expected
        assert book_reading(read_order_book(desk, memo=FileMemo(desk))) == expected
