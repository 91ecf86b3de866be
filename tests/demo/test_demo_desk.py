"""Tests of build_demo_desk: layout, determinism, consistency and the damaged variants."""

from __future__ import annotations

import datetime
import json
import os
from pathlib import Path
from typing import Any

import pytest

from desk_browser.demo import DEMO_TODAY, build_demo_desk, trading_days
from tests.helpers.tree import snapshot_tree

FIELDS = {
    'trigger_received': ('text', 'source'),
    'text': ('text', 'backend'),
    'tool_call': ('tool', 'input'),
    'tool_result': ('tool', 'output'),
    'order_placed': ('order_id', 'symbol', 'side', 'quantity', 'price'),
    'order_filled': ('order_id', 'symbol', 'side', 'quantity', 'price'),
    'order_cancelled': ('order_id', 'symbol', 'side', 'quantity', 'price'),
    'risk_decision': ('decision', 'reason', 'symbol'),
    'session_started': ('session_id',),
    'session_ended': ('session_id',),
}


def read_lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding='utf-8').split('\n') if line]


def journal_exchanges(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Pairs triggers and texts the way desk-format.md says, keeping the session of each."""
    exchanges: list[dict[str, Any]] = []
    session_id = None
    for event in events:
        if event['type'] == 'session_started':
            session_id = event['session_id']
        elif event['type'] == 'trigger_received':
            exchanges.append({'session_id': session_id, 'trigger': event, 'texts': []})
        elif event['type'] == 'text' and exchanges:
            exchanges[-1]['texts'].append(event)
    return exchanges


@pytest.fixture(scope='module')
def desk(tmp_path_factory: pytest.TempPathFactory) -> Path:
    directory = tmp_path_factory.mktemp('desks') / 'main'
    build_demo_desk(directory, today=DEMO_TODAY, days=6)
    return directory


def test_same_arguments_build_byte_identical_desks_with_identical_times(tmp_path: Path) -> None:
    build_demo_desk(tmp_path / 'first', today=DEMO_TODAY, seed=3, days=4, damaged=True)
    build_demo_desk(tmp_path / 'second', today=DEMO_TODAY, seed=3, days=4, damaged=True)
    assert snapshot_tree(tmp_path / 'first') == snapshot_tree(tmp_path / 'second')


def test_different_seeds_build_different_desks(tmp_path: Path) -> None:
    build_demo_desk(tmp_path / 'first', today=DEMO_TODAY, seed=1, days=3)
    build_demo_desk(tmp_path / 'second', today=DEMO_TODAY, seed=2, days=3)
    first = snapshot_tree(tmp_path / 'first')
    second = snapshot_tree(tmp_path / 'second')
    assert first['journal/2026-10-21.jsonl'][0] != second['journal/2026-10-21.jsonl'][0]


def test_files_get_access_times_equal_to_their_modification_times(tmp_path: Path) -> None:
    build_demo_desk(tmp_path / 'main', today=DEMO_TODAY, days=2)
    paths = sorted((tmp_path / 'main').rglob('*'))
    for path in paths:
        if path.is_file():
            status = path.stat()
            assert status.st_atime_ns == status.st_mtime_ns, path


def test_file_times_come_from_the_data_not_the_clock(desk: Path) -> None:
    journal = desk / 'journal' / '2026-10-20.jsonl'
    last_time = read_lines(journal)[-1]['time']
    expected = datetime.datetime.fromisoformat(last_time).timestamp()
    assert journal.stat().st_mtime == expected
    assert desk.stat().st_mtime < datetime.datetime(2026, 10, 22, tzinfo=datetime.UTC).timestamp()


def test_trading_days_skip_weekends_and_include_today() -> None:
    days = trading_days(datetime.date(2026, 10, 19), 3)
    assert days == [
        datetime.date(2026, 10, 15),
        datetime.date(2026, 10, 16),
        datetime.date(2026, 10, 19),
    ]


def test_journal_holds_one_file_per_trading_day_with_today_last(desk: Path) -> None:
    names = sorted(path.name for path in (desk / 'journal').iterdir())
    assert names == [f'{day.isoformat()}.jsonl' for day in trading_days(DEMO_TODAY, 6)]
    for name in names:
        assert datetime.date.fromisoformat(name.removesuffix('.jsonl')).weekday() < 5
    assert names[-1] == '2026-10-21.jsonl'


def test_a_weekend_today_ends_the_desk_at_friday(tmp_path: Path) -> None:
    build_demo_desk(tmp_path / 'main', today=datetime.date(2026, 10, 25), days=2)
    names = sorted(path.name for path in (tmp_path / 'main' / 'journal').iterdir())
    assert names == ['2026-10-22.jsonl', '2026-10-23.jsonl']


def test_sessions_are_numbered_from_one_each_day_with_two_or_more_today(desk: Path) -> None:
    logs = sorted(path.stem for path in (desk / 'sessions').glob('*.jsonl'))
    by_day: dict[str, list[int]] = {}
    for session_id in logs:
        day, number = session_id.rsplit('-', 1)
        by_day.setdefault(day, []).append(int(number))
    for numbers in by_day.values():
        assert sorted(numbers) == list(range(1, len(numbers) + 1))
        assert 1 <= len(numbers) <= 3
    assert len(by_day['2026-10-21']) >= 2


def test_every_journal_event_has_a_type_a_time_in_market_hours_and_its_fields(desk: Path) -> None:
    types: set[str] = set()
    for path in (desk / 'journal').glob('*.jsonl'):
        previous = ''
        for event in read_lines(path):
            assert isinstance(event['type'], str)
            assert isinstance(event['time'], str)
            moment = datetime.datetime.fromisoformat(event['time'])
            assert moment.utcoffset() == datetime.timedelta(0)
            assert moment.date().isoformat() == path.stem
            assert datetime.time(3, 45) <= moment.time() <= datetime.time(10, 0)
            assert event['time'] >= previous
            previous = event['time']
            assert list(event)[:2] == ['type', 'time']
            assert set(event) - {'type', 'time'} == set(FIELDS[event['type']])
            types.add(event['type'])
            if event['type'] == 'risk_decision':
                assert event['decision'] in ('approved', 'rejected')
            if event['type'] == 'trigger_received':
                assert event['source'] in ('schedule', 'market_alert', 'trader')
            if event['type'] == 'text':
                assert event['backend'] in ('claude', 'codex')
            if event['type'] == 'tool_call':
                assert isinstance(event['input'], dict)
    assert types == set(FIELDS)


def test_the_desk_has_rejections_own_searches_and_rich_vocabulary(desk: Path) -> None:
    text = '\n'.join(
        path.read_text(encoding='utf-8') for path in (desk / 'journal').glob('*.jsonl')
    )
    events = [json.loads(line) for line in text.split('\n') if line]
    assert any(event.get('decision') == 'rejected' for event in events)
    searches = [event for event in events if event.get('tool') == 'search_sessions']
    assert any(event['type'] == 'tool_call' and 'query' in event['input'] for event in searches)
    assert any(event['type'] == 'tool_result' for event in searches)
    for word in ('gap', 'VWAP', 'stop-loss', 'expiry', '₹', '## ', '- ', '**'):
        assert word in text, word


def test_sessions_start_and_end_around_their_events_and_todays_last_is_running(desk: Path) -> None:
    for path in (desk / 'journal').glob('*.jsonl'):
        events = read_lines(path)
        assert events[0]['type'] == 'session_started'
        started = [event['session_id'] for event in events if event['type'] == 'session_started']
        ended = [event['session_id'] for event in events if event['type'] == 'session_ended']
        assert started == sorted(started, key=lambda session_id: int(session_id.rsplit('-', 1)[1]))
        if path.stem == '2026-10-21':
            assert ended == started[:-1]
        else:
            assert ended == started
            assert events[-1]['type'] == 'session_ended'


def test_session_logs_match_the_journal_exchanges(desk: Path) -> None:
    for path in (desk / 'journal').glob('*.jsonl'):
        exchanges = journal_exchanges(read_lines(path))
        session_ids = sorted({exchange['session_id'] for exchange in exchanges})
        for session_id in session_ids:
            log_path = desk / 'sessions' / f'{session_id}.jsonl'
            data = log_path.read_bytes()
            assert data.endswith(b'\n')
            expected = [
                {
                    'trigger_text': exchange['trigger']['text'],
                    'answer': '\n'.join(text['text'] for text in exchange['texts']),
                    'backend_name': exchange['texts'][-1]['backend'],
                    'finished_at': exchange['texts'][-1]['time'],
                }
                for exchange in exchanges
                if exchange['session_id'] == session_id
            ]
            assert read_lines(log_path) == expected
            lines = data.decode('utf-8').split('\n')[:-1]
            assert lines == [json.dumps(record, ensure_ascii=False) for record in expected]


def test_every_exchange_has_one_to_three_answer_parts_from_one_backend(desk: Path) -> None:
    for path in (desk / 'journal').glob('*.jsonl'):
        for exchange in journal_exchanges(read_lines(path)):
            assert 1 <= len(exchange['texts']) <= 3
            assert len({text['backend'] for text in exchange['texts']}) == 1


def test_state_names_todays_last_session_with_one_backend_behind(desk: Path) -> None:
    state_path = desk / 'sessions' / 'state.json'
    state = json.loads(state_path.read_text(encoding='utf-8'))
    assert state_path.read_text(encoding='utf-8') == json.dumps(state, indent=2)
    assert state['session_id'] == '2026-10-21-' + str(
        max(
            int(path.stem.rsplit('-', 1)[1])
            for path in (desk / 'sessions').glob('2026-10-21-*.jsonl')
        )
    )
    assert state['trading_date'] == '2026-10-21'
    count = len(read_lines(desk / 'sessions' / f'{state["session_id"]}.jsonl'))
    seen = {name: route['exchanges_seen'] for name, route in state['routes'].items()}
    assert sorted(seen) == ['claude', 'codex']
    assert sorted(count - value for value in seen.values())[0] == 0
    assert 2 <= max(count - value for value in seen.values()) <= 4
    assert isinstance(state['routes']['claude']['runner_state']['session_id'], str)
    assert state['routes']['codex']['runner_state'] is None


def test_summaries_exist_for_past_days_only_with_several_paragraphs(desk: Path) -> None:
    names = sorted(path.stem for path in (desk / 'sessions' / 'summaries').iterdir())
    assert names == [day.isoformat() for day in trading_days(DEMO_TODAY, 6)[:-1]]
    for name in names:
        text = (desk / 'sessions' / 'summaries' / f'{name}.md').read_text(encoding='utf-8')
        paragraphs = [part for part in text.split('\n\n') if part.strip()]
        assert paragraphs[0].startswith('# ')
        assert len(paragraphs) >= 4
        assert any(part.startswith('- ') for part in paragraphs)


def test_notes_come_with_and_without_dates(desk: Path) -> None:
    names = sorted(path.name for path in (desk / 'notes').iterdir())
    dated = [name for name in names if name[:10].count('-') == 2 and name[:4].isdigit()]
    undated = [name for name in names if name not in dated]
    assert len(dated) >= 2
    assert undated == ['playbook.md', 'watchlist.md']
    for name in dated:
        assert datetime.date.fromisoformat(name[:10]) < DEMO_TODAY
    watchlist = (desk / 'notes' / 'watchlist.md').stat().st_mtime
    india = datetime.timezone(datetime.timedelta(hours=5, minutes=30))
    assert datetime.datetime.fromtimestamp(watchlist, india).date() == DEMO_TODAY


def test_the_normal_desk_has_no_damaged_line(desk: Path) -> None:
    for path in [*(desk / 'journal').glob('*.jsonl'), *(desk / 'sessions').glob('*.jsonl')]:
        data = path.read_bytes()
        assert data.endswith(b'\n')
        for line in data.split(b'\n')[:-1]:
            assert isinstance(json.loads(line.decode('utf-8')), dict)


def test_events_per_day_makes_heavy_days(tmp_path: Path) -> None:
    build_demo_desk(tmp_path / 'main', today=DEMO_TODAY, days=2, events_per_day=1500)
    for path in (tmp_path / 'main' / 'journal').glob('*.jsonl'):
        assert 1400 <= len(read_lines(path)) <= 1700


def test_a_non_empty_directory_is_refused(tmp_path: Path) -> None:
    (tmp_path / 'keep.txt').write_text('mine', encoding='utf-8')
    with pytest.raises(FileExistsError):
        build_demo_desk(tmp_path, today=DEMO_TODAY, days=1)
    assert sorted(os.listdir(tmp_path)) == ['keep.txt']


def test_an_empty_existing_directory_is_used(tmp_path: Path) -> None:
    build_demo_desk(tmp_path, today=DEMO_TODAY, days=1)
    assert (tmp_path / 'sessions' / 'state.json').is_file()


@pytest.fixture(scope='module')
def damaged_desk(tmp_path_factory: pytest.TempPathFactory) -> Path:
    directory = tmp_path_factory.mktemp('damaged') / 'main'
    build_demo_desk(directory, today=DEMO_TODAY, days=4, damaged=True)
    return directory


def classify(data: bytes) -> list[str]:
    """Names the damage of each line of a JSON-lines file, as the readers would."""
    reasons = []
    lines = data.split(b'\n')
    for index, line in enumerate(lines):
        if not line:
            continue
        try:
            value = json.loads(line.decode('utf-8'))
        except UnicodeDecodeError:
            reasons.append('not UTF-8')
            continue
        except ValueError:
            reasons.append('cut short' if index == len(lines) - 1 else 'not JSON')
            continue
        if not isinstance(value, dict):
            reasons.append('not an object')
        elif 'type' not in value and 'trigger_text' not in value:
            reasons.append('missing type')
        elif 'trigger_text' in value and 'answer' not in value:
            reasons.append('missing answer')
    return reasons


def test_damaged_current_log_ends_with_a_cut_short_line(damaged_desk: Path) -> None:
    state = json.loads((damaged_desk / 'sessions' / 'state.json').read_text(encoding='utf-8'))
    data = (damaged_desk / 'sessions' / f'{state["session_id"]}.jsonl').read_bytes()
    assert not data.endswith(b'\n')
    assert classify(data) == ['cut short']


def test_damaged_journal_has_non_utf8_non_object_and_typeless_lines(damaged_desk: Path) -> None:
    reasons = {
        path.name: classify(path.read_bytes()) for path in (damaged_desk / 'journal').iterdir()
    }
    assert reasons.pop('2026-10-20.jsonl') == ['not UTF-8', 'not an object', 'missing type']
    assert all(found == [] for found in reasons.values())


def test_damaged_older_log_has_a_non_utf8_line_and_a_line_missing_a_field(
    damaged_desk: Path,
) -> None:
    data = (damaged_desk / 'sessions' / '2026-10-20-1.jsonl').read_bytes()
    assert classify(data) == ['not UTF-8', 'missing answer']


def test_damage_adds_lines_and_loses_none(tmp_path: Path, damaged_desk: Path) -> None:
    build_demo_desk(tmp_path / 'main', today=DEMO_TODAY, days=4)
    for path in (tmp_path / 'main').rglob('*.jsonl'):
        clean = [line for line in path.read_bytes().split(b'\n') if line]
        damaged_path = damaged_desk / path.relative_to(tmp_path / 'main')
        damaged = damaged_path.read_bytes().split(b'\n')
        assert [line for line in clean if line in damaged] == clean


def test_damaged_state_has_one_backend_behind_and_one_ahead(damaged_desk: Path) -> None:
    state = json.loads((damaged_desk / 'sessions' / 'state.json').read_text(encoding='utf-8'))
    data = (damaged_desk / 'sessions' / f'{state["session_id"]}.jsonl').read_bytes()
    count = data.count(b'\n')
    differences = sorted(route['exchanges_seen'] - count for route in state['routes'].values())
    assert differences[0] in (-4, -3, -2)
    assert differences[1] == 2


def test_state_variant_damaged_writes_a_state_that_is_not_json(tmp_path: Path) -> None:
    build_demo_desk(tmp_path / 'main', today=DEMO_TODAY, days=1, state='damaged')
    text = (tmp_path / 'main' / 'sessions' / 'state.json').read_text(encoding='utf-8')
    with pytest.raises(ValueError):
        json.loads(text)


def test_state_variant_missing_writes_no_state(tmp_path: Path) -> None:
    build_demo_desk(tmp_path / 'main', today=DEMO_TODAY, days=1, state='missing')
    assert not (tmp_path / 'main' / 'sessions' / 'state.json').exists()
    assert list((tmp_path / 'main' / 'sessions').glob('*.jsonl'))


def test_bad_arguments_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError):
        build_demo_desk(tmp_path / 'a', today=DEMO_TODAY, days=0)
    with pytest.raises(ValueError):
        build_demo_desk(tmp_path / 'b', today=DEMO_TODAY, state='odd')
