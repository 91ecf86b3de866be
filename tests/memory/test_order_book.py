"""The order book: each documented rule on small hand-made journals."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

from desk_browser.memory.file_memo import FileMemo
from desk_browser.memory.journal import action_text, read_journal_day
from desk_browser.memory.order_book import (
    Order,
    OrderBook,
    OrderStatus,
    order_id_in_action_text,
    read_order_book,
)
from desk_browser.memory.order_memo import OrderMemo
from tests.helpers.desks import write_journal


def _event(event_type: str, at: str = '2026-10-19T04:00:00+00:00', **fields: Any) -> dict[str, Any]:
    return {'type': event_type, 'time': at, **fields}


def trigger(text: str) -> dict[str, Any]:
    return _event('trigger_received', text=text, source='tick')


def text(words: str, backend: str = 'claude') -> dict[str, Any]:
    return _event('text', text=words, backend=backend)


def order(kind: str, order_id: object, symbol: object = 'NIFTY', **fields: Any) -> dict[str, Any]:
    values: dict[str, Any] = {'side': 'SELL', 'quantity': 50, 'price': 24512.5}
    values.update(fields)
    return _event(f'order_{kind}', order_id=order_id, symbol=symbol, **values)


def risk(decision: str, symbol: str = 'NIFTY', reason: str = 'within limits') -> dict[str, Any]:
    return _event('risk_decision', decision=decision, reason=reason, symbol=symbol)


def _only(book: OrderBook) -> Order:
    assert len(book.orders) == 1, book.orders
    return book.orders[0]


def test_an_order_with_its_risk_decision_exchange_and_fill(tmp_path: Path) -> None:
    write_journal(
        tmp_path,
        '2026-10-19',
        [
            _event('session_started', session_id='2026-10-19-1'),
            trigger('09:15 open: NIFTY gapped down 1.2%'),
            _event('tool_call', tool='get_quote', input={'symbol': 'NIFTY'}),
            text('Selling one lot.', backend='codex'),
            risk('approved'),
            order('placed', 7731),
            order('filled', 7731, price=24510.0),
            text('Done.', backend='codex'),
        ],
    )
    book = read_order_book(tmp_path)
    placed = _only(book)
    assert (placed.order_id, placed.symbol, placed.side) == ('7731', 'NIFTY', 'SELL')
    assert (placed.quantity, placed.price) == (50.0, 24512.5)
    assert placed.status is OrderStatus.FILLED
    assert placed.seen_placed
    assert placed.filled_quantity == 50.0
    assert placed.average_fill_price == 24510.0
    assert placed.risk is not None and placed.risk.decision == 'approved'
    exchange = placed.exchange
    assert exchange is not None and exchange.whole
    assert exchange.trigger_text == '09:15 open: NIFTY gapped down 1.2%'
    assert exchange.answer == 'Selling one lot.\nDone.'
    assert exchange.backend == 'codex'
    assert exchange.session_id == '2026-10-19-1'
    assert [event.type for event in exchange.events] == [
        'trigger_received',
        'tool_call',
        'text',
        'risk_decision',
        'order_placed',
        'order_filled',
        'text',
    ]
    assert exchange.last_line == 8
    assert book.rejections == ()
    assert book.days == ('2026-10-19',)


def test_statuses_open_part_filled_filled_cancelled(tmp_path: Path) -> None:
    write_journal(
        tmp_path,
        '2026-10-19',
        [
            trigger('go'),
            order('placed', 'open'),
            order('placed', 'part'),
            order('filled', 'part', quantity=20),
            order('placed', 'two parts'),
            order('filled', 'two parts', quantity=20),
            order('filled', 'two parts', quantity=30, price=24520.5),
            order('placed', 'cancelled'),
            order('cancelled', 'cancelled'),
            order('placed', 'part then cancel'),
            order('filled', 'part then cancel', quantity=10),
            order('cancelled', 'part then cancel'),
        ],
    )
    book = read_order_book(tmp_path)
    statuses = {placed.order_id: placed.status for placed in book.orders}
    assert statuses == {
        'open': OrderStatus.OPEN,
        'part': OrderStatus.PART_FILLED,
        'two parts': OrderStatus.FILLED,
        'cancelled': OrderStatus.CANCELLED,
        'part then cancel': OrderStatus.CANCELLED,
    }
    two_parts = book.order('two parts')
    assert two_parts is not None
    assert two_parts.average_fill_price == (20 * 24512.5 + 30 * 24520.5) / 50
    part_then_cancel = book.order('part then cancel')
    assert part_then_cancel is not None and part_then_cancel.filled_quantity == 10.0


def test_a_fill_on_a_later_day_and_the_status_at_each_day(tmp_path: Path) -> None:
    write_journal(tmp_path, '2026-10-19', [trigger('go'), order('placed', 1)])
    write_journal(tmp_path, '2026-10-20', [trigger('later'), order('filled', 1, quantity=20)])
    write_journal(tmp_path, '2026-10-21', [order('filled', 1, quantity=30)])
    book = read_order_book(tmp_path)
    placed = _only(book)
    assert placed.status_at('2026-10-18') is OrderStatus.OPEN
    assert placed.status_at('2026-10-19') is OrderStatus.OPEN
    assert placed.status_at('2026-10-20') is OrderStatus.PART_FILLED
    assert placed.status_at('2026-10-21') is OrderStatus.FILLED
    assert placed.status is OrderStatus.FILLED
    assert [fill.day for fill in placed.fills] == ['2026-10-20', '2026-10-21']
    assert placed.exchange is not None and placed.exchange.trigger_text == 'go'
    assert book.orders_on('2026-10-19') == (placed,)
    assert book.orders_on('2026-10-20') == (placed,)
    assert book.orders_on('2026-10-22') == ()
    assert book.net_quantity('2026-10-20') == {'NIFTY': -20.0}
    assert book.net_quantity('2026-10-21', up_to=True) == {'NIFTY': -50.0}
    assert book.net_quantity('2026-10-19') == {}


def test_a_fill_of_an_order_never_seen_placed_is_kept(tmp_path: Path) -> None:
    write_journal(tmp_path, '2026-10-19', [trigger('go'), order('placed', 1)])
    write_journal(tmp_path, '2026-10-20', [order('filled', 1), order('cancelled', 2)])
    book = read_order_book(tmp_path, since='2026-10-20')
    assert book.days == ('2026-10-20',)
    assert [(item.order_id, item.seen_placed, item.status) for item in book.orders] == [
        ('1', False, OrderStatus.FILLED),
        ('2', False, OrderStatus.CANCELLED),
    ]
    assert book.orders[0].placed is None and book.orders[0].exchange is None
    assert book.orders[0].first_event.kind == 'filled'
    whole = read_order_book(tmp_path)
    assert [item.seen_placed for item in whole.orders] == [True, False]


def test_order_ids_as_text_join_numbers_and_strings(tmp_path: Path) -> None:
    write_journal(tmp_path, '2026-10-19', [order('placed', 7731), order('filled', '7731')])
    assert _only(read_order_book(tmp_path)).status is OrderStatus.FILLED


def test_a_placement_of_a_used_id_starts_a_new_order(tmp_path: Path) -> None:
    write_journal(
        tmp_path,
        '2026-10-19',
        [order('placed', 1), order('filled', 1), order('placed', 1), order('cancelled', 1)],
    )
    book = read_order_book(tmp_path)
    assert [item.status for item in book.orders] == [OrderStatus.FILLED, OrderStatus.CANCELLED]


def test_events_without_an_order_id_are_orders_of_their_own(tmp_path: Path) -> None:
    write_journal(tmp_path, '2026-10-19', [order('placed', None), order('filled', None)])
    book = read_order_book(tmp_path)
    assert [(item.order_id, item.seen_placed) for item in book.orders] == [
        ('', True),
        ('', False),
    ]


def test_a_rejection_no_order_followed_and_one_an_order_followed(tmp_path: Path) -> None:
    write_journal(
        tmp_path,
        '2026-10-19',
        [
            trigger('short BANKNIFTY?'),
            risk('rejected', 'BANKNIFTY', 'Position limit reached'),
            risk('approved', 'NIFTY'),
            text('Risk said no to BANKNIFTY.'),
            order('placed', 1, 'NIFTY'),
            trigger('again'),
            risk('rejected', 'NIFTY', 'first'),
            risk('approved', 'NIFTY'),
            order('placed', 2, 'NIFTY'),
            risk('approved', 'TCS'),
            trigger('the next exchange'),
            order('placed', 3, 'BANKNIFTY'),
        ],
    )
    book = read_order_book(tmp_path)
    assert [(item.symbol, item.reason) for item in book.rejections] == [
        ('BANKNIFTY', 'Position limit reached'),
        ('NIFTY', 'first'),
    ]
    rejection = book.rejections[0]
    assert rejection.exchange is not None
    assert rejection.exchange.answer == 'Risk said no to BANKNIFTY.'
    risks = {item.order_id: item.risk for item in book.orders}
    assert risks['1'] is not None and risks['1'].line_number == 3
    assert risks['2'] is not None and risks['2'].line_number == 8
    assert risks['3'] is None
    assert book.rejections_on('2026-10-19') == book.rejections
    assert book.rejections_on('2026-10-20') == ()


def test_a_decision_does_not_reach_an_order_on_the_next_day(tmp_path: Path) -> None:
    write_journal(tmp_path, '2026-10-19', [trigger('go'), risk('rejected')])
    write_journal(tmp_path, '2026-10-20', [order('placed', 1)])
    book = read_order_book(tmp_path)
    assert _only(book).risk is None
    assert len(book.rejections) == 1


def test_sessions_are_read_as_exchange_facts_reads_them(tmp_path: Path) -> None:
    write_journal(
        tmp_path,
        '2026-10-19',
        [
            _event('session_started', session_id='2026-10-19-1'),
            trigger('one'),
            order('placed', 1),
            _event('session_ended', session_id='2026-10-19-1'),
            trigger('two'),
            order('placed', 2),
        ],
    )
    write_journal(tmp_path, '2026-10-20', [trigger('three'), order('placed', 3)])
    sessions = [
        item.exchange.session_id if item.exchange else 'none'
        for item in read_order_book(tmp_path).orders
    ]
    assert sessions == ['2026-10-19-1', None, None]


def test_damaged_lines_are_skipped_and_counted_unknown_types_ignored(tmp_path: Path) -> None:
    write_journal(
        tmp_path,
        '2026-10-19',
        [
            trigger('go'),
            b'\xff\xfe not utf-8',
            '[1, 2]',
            {'no type': 1},
            _event('order_amended', order_id=1, quantity=10),
            order('placed', 1),
            b'{"type": "order_filled", "order_id": 1, "qua',
        ],
    )
    (tmp_path / 'journal' / '2026-10-20.jsonl').mkdir()
    book = read_order_book(tmp_path)
    assert _only(book).status is OrderStatus.OPEN
    assert book.damaged_lines == 4
    assert [problem.line_number for problem in book.problems] == [2, 3, 4, 7]


def test_odd_values_read_as_unknown(tmp_path: Path) -> None:
    write_journal(
        tmp_path,
        '2026-10-19',
        [
            order('placed', 1, quantity='fifty', price=True),
            order('filled', 1, quantity=None),
            order('placed', 2, symbol=['x'], side=7),
        ],
    )
    book = read_order_book(tmp_path)
    first, second = book.orders
    assert (first.quantity, first.price, first.status) == (None, None, OrderStatus.FILLED)
    assert (second.symbol, second.side) == ('["x"]', '7')


def test_since_and_until_choose_the_days(tmp_path: Path) -> None:
    for day in ('2026-10-19', '2026-10-20', '2026-10-21'):
        write_journal(tmp_path, day, [order('placed', day)])
    book = read_order_book(tmp_path, since='2026-10-20', until='2026-10-20')
    assert [item.order_id for item in book.orders] == ['2026-10-20']
    assert read_order_book(tmp_path / 'missing').orders == ()


def _settle(path: Path) -> None:
    """Dates a file back past the memo's racy window."""
    past = time.time() - 60
    os.utime(path, (past, past))


