"""`desk-browser check`: the damage report on stdout, its exit status, and a desk left untouched."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from desk_browser.commands.check import summary_lines
from desk_browser.memory.desk_check import DeskReport, KindSummary, check_desk
from desk_browser.presentation.problem_documents import problem_line
from desk_browser.presentation.problem_explanations import explain
from tests.helpers.commands import assert_no_raw_controls, run_command
from tests.helpers.tree import snapshot_tree

KIND_NAMES = ['journal', 'session log', 'summary', 'note', 'state']


def _cut_short_line(desk: Path) -> int:
    """The number of the current log's last line, which damaged=True cuts short."""
    return (desk / 'sessions' / '2026-10-21-3.jsonl').read_bytes().count(b'\n') + 1


def test_the_demo_desk_is_healthy(demo_desk: Path, capsys: pytest.CaptureFixture[str]) -> None:
    result = run_command(['check', str(demo_desk)], capsys)
    assert result.status == 0
    assert result.lines == [
        'checked 48 files: 0 problems',
        '  journal        10 files  0 problems',
        '  session log    23 files  0 problems',
        '  summary         9 files  0 problems',
        '  note            5 files  0 problems',
        '  state            1 file  0 problems',
    ]
    assert result.stderr == ''


def test_the_damaged_demo_desk_lists_every_problem(
    damaged_desk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    result = run_command(['check', str(damaged_desk)], capsys)
    assert result.status == 1
    skipped = '    {}: the desk skips it; nothing to do'
    not_text = (
        '    bytes that are not text (a disk or copying fault): the desk skips it; nothing to do '
        'unless many lines show it (then look at the disk)'
    )
    assert result.lines == [
        'journal/2026-10-20.jsonl:3: not UTF-8',
        not_text,
        'journal/2026-10-20.jsonl:7: not an object',
        skipped.format('JSON, but not an object the desk writes'),
        'journal/2026-10-20.jsonl:11: missing type',
        skipped.format('an event without its type'),
        'sessions/2026-10-20-1.jsonl:2: not UTF-8',
        not_text,
        'sessions/2026-10-20-1.jsonl:4: missing field "answer"',
        skipped.format('an exchange without one of its fields'),
        f'sessions/2026-10-21-3.jsonl:{_cut_short_line(damaged_desk)}: cut short',
        skipped.format('cut short by a crash'),
        'sessions/state.json: route codex: 2 ahead of the log (the log lost lines)',
        '    a backend counts more exchanges than its log holds: the log lost lines (a crash or a '
        'restore); the desk carries on; nothing to do',
        'checked 48 files: 7 problems',
        '  journal        10 files  3 problems',
        '  session log    23 files  3 problems',
        '  summary         9 files  0 problems',
        '  note            5 files  0 problems',
        '  state            1 file  1 problem',
    ]


def test_a_damaged_state_is_the_only_problem_of_that_demo_desk(
    damaged_state_desk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    result = run_command(['check', str(damaged_state_desk)], capsys)
    assert result.status == 1
    problem_lines = [line for line in result.lines if not line.startswith(('checked', ' '))]
    assert len(problem_lines) == 1
    assert problem_lines[0].startswith('sessions/state.json: damaged state (')
    assert problem_lines[0].endswith('): the desk will start a new session')


def test_each_problem_says_what_the_problems_view_says_of_it(
    damaged_desk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = check_desk(damaged_desk)
    text = run_command(['check', str(damaged_desk)], capsys).lines
    problems = json.loads(run_command(['check', str(damaged_desk), '--json'], capsys).stdout)
    for index, problem in enumerate(report.problems):
        explanation = explain(problem.reason, problem.line_number is None)
        assert text[2 * index] == problem_line(report, problem)
        assert text[2 * index + 1] == f'    {explanation.sentence}'
        found = problems['problems'][index]
        assert (found['meaning'], found['advice']) == (explanation.meaning, explanation.advice)


def test_json_report_has_the_fields(damaged_desk: Path, capsys: pytest.CaptureFixture[str]) -> None:
    result = run_command(['check', str(damaged_desk), '--json'], capsys)
    assert result.status == 1
    data = json.loads(result.stdout)
    assert data['healthy'] is False
    assert data['files_checked'] == 48
    assert data['problem_count'] == 7
    assert data['desk'] == str(damaged_desk)
    assert list(data['kinds']) == KIND_NAMES
    assert data['kinds']['journal'] == {'files': 10, 'problems': 3}
    assert data['problems'][0] == {
        'path': 'journal/2026-10-20.jsonl',
        'line': 3,
        'reason': 'not UTF-8',
        'kind': 'journal',
        'meaning': 'bytes that are not text (a disk or copying fault)',
        'advice': 'the desk skips it; nothing to do unless many lines show it (then look at the '
        'disk)',
    }
    assert data['problems'][-1] == {
        'path': 'sessions/state.json',
        'line': None,
        'reason': 'route codex: 2 ahead of the log (the log lost lines)',
        'kind': 'state',
        'meaning': 'a backend counts more exchanges than its log holds',
        'advice': 'the log lost lines (a crash or a restore); the desk carries on; nothing to do',
    }
    assert [problem['kind'] for problem in data['problems']] == [
        'journal',
        'journal',
        'journal',
        'session log',
        'session log',
        'session log',
        'state',
    ]


def test_json_of_a_healthy_desk(demo_desk: Path, capsys: pytest.CaptureFixture[str]) -> None:
    result = run_command(['check', str(demo_desk), '--json'], capsys)
    assert result.status == 0
    data = json.loads(result.stdout)
    assert data['healthy'] is True
    assert data['problems'] == []
    assert data['pending'] == []
    assert data['files_checked'] == 48


@pytest.mark.parametrize('options', [[], ['--json']])
def test_a_folder_that_is_not_a_desk_exits_2_with_a_note(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], options: list[str]
) -> None:
    result = run_command(['check', str(tmp_path), *options], capsys)
    assert result.status == 2
    assert 'holds none of sessions/, journal/, notes/' in result.stderr
    assert result.lines == []


def test_hostile_file_names_never_reach_stdout_raw(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    notes = tmp_path / 'notes'
    notes.mkdir()
    (notes / 'bad \x1b[31m\u202e\x07.md').write_bytes(b'caf\xe9\n')
    result = run_command(['check', str(tmp_path)], capsys)
    assert result.status == 1
    assert_no_raw_controls(result.stdout)
    assert result.lines[0] == 'notes/bad ␛[31m<U+202E>␇.md:1: not UTF-8'
    as_json = run_command(['check', str(tmp_path), '--json'], capsys)
    assert_no_raw_controls(as_json.stdout)
    assert json.loads(as_json.stdout)['problems'][0]['path'] == 'notes/bad \x1b[31m\u202e\x07.md'


def test_no_command_writes_into_the_desk(
    desk_copy: Callable[[], Path], capsys: pytest.CaptureFixture[str]
) -> None:
    desk = desk_copy()
    # A current session with no log and a damaged note, so every reading path runs.
    (desk / 'notes' / 'broken.md').write_bytes(b'\xff\xfe')
    before = snapshot_tree(desk.parent)
    for argv in (
        ['check', str(desk)],
        ['check', str(desk), '--json'],
        ['search', str(desk), 'nifty', 'gap'],
        ['search', str(desk), 'zebrafinch', '--json'],
        ['state', str(desk)],
        ['state', str(desk), '--json'],
        ['sessions', str(desk)],
        ['sessions', str(desk), '--json'],
        ['show', str(desk), '2026-10-21-1'],
        ['show', str(desk), '2026-10-21-1', '--format', 'json'],
        ['show', str(desk), '../../x'],
    ):
        run_command(argv, capsys)
    assert snapshot_tree(desk.parent) == before


def test_the_kinds_stay_in_columns_with_thousands_of_files() -> None:
    kinds = [KindSummary('journal', 1_250, 0), KindSummary('session log', 2_520, 1)]
    report = DeskReport(Path('main'), [], [*kinds, KindSummary('note', 9, 0)], 3_779, {})
    assert summary_lines(report) == [
        'checked 3,779 files: 0 problems',
        '  journal      1,250 files  0 problems',
        '  session log  2,520 files  1 problem',
        '  note             9 files  0 problems',
    ]
