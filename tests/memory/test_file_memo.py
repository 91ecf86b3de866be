"""FileMemo: a check (and a count) reads only files changed since the last one, same answers."""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from desk_browser.demo import DEMO_TODAY, build_demo_desk
from desk_browser.memory.cache_writing import STALE_AGE
from desk_browser.memory.desk_check import DeskReport, check_desk
from desk_browser.memory.desk_files import Problem
from desk_browser.memory.file_memo import FileMemo, memo_file
from tests.helpers.tree import snapshot_tree

OLD = time.time() - 3600
"""A modification time an hour ago: old enough that the memo trusts the file's signature."""


@pytest.fixture(scope='module')
def damaged_demo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    desk = tmp_path_factory.mktemp('memo') / 'main'
    build_demo_desk(desk, today=DEMO_TODAY, seed=7, days=6, damaged=True)
    return desk


@pytest.fixture
def desk(tmp_path: Path, damaged_demo: Path) -> Path:
    """A copy of the damaged demo desk, to change."""
    copy = tmp_path / 'main'
    shutil.copytree(damaged_demo, copy)
    return copy


def _found(report: DeskReport) -> list[tuple[str, int | None, str]]:
    return [
        (report.relative_path(problem), problem.line_number, problem.reason)
        for problem in report.problems
    ]


def _same_report(first: DeskReport, second: DeskReport) -> bool:
    return (
        _found(first) == _found(second)
        and first.kinds == second.kinds
        and first.files_checked == second.files_checked
    )


def _append_old(path: Path, text: str) -> None:
    """Appends text to a file, then dates it an hour back (a change the memo must still see)."""
    with open(path, 'a', encoding='utf-8') as handle:
        handle.write(text)
    os.utime(path, (OLD, OLD))


def test_a_second_check_recalls_every_file_and_reports_the_same(desk: Path, tmp_path: Path) -> None:
    cache = tmp_path / 'cache'
    first_memo = FileMemo.for_desk(desk, cache)
    first = check_desk(desk, first_memo)
    first_memo.save()
    second_memo = FileMemo.for_desk(desk, cache)
    second = check_desk(desk, second_memo)
    assert _same_report(first, check_desk(desk))
    assert _same_report(first, second)
    assert first.problems, 'the damaged demo desk has problems to remember'
    assert first_memo.recalled == 0
    assert second_memo.recalled == first.files_checked - 1  # every file but state.json


def test_an_appended_damaged_line_is_found_after_a_remembered_check(
    desk: Path, tmp_path: Path
) -> None:
    cache = tmp_path / 'cache'
    memo = FileMemo.for_desk(desk, cache)
    before = check_desk(desk, memo)
    memo.save()
    journal = sorted((desk / 'journal').glob('*.jsonl'))[0]
    _append_old(journal, '{"not json\n')
    after = check_desk(desk, FileMemo.for_desk(desk, cache))
    assert _same_report(after, check_desk(desk))
    assert len(after.problems) == len(before.problems) + 1


def test_a_file_replaced_with_the_same_size_and_time_is_read_again(
    desk: Path, tmp_path: Path
) -> None:
    cache = tmp_path / 'cache'
    memo = FileMemo.for_desk(desk, cache)
    check_desk(desk, memo)
    memo.save()
    summary = sorted((desk / 'sessions' / 'summaries').glob('*.md'))[0]
    status = summary.stat()
    replacement = summary.with_suffix('.new')
    replacement.write_bytes(b'\xff' * status.st_size)  # Not UTF-8: one problem.
    os.utime(replacement, ns=(status.st_atime_ns, status.st_mtime_ns))
    os.replace(replacement, summary)
    after = check_desk(desk, FileMemo.for_desk(desk, cache))
    assert _same_report(after, check_desk(desk))


def test_a_file_written_just_now_is_read_but_not_remembered(tmp_path: Path) -> None:
    desk = tmp_path / 'main'
    (desk / 'notes').mkdir(parents=True)
    note = desk / 'notes' / 'plan.md'
    note.write_text('fresh', encoding='utf-8')
    memo = FileMemo(desk)
    readings: list[Path] = []

    def reading(problems: list[Problem]) -> object:
        readings.append(note)
        return 1

    assert memo.read(note, 'check', reading) == ([], 1)
    assert memo.read(note, 'check', reading) == ([], 1)
    assert len(readings) == 2
    os.utime(note, (OLD, OLD))
    memo.read(note, 'check', reading)
    memo.read(note, 'check', reading)
    assert len(readings) == 3
    assert memo.recalled == 1


def test_each_purpose_keeps_its_own_findings(tmp_path: Path) -> None:
    desk = tmp_path / 'main'
    desk.mkdir()
    path = desk / 'file.jsonl'
    path.write_text('{}\n', encoding='utf-8')
    os.utime(path, (OLD, OLD))
    memo = FileMemo(desk)
    assert memo.read(path, 'check', lambda problems: 'checked') == ([], 'checked')
    assert memo.read(path, 'count', lambda problems: 'counted') == ([], 'counted')
    assert memo.read(path, 'check', lambda problems: 'read again') == ([], 'checked')


