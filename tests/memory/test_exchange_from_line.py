"""exchange_from_line: one log line's object read exactly as a whole read of the log reads it."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from desk_browser.memory import desk_files
from desk_browser.memory.desk_files import Problem
from desk_browser.memory.session_reading import count_exchanges, exchanges_from_lines
from desk_browser.memory.session_store import Exchange, exchange_from_line, read_exchange_log
from desk_browser.presentation import desk_data
from desk_browser.presentation.desk_data import read_session_log

GOOD = {'trigger_text': 't', 'answer': 'a', 'backend_name': 'b', 'finished_at': 'f'}


def test_a_good_line_becomes_an_exchange_and_reports_nothing(tmp_path: Path) -> None:
    problems: list[Problem] = []
    exchange = exchange_from_line(tmp_path / 'log.jsonl', 1, dict(GOOD), problems)
    assert exchange == Exchange('t', 'a', 'b', 'f')
    assert problems == []


def test_damaged_lines_get_the_reasons_a_whole_read_gives(tmp_path: Path) -> None:
    log = tmp_path / '2026-10-21-1.jsonl'
    lines = [
        GOOD,
        {key: value for key, value in GOOD.items() if key != 'answer'},
        {**GOOD, 'backend_name': 3},
        GOOD,
    ]
    log.write_text(''.join(json.dumps(line) + '\n' for line in lines), encoding='utf-8')
    whole: list[Problem] = []
    expected = read_exchange_log(log, whole)
    one_by_one: list[Problem] = []
    exchanges = [
        exchange_from_line(log, line_number, data, one_by_one)
        for line_number, data in desk_files.read_json_objects(log)
    ]
    assert [exchange for exchange in exchanges if exchange is not None] == expected
    assert one_by_one == whole
    assert [problem.reason for problem in whole] == [
        'missing field "answer"',
        'wrong type for field "backend_name"',
    ]


def test_without_a_collector_a_damaged_line_is_just_skipped(tmp_path: Path) -> None:
    assert exchange_from_line(tmp_path / 'log.jsonl', 1, {}) is None


_FIELD_VALUES = st.one_of(
    st.text(max_size=3), st.integers(), st.none(), st.lists(st.text(), max_size=1)
)


@given(
    st.lists(
        st.dictionaries(st.sampled_from([*GOOD, 'other']), _FIELD_VALUES, max_size=len(GOOD) + 1),
        max_size=8,
    )
)
def test_counting_exchanges_finds_what_making_them_finds(lines: list[dict[str, object]]) -> None:
    path = Path('log.jsonl')
    objects = list(enumerate(lines, 1))
    made: list[Problem] = []
    counted: list[Problem] = []
    exchanges = exchanges_from_lines(path, objects, made)
    assert count_exchanges(path, objects, counted) == len(exchanges)
    assert counted == made
    assert count_exchanges(path, objects) == len(exchanges)


def test_a_logs_counts_are_its_read_logs(tmp_path: Path) -> None:
    desk = tmp_path / 'main'
    log = desk / 'sessions' / '2026-10-21-1.jsonl'
    log.parent.mkdir(parents=True)
    lines = [GOOD, {**GOOD, 'answer': 3}, {'answer': 'a'}, GOOD]
    text = ''.join(json.dumps(line) + '\n' for line in lines) + 'not json\n{"cut'
    log.write_text(text, encoding='utf-8')
    for unfinished_is_damaged in (False, True):
        read = read_session_log(desk, '2026-10-21-1', unfinished_is_damaged=unfinished_is_damaged)
        assert desk_data._count_log(
            desk, '2026-10-21-1', unfinished_is_damaged=unfinished_is_damaged
        ) == (len(read.exchanges), read.damaged_lines, read.unreadable)
    assert desk_data._count_log(desk, 'missing') == (
        0,
        0,
        read_session_log(desk, 'missing').unreadable,
    )
    assert desk_data._count_log(desk, 'missing')[2]