def test_the_memo_recalls_unchanged_days_and_reads_changed_ones(tmp_path: Path) -> None:
    desk = tmp_path / 'desk'
    first = write_journal(desk, '2026-10-19', [trigger('go'), order('placed', 1), b'{"cut'])
    second = write_journal(desk, '2026-10-20', [order('filled', 1)])
    _settle(first)
    _settle(second)
    memo_path = tmp_path / 'memo.json'
    memo = FileMemo(desk, memo_path)
    read = read_order_book(desk, memo=memo)
    memo.save()
    assert memo.recalled == 0
    placed = _only(read)
    assert placed.exchange is not None and not placed.exchange.whole
    assert placed.exchange.trigger_text == 'go'
    assert placed.status is OrderStatus.FILLED

    again = FileMemo(desk, memo_path)
    recalled = read_order_book(desk, memo=again)
    assert again.recalled == 2
    assert recalled == read
    assert recalled.damaged_lines == 1

    write_journal(desk, '2026-10-20', [order('cancelled', 1)])
    _settle(second)
    changed = read_order_book(desk, memo=again)
    assert _only(changed).status is OrderStatus.CANCELLED
    assert again.recalled == 3


def test_whole_exchanges_can_be_asked_for_with_a_memo(tmp_path: Path) -> None:
    write_journal(tmp_path, '2026-10-19', [trigger('go'), text('Selling.'), order('placed', 1)])
    book = read_order_book(tmp_path, memo=FileMemo(tmp_path), whole_exchanges=True)
    exchange = _only(book).exchange
    assert exchange is not None and exchange.whole and exchange.answer == 'Selling.'


