"""The Orders view's day (positions, P&L from fills, counts) and an order's story document."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from desk_browser.memory.order_book import Order
from desk_browser.presentation.order_story import (
    order_id_of_record,
    story_json,
    story_markdown,
)
from desk_browser.presentation.orders_day import read_orders_day, read_whole_story

DAY = '2026-10-20'


def _write(desk: Path, day: str, events: list[dict[str, Any]]) -> None:
    """Writes one journal day."""
    journal = desk / 'journal'
    journal.mkdir(parents=True, exist_ok=True)
    lines = [json.dumps(event) for event in events]
    (journal / f'{day}.jsonl').write_text('\n'.join(lines) + '\n', encoding='utf-8')


def _order(
    kind: str, order_id: str, side: str, quantity: int, price: float | None, time: str
) -> dict[str, Any]:
    """One order event of the day."""
    found: dict[str, Any] = {'type': f'order_{kind}', 'time': f'{DAY}T{time}+00:00'}
    found.update(order_id=order_id, symbol='NIFTYFUT', side=side, quantity=quantity)
    if price is not None:
        found['price'] = price
    return found


def test_positions_net_the_fills_and_price_both_sides_only_when_both_are_priced(
    tmp_path: Path,
) -> None:
    _write(
        tmp_path,
        DAY,
        [
            {'type': 'trigger_received', 'time': f'{DAY}T04:00:00+00:00', 'text': 'Buy the dip'},
            _order('placed', 'A', 'BUY', 100, 10.0, '04:01:00'),
            _order('filled', 'A', 'BUY', 100, 10.0, '04:01:10'),
            _order('placed', 'B', 'SELL', 40, 12.0, '04:02:00'),
            _order('filled', 'B', 'SELL', 40, 12.5, '04:02:10'),
            {
                'type': 'risk_decision',
                'time': f'{DAY}T04:03:00+00:00',
                'decision': 'rejected',
                'reason': 'too big',
                'symbol': 'NIFTYFUT',
            },
        ],
    )
    day = read_orders_day(tmp_path, DAY)
    assert day.counts_text() == '2 placed, 2 filled, 1 rejected'
    [position] = day.positions
    assert position.net == 60
    assert position.pnl == 40 * (12.5 - 10.0)


def test_no_pnl_when_a_side_has_no_price(tmp_path: Path) -> None:
    _write(
        tmp_path,
        DAY,
        [
            _order('placed', 'A', 'BUY', 100, 10.0, '04:01:00'),
            _order('filled', 'A', 'BUY', 100, None, '04:01:10'),
            _order('placed', 'B', 'SELL', 40, 12.0, '04:02:00'),
            _order('filled', 'B', 'SELL', 40, 12.5, '04:02:10'),
        ],
    )
    [position] = read_orders_day(tmp_path, DAY).positions
    assert position.net == 60
    assert position.pnl is None


def test_the_story_runs_from_the_trigger_to_the_fill_and_never_carries_an_escape(
    tmp_path: Path,
) -> None:
    hostile = 'Sell now \x1b[2J\x1b]52;c;ZXZpbA==\x07'
    _write(
        tmp_path,
        DAY,
        [
            {'type': 'trigger_received', 'time': f'{DAY}T04:00:00+00:00', 'text': hostile},
            {'type': 'tool_call', 'time': f'{DAY}T04:00:10+00:00', 'tool': 'quote', 'input': {}},
            {'type': 'text', 'time': f'{DAY}T04:00:20+00:00', 'text': '## Plan\n\nsell'},
            {
                'type': 'risk_decision',
                'time': f'{DAY}T04:00:30+00:00',
                'decision': 'approved',
                'reason': 'ok',
                'symbol': 'NIFTYFUT',
            },
            _order('placed', 'A', 'SELL', 100, 10.0, '04:01:00'),
            _order('filled', 'A', 'SELL', 60, 10.0, '04:01:10'),
        ],
    )
    [listed] = read_orders_day(tmp_path, DAY).orders
    assert listed.exchange is not None and not listed.exchange.whole  # Its trigger only.
    order = read_whole_story(tmp_path, listed)
    assert isinstance(order, Order)
    document = story_markdown(order)
    assert '\x1b' not in document and '\x07' not in document
    steps = [
        '# SELL 100 NIFTYFUT · part filled',
        'Trigger',
        'quote',
        'Answer',
        '### Plan',
        'Risk approved',
        'Placed',
        'Filled',
    ]
    places = [document.find(step) for step in steps]
    assert -1 not in places and places == sorted(places)
    assert '\x1b' not in story_json(order)
    assert json.loads(story_json(order))['status'] == 'part filled'


def test_a_search_records_order_event_names_its_order() -> None:
    text = 'order_filled\norder_id: 261020-0003\nsymbol: NIFTY'
    assert order_id_of_record('journal', text) == '261020-0003'
    assert order_id_of_record('journal', 'tool_call\norder_id: 7') is None
    assert order_id_of_record('exchange', text) is None
