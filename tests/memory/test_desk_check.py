"""check_desk: every damaged line, unreadable file and state problem of a desk, read-only."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from desk_browser.memory.desk_check import FILE_KINDS, DeskReport, check_desk
from desk_browser.memory.file_memo import FileMemo
from tests.helpers.desks import event, write_journal, write_lines
from tests.helpers.faults import deny_reading
from tests.helpers.tree import snapshot_tree


@pytest.fixture
def desk(tmp_path: Path, demo_desk: Path) -> Path:
    """A copy of the normal demo desk, to change."""
    copy = tmp_path / 'main'
    shutil.copytree(demo_desk, copy)
    return copy


def _found(report: DeskReport) -> list[tuple[str, int | None, str]]:
    return [
        (report.relative_path(problem), problem.line_number, problem.reason)
        for problem in report.problems
    ]


def _kinds(report: DeskReport) -> dict[str, tuple[int, int]]:
    return {summary.kind: (summary.files, summary.problems) for summary in report.kinds}


def test_the_demo_desk_is_healthy(demo_desk: Path) -> None:
    report = check_desk(demo_desk)
    assert report.healthy
    assert report.problems == []
    assert report.files_checked == 48
    assert _kinds(report) == {
        'journal': (10, 0),
        'session log': (23, 0),
        'summary': (9, 0),
        'note': (5, 0),
        'state': (1, 0),
    }
    assert [summary.kind for summary in report.kinds] == list(FILE_KINDS)


def test_the_damaged_demo_desk_reports_exactly_its_damage(damaged_desk: Path) -> None:
    report = check_desk(damaged_desk)
    last_line = (damaged_desk / 'sessions' / '2026-10-21-3.jsonl').read_bytes().count(b'\n') + 1
    assert not report.healthy
    assert _found(report) == [
        ('journal/2026-10-20.jsonl', 3, 'not UTF-8'),
        ('journal/2026-10-20.jsonl', 7, 'not an object'),
        ('journal/2026-10-20.jsonl', 11, 'missing type'),
        ('sessions/2026-10-20-1.jsonl', 2, 'not UTF-8'),
        ('sessions/2026-10-20-1.jsonl', 4, 'missing field "answer"'),
        ('sessions/2026-10-21-3.jsonl', last_line, 'cut short'),
        ('sessions/state.json', None, 'route codex: 2 ahead of the log (the log lost lines)'),
    ]
    assert [report.kind_of(problem) for problem in report.problems] == [
        'journal',
        'journal',
        'journal',
        'session log',
        'session log',
        'session log',
        'state',
    ]
    assert _kinds(report)['state'] == (1, 1)


def test_a_damaged_state_is_reported_as_starting_a_new_session(damaged_state_desk: Path) -> None:
    report = check_desk(damaged_state_desk)
    assert len(report.problems) == 1
    path, line, reason = _found(report)[0]
    assert (path, line) == ('sessions/state.json', None)
    assert reason.startswith('damaged state (')
    assert reason.endswith('): the desk will start a new session')


def test_a_missing_state_is_no_problem(missing_state_desk: Path) -> None:
    report = check_desk(missing_state_desk)
    assert report.healthy
    assert _kinds(report)['state'] == (0, 0)


def test_a_current_session_without_a_log_is_a_problem(desk: Path) -> None:
    session_id = json.loads((desk / 'sessions' / 'state.json').read_text())['session_id']
    (desk / 'sessions' / f'{session_id}.jsonl').unlink()
    assert _found(check_desk(desk)) == [
        ('sessions/state.json', None, f'the current session {session_id} has no log')
    ]


def test_an_unreadable_file_is_reported_once_without_a_line(
    desk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Tests run as root, which reads any file: simulate the refusal.
    locked = desk / 'journal' / '2026-10-19.jsonl'
    deny_reading(monkeypatch, locked)
    assert _found(check_desk(desk)) == [
        ('journal/2026-10-19.jsonl', None, 'cannot read: permission denied')
    ]


def test_an_unreadable_current_log_is_not_compared_with_the_routes(
    damaged_desk: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    desk = tmp_path / 'main'
    shutil.copytree(damaged_desk, desk)
    locked = desk / 'sessions' / '2026-10-21-3.jsonl'
    deny_reading(monkeypatch, locked)
    found = _found(check_desk(desk))
    assert ('sessions/2026-10-21-3.jsonl', None, 'cannot read: permission denied') in found
    assert not [problem for problem in found if problem[0] == 'sessions/state.json']


def test_problems_sort_by_path_then_line_whole_file_first(tmp_path: Path) -> None:
    write_journal(tmp_path, '2026-10-20', ['{"type": "text"', b'\xff', event('text', text='x')])
    write_journal(tmp_path, '2026-10-19', ['[1]'])
    write_lines(tmp_path / 'notes' / 'a.md', [b'fine', b'caf\xe9'])
    os.mkdir(tmp_path / 'journal' / '2026-10-18.jsonl')
    assert _found(check_desk(tmp_path)) == [
        ('journal/2026-10-18.jsonl', None, 'not a file'),
        ('journal/2026-10-19.jsonl', 1, 'not an object'),
        ('journal/2026-10-20.jsonl', 1, 'cut short'),
        ('journal/2026-10-20.jsonl', 2, 'not UTF-8'),
        ('notes/a.md', 2, 'not UTF-8'),
    ]


def test_a_journal_that_is_a_file_is_reported(desk: Path) -> None:
    shutil.rmtree(desk / 'journal')
    (desk / 'journal').write_text('not a folder')
    report = check_desk(desk)
    assert _found(report) == [('journal', None, 'not a folder')]
    assert _kinds(report)['journal'] == (0, 1)


def test_a_symlink_loop_under_notes_is_reported(desk: Path) -> None:
    (desk / 'notes' / 'loop.md').symlink_to(desk / 'notes' / 'loop.md')
    report = check_desk(desk)
    assert _found(report) == [('notes/loop.md', None, 'a link that points to itself')]


def test_a_link_to_nothing_under_notes_is_a_broken_link_not_a_folder(desk: Path) -> None:
    (desk / 'notes' / 'gone.md').symlink_to(desk / 'notes' / 'never-there.md')
    report = check_desk(desk)
    assert _found(report) == [('notes/gone.md', None, 'a link to a file that does not exist')]


def test_an_unreadable_folder_is_reported(desk: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    locked = desk / 'notes'
    original = os.scandir

    def scandir(path: Path) -> object:
        if Path(path) == locked:
            raise PermissionError(13, 'Permission denied', str(path))
        return original(path)

    monkeypatch.setattr('desk_browser.memory.desk_check.os.scandir', scandir)
    assert ('notes', None, 'cannot read: permission denied') in _found(check_desk(desk))


def test_a_summary_that_is_not_utf8_is_reported_at_its_line(desk: Path) -> None:
    summary = sorted((desk / 'sessions' / 'summaries').iterdir())[0]
    summary.write_bytes(b'# Day\n\nRupee \xa3 note\n')
    assert _found(check_desk(desk)) == [
        (f'sessions/summaries/{summary.name}', 3, 'not UTF-8'),
    ]


def test_a_missing_desk_reads_as_empty(tmp_path: Path) -> None:
    report = check_desk(tmp_path / 'nothing-here')
    assert report.healthy
    assert report.files_checked == 0


def test_checking_never_writes(damaged_desk: Path) -> None:
    before = snapshot_tree(damaged_desk.parent)
    check_desk(damaged_desk)
    assert snapshot_tree(damaged_desk.parent) == before


def test_the_check_calls_its_hook_before_each_file_and_reports_the_same(demo_desk: Path) -> None:
    calls: list[None] = []
    report = check_desk(demo_desk, before_each_file=lambda: calls.append(None))
    plain = check_desk(demo_desk)
    assert report.problems == plain.problems and report.kinds == plain.kinds
    state_files = 1
    assert len(calls) == report.files_checked - state_files


def test_the_read_hook_runs_only_before_files_the_memo_cannot_recall(
    damaged_desk: Path, tmp_path: Path
) -> None:
    memo = FileMemo.for_desk(damaged_desk, tmp_path / 'cache')
    reads: list[None] = []
    first = check_desk(damaged_desk, memo, before_each_read=lambda: reads.append(None))
    state_files = 1
    assert len(reads) == first.files_checked - state_files  # A cold memo: every file is read.
    reads.clear()
    again = check_desk(damaged_desk, memo, before_each_read=lambda: reads.append(None))
    assert reads == []  # Each file recalled.
    plain = check_desk(damaged_desk)
    assert first.problems == again.problems == plain.problems
    assert first.kinds == again.kinds == plain.kinds


def test_an_exception_from_the_read_hook_ends_the_check(demo_desk: Path, tmp_path: Path) -> None:
    memo = FileMemo.for_desk(demo_desk, tmp_path / 'cache')
    reads: list[None] = []

    def stop_at_the_third() -> None:
        reads.append(None)
        if len(reads) == 3:
            raise InterruptedError('stop')

    with pytest.raises(InterruptedError):
        check_desk(demo_desk, memo, before_each_read=stop_at_the_third)
    assert len(reads) == 3
    reads.clear()
    report = check_desk(demo_desk, memo, before_each_read=lambda: reads.append(None))
    assert len(reads) == report.files_checked - 1 - 2  # The two files read before are recalled.
    assert report.problems == check_desk(demo_desk).problems
