"""Bad input, one case a test: the core never raises on it and loses nothing else."""

from __future__ import annotations

import datetime
import json
from pathlib import Path
from typing import Any

import pytest

from desk_browser.memory.desk_files import Problem, read_journal_day
from desk_browser.memory.session_search import SearchResult, SessionSearch
from desk_browser.memory.session_store import (
    Exchange,
    SessionStore,
    read_exchange_log,
    read_state_file,
)
from tests.helpers.desks import event, json_line, write_journal, write_lines

GOOD_STATE: dict[str, Any] = {
    'session_id': '2026-10-19-2',
    'trading_date': '2026-10-19',
    'routes': {'claude': {'exchanges_seen': 14, 'runner_state': {'session_id': '5f0c'}}},
}
GOOD_EXCHANGE: dict[str, Any] = {
    'trigger_text': 'open',
    'answer': 'Holding.',
    'backend_name': 'claude',
    'finished_at': '2026-10-19T03:46:02+00:00',
}
DAY = '2026-10-19'


# state files


def load_state_from(tmp_path: Path, content: bytes) -> tuple[Any, Problem | None]:
    path = tmp_path / 'sessions' / 'state.json'
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    store = SessionStore(tmp_path / 'sessions')
    return store.load_state(), read_state_file(path).problem


def damage_of(tmp_path: Path, content: bytes) -> str:
    """Writes a state file that the store must treat as missing, and says why it is damaged."""
    state, problem = load_state_from(tmp_path, content)
    assert state is None
    assert problem is not None
    return problem.reason


def state_with(**changes: Any) -> bytes:
    data = {**GOOD_STATE, **changes}
    return json.dumps({key: value for key, value in data.items() if value is not ...}).encode()


def test_state_file_that_is_empty_is_treated_as_missing(tmp_path: Path) -> None:
    assert damage_of(tmp_path, b'') == 'empty'


def test_state_file_that_is_not_json_is_treated_as_missing(tmp_path: Path) -> None:
    assert damage_of(tmp_path, b'session_id = 2026-10-19-2') == 'not JSON'


def test_state_file_cut_short_is_treated_as_missing(tmp_path: Path) -> None:
    assert damage_of(tmp_path, state_with()[:30]) == 'cut short'


def test_state_file_that_is_a_json_list_is_treated_as_missing(tmp_path: Path) -> None:
    assert damage_of(tmp_path, json.dumps([GOOD_STATE]).encode()) == 'not an object'


@pytest.mark.parametrize('field', ['session_id', 'trading_date'])
def test_state_file_missing_a_field_is_treated_as_missing(tmp_path: Path, field: str) -> None:
    assert damage_of(tmp_path, state_with(**{field: ...})) == f'missing field "{field}"'


@pytest.mark.parametrize('date_text', ['2026-10-32', 'Monday', '19/10/2026', ''])
def test_state_file_with_a_bad_date_is_treated_as_missing(tmp_path: Path, date_text: str) -> None:
    assert (
        damage_of(tmp_path, state_with(trading_date=date_text))
        == 'not a date in field "trading_date"'
    )


@pytest.mark.parametrize(
    ('changes', 'reason'),
    [
        ({'session_id': 7}, 'wrong type for field "session_id"'),
        ({'session_id': None}, 'wrong type for field "session_id"'),
        ({'trading_date': 20261019}, 'wrong type for field "trading_date"'),
        ({'routes': ['claude']}, 'wrong type for field "routes"'),
        ({'routes': {'claude': 14}}, 'wrong type for route "claude"'),
        (
            {'routes': {'claude': {'exchanges_seen': 'many'}}},
            'not a whole number in field "exchanges_seen" of route "claude"',
        ),
        (
            {'routes': {'claude': {'exchanges_seen': 2.5}}},
            'not a whole number in field "exchanges_seen" of route "claude"',
        ),
        (
            {'routes': {'claude': {'exchanges_seen': None}}},
            'wrong type for field "exchanges_seen" of route "claude"',
        ),
        (
            {'routes': {'claude': {'exchanges_seen': True}}},
            'wrong type for field "exchanges_seen" of route "claude"',
        ),
        (
            {'routes': {'claude': {'exchanges_seen': [1]}}},
            'wrong type for field "exchanges_seen" of route "claude"',
        ),
        (
            {'routes': {'claude': {'exchanges_seen': -1}}},
            'negative field "exchanges_seen" of route "claude"',
        ),
        (
            {'routes': {'claude': {'runner_state': 'abc'}}},
            'wrong type for field "runner_state" of route "claude"',
        ),
    ],
)
def test_state_file_with_wrong_types_is_treated_as_missing(
    tmp_path: Path, changes: dict[str, Any], reason: str
) -> None:
    assert damage_of(tmp_path, state_with(**changes)) == reason


