"""`desk-browser search` with scopes: qualifiers among the words, the options, missing words."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from desk_browser.memory.session_search import SessionSearch
from tests.helpers.commands import run_command

TODAY = '2026-10-21'  # The demo desk's today (DEMO_TODAY).


def search_json(desk: Path, capsys: pytest.CaptureFixture[str], *arguments: str) -> Any:
    result = run_command(['search', str(desk), *arguments, '--json', '--today', TODAY], capsys)
    assert result.status in (0, 1), result.stderr
    return json.loads(result.stdout)


def records(data: Any) -> list[tuple[str, str, str]]:
    return [
        (hit['record']['day'], hit['record']['kind'], hit['record']['text']) for hit in data['hits']
    ]


def filtered_plain_scan(desk: Path, query: str, keep: Any) -> list[tuple[str, str, str]]:
    """The unscoped documented search's hits with no limit, then filtered (valid for full hits)."""
    result = SessionSearch(desk).search(query, 10**9)
    assert result.matched_every_word
    found = [(hit.record.day, hit.record.kind, hit.record.text) for hit in result.hits]
    return [record for record in found if keep(record)]


def test_day_option_and_qualifier_keep_that_day(
    demo_desk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    expected = filtered_plain_scan(demo_desk, 'nifty', lambda record: record[0] == '2026-10-20')
    assert expected
    for arguments in (
        ['nifty', '--day', '2026-10-20'],
        ['nifty', '--day', 'yesterday'],
        ['nifty', 'day:yesterday'],
        ['nifty', 'day:tuesday'],
        ['nifty', '--since', '2026-10-20', '--until', '2026-10-20'],
    ):
        data = search_json(demo_desk, capsys, *arguments, '--limit', '0')
        assert records(data) == expected, arguments
        assert data['total'] == len(expected)
        assert data['words'] == ['nifty']
        assert data['scope'][0]['meaning'] in ('2026-10-20', 'from 2026-10-20')


def test_since_and_until(demo_desk: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = search_json(
        demo_desk, capsys, 'nifty', '--since', '2026-10-15', '--until', '2026-10-19', '--limit', '0'
    )
    expected = filtered_plain_scan(
        demo_desk, 'nifty', lambda record: '2026-10-15' <= record[0] <= '2026-10-19'
    )
    assert records(data) == expected
    assert [item['text'] for item in data['scope']] == ['day:2026-10-15..', 'day:..2026-10-19']


def test_kind_option(demo_desk: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for arguments, kinds in (
        (['--kind', 'note'], {'note'}),
        (['--kind', 'action'], {'journal'}),
        (['--kind', 'exchange,summary'], {'exchange', 'summary'}),
        (['kind:summary', '--kind', 'note'], {'summary', 'note'}),
    ):
        data = search_json(demo_desk, capsys, 'nifty', *arguments, '--limit', '0')
        expected = filtered_plain_scan(
            demo_desk, 'nifty', lambda record, kinds=kinds: record[1] in kinds
        )
        assert expected, arguments
        assert records(data) == expected, arguments


def test_backend_and_session_options(demo_desk: Path, capsys: pytest.CaptureFixture[str]) -> None:
    everything = search_json(demo_desk, capsys, 'nifty', '--kind', 'exchange', '--limit', '0')
    by_backend: dict[str, list[tuple[str, str, str]]] = {}
    by_session: dict[str, list[tuple[str, str, str]]] = {}
    for hit, record in zip(everything['hits'], records(everything), strict=True):
        by_backend.setdefault(hit['backend'], []).append(record)
        by_session.setdefault(hit['session_id'], []).append(record)
    assert {'claude', 'codex'} <= set(by_backend)
    for backend in ('claude', 'codex'):
        data = search_json(demo_desk, capsys, 'nifty', '--backend', backend, '--limit', '0')
        assert records(data) == by_backend[backend]
        assert {hit['backend'] for hit in data['hits']} == {backend}
    session = next(key for key in by_session if key)
    data = search_json(demo_desk, capsys, 'nifty', f'session:{session}', '--limit', '0')
    assert records(data) == by_session[session]


def test_a_bad_option_is_bad_usage_with_why(
    demo_desk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for arguments, reason in (
        (['--day', '2026-13-01'], '--day: 2026-13-01 is not a date'),
        (
            ['--kind', 'trade'],
            '--kind: trade is not a kind (exchange, action, summary, note or order)',
        ),
        (['--session', 'x'], '--session: x is not a session id (such as 2026-10-19-2)'),
    ):
        result = run_command(['search', str(demo_desk), 'nifty', *arguments], capsys)
        assert result.status == 2
        assert reason in result.stderr
        assert result.stdout == ''


def test_a_bad_qualifier_is_named_and_the_search_runs_without_it(
    demo_desk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    result = run_command(['search', str(demo_desk), 'nifty', 'day:2026-13-01'], capsys)
    assert result.status == 0
    assert 'day: 2026-13-01 is not a date; searched without it' in result.stderr
    assert len(result.lines) == 50
    data = search_json(demo_desk, capsys, 'nifty', 'day:2026-13-01')
    assert data['problems'] == [
        {'text': 'day:2026-13-01', 'reason': 'day: 2026-13-01 is not a date'}
    ]
    assert data['scope'] == []


def test_a_word_with_a_colon_stays_a_word(
    demo_desk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = search_json(demo_desk, capsys, 'order_id:')
    assert data['words'] == ['order_id:']
    assert data['hits']


def test_only_qualifiers_is_bad_usage(demo_desk: Path, capsys: pytest.CaptureFixture[str]) -> None:
    result = run_command(['search', str(demo_desk), 'day:today'], capsys)
    assert result.status == 2
    assert 'besides the qualifiers' in result.stderr


def test_the_missing_word_is_named_with_a_suggestion(
    demo_desk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    result = run_command(['search', str(demo_desk), 'nifty', 'rollver', 'qwxz'], capsys)
    assert result.status == 0
    assert 'rollver: in no record; did you mean rollover?' in result.stderr
    assert 'qwxz: in no record\n' in result.stderr
    data = search_json(demo_desk, capsys, 'nifty', 'rollver', 'qwxz')
    assert data['missing_words'] == ['rollver', 'qwxz']
    assert data['suggestions'] == {'rollver': 'rollover'}
    full = search_json(demo_desk, capsys, 'nifty')
    assert full['missing_words'] == []
    assert full['suggestions'] == {}


def test_a_word_missing_only_inside_the_scope_is_named(
    demo_desk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = search_json(demo_desk, capsys, 'nifty', 'order_placed', '--kind', 'note')
    assert data['missing_words'] == ['order_placed']


def test_the_question_of_the_issue_in_one_command(
    demo_desk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = search_json(
        demo_desk, capsys, 'nifty', 'day:yesterday', 'kind:exchange', 'backend:codex'
    )
    assert data['hits']
    for hit in data['hits']:
        assert (hit['record']['day'], hit['record']['kind'], hit['backend']) == (
            '2026-10-20',
            'exchange',
            'codex',
        )
    assert [item['meaning'] for item in data['scope']] == ['2026-10-20', 'exchange', 'codex']