def test_a_search_hit_on_an_order_event_names_its_order(tmp_path: Path) -> None:
    path = write_journal(
        tmp_path,
        '2026-10-19',
        [
            trigger('go'),
            order('placed', 7731),
            order('filled', '7731'),
            order('cancelled', 'A-1\tB'),
            risk('rejected'),
            _event('tool_call', tool='place_order', input={'order_id': 7731}),
        ],
    )
    actions = read_journal_day(path, '2026-10-19').actions
    found = [order_id_in_action_text(action_text(action)) for action in actions]
    assert found == ['7731', '7731', 'A-1\tB', None, None]
    book = read_order_book(tmp_path)
    assert [book.order(order_id) is not None for order_id in ('7731', 'A-1\tB')] == [True, True]


def test_a_malformed_memo_entry_is_read_again(tmp_path: Path) -> None:
    desk = tmp_path / 'desk'
    path = write_journal(desk, '2026-10-19', [trigger('go'), order('placed', 1)])
    _settle(path)
    memo_path = tmp_path / 'memo.json'
    memo = FileMemo(desk, memo_path)
    expected = read_order_book(desk, memo=memo)
    memo.save()
    document = json.loads(memo_path.read_text(encoding='utf-8'))
    for entry in document['entries']['orders'].values():
        entry[2] = {'events': [[1, 'placed', 't', None, ['too', 'few']]], 'exchanges': []}
    memo_path.write_text(json.dumps(document), encoding='utf-8')
    assert read_order_book(desk, memo=FileMemo(desk, memo_path)) == expected


def test_the_order_memo_keeps_a_file_per_year_of_days(tmp_path: Path) -> None:
    desk = tmp_path / 'desk'
    for day in ('2025-12-31', '2026-01-02'):
        _settle(write_journal(desk, day, [trigger(day), order('placed', day)]))
    cache = tmp_path / 'cache'
    memo = OrderMemo.for_desk(desk, cache)
    first = read_order_book(desk, memo=memo)
    memo.save()
    years = sorted(path.parent.name for path in (cache / 'orders').rglob('*.json'))
    assert years == ['2025', '2026']
    again = OrderMemo.for_desk(desk, cache)
    assert read_order_book(desk, memo=again) == first
    assert again.recalled == 2
