"""One day's order counts (the Desks screen's) through the order memo, as the Orders view counts."""

from __future__ import annotations

from pathlib import Path

from desk_browser.memory.order_memo import OrderMemo
from desk_browser.presentation.orders_day import read_order_counts, read_orders_day
from tests.helpers.desks import write_journal


def _event(kind: str, day: str, order_id: str, **fields: object) -> dict[str, object]:
    """One order event of NIFTYFUT, 50 BUY at 100 unless told otherwise."""
    values = {'order_id': order_id, 'symbol': 'NIFTYFUT', 'side': 'BUY', 'quantity': 50}
    return {'type': f'order_{kind}', 'time': f'{day}T04:00:00+00:00', **values, **fields}


def _rejection(day: str) -> dict[str, object]:
    return {
        'type': 'risk_decision',
        'time': f'{day}T04:05:00+00:00',
        'decision': 'rejected',
        'reason': 'too big',
        'symbol': 'BANKNIFTY',
    }


def test_a_days_counts_are_the_orders_views_and_say_so_in_words(tmp_path: Path) -> None:
    write_journal(tmp_path, '2026-10-19', [_event('placed', '2026-10-19', 'A')])
    write_journal(
        tmp_path,
        '2026-10-20',
        [
            _event('filled', '2026-10-20', 'A'),
            {'type': 'trigger_received', 'time': '2026-10-20T04:01:00+00:00', 'text': 'Go'},
            _event('placed', '2026-10-20', 'B'),
            _event('filled', '2026-10-20', 'B', quantity=20),
            _event('placed', '2026-10-20', 'C'),
            _event('cancelled', '2026-10-20', 'C'),
            _rejection('2026-10-20'),
        ],
    )
    memo = OrderMemo(tmp_path, None)
    counts = read_order_counts(tmp_path, '2026-10-20', memo)
    assert (counts.placed, counts.filled, counts.cancelled, counts.rejected) == (2, 2, 1, 1)
    assert counts.text() == '2 placed, 2 filled, 1 cancelled, 1 rejected'
    assert counts == read_orders_day(tmp_path, '2026-10-20').counts
    assert read_order_counts(tmp_path, memo=memo) == counts  # The newest day.
    assert read_order_counts(tmp_path, '2026-10-19').text() == '1 placed'


def test_a_desk_without_a_journal_has_no_orders(tmp_path: Path) -> None:
    counts = read_order_counts(tmp_path)
    assert counts.day == '' and counts.text() == 'no orders'