@pytest.mark.parametrize(
    'content',
    [
        b'',
        b'not json',
        b'[]',
        b'{"version": 99, "desk": "x", "entries": {}}',
        b'{"version": 1, "desk": "elsewhere", "entries": {}}',
        b'{"version": 1, "desk": "DESK", "entries": {"check": {"P": [[1, 2], [], null]}}}',
        b'{"version": 1, "desk": "DESK", "entries": {"check": {"P": [[1, 2, 3, 4], [[1]], 0]}}}',
        b'{"version": 1, "desk": "DESK", "entries": {"check": []}}',
        b'\xff\xfe' * 100,
        b'[' * 100_000,
    ],
)
def test_a_damaged_or_foreign_memo_file_is_ignored(
    desk: Path, tmp_path: Path, content: bytes
) -> None:
    cache = tmp_path / 'cache'
    path = memo_file(cache, desk)
    path.parent.mkdir(parents=True)
    some_log = sorted((desk / 'sessions').glob('*.jsonl'))[0]
    path.write_bytes(
        content.replace(b'DESK', str(desk.resolve()).encode()).replace(
            b'"P"', b'"%s"' % bytes(str(some_log), 'utf-8')
        )
    )
    memo = FileMemo.for_desk(desk, cache)
    assert _same_report(check_desk(desk, memo), check_desk(desk))
    memo.save()
    assert json.loads(path.read_text(encoding='ascii'))['version'] == 1


def test_a_memo_that_cannot_be_saved_stays_in_memory(desk: Path, tmp_path: Path) -> None:
    blocked = tmp_path / 'cache'
    blocked.write_text('a file where the cache folder should be', encoding='utf-8')
    memo = FileMemo.for_desk(desk, blocked)
    first = check_desk(desk, memo)
    memo.save()  # Logs, never raises.
    assert _same_report(check_desk(desk, memo), first)
    assert memo.recalled > 0


def test_a_remembered_check_writes_nothing_into_the_desk(desk: Path, tmp_path: Path) -> None:
    before = snapshot_tree(desk)
    memo = FileMemo.for_desk(desk, tmp_path / 'cache')
    check_desk(desk, memo)
    memo.save()
    check_desk(desk, FileMemo.for_desk(desk, tmp_path / 'cache'))
    assert snapshot_tree(desk) == before


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    changes=st.lists(
        st.tuples(
            st.sampled_from(['journal', 'log', 'summary', 'note']),
            st.integers(min_value=0, max_value=20),
            st.sampled_from(['{"cut', '\n', '{}\n', '[1]\n', '\xff\n', '# more\n', '']),
            st.booleans(),
        ),
        max_size=5,
    )
)
def test_a_remembered_check_always_reports_what_a_fresh_check_does(
    damaged_demo: Path, tmp_path_factory: pytest.TempPathFactory, changes: list[Any]
) -> None:
    root = tmp_path_factory.mktemp('memo-property')
    desk = root / 'main'
    shutil.copytree(damaged_demo, desk)
    cache = root / 'cache'
    memo = FileMemo.for_desk(desk, cache)
    check_desk(desk, memo)
    memo.save()
    folders = {
        'journal': desk / 'journal',
        'log': desk / 'sessions',
        'summary': desk / 'sessions' / 'summaries',
        'note': desk / 'notes',
    }
    for kind, position, text, delete in changes:
        files = sorted(path for path in folders[kind].iterdir() if path.is_file())
        if not files:
            continue
        path = files[position % len(files)]
        if delete:
            path.unlink()
        else:
            with open(path, 'ab') as handle:
                handle.write(text.encode('utf-8', 'surrogateescape'))
            os.utime(path, (OLD, OLD))
    assert _same_report(check_desk(desk, FileMemo.for_desk(desk, cache)), check_desk(desk))


def test_a_malformed_entry_costs_only_its_own_file_a_read(tmp_path: Path) -> None:
    # Entries are checked when first looked up, not as the memo file loads: one malformed
    # entry among good ones is read again, the others are recalled, and saving drops it.
    desk = tmp_path / 'main'
    desk.mkdir()
    paths = [desk / f'{name}.jsonl' for name in ('good', 'bad', 'unasked')]
    for path in paths:
        path.write_text('{}\n', encoding='utf-8')
        os.utime(path, (OLD, OLD))
    cache = tmp_path / 'cache'
    memo = FileMemo.for_desk(desk, cache)
    for path in paths:
        assert memo.read(path, 'count', lambda problems: [1, 0]) == ([], [1, 0])
    memo.save()
    stored_path = memo_file(cache, desk)
    stored = json.loads(stored_path.read_text(encoding='ascii'))
    stored['entries']['count'][str(paths[1])][0] = [1, 2, 'three', 4]
    stored_path.write_text(json.dumps(stored), encoding='ascii')

    again = FileMemo.for_desk(desk, cache)
    assert again.read(paths[0], 'count', lambda problems: [9, 9]) == ([], [1, 0])
    assert again.read(paths[1], 'count', lambda problems: [2, 0]) == ([], [2, 0])
    assert again.recalled == 1
    again.save()
    saved = json.loads(stored_path.read_text(encoding='ascii'))['entries']['count']
    assert sorted(saved) == sorted(str(path) for path in paths)
    assert saved[str(paths[1])][2] == [2, 0]
    assert saved[str(paths[2])][2] == [1, 0]  # Never looked up: kept as it was.

    stored['entries']['count'][str(paths[2])] = 'not an entry'
    stored_path.write_text(json.dumps(stored), encoding='ascii')
    dropped = FileMemo.for_desk(desk, cache)
    dropped.read(paths[0], 'count', lambda problems: [5, 0])  # Learns nothing: recalled.
    dropped.read(paths[1], 'count', lambda problems: [3, 0])  # Malformed: read and learnt.
    dropped.save()
    kept = json.loads(stored_path.read_text(encoding='ascii'))['entries']['count']
    assert sorted(kept) == sorted(str(path) for path in paths[:2])