@pytest.mark.parametrize('session_id', ['', '../../etc/passwd', 'a/b', 'a\\b', 'a\x00b'])
def test_state_file_whose_session_id_cannot_name_a_log_is_treated_as_missing(
    tmp_path: Path, session_id: str
) -> None:
    assert (
        damage_of(tmp_path, state_with(session_id=session_id))
        == 'not a file name in field "session_id"'
    )


def test_state_file_that_is_not_utf8_is_treated_as_missing(tmp_path: Path) -> None:
    assert damage_of(tmp_path, b'{"session_id": "\xff"}') == 'not UTF-8'


def test_state_file_nested_too_deeply_is_treated_as_missing(tmp_path: Path) -> None:
    state, problem = load_state_from(tmp_path, b'[' * 100_000)
    assert state is None
    assert problem is not None


def test_state_path_that_is_a_folder_is_treated_as_missing(tmp_path: Path) -> None:
    (tmp_path / 'sessions' / 'state.json').mkdir(parents=True)
    assert SessionStore(tmp_path / 'sessions').load_state() is None
    reading = read_state_file(tmp_path / 'sessions' / 'state.json')
    assert reading.exists
    assert reading.problem is not None and reading.problem.reason == 'not a file'


def test_damaged_state_can_be_replaced_by_save_state(tmp_path: Path) -> None:
    load_state_from(tmp_path, b'garbage')
    store = SessionStore(tmp_path / 'sessions')
    state = store.load_state()
    assert state is None
    good = {**GOOD_STATE}
    from desk_browser.memory.session_store import SessionState

    store.save_state(SessionState.from_json_dictionary(good))
    assert store.load_state() == SessionState.from_json_dictionary(good)


# log lines


def read_log(tmp_path: Path, lines: list[str | bytes], final_newline: bool = True) -> Any:
    path = write_lines(tmp_path / 'log.jsonl', lines, final_newline=final_newline)
    problems: list[Problem] = []
    exchanges = read_exchange_log(path, problems)
    return exchanges, [(problem.line_number, problem.reason) for problem in problems]


GOOD = json_line(GOOD_EXCHANGE)
GOOD_READ = Exchange(**GOOD_EXCHANGE)


def test_log_line_cut_short_is_skipped(tmp_path: Path) -> None:
    assert read_log(tmp_path, [GOOD, GOOD[:25]], final_newline=False) == (
        [GOOD_READ],
        [(2, 'cut short')],
    )


def test_log_line_cut_short_in_the_middle_is_skipped(tmp_path: Path) -> None:
    assert read_log(tmp_path, [GOOD[:40], GOOD]) == ([GOOD_READ], [(1, 'cut short')])


@pytest.mark.parametrize('line', ['[1, 2]', '"text"', '42', 'null', 'true'])
def test_log_line_that_is_not_an_object_is_skipped(tmp_path: Path, line: str) -> None:
    assert read_log(tmp_path, [line, GOOD]) == ([GOOD_READ], [(1, 'not an object')])


@pytest.mark.parametrize('field', ['trigger_text', 'answer', 'backend_name', 'finished_at'])
def test_log_line_missing_a_field_is_skipped(tmp_path: Path, field: str) -> None:
    data = {key: value for key, value in GOOD_EXCHANGE.items() if key != field}
    assert read_log(tmp_path, [json_line(data), GOOD]) == (
        [GOOD_READ],
        [(1, f'missing field "{field}"')],
    )


@pytest.mark.parametrize('value', [42, None, ['a'], {'a': 1}, True])
def test_log_line_with_a_wrong_field_type_is_skipped(tmp_path: Path, value: Any) -> None:
    data = {**GOOD_EXCHANGE, 'answer': value}
    assert read_log(tmp_path, [json_line(data), GOOD]) == (
        [GOOD_READ],
        [(1, 'wrong type for field "answer"')],
    )


def test_log_line_with_invalid_utf8_is_skipped_alone(tmp_path: Path) -> None:
    bad = GOOD.replace('Holding.', 'Hold\udcffing.').encode('utf-8', errors='surrogateescape')
    assert read_log(tmp_path, [GOOD, bad, GOOD]) == ([GOOD_READ, GOOD_READ], [(2, 'not UTF-8')])


