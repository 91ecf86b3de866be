"""The parallel build: worker processes read the days, one writer inserts, same index as alone."""

from __future__ import annotations

import os
import sqlite3
import threading
from pathlib import Path
from typing import Any
from unittest import mock

import pytest

from desk_browser.memory.index import reading, store, tuning
from desk_browser.memory.index.days import desk_days
from desk_browser.memory.index.search import IndexedSearch
from tests.core.test_search_index import QUERIES, assert_exact, make_desk
from tests.helpers.desks import event, write_journal
from tests.helpers.plain_scan import as_reference

DAYS = 40


@pytest.fixture(autouse=True)
def private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own XDG cache, so no test touches the user's cache."""
    cache = tmp_path / 'xdg-cache'
    monkeypatch.setenv('XDG_CACHE_HOME', str(cache))
    return cache


def contents(index_path: Path) -> dict[str, list[Any]]:
    """Everything the index holds that a search reads: days, records and the trigram vocabulary."""
    connection = sqlite3.connect(index_path)
    try:
        connection.execute(
            "CREATE VIRTUAL TABLE temp.terms USING fts5vocab(main, record_grams, 'row')"
        )
        return {
            'days': connection.execute('SELECT * FROM days ORDER BY day').fetchall(),
            'records': connection.execute('SELECT * FROM records ORDER BY id').fetchall(),
            'terms': connection.execute('SELECT * FROM temp.terms ORDER BY term').fetchall(),
        }
    finally:
        connection.close()


def test_a_parallel_build_makes_the_index_a_single_process_build_makes(tmp_path: Path) -> None:
    desk = make_desk(tmp_path, days=DAYS)
    alone = IndexedSearch(desk, cache_directory=tmp_path / 'alone', recheck_seconds=0)
    with mock.patch.multiple(tuning, BUILD_WORKERS=0):
        assert alone.build().complete
    parallel = IndexedSearch(desk, cache_directory=tmp_path / 'parallel', recheck_seconds=0)
    reports: list[tuple[int, int]] = []
    with mock.patch.multiple(tuning, BUILD_WORKERS=2, PARALLEL_DAYS=1, BATCH_DAYS=4):
        status = parallel.build(progress=lambda done, total: reports.append((done, total)))
    assert status.complete
    assert reports[0] == (0, status.total_days)
    assert reports[-1] == (status.total_days, status.total_days)
    assert len(reports) > 3  # Written in batches, as they came.
    alone.close()
    parallel.close()
    assert contents(parallel.index_path) == contents(alone.index_path)
    for query, limit in QUERIES:
        assert as_reference(parallel.search(query, limit)) == as_reference(
            alone.search(query, limit)
        )
    assert_exact(desk, parallel)


def test_searches_during_a_parallel_build_are_exact_and_the_newest_days_come_first(
    tmp_path: Path,
) -> None:
    desk = make_desk(tmp_path, days=DAYS)
    builder = IndexedSearch(desk, recheck_seconds=0)
    searcher = IndexedSearch(desk, recheck_seconds=0)  # Another reader, as the app's searches.
    newest_first: list[bool] = []

    def progress(done: int, total: int) -> None:
        connection = sqlite3.connect(builder.index_path)
        indexed = [row[0] for row in connection.execute('SELECT day FROM days ORDER BY day')]
        connection.close()
        listed = sorted(path.stem for path in (desk / 'journal').glob('*.jsonl'))
        newest_first.append(indexed == listed[len(listed) - len(indexed) :])
        assert_exact(desk, searcher)

    with mock.patch.multiple(tuning, BUILD_WORKERS=2, PARALLEL_DAYS=1, BATCH_DAYS=8):
        assert builder.build(progress=progress).complete
    assert all(newest_first)
    assert len(newest_first) > 2
    builder.close()
    searcher.close()


def test_a_cancelled_parallel_build_keeps_its_batches_and_the_next_one_finishes(
    tmp_path: Path,
) -> None:
    desk = make_desk(tmp_path, days=DAYS)
    search = IndexedSearch(desk, recheck_seconds=0)
    calls = [0]

    def cancelled() -> bool:
        calls[0] += 1
        return calls[0] > 2 * DAYS  # Past the listing of every day, partway through reading.

    with mock.patch.multiple(tuning, BUILD_WORKERS=2, PARALLEL_DAYS=1, BATCH_DAYS=4):
        status = search.build(cancelled=cancelled)
        assert 0 < status.indexed_days < status.total_days
        assert_exact(desk, search)
        assert search.build().complete
    assert_exact(desk, search)
    search.close()


def segments(index_path: Path) -> int:
    """How many segments the trigram table's data is in."""
    connection = sqlite3.connect(index_path)
    try:
        return int(
            connection.execute('SELECT count(DISTINCT segid) FROM record_grams_idx').fetchone()[0]
        )
    finally:
        connection.close()


def test_a_build_of_many_batches_ends_with_its_segments_merged_and_the_same_index(
    tmp_path: Path,
) -> None:
    desk = make_desk(tmp_path, days=DAYS)
    whole = IndexedSearch(desk, cache_directory=tmp_path / 'whole', recheck_seconds=0)
    with mock.patch.multiple(tuning, BUILD_WORKERS=0, BATCH_DAYS=DAYS):
        assert whole.build().complete
    daily = IndexedSearch(desk, cache_directory=tmp_path / 'daily', recheck_seconds=0)
    with mock.patch.multiple(tuning, BUILD_WORKERS=2, PARALLEL_DAYS=1, BATCH_DAYS=1):
        assert daily.build().complete  # A segment a day, merged at the end.
    whole.close()
    daily.close()
    assert segments(daily.index_path) < 4
    assert contents(daily.index_path) == contents(whole.index_path)
    assert_exact(desk, daily)


