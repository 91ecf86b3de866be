"""`desk-browser search`: the app's hits as tab-separated lines or as the SearchResult in JSON."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from desk_browser.memory.session_search import SessionSearch
from desk_browser.presentation.formatting import kind_name
from tests.helpers.commands import HOSTILE_TEXT, assert_no_raw_controls, run_command

KINDS = {'exchange', 'action', 'summary', 'note'}
"""The kinds the text output names (the API's "journal" is an action)."""
DETAILS = ('session_id', 'time', 'backend', 'answered')
"""What --json adds to each hit, beside the core's SearchHit fields."""
ADDED = ('total', 'scope', 'problems', 'missing_words', 'suggestions')
"""What --json adds to the result, beside the core's SearchResult fields."""


def _core_fields(data: dict[str, Any]) -> dict[str, Any]:
    """The --json object without what the command adds: the SearchResult as the core has it."""
    hits = [{key: hit[key] for key in hit if key not in DETAILS} for hit in data['hits']]
    return {key: value for key, value in data.items() if key not in ADDED} | {'hits': hits}


def test_each_hit_is_one_line_of_day_kind_label_and_snippet(
    demo_desk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    result = run_command(['search', str(demo_desk), 'nifty', 'gap'], capsys)
    expected = SessionSearch(demo_desk).search('nifty gap', 50)
    assert result.status == 0
    assert len(result.lines) == len(expected.hits) > 0
    for line, hit in zip(result.lines, expected.hits, strict=True):
        day, kind, label, snippet = line.split('\t')
        assert (day, kind, label, snippet) == (
            hit.record.day,
            kind_name(hit.record.kind),
            'all words',
            hit.snippet,
        )
        assert kind in KINDS


def test_limit_caps_the_hits(demo_desk: Path, capsys: pytest.CaptureFixture[str]) -> None:
    result = run_command(['search', str(demo_desk), 'nifty', '--limit', '3'], capsys)
    assert result.status == 0
    assert len(result.lines) == 3


def test_the_default_limit_is_50(demo_desk: Path, capsys: pytest.CaptureFixture[str]) -> None:
    result = run_command(['search', str(demo_desk), 'nifty'], capsys)
    assert len(result.lines) == 50


@pytest.mark.parametrize('limit', ['-3', 'many'])
def test_a_limit_that_is_not_a_whole_number_is_bad_usage(
    limit: str, demo_desk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        run_command(['search', str(demo_desk), 'nifty', '--limit', limit], capsys)
    assert exit_info.value.code == 2


def test_search_without_words_is_bad_usage(
    demo_desk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        run_command(['search', str(demo_desk)], capsys)
    assert exit_info.value.code == 2
    blank = run_command(['search', str(demo_desk), '  '], capsys)
    assert blank.status == 2
    assert 'at least one word' in blank.stderr


def test_json_is_the_search_result_as_an_object(
    demo_desk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    result = run_command(['search', str(demo_desk), 'RBI', 'policy', '--json'], capsys)
    assert result.status == 0
    data = json.loads(result.stdout)
    assert set(data) == {'hits', 'matched_every_word', 'words', *ADDED}
    assert data['words'] == ['rbi', 'policy']
    assert data['matched_every_word'] is True
    for hit in data['hits']:
        assert set(hit) == {'record', 'matched_words', 'snippet', *DETAILS}
        assert set(hit['record']) == {'day', 'kind', 'text'}
    expected = SessionSearch(demo_desk).search('RBI policy', 50)
    assert _core_fields(data) == dataclasses.asdict(expected)


def test_partial_hits_are_labelled_with_how_many_words_matched(
    demo_desk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    result = run_command(['search', str(demo_desk), 'nifty', 'zebrafinch', '--limit', '5'], capsys)
    assert result.status == 0
    assert [line.split('\t')[2] for line in result.lines] == ['1 of 2 words'] * 5
    assert 'no record contains every word' in result.stderr
    as_json = json.loads(
        run_command(
            ['search', str(demo_desk), 'nifty', 'zebrafinch', '--limit', '5', '--json'], capsys
        ).stdout
    )
    assert as_json['matched_every_word'] is False
    assert [hit['matched_words'] for hit in as_json['hits']] == [1] * 5


def test_no_hits_exits_1_with_nothing_on_stdout(
    demo_desk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    result = run_command(['search', str(demo_desk), 'zebrafinch'], capsys)
    assert result.status == 1
    assert result.stdout == ''
    assert 'no record' in result.stderr


def test_no_hits_in_json_is_an_empty_result_and_exits_1(
    demo_desk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    result = run_command(['search', str(demo_desk), 'zebrafinch', '--json'], capsys)
    assert result.status == 1
    assert json.loads(result.stdout) == {
        'hits': [],
        'matched_every_word': False,
        'words': ['zebrafinch'],
        'total': 0,
        'scope': [],
        'problems': [],
        'missing_words': ['zebrafinch'],
        'suggestions': {},
    }


def test_an_empty_folder_is_no_desk_and_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    result = run_command(['search', str(tmp_path), 'nifty'], capsys)
    assert result.status == 2
    assert 'it is not a desk' in result.stderr


def test_hostile_desk_text_never_reaches_stdout_raw(
    desk_copy: Callable[[], Path], capsys: pytest.CaptureFixture[str]
) -> None:
    desk = desk_copy()
    (desk / 'notes' / '2026-10-21-hostile.md').write_text(f'line one\n{HOSTILE_TEXT}\tx\n')
    text = run_command(['search', str(desk), 'zebrafinch'], capsys)
    assert text.status == 0
    assert len(text.lines) == 1
    assert_no_raw_controls(text.stdout)
    assert len(text.lines[0].split('\t')) == 4
    assert '␛[31m' in text.stdout
    assert '<U+202E>' in text.stdout
    as_json = run_command(['search', str(desk), 'zebrafinch', '--json'], capsys)
    assert_no_raw_controls(as_json.stdout)
    record = json.loads(as_json.stdout)['hits'][0]['record']
    assert record['text'] == f'line one\n{HOSTILE_TEXT}\tx\n'


def test_a_cut_list_says_how_many_hits_were_left_out(
    demo_desk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    everything = run_command(['search', str(demo_desk), 'nifty', '--limit', '0'], capsys)
    total = len(everything.lines)
    assert total > 50
    assert everything.stderr == ''
    cut = run_command(['search', str(demo_desk), 'nifty'], capsys)
    assert cut.lines == everything.lines[:50]
    assert cut.stderr == (
        f'desk-browser: 50 of {total:,} hits shown; --limit N for more, --limit 0 for all.\n'
    )
    exact = run_command(['search', str(demo_desk), 'nifty', '--limit', str(total)], capsys)
    assert exact.lines == everything.lines
    assert exact.stderr == ''


def test_json_total_counts_hits_of_the_same_kind_beyond_the_limit(
    demo_desk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    every = json.loads(run_command(['search', str(demo_desk), 'nifty', '--json'], capsys).stdout)
    every_all = run_command(['search', str(demo_desk), 'nifty', '--limit', '0', '--json'], capsys)
    assert every['total'] == len(json.loads(every_all.stdout)['hits']) > len(every['hits']) == 50
    some_argv = ['search', str(demo_desk), 'nifty', 'zebrafinch', '--limit', '4', '--json']
    some = run_command(some_argv, capsys)
    data = json.loads(some.stdout)
    assert data['matched_every_word'] is False
    assert data['total'] == every['total']  # Every record with nifty holds one of the two words.
    assert f'4 of {data["total"]} hits shown' in some.stderr


@pytest.mark.parametrize('query', ['nifty', 'nifty gap', 'order_placed', 'rbi zebrafinch'])
@pytest.mark.parametrize('limit', [1, 7, 50, 10_000])
def test_the_hits_are_the_cores_for_the_same_limit(
    query: str, limit: int, demo_desk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ['search', str(demo_desk), *query.split(), '--limit', str(limit), '--json']
    data = json.loads(run_command(argv, capsys).stdout)
    expected = SessionSearch(demo_desk).search(query, limit)
    assert _core_fields(data) == dataclasses.asdict(expected)


def test_an_exchange_hit_leads_to_its_session_time_and_backend(
    demo_desk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ['search', str(demo_desk), 'gapped', '--limit', '0', '--json']
    data = json.loads(run_command(argv, capsys).stdout)
    sessions = json.loads(run_command(['sessions', str(demo_desk), '--json'], capsys).stdout)
    session_ids = {session['session_id'] for session in sessions}
    exchanges = [hit for hit in data['hits'] if hit['record']['kind'] == 'exchange']
    assert exchanges
    for hit in exchanges:
        assert hit['session_id'] in session_ids
        assert hit['session_id'].startswith(hit['record']['day'])
        assert hit['time'].startswith(hit['record']['day'] + 'T')
        assert hit['time'].endswith('+05:30')
        assert hit['backend'] in {'claude', 'codex'}
    for hit in data['hits']:
        if hit['record']['kind'] in ('summary', 'note'):
            assert (hit['session_id'], hit['time'], hit['backend']) == (None, None, None)
    first = exchanges[0]
    shown = run_command(['show', str(demo_desk), first['session_id']], capsys)
    trigger = first['record']['text'].split('\n\n', 1)[0]
    assert f'> {trigger}' in shown.stdout


def test_an_action_is_named_action_in_text_and_journal_with_its_time_in_json(
    demo_desk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    words = ['max', 'daily', 'loss', 'kind:action']
    text = run_command(['search', str(demo_desk), *words], capsys)
    assert text.lines and all(line.split('\t')[1] == 'action' for line in text.lines)
    data = json.loads(run_command(['search', str(demo_desk), *words, '--json'], capsys).stdout)
    for hit in data['hits']:
        assert hit['record']['kind'] == 'journal'  # The API's name, kept where the API is shown.
        assert hit['time'].startswith(hit['record']['day'] + 'T') and hit['time'].endswith('+05:30')
        assert (hit['session_id'], hit['backend']) == (None, None)


def test_a_one_word_search_still_fills_the_label_column(
    demo_desk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    result = run_command(['search', str(demo_desk), 'nifty', '--limit', '3'], capsys)
    assert [line.split('\t')[2] for line in result.lines] == ['all words'] * 3


def test_an_index_that_cannot_be_made_is_one_note_like_every_other(
    demo_workspace: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The readers' warning was written bare by Python's last resort, once for each desk."""
    blocked = tmp_path / 'a file'
    blocked.write_text('not a folder', encoding='utf-8')
    monkeypatch.setenv('XDG_CACHE_HOME', str(blocked))
    for argv in (
        ['search', str(demo_workspace / 'main'), 'nifty'],
        ['search', str(demo_workspace), 'nifty', '--all-desks'],
    ):
        result = run_command(argv, capsys)
        assert result.status == 0
        notes = [line for line in result.stderr.splitlines() if 'index unavailable' in line]
        assert len(notes) == 1
        assert notes[0].startswith('desk-browser: Search index unavailable, reading the desk')
        assert str(blocked) in notes[0]