def test_log_blank_lines_are_skipped_silently(tmp_path: Path) -> None:
    assert read_log(tmp_path, ['', GOOD, '   ', '\t', '', GOOD, '\r']) == (
        [GOOD_READ, GOOD_READ],
        [],
    )


def test_log_line_with_windows_line_ending_is_read(tmp_path: Path) -> None:
    assert read_log(tmp_path, [GOOD + '\r']) == ([GOOD_READ], [])


def test_session_store_exchanges_survive_a_damaged_log(tmp_path: Path) -> None:
    write_lines(
        tmp_path / 'sessions' / '2026-10-19-1.jsonl',
        [b'\xff\xfe\x00', GOOD, '{"trigger_text": ', '[]', GOOD],
    )
    store = SessionStore(tmp_path / 'sessions')
    assert store.exchanges('2026-10-19-1') == [GOOD_READ, GOOD_READ]


def test_session_store_exchanges_of_a_log_that_is_a_folder_is_empty(tmp_path: Path) -> None:
    (tmp_path / 'sessions' / '2026-10-19-1.jsonl').mkdir(parents=True)
    assert SessionStore(tmp_path / 'sessions').exchanges('2026-10-19-1') == []


# journal lines


def read_day(tmp_path: Path, lines: list[Any]) -> Any:
    path = write_journal(tmp_path, DAY, lines)
    problems: list[Problem] = []
    day = read_journal_day(path, DAY, problems)
    reasons = [(problem.line_number, problem.reason) for problem in problems]
    return [item.type for item in day.events], reasons


TRIGGER = event('trigger_received', text='open', source='tick')


def test_journal_line_cut_short_is_skipped(tmp_path: Path) -> None:
    cut = json_line(TRIGGER)[:30]
    assert read_day(tmp_path, [TRIGGER, cut, TRIGGER]) == (
        ['trigger_received', 'trigger_received'],
        [(2, 'cut short')],
    )


@pytest.mark.parametrize('line', ['[1]', '"trigger_received"', '3.5', 'null'])
def test_journal_line_that_is_not_an_object_is_skipped(tmp_path: Path, line: str) -> None:
    assert read_day(tmp_path, [line, TRIGGER]) == (['trigger_received'], [(1, 'not an object')])


def test_journal_line_missing_its_type_is_skipped(tmp_path: Path) -> None:
    assert read_day(tmp_path, ['{"time": "t", "text": "x"}', TRIGGER]) == (
        ['trigger_received'],
        [(1, 'missing type')],
    )


@pytest.mark.parametrize('value', [1, None, ['text'], {'a': 'b'}, False])
def test_journal_line_whose_type_is_not_a_string_is_skipped(tmp_path: Path, value: Any) -> None:
    line = json_line({'type': value, 'time': 't'})
    assert read_day(tmp_path, [line, TRIGGER]) == (
        ['trigger_received'],
        [(1, 'wrong type for field "type"')],
    )


def test_journal_line_with_other_wrong_field_types_is_kept(tmp_path: Path) -> None:
    lines = [
        {'type': 'trigger_received', 'time': 5, 'text': 7, 'source': None},
        {'type': 'text', 'time': 't', 'text': {'a': 1}, 'backend': 3},
        {'type': 'order_placed', 'time': 't', 'quantity': 'fifty', 'price': None},
    ]
    path = write_journal(tmp_path, DAY, lines)
    day = read_journal_day(path, DAY)
    assert day.exchanges[0].text == '7\n\n{"a":1}'
    assert [action.type for action in day.actions] == ['order_placed']


def test_journal_line_with_invalid_utf8_is_skipped_alone(tmp_path: Path) -> None:
    assert read_day(tmp_path, [TRIGGER, b'{"type": "text", "text": "\xc3\x28"}', TRIGGER]) == (
        ['trigger_received', 'trigger_received'],
        [(2, 'not UTF-8')],
    )


def test_journal_blank_lines_are_skipped_silently(tmp_path: Path) -> None:
    assert read_day(tmp_path, ['', TRIGGER, '  ', '', TRIGGER, '\t']) == (
        ['trigger_received', 'trigger_received'],
        [],
    )


def test_journal_damaged_line_does_not_split_an_exchange(tmp_path: Path) -> None:
    lines = [
        TRIGGER,
        event('text', text='one'),
        '{"type": "text", "te',
        event('text', text='two'),
    ]
    path = write_journal(tmp_path, DAY, lines)
    (exchange,) = read_journal_day(path, DAY).exchanges
    assert exchange.answer == 'one\ntwo'


