from __future__ import annotations

import datetime
import json
import logging
import os
from pathlib import Path
from typing import Any

import pytest

from desk_browser.memory.desk_files import Problem
from desk_browser.memory.session_store import (
    STATE_FILE_NAME,
    SUMMARIES_FOLDER_NAME,
    DailySummary,
    Exchange,
    RouteState,
    SessionState,
    SessionStore,
    StateReading,
    log_path,
    read_exchange_log,
    read_state_file,
    session_sort_key,
)
from tests.helpers.desks import INDIA, json_line, write_lines
from tests.helpers.faults import deny_reading

DAY = datetime.date(2026, 10, 19)


def make_exchange(number: int = 1, backend_name: str = 'claude') -> Exchange:
    return Exchange(
        trigger_text=f'trigger {number}',
        answer=f'answer {number}',
        backend_name=backend_name,
        finished_at=f'2026-10-19T03:46:0{number % 10}+00:00',
    )


def make_state(session_id: str = '2026-10-19-2') -> SessionState:
    return SessionState(
        session_id=session_id,
        trading_date=DAY,
        routes={
            'claude': RouteState(exchanges_seen=14, runner_state={'session_id': '5f0c'}),
            'codex': RouteState(exchanges_seen=12, runner_state=None),
        },
    )


def make_store(tmp_path: Path) -> SessionStore:
    return SessionStore(tmp_path / 'sessions', date_source=lambda: DAY)


# Exchange


def test_exchange_to_json_dictionary_gives_its_fields() -> None:
    assert make_exchange().to_json_dictionary() == {
        'trigger_text': 'trigger 1',
        'answer': 'answer 1',
        'backend_name': 'claude',
        'finished_at': '2026-10-19T03:46:01+00:00',
    }


def test_exchange_from_json_dictionary_reads_what_to_json_dictionary_wrote() -> None:
    exchange = make_exchange()
    assert Exchange.from_json_dictionary(exchange.to_json_dictionary()) == exchange


def test_exchange_from_json_dictionary_ignores_extra_fields() -> None:
    data = {**make_exchange().to_json_dictionary(), 'extra': 1}
    assert Exchange.from_json_dictionary(data) == make_exchange()


def test_exchange_from_json_dictionary_raises_key_error_for_a_missing_field() -> None:
    data = make_exchange().to_json_dictionary()
    del data['answer']
    with pytest.raises(KeyError):
        Exchange.from_json_dictionary(data)


def test_exchange_from_json_dictionary_raises_type_error_for_a_non_string_field() -> None:
    data = {**make_exchange().to_json_dictionary(), 'answer': 42}
    with pytest.raises(TypeError):
        Exchange.from_json_dictionary(data)


# SessionState


def test_session_state_to_json_dictionary_writes_the_date_as_iso() -> None:
    assert make_state().to_json_dictionary() == {
        'session_id': '2026-10-19-2',
        'trading_date': '2026-10-19',
        'routes': {
            'claude': {'exchanges_seen': 14, 'runner_state': {'session_id': '5f0c'}},
            'codex': {'exchanges_seen': 12, 'runner_state': None},
        },
    }


def test_session_state_from_json_dictionary_reads_what_to_json_dictionary_wrote() -> None:
    state = make_state()
    assert SessionState.from_json_dictionary(state.to_json_dictionary()) == state


def test_session_state_missing_exchanges_seen_reads_as_zero() -> None:
    state = SessionState.from_json_dictionary(
        {'session_id': 's', 'trading_date': '2026-10-19', 'routes': {'codex': {}}}
    )
    assert state.routes == {'codex': RouteState(exchanges_seen=0, runner_state=None)}


def test_session_state_missing_routes_reads_as_no_routes() -> None:
    state = SessionState.from_json_dictionary({'session_id': 's', 'trading_date': '2026-10-19'})
    assert state.routes == {}


