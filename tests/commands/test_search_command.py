"""`desk-browser search`: the app's hits as tab-separated lines or as the SearchResult in JSON."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from command_helpers import HOSTILE_TEXT, assert_no_raw_controls, run_command

from desk_browser.memory.session_search import SessionSearch

KINDS = {'exchange', 'journal', 'summary', 'note'}


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
            hit.record.kind,
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


@pytest.mark.parametrize('limit', ['0', '-3', 'many'])
def test_a_limit_that_is_not_a_positive_number_is_bad_usage(
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
    assert set(data) == {'hits', 'matched_every_word', 'words'}
    assert data['words'] == ['rbi', 'policy']
    assert data['matched_every_word'] is True
    for hit in data['hits']:
        assert set(hit) == {'record', 'matched_words', 'snippet'}
        assert set(hit['record']) == {'day', 'kind', 'text'}
    expected = SessionSearch(demo_desk).search('RBI policy', 50)
    assert data == dataclasses.asdict(expected)


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