def test_a_memo_orjson_refuses_is_read_as_json_reads_it(tmp_path: Path) -> None:
    # A path's undecodable bytes are saved as lone surrogate escapes, which orjson refuses:
    # such a memo is still recalled. An integer past 64 bits (orjson makes it a float) fails
    # the entry's checks, so that file is read again rather than recalled wrong.
    desk = tmp_path / 'main'
    desk.mkdir()
    odd = desk / os.fsdecode(b'odd-\xff.jsonl')
    plain = desk / 'plain.jsonl'
    for path in (odd, plain):
        path.write_text('{}\n', encoding='utf-8')
        os.utime(path, (OLD, OLD))
    cache = tmp_path / 'cache'
    memo = FileMemo.for_desk(desk, cache)
    memo.read(odd, 'count', lambda problems: [1, 0])
    memo.read(plain, 'count', lambda problems: [2, 0])
    memo.save()
    again = FileMemo.for_desk(desk, cache)
    assert again.read(odd, 'count', lambda problems: [9, 9]) == ([], [1, 0])
    assert again.recalled == 1

    stored_path = memo_file(cache, desk)
    stored = json.loads(stored_path.read_text(encoding='ascii'))
    del stored['entries']['count'][str(odd)]
    stored['entries']['count'][str(plain)][0][3] = 2**64
    stored_path.write_text(json.dumps(stored), encoding='ascii')
    huge = FileMemo.for_desk(desk, cache)
    assert huge.read(plain, 'count', lambda problems: [3, 0]) == ([], [3, 0])
    assert huge.recalled == 0


def test_saving_leaves_no_temporary_file_and_sweeps_a_killed_saves(
    desk: Path, tmp_path: Path
) -> None:
    cache = tmp_path / 'cache'
    path = memo_file(cache, desk)
    path.parent.mkdir(parents=True)
    stale = time.time() - STALE_AGE - 60
    killed = path.parent / f'.{path.name}.a1b2c3d4.tmp'  # A save killed between write and rename.
    fresh = path.parent / f'.{path.name}.e5f6g7h8.tmp'  # Another process's save under way.
    foreign = path.parent / 'notes.tmp'
    for leftover in (killed, fresh, foreign):
        leftover.write_text('{', encoding='ascii')
    os.utime(killed, (stale, stale))
    os.utime(foreign, (stale, stale))
    memo = FileMemo.for_desk(desk, cache)
    check_desk(desk, memo)
    memo.save()
    assert sorted(child.name for child in path.parent.iterdir()) == sorted(
        [path.name, fresh.name, foreign.name]
    )
    assert json.loads(path.read_text(encoding='ascii'))['version'] == 1


def test_saving_sweeps_a_killed_saves_temporary_files_of_the_older_naming(
    desk: Path, tmp_path: Path
) -> None:
    """Before 414118c a save wrote .memo-XXXXXXXX.tmp; one stopped mid-write was left for good."""
    cache = tmp_path / 'cache'
    path = memo_file(cache, desk)
    path.parent.mkdir(parents=True)
    stale = time.time() - STALE_AGE - 60
    killed = path.parent / '.memo-k1ll3d_x.tmp'
    fresh = path.parent / '.memo-fresh123.tmp'  # Another process's save under way.
    others = [
        path.parent / '.memo-short.tmp',  # Not mkstemp's eight characters.
        path.parent / 'memo-abcdefgh.tmp',  # Not hidden.
        path.parent / '.memo-abcdefgh.tmp.keep',
    ]
    for leftover in (killed, fresh, *others):
        leftover.write_text('{', encoding='ascii')
        os.utime(leftover, (stale, stale))
    os.utime(fresh, None)
    memo = FileMemo.for_desk(desk, cache)
    check_desk(desk, memo)
    memo.save()
    assert sorted(child.name for child in path.parent.iterdir()) == sorted(
        [path.name, fresh.name, *(other.name for other in others)]
    )