@pytest.mark.parametrize(('stored', 'expected'), [(3, 3), (3.0, 3), ('3', 3), (0, 0)])
def test_session_state_exchanges_seen_accepts_whole_numbers(stored: Any, expected: int) -> None:
    state = SessionState.from_json_dictionary(
        {
            'session_id': 's',
            'trading_date': '2026-10-19',
            'routes': {'claude': {'exchanges_seen': stored}},
        }
    )
    assert state.routes['claude'].exchanges_seen == expected


@pytest.mark.parametrize('field', ['session_id', 'trading_date'])
def test_session_state_from_json_dictionary_raises_key_error_for_a_missing_field(
    field: str,
) -> None:
    data = make_state().to_json_dictionary()
    del data[field]
    with pytest.raises(KeyError):
        SessionState.from_json_dictionary(data)


@pytest.mark.parametrize('date_text', ['2026-13-01', 'yesterday', '', '2026-02-30'])
def test_session_state_from_json_dictionary_raises_value_error_for_a_bad_date(
    date_text: str,
) -> None:
    data = {**make_state().to_json_dictionary(), 'trading_date': date_text}
    with pytest.raises(ValueError):
        SessionState.from_json_dictionary(data)


# SessionStore: construction and today


def test_session_store_construction_does_not_touch_the_disk(tmp_path: Path) -> None:
    store = SessionStore(tmp_path / 'sessions')
    assert store.directory == tmp_path / 'sessions'
    assert not (tmp_path / 'sessions').exists()


def test_today_uses_the_date_source(tmp_path: Path) -> None:
    assert make_store(tmp_path).today() == DAY


def test_today_without_a_date_source_is_the_india_date(tmp_path: Path) -> None:
    before = datetime.datetime.now(INDIA).date()
    today = SessionStore(tmp_path).today()
    after = datetime.datetime.now(INDIA).date()
    assert today in (before, after)


# load_state and save_state


def test_load_state_without_a_state_file_is_none(tmp_path: Path) -> None:
    assert make_store(tmp_path).load_state() is None


def test_load_state_of_a_missing_folder_is_none(tmp_path: Path) -> None:
    assert SessionStore(tmp_path / 'a' / 'b').load_state() is None


