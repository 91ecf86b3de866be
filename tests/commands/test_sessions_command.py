"""`desk-browser sessions`: every session with a log, newest first, in text or JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from desk_browser.memory.session_store import session_sort_key
from tests.helpers.commands import assert_no_raw_controls, run_command


def _log_ids(desk: Path) -> list[str]:
    return [path.stem for path in (desk / 'sessions').glob('*.jsonl')]


def test_text_lists_sessions_newest_first_with_weekday_count_and_current(
    demo_desk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    result = run_command(['sessions', str(demo_desk)], capsys)
    assert result.status == 0
    ids = sorted(_log_ids(demo_desk), key=session_sort_key, reverse=True)
    assert [line.split('\t')[0] for line in result.lines] == ids
    current = json.loads((demo_desk / 'sessions' / 'state.json').read_text())['session_id']
    for line in result.lines:
        fields = line.split('\t')
        session_id = fields[0]
        log = (demo_desk / 'sessions' / f'{session_id}.jsonl').read_bytes()
        count = len(log.splitlines())
        assert fields[2] == f'{count:,} exchanges'
        assert fields[3:] == (['current'] if session_id == current else [])
    assert result.lines[0].split('\t')[:2] == [current, 'Wed 2026-10-21']


def test_json_is_a_list_of_sessions(demo_desk: Path, capsys: pytest.CaptureFixture[str]) -> None:
    result = run_command(['sessions', str(demo_desk), '--json'], capsys)
    assert result.status == 0
    data = json.loads(result.stdout)
    assert isinstance(data, list)
    assert [entry['session_id'] for entry in data] == sorted(
        _log_ids(demo_desk), key=session_sort_key, reverse=True
    )
    for entry in data:
        assert set(entry) == {'session_id', 'trading_date', 'exchanges', 'current', 'damaged_lines'}
        assert entry['trading_date'] == entry['session_id'][:10]
        assert isinstance(entry['exchanges'], int)
    assert [entry['current'] for entry in data].count(True) == 1
    assert data[0]['current'] is True


def test_session_numbers_sort_as_numbers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sessions = tmp_path / 'main' / 'sessions'
    sessions.mkdir(parents=True)
    for session_id in ('2026-10-21-9', '2026-10-21-10', '2026-10-20-11', '2026-10-21-2'):
        (sessions / f'{session_id}.jsonl').write_bytes(b'')
    result = run_command(['sessions', str(tmp_path / 'main')], capsys)
    assert [line.split('\t')[0] for line in result.lines] == [
        '2026-10-21-10',
        '2026-10-21-9',
        '2026-10-21-2',
        '2026-10-20-11',
    ]
    assert result.lines[0] == '2026-10-21-10\tWed 2026-10-21\t0 exchanges'


def test_damaged_lines_are_counted(damaged_desk: Path, capsys: pytest.CaptureFixture[str]) -> None:
    result = run_command(['sessions', str(damaged_desk)], capsys)
    by_id = {line.split('\t')[0]: line.split('\t')[3:] for line in result.lines}
    assert by_id['2026-10-21-3'] == ['current', '1 damaged line']
    assert by_id['2026-10-20-1'] == ['2 damaged lines']


def test_no_sessions_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / 'sessions').mkdir()
    text = run_command(['sessions', str(tmp_path)], capsys)
    assert text.status == 1
    assert text.stdout == ''
    assert 'no sessions' in text.stderr
    as_json = run_command(['sessions', str(tmp_path), '--json'], capsys)
    assert as_json.status == 1
    assert json.loads(as_json.stdout) == []


def test_hostile_session_names_never_reach_stdout_raw(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sessions = tmp_path / 'sessions'
    sessions.mkdir()
    hostile_id = '2026-10-21-\x1b[31m\u202e\x07\nx'
    (sessions / f'{hostile_id}.jsonl').write_bytes(b'')
    text = run_command(['sessions', str(tmp_path)], capsys)
    assert text.status == 0
    assert_no_raw_controls(text.stdout)
    assert len(text.lines) == 1
    as_json = run_command(['sessions', str(tmp_path), '--json'], capsys)
    assert_no_raw_controls(as_json.stdout)
    assert json.loads(as_json.stdout)[0]['session_id'] == hostile_id
