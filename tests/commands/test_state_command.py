"""`desk-browser state`: the state pane's facts and conclusions, in text or JSON."""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from desk_browser.commands.state import state_facts
from desk_browser.demo import DEMO_TODAY
from desk_browser.presentation.formatting import route_status
from tests.helpers.commands import HOSTILE_TEXT, assert_no_raw_controls, run_command
from tests.helpers.desks import exchange, write_state

TODAY = ['--today', DEMO_TODAY.isoformat()]


def _state_file(desk: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((desk / 'sessions' / 'state.json').read_text())
    return data


def _log_count(desk: Path, session_id: str) -> int:
    return len((desk / 'sessions' / f'{session_id}.jsonl').read_bytes().splitlines())


def test_text_names_session_date_log_and_each_route_with_the_panes_conclusion(
    demo_desk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = _state_file(demo_desk)
    count = _log_count(demo_desk, state['session_id'])
    result = run_command(['state', str(demo_desk), *TODAY], capsys)
    assert result.status == 0
    assert result.stderr == ''
    expected = [
        f'session_id    {state["session_id"]}',
        'trading_date  Wed 2026-10-21 · today',
        f'log           {count:,} exchanges',
    ]
    for name, route in state['routes'].items():
        seen = route['exchanges_seen']
        status = route_status(seen, count).text
        expected.append(f'route         {name}: {seen:,} exchanges seen · {status}')
        runner = 'none' if route['runner_state'] is None else json.dumps(route['runner_state'])
        expected.append(f'runner_state  {name}: {runner}')
    assert result.lines == expected
    assert any('behind: it gets' in line for line in result.lines)


def test_the_trading_date_is_counted_from_today(
    demo_desk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    result = run_command(['state', str(demo_desk), '--today', '2026-10-24'], capsys)
    assert result.lines[1] == 'trading_date  Wed 2026-10-21 · 3 days ago'
    without_today = run_command(['state', str(demo_desk)], capsys)
    assert without_today.lines[1].startswith('trading_date  Wed 2026-10-21 · ')


def test_json_holds_the_facts_and_the_conclusions(
    demo_desk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = _state_file(demo_desk)
    count = _log_count(demo_desk, state['session_id'])
    result = run_command(['state', str(demo_desk), '--json', *TODAY], capsys)
    assert result.status == 0
    data = json.loads(result.stdout)
    assert data['session_id'] == state['session_id']
    assert data['trading_date'] == '2026-10-21'
    assert data['problem'] is None
    assert data['log_exchanges'] == count
    assert set(data['routes']) == set(state['routes'])
    for name, route in data['routes'].items():
        status = route_status(state['routes'][name]['exchanges_seen'], count)
        assert route == {
            'exchanges_seen': state['routes'][name]['exchanges_seen'],
            'runner_state': state['routes'][name]['runner_state'],
            'log_exchanges': count,
            'status': status.text,
            'severity': status.severity,
        }


def test_a_route_ahead_of_its_log_is_an_error(
    damaged_desk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(run_command(['state', str(damaged_desk), '--json'], capsys).stdout)
    ahead = [route for route in data['routes'].values() if route['severity'] == 'error']
    assert [route['status'] for route in ahead] == ['2 ahead of the log (the log lost lines)']
    assert data['log_damaged_lines'] == 1
    text = run_command(['state', str(damaged_desk), *TODAY], capsys)
    assert text.status == 0
    assert ', 1 damaged line skipped' in text.lines[2]
    assert any(line.endswith('2 ahead of the log (the log lost lines)') for line in text.lines)


def test_a_damaged_state_exits_1_and_says_a_new_session_will_start(
    damaged_state_desk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = run_command(['state', str(damaged_state_desk)], capsys)
    assert text.status == 1
    assert text.stdout == ''
    assert 'state.json is damaged: ' in text.stderr
    assert 'the desk will start a new session' in text.stderr
    as_json = run_command(['state', str(damaged_state_desk), '--json'], capsys)
    assert as_json.status == 1
    data = json.loads(as_json.stdout)
    assert data['session_id'] is None
    assert data['routes'] == {}
    assert data['problem'].startswith('state.json is damaged: ')


def test_no_state_exits_1_saying_there_is_none_yet(
    missing_state_desk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = run_command(['state', str(missing_state_desk)], capsys)
    assert text.status == 1
    assert text.stdout == ''
    assert 'no state yet' in text.stderr
    data = json.loads(run_command(['state', str(missing_state_desk), '--json'], capsys).stdout)
    assert data['problem'] == 'no state yet: sessions/state.json does not exist'


def test_a_current_session_without_a_log_is_said_and_routes_have_nothing_to_compare(
    desk_copy: Callable[[], Path], capsys: pytest.CaptureFixture[str]
) -> None:
    desk = desk_copy()
    session_id = _state_file(desk)['session_id']
    (desk / 'sessions' / f'{session_id}.jsonl').unlink()
    text = run_command(['state', str(desk), *TODAY], capsys)
    assert text.status == 0
    assert text.lines[2] == 'log           none: the current session has no log'
    assert all(
        line.endswith('; no log to compare') for line in text.lines if line.startswith('route')
    )
    assert 'the current session has no log' in text.stderr
    data = json.loads(run_command(['state', str(desk), '--json'], capsys).stdout)
    assert data['problem'] == 'the current session has no log'
    assert data['log_exchanges'] is None
    assert {route['severity'] for route in data['routes'].values()} == {'warning'}


def test_hostile_route_names_and_runner_state_never_reach_stdout_raw(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    desk = tmp_path / 'main'
    (desk / 'sessions').mkdir(parents=True)
    (desk / 'sessions' / 'state.json').write_text(
        json.dumps(
            {
                'session_id': '2026-10-21-1',
                'trading_date': '2026-10-21',
                'routes': {
                    HOSTILE_TEXT: {'exchanges_seen': 0, 'runner_state': {'note': HOSTILE_TEXT}}
                },
            }
        )
    )
    (desk / 'sessions' / '2026-10-21-1.jsonl').write_bytes(b'')
    text = run_command(['state', str(desk), *TODAY], capsys)
    assert text.status == 0
    assert_no_raw_controls(text.stdout)
    assert 'up to date' in text.stdout
    as_json = run_command(['state', str(desk), '--json', *TODAY], capsys)
    assert_no_raw_controls(as_json.stdout)
    data = json.loads(as_json.stdout)
    assert data['routes'][HOSTILE_TEXT]['runner_state'] == {'note': HOSTILE_TEXT}


def test_beside_a_fast_writer_a_backend_is_never_more_than_one_behind(
    desk_copy: Callable[[], Path],
) -> None:
    """The desk appends to its log, then saves the state: state never reads 2 or more behind."""
    desk = desk_copy()
    session_id = '2026-10-21-9'
    log = desk / 'sessions' / f'{session_id}.jsonl'
    log.write_bytes(b'')
    write_state(desk, session_id, {'claude': {'exchanges_seen': 0, 'runner_state': None}})
    state_path = desk / 'sessions' / 'state.json'
    stop = threading.Event()
    written = [0]

    def write() -> None:  # As the desk does: the log line first, then the state, atomically.
        while not stop.is_set() and written[0] < 20_000:
            line = json.dumps(exchange(f'tick {written[0]}', 'ok')) + '\n'
            with log.open('a', encoding='utf-8') as handle:
                handle.write(line)
            written[0] += 1
            routes = {'claude': {'exchanges_seen': written[0], 'runner_state': None}}
            state = {'session_id': session_id, 'trading_date': '2026-10-21', 'routes': routes}
            temporary = state_path.with_name('state.json.tmp')
            temporary.write_text(json.dumps(state), encoding='utf-8')
            os.replace(temporary, state_path)
            time.sleep(0.002)

    writer = threading.Thread(target=write)
    writer.start()
    gaps: list[int] = []
    try:
        deadline = time.monotonic() + 8
        while len(gaps) < 300 and time.monotonic() < deadline:
            facts = state_facts(desk, DEMO_TODAY)
            route = facts['routes']['claude']
            gaps.append(route['log_exchanges'] - route['exchanges_seen'])
    finally:
        stop.set()
        writer.join()
    assert written[0] > 10  # The writer wrote while the state was read.
    assert gaps and min(gaps) >= 0, 'a backend looked ahead of its log'
    assert max(gaps) <= 1, f'{sum(gap > 1 for gap in gaps)} of {len(gaps)} reads overstated'