def test_save_state_then_load_state_gives_the_same_state(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    store.save_state(make_state())
    assert store.load_state() == make_state()


def test_save_state_creates_the_folder_and_writes_indented_json(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    store.save_state(make_state())
    path = tmp_path / 'sessions' / 'state.json'
    text = path.read_text(encoding='utf-8')
    assert text == json.dumps(make_state().to_json_dictionary(), indent=2)


def test_save_state_replaces_the_old_state_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    store.save_state(make_state('2026-10-19-1'))
    store.save_state(make_state('2026-10-19-2'))
    assert store.load_state() == make_state('2026-10-19-2')
    assert sorted(os.listdir(tmp_path / 'sessions')) == ['state.json']


@pytest.mark.parametrize('failing', ['fsync', 'replace'])
def test_save_state_that_fails_keeps_the_old_state_and_leaves_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failing: str
) -> None:
    store = make_store(tmp_path)
    store.save_state(make_state('2026-10-19-1'))

    def fail(*arguments: Any) -> None:
        raise OSError(28, 'No space left on device')

    monkeypatch.setattr(f'desk_browser.memory.file_writing.os.{failing}', fail)
    with pytest.raises(OSError):
        store.save_state(make_state('2026-10-19-2'))
    monkeypatch.undo()
    assert store.load_state() == make_state('2026-10-19-1')
    assert sorted(os.listdir(tmp_path / 'sessions')) == ['state.json']


def test_save_state_that_cannot_be_written_as_json_leaves_no_file(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    state = make_state()
    state.routes['claude'].runner_state = {'bad': object()}
    with pytest.raises(TypeError):
        store.save_state(state)
    assert not (tmp_path / 'sessions').exists() or os.listdir(tmp_path / 'sessions') == []


def test_save_state_keeps_the_state_files_permissions(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    store.save_state(make_state())
    path = tmp_path / 'sessions' / 'state.json'
    path.chmod(0o640)
    store.save_state(make_state())
    assert path.stat().st_mode & 0o777 == 0o640


def test_load_state_of_a_damaged_file_is_none_and_logged(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    write_lines(tmp_path / 'sessions' / 'state.json', ['{"session_id": '])
    with caplog.at_level(logging.ERROR, logger='desk_browser.memory.session_store'):
        assert make_store(tmp_path).load_state() is None
    assert 'state.json' in caplog.text
    assert 'not JSON' in caplog.text or 'cut short' in caplog.text


# read_state_file


def test_read_state_file_of_a_missing_file_says_it_does_not_exist(tmp_path: Path) -> None:
    assert read_state_file(tmp_path / 'state.json') == StateReading(
        state=None, exists=False, problem=None, modified_at=None
    )


def test_read_state_file_gives_the_state_and_its_modification_time(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    store.save_state(make_state())
    path = tmp_path / 'sessions' / 'state.json'
    os.utime(path, (1_700_000_000, 1_700_000_000))
    assert read_state_file(path) == StateReading(
        state=make_state(), exists=True, problem=None, modified_at=1_700_000_000
    )


def test_read_state_file_tells_a_damaged_file_from_a_missing_one(tmp_path: Path) -> None:
    path = write_lines(tmp_path / 'state.json', ['[]'])
    reading = read_state_file(path)
    assert reading.state is None
    assert reading.exists
    assert reading.problem == Problem(path, None, 'not an object')
    assert reading.modified_at is not None


# new_session_id


def test_new_session_id_starts_a_day_at_one_and_creates_the_empty_log(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    assert store.new_session_id(DAY) == '2026-10-19-1'
    assert (tmp_path / 'sessions' / '2026-10-19-1.jsonl').read_bytes() == b''


def test_new_session_id_picks_the_next_number(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    assert [store.new_session_id(DAY) for _ in range(3)] == [
        '2026-10-19-1',
        '2026-10-19-2',
        '2026-10-19-3',
    ]
    assert store.new_session_id(datetime.date(2026, 10, 20)) == '2026-10-20-1'


def test_new_session_id_follows_the_highest_number_of_the_day(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    write_lines(tmp_path / 'sessions' / '2026-10-19-9.jsonl', [])
    assert store.new_session_id(DAY) == '2026-10-19-10'
    assert store.session_ids()[0] == '2026-10-19-10'


def test_new_session_id_skips_a_name_taken_by_a_folder(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    (tmp_path / 'sessions' / '2026-10-19-1.jsonl').mkdir(parents=True)
    assert store.new_session_id(DAY) == '2026-10-19-2'


# append_exchange and exchanges


def test_append_exchange_then_exchanges_gives_them_oldest_first(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    session_id = store.new_session_id(DAY)
    for number in range(1, 4):
        store.append_exchange(session_id, make_exchange(number))
    assert store.exchanges(session_id) == [make_exchange(number) for number in range(1, 4)]


def test_append_exchange_writes_one_json_line_keeping_non_ascii(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    exchange = Exchange('रुपया ₹', 'ok', 'claude', 't')
    store.append_exchange('2026-10-19-1', exchange)
    content = (tmp_path / 'sessions' / '2026-10-19-1.jsonl').read_bytes()
    assert (
        content == (json.dumps(exchange.to_json_dictionary(), ensure_ascii=False) + '\n').encode()
    )


def test_append_exchange_creates_the_folder_and_log(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    store.append_exchange('2026-10-19-1', make_exchange())
    assert store.exchanges('2026-10-19-1') == [make_exchange()]


def test_append_exchange_after_a_line_cut_short_starts_a_new_line(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    store.append_exchange('s', make_exchange(1))
    with (tmp_path / 'sessions' / 's.jsonl').open('ab') as log:
        log.write(b'{"trigger_text": "crash in the mid')
    store.append_exchange('s', make_exchange(2))
    assert store.exchanges('s') == [make_exchange(1), make_exchange(2)]


def test_append_exchange_keeps_lone_surrogates_readable(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    exchange = Exchange('\ud800 broken', 'fine', 'claude', 't')
    store.append_exchange('s', exchange)
    assert store.exchanges('s') == [exchange]


def test_exchanges_keeps_line_separators_inside_strings(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    exchange = Exchange('a\u2028b\u2029c\x85d', 'e\x0cf\x1eg', 'claude', 't')
    store.append_exchange('s', exchange)
    assert store.exchanges('s') == [exchange]


def test_exchanges_of_an_unknown_session_is_empty(tmp_path: Path) -> None:
    assert make_store(tmp_path).exchanges('2026-10-19-7') == []


def test_exchanges_skips_and_logs_a_damaged_line(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    store = make_store(tmp_path)
    write_lines(
        tmp_path / 'sessions' / 's.jsonl',
        [json_line(make_exchange(1).to_json_dictionary()), '{"trigger_text": "cu'],
        final_newline=False,
    )
    with caplog.at_level(logging.WARNING, logger='desk_browser.memory.session_store'):
        assert store.exchanges('s') == [make_exchange(1)]
    assert 'line 2' in caplog.text


# read_exchange_log


def test_read_exchange_log_reports_why_each_line_was_skipped(tmp_path: Path) -> None:
    good = make_exchange(1).to_json_dictionary()
    missing = {key: value for key, value in good.items() if key != 'backend_name'}
    path = write_lines(
        tmp_path / 's.jsonl',
        [
            json_line(good),
            json_line(missing),
            json_line({**good, 'answer': 42}),
            '"just a string"',
            b'\xff\xfe',
        ],
    )
    problems: list[Problem] = []
    assert read_exchange_log(path, problems) == [make_exchange(1)]
    assert problems == [
        Problem(path, 2, 'missing field "backend_name"'),
        Problem(path, 3, 'wrong type for field "answer"'),
        Problem(path, 4, 'not an object'),
        Problem(path, 5, 'not UTF-8'),
    ]


def test_log_path_is_the_session_id_with_jsonl(tmp_path: Path) -> None:
    assert log_path(tmp_path, '2026-10-19-1') == tmp_path / '2026-10-19-1.jsonl'


# session_ids


def test_session_ids_are_newest_first_by_date_then_number(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    for session_id in ['2026-10-19-9', '2026-10-19-10', '2026-10-18-11', '2026-10-20-1']:
        write_lines(tmp_path / 'sessions' / f'{session_id}.jsonl', [])
    assert store.session_ids() == ['2026-10-20-1', '2026-10-19-10', '2026-10-19-9', '2026-10-18-11']


def test_session_ids_list_only_log_files(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    store.save_state(make_state())
    store.write_summary(DAY, 'x')
    write_lines(tmp_path / 'sessions' / '2026-10-19-1.jsonl', [])
    write_lines(tmp_path / 'sessions' / 'notes.txt', [])
    (tmp_path / 'sessions' / '2026-10-19-2.jsonl').mkdir()
    assert store.session_ids() == ['2026-10-19-1']


def test_session_ids_put_undated_names_last(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    for session_id in ['scratch', '2026-10-19-1', 'archive', '2026-10-19', '2026-10-19-x']:
        write_lines(tmp_path / 'sessions' / f'{session_id}.jsonl', [])
    assert store.session_ids() == [
        '2026-10-19-1',
        'scratch',
        'archive',
        '2026-10-19-x',
        '2026-10-19',
    ]


def test_session_ids_of_a_missing_folder_is_empty(tmp_path: Path) -> None:
    assert SessionStore(tmp_path / 'missing').session_ids() == []


def test_session_ids_where_the_folder_is_a_file_is_empty(tmp_path: Path) -> None:
    (tmp_path / 'sessions').write_text('x', encoding='utf-8')
    assert SessionStore(tmp_path / 'sessions').session_ids() == []


def test_session_sort_key_orders_by_date_then_number_as_a_number() -> None:
    ids = ['2026-10-19-10', 'x', '2026-10-19-9', '2026-10-20-1', '2026-10-19-02', '2026-10-19-2']
    assert sorted(ids, key=session_sort_key) == [
        'x',
        '2026-10-19-02',
        '2026-10-19-2',
        '2026-10-19-9',
        '2026-10-19-10',
        '2026-10-20-1',
    ]


# summaries


def test_write_summary_strips_the_text_and_ends_it_with_a_newline(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    path = store.write_summary(DAY, '\n  Held all day.\n\nNo trades.  \n\n')
    assert path == tmp_path / 'sessions' / 'summaries' / '2026-10-19.md'
    assert path.read_text(encoding='utf-8') == 'Held all day.\n\nNo trades.\n'


def test_write_summary_replaces_the_days_summary(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    store.write_summary(DAY, 'first')
    store.write_summary(DAY, 'second')
    assert store.summaries() == [DailySummary(DAY, 'second')]
    assert os.listdir(tmp_path / 'sessions' / 'summaries') == ['2026-10-19.md']


def test_summaries_are_newest_first_and_stripped(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    folder = tmp_path / 'sessions' / 'summaries'
    folder.mkdir(parents=True)
    (folder / '2026-10-19.md').write_text('  nineteenth\n\n', encoding='utf-8')
    (folder / '2026-10-21.md').write_text('twenty-first', encoding='utf-8')
    (folder / '2026-10-20.md').write_text('twentieth\n', encoding='utf-8')
    assert store.summaries() == [
        DailySummary(datetime.date(2026, 10, 21), 'twenty-first'),
        DailySummary(datetime.date(2026, 10, 20), 'twentieth'),
        DailySummary(datetime.date(2026, 10, 19), 'nineteenth'),
    ]


def test_summaries_ignore_names_that_are_not_dates(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    folder = tmp_path / 'sessions' / 'summaries'
    folder.mkdir(parents=True)
    for name in ['draft.md', '20261019.md', '2026-10-19.txt', '2026-02-30.md']:
        (folder / name).write_text('x', encoding='utf-8')
    assert store.summaries() == []
    assert store.latest_summary() is None


def test_summaries_replace_undecodable_bytes(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    folder = tmp_path / 'sessions' / 'summaries'
    folder.mkdir(parents=True)
    (folder / '2026-10-19.md').write_bytes(b'held \xff all day')
    assert store.summaries() == [DailySummary(DAY, 'held \ufffd all day')]
    assert store.latest_summary() == DailySummary(DAY, 'held \ufffd all day')


def test_summaries_of_a_missing_folder_is_empty(tmp_path: Path) -> None:
    store = SessionStore(tmp_path / 'missing')
    assert store.summaries() == []
    assert store.latest_summary() is None


def test_latest_summary_is_the_newest(tmp_path: Path) -> None:
    store = make_store(tmp_path)
    store.write_summary(datetime.date(2026, 10, 20), 'twentieth')
    store.write_summary(datetime.date(2026, 10, 21), 'twenty-first')
    store.write_summary(DAY, 'nineteenth')
    assert store.latest_summary() == DailySummary(datetime.date(2026, 10, 21), 'twenty-first')


def test_latest_summary_skips_an_unreadable_newest_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = make_store(tmp_path)
    store.write_summary(datetime.date(2026, 10, 20), 'twentieth')
    newest = store.write_summary(datetime.date(2026, 10, 21), 'twenty-first')
    deny_reading(monkeypatch, newest)
    assert store.latest_summary() == DailySummary(datetime.date(2026, 10, 20), 'twentieth')
    assert store.summaries() == [DailySummary(datetime.date(2026, 10, 20), 'twentieth')]


def test_file_name_constants() -> None:
    assert STATE_FILE_NAME == 'state.json'
    assert SUMMARIES_FOLDER_NAME == 'summaries'
