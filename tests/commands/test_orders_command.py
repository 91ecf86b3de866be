"""`desk-browser orders`: the blotter of a desk's orders and rejections, in text and JSON."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from desk_browser.commands.orders import aligned_lines, chosen_rows, read_book
from desk_browser.demo import DEMO_TODAY
from desk_browser.presentation.order_rows import later_status, status_at_end
from desk_browser.presentation.orders_day import read_orders_day
from tests.helpers.commands import HOSTILE_TEXT, assert_no_raw_controls, run_command
from tests.helpers.desks import write_journal

DEMO_DAY = DEMO_TODAY.isoformat()


def _fields(line: str) -> list[str]:
    return line.split('\t')


def test_text_lists_the_days_orders_then_its_rejections(
    demo_desk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    result = run_command(['orders', str(demo_desk), '--day', DEMO_DAY], capsys)
    assert result.status == 0, result.stderr
    rows = [_fields(line) for line in result.lines]
    assert all(len(row) == 11 for row in rows)
    statuses = [row[6] for row in rows]
    first_rejection = statuses.index('rejected')
    assert 'rejected' not in statuses[:first_rejection]
    assert set(statuses[first_rejection:]) == {'rejected'}
    words = {status.split(' ')[0] for status in statuses[:first_rejection]}
    assert words == {'open', 'part', 'filled', 'cancelled'}
    part = next(row for row in rows if row[6].startswith('part filled'))
    assert part[6] == f'part filled {int(float(part[4])) // 2}/{part[4]}'
    carried = [row for row in rows if row[0] < DEMO_DAY]
    assert {row[6] for row in carried} == {'filled', 'cancelled'}
    filled = next(row for row in carried if row[6] == 'filled')
    assert filled[8].startswith(f'{DEMO_DAY} ')  # Filled the next day: its day is written.
    assert all(row[10] != '-' for row in rows)  # Every demo order has its trigger.


def test_day_words_are_read_as_everywhere(
    demo_desk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    by_date = run_command(['orders', str(demo_desk), '--day', '2026-10-20'], capsys)
    by_word = run_command(
        ['orders', str(demo_desk), '--day', 'yesterday', '--today', DEMO_DAY], capsys
    )
    assert by_word.stdout == by_date.stdout
    assert by_date.status == 0


def test_since_and_until_take_every_day_between(
    demo_desk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    result = run_command(
        ['orders', str(demo_desk), '--since', '2026-10-19', '--until', '2026-10-20'], capsys
    )
    days = {_fields(line)[0] for line in result.lines}
    assert days <= {'2026-10-16', '2026-10-19', '2026-10-20'}  # 10-16's were filled on 10-19.
    assert {'2026-10-19', '2026-10-20'} <= days


def test_symbol_and_status_narrow_the_rows(
    demo_desk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    result = run_command(
        ['orders', str(demo_desk), '--day', DEMO_DAY, '--symbol', 'tcs', '--status', 'rejected'],
        capsys,
    )
    assert result.status == 0
    rows = [_fields(line) for line in result.lines]
    assert rows and all(row[2].startswith('TCS') and row[6] == 'rejected' for row in rows)
    nifty = run_command(['orders', str(demo_desk), '--day', DEMO_DAY, '--symbol', 'NIFTY'], capsys)
    assert all(_fields(line)[2].startswith('NIFTY') for line in nifty.lines)
    several = run_command(
        ['orders', str(demo_desk), '--day', DEMO_DAY, '--status', 'open,part'], capsys
    )
    assert {_fields(line)[6].split(' ')[0] for line in several.lines} == {'open', 'part'}


def test_json_has_each_order_with_its_events_exchange_and_the_rejections(
    demo_desk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    result = run_command(['orders', str(demo_desk), '--day', DEMO_DAY, '--json'], capsys)
    assert result.status == 0
    data = json.loads(result.stdout)
    assert data['first_day'] == data['last_day'] == DEMO_DAY
    assert data['damaged_lines'] == 0
    order = next(item for item in data['orders'] if item['status'] == 'part filled')
    assert [event['kind'] for event in order['events']] == ['placed', 'filled']
    assert order['events'][0]['fields']['order_id'] == order['order_id']
    assert order['risk']['decision'] == 'approved'
    exchange = order['exchange']
    assert exchange['trigger'] and exchange['answer'] and exchange['backend']
    assert exchange['session_id'].startswith(DEMO_DAY)
    types = [event['type'] for event in exchange['events']]
    assert types[0] == 'trigger_received' and 'order_placed' in types
    assert data['rejections']
    assert all(item['decision'] == 'rejected' for item in data['rejections'])
    assert all(item['exchange']['trigger'] for item in data['rejections'])


def test_nothing_found_exits_1_with_a_note(
    demo_desk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    result = run_command(['orders', str(demo_desk), '--day', '1999-01-01'], capsys)
    assert result.status == 1
    assert result.stdout == ''
    assert 'no orders or rejections on 1999-01-01' in result.stderr


@pytest.mark.parametrize(
    ('arguments', 'reason'),
    [
        (['--day', 'today', '--since', 'yesterday'], '--day goes alone'),
        (['--day', '2026-13-01'], '--day: 2026-13-01 is not a date'),
        (['--since', '2026-10-21', '--until', '2026-10-01'], 'is after --until'),
        (['--status', 'pending'], "'pending' is not a status"),
    ],
)
def test_bad_options_exit_2_saying_why(
    arguments: list[str], reason: str, demo_desk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    result = run_command(['orders', str(demo_desk), *arguments], capsys)
    assert result.status == 2
    assert reason in result.stderr
    assert result.stdout == ''


def test_damaged_lines_are_skipped_and_named(
    damaged_desk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    result = run_command(['orders', str(damaged_desk), '--day', '2026-10-20'], capsys)
    assert result.status == 0
    assert '3 damaged lines skipped; desk-browser check' in result.stderr


def test_hostile_desk_text_never_reaches_the_terminal_raw(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    desk = tmp_path / 'main'
    write_journal(
        desk,
        DEMO_DAY,
        [
            {'type': 'trigger_received', 'time': '2026-10-21T04:00:00+00:00', 'text': HOSTILE_TEXT},
            {
                'type': 'risk_decision',
                'decision': 'rejected',
                'reason': HOSTILE_TEXT,
                'symbol': HOSTILE_TEXT,
            },
            {
                'type': 'order_placed',
                'time': '2026-10-21T04:00:01+00:00',
                'order_id': HOSTILE_TEXT,
                'symbol': HOSTILE_TEXT,
                'side': HOSTILE_TEXT,
                'quantity': 1,
                'price': 2,
            },
        ],
    )
    for extra in ([], ['--json']):
        result = run_command(['orders', str(desk), *extra], capsys)
        assert result.status == 0
        assert_no_raw_controls(result.stdout)
        assert 'zebrafinch' in result.stdout


def test_a_second_run_reads_the_days_from_the_memo(
    demo_desk: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = run_command(['orders', str(demo_desk)], capsys)
    memos = list((tmp_path / 'cache-home' / 'desk-browser' / 'orders').rglob('*.json'))
    assert memos
    second = run_command(['orders', str(demo_desk)], capsys)
    assert second.stdout == first.stdout
    assert not list(demo_desk.rglob('*orders*'))  # Nothing is written into the desk.


def test_a_workspace_writes_every_desks_rows_each_naming_its_desk(
    demo_workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    result = run_command(['orders', str(demo_workspace), '--day', DEMO_DAY], capsys)
    assert result.status == 0
    names = {_fields(line)[0] for line in result.lines}
    assert names == {'main', 'options', 'hedging'}  # research has been idle for days.
    assert all(len(_fields(line)) == 12 for line in result.lines)
    data = json.loads(
        run_command(['orders', str(demo_workspace), '--day', DEMO_DAY, '--json'], capsys).stdout
    )
    orders = {desk['name']: bool(desk['orders']) for desk in data['desks']}
    assert orders == {'main': True, 'options': True, 'hedging': True, 'research': False}
    assert all(desk['problem'] is None for desk in data['desks'])


def test_the_terminal_table_is_aligned_and_narrow_rows_move_their_tail_under() -> None:
    rows = [['09:30', 'NIFTY26OCTFUT', 'filled', 'Expiry day: check short options']]
    header = ['TIME', 'SYMBOL', 'STATUS', 'TRIGGER']
    wide = aligned_lines(rows, header, 120, tail=2)
    assert wide == [
        'TIME   SYMBOL         STATUS  TRIGGER',
        '09:30  NIFTY26OCTFUT  filled  Expiry day: check short options',
    ]
    narrow = aligned_lines(rows, header, 40, tail=2)
    assert narrow == [
        'TIME   SYMBOL',
        '    STATUS · TRIGGER',
        '09:30  NIFTY26OCTFUT',
        '    filled · Expiry day: check short o…',
    ]
    assert all(len(line) < 40 for line in narrow)


def _order_event(kind: str, day: str, clock: str, **fields: object) -> dict[str, object]:
    """One order event of NIFTYFUT, id A, BUY 50 at 100."""
    values = {'order_id': 'A', 'symbol': 'NIFTYFUT', 'side': 'BUY', 'quantity': 50, 'price': 100}
    return {'type': f'order_{kind}', 'time': f'{day}T{clock}+00:00', **values, **fields}


def _carried_desk(desk: Path, placed: str, filled: str) -> None:
    """A desk whose one order is placed on one day and filled on another."""
    trigger = {'type': 'trigger_received', 'time': f'{placed}T03:50:00+00:00', 'text': 'Buy it'}
    write_journal(desk, placed, [trigger, _order_event('placed', placed, '04:00:00')])
    write_journal(desk, filled, [_order_event('filled', filled, '04:00:00', price=101)])


def test_an_order_placed_20_days_before_shows_alike_in_the_view_and_the_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    desk = tmp_path / 'desk'
    _carried_desk(desk, '2026-09-30', '2026-10-20')
    [shown] = read_orders_day(desk, '2026-10-20').orders
    assert shown.placed is not None and shown.placed.day == '2026-09-30'
    assert shown.exchange is not None and shown.exchange.trigger_text == 'Buy it'
    [listed] = chosen_rows(
        read_book(desk, '2026-10-20', '2026-10-20', whole=False),
        '2026-10-20',
        '2026-10-20',
        (),
        frozenset(),
    )
    assert listed.order == shown
    result = run_command(['orders', str(desk), '--day', '2026-10-20'], capsys)
    [row] = [_fields(line) for line in result.lines]
    assert row[0] == '2026-09-30' and row[6] == 'filled' and row[10] == 'Buy it'


def test_a_fill_20_days_after_is_known_alike_in_the_view_and_the_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    desk = tmp_path / 'desk'
    _carried_desk(desk, '2026-10-20', '2026-11-09')
    [shown] = read_orders_day(desk, '2026-10-20').orders
    assert status_at_end(shown, '2026-10-20') == 'open'
    assert later_status(shown, '2026-10-20') == 'filled'
    result = run_command(['orders', str(desk), '--day', '2026-10-20'], capsys)
    [row] = [_fields(line) for line in result.lines]
    assert row[6] == 'open; later filled'


def test_status_means_the_end_of_the_day_in_the_view_and_the_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    desk = tmp_path / 'desk'
    _carried_desk(desk, '2026-10-20', '2026-10-21')
    day = read_orders_day(desk, '2026-10-20')
    assert [status_at_end(story, day.day) for story in day.orders] == ['open']
    found = run_command(['orders', str(desk), '--day', '2026-10-20', '--status', 'open'], capsys)
    assert found.status == 0 and len(found.lines) == 1
    none = run_command(['orders', str(desk), '--day', '2026-10-20', '--status', 'filled'], capsys)
    assert none.status == 1 and not none.lines
    next_day = run_command(
        ['orders', str(desk), '--day', '2026-10-21', '--status', 'filled'], capsys
    )
    assert len(next_day.lines) == 1
    assert status_at_end(read_orders_day(desk, '2026-10-21').orders[0], '2026-10-21') == 'filled'


NOT_FOR_ORDERS = [
    'asyncio',
    'textual',
    'desk_browser.quitting',
    'desk_browser.presentation.desk_data',
]
"""What `orders` runs without: the event loop and Textual (browsing's), the desk's overview."""


def test_orders_imports_nothing_of_browsing(demo_desk: Path) -> None:
    code = (
        'import json, sys\n'
        'from desk_browser import cli\n'
        f'cli.main(["orders", {str(demo_desk)!r}, "--day", {DEMO_DAY!r}])\n'
        f'print(json.dumps([name for name in {NOT_FOR_ORDERS!r} if name in sys.modules]))\n'
    )
    completed = subprocess.run(
        [sys.executable, '-c', code], capture_output=True, text=True, check=True
    )
    assert json.loads(completed.stdout.splitlines()[-1]) == []