# missing folders and paths


def test_search_of_a_desk_path_that_does_not_exist_finds_nothing(tmp_path: Path) -> None:
    assert SessionSearch(tmp_path / 'no' / 'desk').search('nifty', 10) == SearchResult(
        hits=[], matched_every_word=False, words=['nifty']
    )


def test_search_of_a_desk_path_that_is_a_file_finds_nothing(tmp_path: Path) -> None:
    desk = tmp_path / 'main'
    desk.write_text('not a folder', encoding='utf-8')
    assert SessionSearch(desk).search('folder', 10).hits == []


def test_search_of_an_empty_desk_finds_nothing(tmp_path: Path) -> None:
    for folder in ['journal', 'notes', 'sessions/summaries']:
        (tmp_path / folder).mkdir(parents=True)
    assert SessionSearch(tmp_path).search('nifty', 10).hits == []


def test_search_with_only_some_folders_finds_what_is_there(tmp_path: Path) -> None:
    write_journal(tmp_path, DAY, [TRIGGER])
    result = SessionSearch(tmp_path).search('open', 10)
    assert [(hit.record.day, hit.record.kind) for hit in result.hits] == [(DAY, 'exchange')]


def test_search_where_folders_are_files_finds_nothing(tmp_path: Path) -> None:
    (tmp_path / 'journal').write_text('open', encoding='utf-8')
    (tmp_path / 'notes').write_text('open', encoding='utf-8')
    (tmp_path / 'sessions').write_text('open', encoding='utf-8')
    assert SessionSearch(tmp_path).search('open', 10).hits == []


def test_search_skips_journal_and_summary_names_that_are_folders(tmp_path: Path) -> None:
    (tmp_path / 'journal' / f'{DAY}.jsonl').mkdir(parents=True)
    (tmp_path / 'sessions' / 'summaries' / f'{DAY}.md').mkdir(parents=True)
    (tmp_path / 'notes' / 'open.md').mkdir(parents=True)
    assert SessionSearch(tmp_path).search('open', 10).hits == []


def test_session_store_of_a_missing_folder_reads_as_empty(tmp_path: Path) -> None:
    store = SessionStore(tmp_path / 'missing', date_source=lambda: datetime.date(2026, 10, 19))
    assert store.load_state() is None
    assert store.session_ids() == []
    assert store.exchanges('2026-10-19-1') == []
    assert store.summaries() == []
    assert store.latest_summary() is None
    assert not (tmp_path / 'missing').exists()


# notes


def test_notes_that_are_not_markdown_are_ignored(tmp_path: Path) -> None:
    notes = tmp_path / 'notes'
    notes.mkdir()
    (notes / 'photo.png').write_bytes(b'\x89PNG\r\n\x1a\nnifty\x00\xff')
    (notes / 'todo.txt').write_text('nifty', encoding='utf-8')
    (notes / 'README').write_text('nifty', encoding='utf-8')
    assert SessionSearch(tmp_path).search('nifty', 10).hits == []


def test_markdown_note_with_binary_content_does_not_crash(tmp_path: Path) -> None:
    notes = tmp_path / 'notes'
    notes.mkdir()
    (notes / '2026-10-19-x.md').write_bytes(b'\x89PNG\x00\xff\xfe nifty \x00\x80\n\xc0')
    (hit,) = SessionSearch(tmp_path).search('nifty', 10).hits
    assert (hit.record.day, hit.record.kind) == (DAY, 'note')
    assert hit.record.text == '\ufffdPNG\x00\ufffd\ufffd nifty \x00\ufffd\n\ufffd'
    assert hit.snippet == '\ufffdPNG\x00\ufffd\ufffd nifty \x00\ufffd \ufffd'


def test_summary_with_binary_content_does_not_crash(tmp_path: Path) -> None:
    folder = tmp_path / 'sessions' / 'summaries'
    folder.mkdir(parents=True)
    (folder / f'{DAY}.md').write_bytes(b'\xff\xfe nifty\n\n\x00\x01')
    result = SessionSearch(tmp_path).search('nifty', 10)
    assert [(hit.record.kind, hit.record.text) for hit in result.hits] == [
        ('summary', '\ufffd\ufffd nifty')
    ]


def test_state_file_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    state, problem = load_state_from(tmp_path, b'\xef\xbb\xbf' + state_with())
    assert problem is None
    assert state is not None and state.session_id == '2026-10-19-2'