def test_a_build_cancelled_while_it_merges_keeps_an_exact_index(tmp_path: Path) -> None:
    desk = make_desk(tmp_path, days=DAYS)
    search = IndexedSearch(desk, recheck_seconds=0)
    merging = [False]
    real_merge = store.merge_segments

    def merge(connection: sqlite3.Connection, cancelled: Any) -> None:
        merging[0] = True
        real_merge(connection, cancelled)

    with (
        mock.patch.multiple(tuning, BUILD_WORKERS=0, BATCH_DAYS=1),
        mock.patch.object(store, 'merge_segments', merge),
    ):
        status = search.build(cancelled=lambda: merging[0])
    assert merging[0]
    assert status.complete
    assert segments(search.index_path) >= 4  # Left as written.
    assert_exact(desk, search)
    assert search.build().complete
    assert segments(search.index_path) < 4
    assert_exact(desk, search)
    search.close()


def test_a_build_writes_at_a_lower_priority_and_leaves_the_callers_thread_as_it_was(
    tmp_path: Path,
) -> None:
    desk = make_desk(tmp_path, days=DAYS)
    search = IndexedSearch(desk, recheck_seconds=0)
    caller = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
    seen: list[tuple[int, int]] = []

    def progress(done: int, total: int) -> None:
        thread = threading.get_native_id()
        seen.append((thread, os.getpriority(os.PRIO_PROCESS, thread)))

    with mock.patch.multiple(tuning, BUILD_WORKERS=2, PARALLEL_DAYS=1, BATCH_DAYS=4):
        assert search.build(progress=progress).complete
    assert os.getpriority(os.PRIO_PROCESS, threading.get_native_id()) == caller
    assert seen
    for thread, niceness in seen:
        assert thread != threading.get_native_id()
        assert niceness == min(caller + 10, 19)
    assert_exact(desk, search)
    search.close()


def test_a_build_that_fails_raises_in_the_callers_thread_as_before(tmp_path: Path) -> None:
    desk = make_desk(tmp_path, days=DAYS)
    search = IndexedSearch(desk, recheck_seconds=0)

    def fail(*arguments: Any) -> None:
        raise sqlite3.OperationalError('disk I/O error')

    with mock.patch.object(store, 'write_days', fail):
        status = search.build()
    assert not status.available
    assert 'disk I/O error' in (status.problem or '')
    search.close()


def test_a_build_leaves_its_writes_in_the_index_file_not_in_the_wal(tmp_path: Path) -> None:
    desk = make_desk(tmp_path, days=DAYS)
    search = IndexedSearch(desk, recheck_seconds=0)
    assert_exact(desk, search)  # The searches' connections are open, reading nothing now.
    with mock.patch.multiple(tuning, BUILD_WORKERS=0, BATCH_DAYS=1):
        assert search.build().complete
    wal = search.index_path.with_name(search.index_path.name + '-wal')
    assert not wal.exists() or wal.stat().st_size == 0
    assert_exact(desk, search)
    search.close()


def test_a_worker_reads_the_days_asked_ahead_while_its_answers_wait(tmp_path: Path) -> None:
    """Its answers leave its pipe as they come, so it never waits there while the writer writes."""
    desk = make_desk(tmp_path, days=6)
    texts = [
        f'Watching NIFTY {number}: breadth and the gap, level {number * 7}.'
        for number in range(3000)
    ]
    write_journal(
        desk, '2026-09-10', [event('text', text=text, backend='claude') for text in texts]
    )
    days = desk_days(desk)
    worker = reading._Worker()
    try:
        for desk_day in days:
            worker.ask(desk_day)
        assert worker.process.stdin is not None
        worker.process.stdin.close()  # Its last day asked: it ends once every answer is sent.
        # The big day's rows are far more than a pipe holds: read by nobody, the worker waited.
        assert worker.process.wait(timeout=60) == 0
        answers = [worker.answer() for _ in days]
    finally:
        worker.stop()
    assert answers == [reading.read_day(desk_day) for desk_day in days]


def test_a_worker_that_dies_leaves_its_days_to_the_build_and_the_index_is_the_same(
    tmp_path: Path,
) -> None:
    desk = make_desk(tmp_path, days=DAYS)
    with mock.patch.multiple(tuning, BUILD_WORKERS=0):
        alone = IndexedSearch(desk, cache_directory=tmp_path / 'alone')
        assert alone.build().complete
    started = reading._Worker.__init__

    def start_and_end_the_first(worker: reading._Worker) -> None:
        started(worker)
        if not killed:
            killed.append(worker)
            worker.process.kill()

    killed: list[reading._Worker] = []
    with (
        mock.patch.multiple(tuning, BUILD_WORKERS=2, PARALLEL_DAYS=1, BATCH_DAYS=4),
        mock.patch.object(reading._Worker, '__init__', start_and_end_the_first),
    ):
        parallel = IndexedSearch(desk, cache_directory=tmp_path / 'parallel')
        assert parallel.build().complete
    assert killed
    assert contents(parallel.index_path) == contents(alone.index_path)
    assert_exact(desk, parallel)
    alone.close()
    parallel.close()
