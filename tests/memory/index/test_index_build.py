"""The parallel build: worker processes read the days, one writer inserts, same index as alone."""

from __future__ import annotations

import os
import sqlite3
import threading
from pathlib import Path
from typing import Any
from unittest import mock

import pytest

from desk_browser.memory.index import keys, reading, store, tuning, writing
from desk_browser.memory.index import rows as index_rows
from desk_browser.memory.index.days import desk_days
from desk_browser.memory.index.grams_file import grams_path, in_second_file, second_schema
from desk_browser.memory.index.search import IndexedSearch
from tests.helpers.desks import event, write_journal
from tests.helpers.index_files import connect_index
from tests.helpers.plain_scan import as_reference
from tests.memory.index.test_search_index import QUERIES, assert_exact, make_desk

DAYS = 40


@pytest.fixture(autouse=True)
def private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own XDG cache, so no test touches the user's cache."""
    cache = tmp_path / 'xdg-cache'
    monkeypatch.setenv('XDG_CACHE_HOME', str(cache))
    return cache


def contents(index_path: Path) -> dict[str, list[Any]]:
    """Everything the index holds that a search reads: days, records and the trigram vocabularies
    of both files."""
    connection = sqlite3.connect(index_path)
    try:
        connection.execute('ATTACH DATABASE ? AS odd', (str(grams_path(index_path)),))
        for schema in ('main', 'odd'):
            connection.execute(
                f'CREATE VIRTUAL TABLE temp.terms_{schema} '
                f"USING fts5vocab({schema}, record_grams, 'row')"
            )
        return {
            'days': connection.execute('SELECT * FROM days ORDER BY day').fetchall(),
            'records': connection.execute('SELECT * FROM records ORDER BY id').fetchall(),
            'terms': connection.execute('SELECT * FROM temp.terms_main ORDER BY term').fetchall(),
            'odd terms': connection.execute(
                'SELECT * FROM temp.terms_odd ORDER BY term'
            ).fetchall(),
            'odd days': connection.execute('SELECT * FROM odd.grams_days ORDER BY day').fetchall(),
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
    """How many segments the trigram table's data is in, in the file that has more."""
    counts = []
    for path in (index_path, grams_path(index_path)):
        connection = sqlite3.connect(path)
        try:
            query = 'SELECT count(DISTINCT segid) FROM record_grams_idx'
            counts.append(int(connection.execute(query).fetchone()[0]))
        finally:
            connection.close()
    return max(counts)


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

    with mock.patch.object(writing, 'write_days', fail):
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
    for path in (search.index_path, grams_path(search.index_path)):
        wal = path.with_name(path.name + '-wal')
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


def built_and_closed(tmp_path: Path) -> tuple[Path, IndexedSearch]:
    """A desk of DAYS days and its complete index, every connection closed."""
    desk = make_desk(tmp_path, days=DAYS)
    search = IndexedSearch(desk, recheck_seconds=0)
    assert search.build().complete
    search.close()
    return desk, search


def test_the_odd_days_trigrams_are_in_the_second_file_and_the_even_days_in_the_first(
    tmp_path: Path,
) -> None:
    _, search = built_and_closed(tmp_path)
    connection = connect_index(search.index_path)
    try:
        days = dict(connection.execute('SELECT day, digest FROM days').fetchall())
        second = dict(connection.execute('SELECT day, digest FROM odd.grams_days').fetchall())
        odd = {day: digest for day, digest in days.items() if in_second_file(day)}
        assert odd and len(odd) < len(days)
        assert second == odd
        even_ids = [
            row[0]
            for row in connection.execute('SELECT rowid FROM main.record_grams ORDER BY rowid')
        ]
        odd_ids = [
            row[0]
            for row in connection.execute('SELECT rowid FROM odd.record_grams ORDER BY rowid')
        ]
    finally:
        connection.close()
    assert even_ids and odd_ids
    assert all(keys.ordinal_of(identifier) % 2 == 0 for identifier in even_ids)
    assert all(keys.ordinal_of(identifier) % 2 == 1 for identifier in odd_ids)


def test_a_build_stopped_between_its_two_commits_stays_exact_and_is_repaired(
    tmp_path: Path,
) -> None:
    desk = make_desk(tmp_path, days=DAYS)
    search = IndexedSearch(desk, recheck_seconds=0)
    real_change_day = writing._change_day
    calls = [0]

    def change_day(*arguments: Any) -> None:
        calls[0] += 1
        if calls[0] > 10:  # A later batch: its trigrams in the second file, the rest never.
            raise sqlite3.OperationalError('disk I/O error')
        real_change_day(*arguments)

    with (
        mock.patch.multiple(tuning, BUILD_WORKERS=0, BATCH_DAYS=4),
        mock.patch.object(writing, '_change_day', change_day),
    ):
        assert not search.build().available
    connection = connect_index(search.index_path)
    try:
        days = {row[0] for row in connection.execute('SELECT day FROM days')}
        second = {row[0] for row in connection.execute('SELECT day FROM odd.grams_days')}
    finally:
        connection.close()
    assert second - days  # The second file holds days the index file does not.
    assert_exact(desk, search)
    status = search.build()  # The second file is ahead on the batch's odd days: repaired.
    assert status.complete
    assert status.repaired_days > 0
    assert_exact(desk, search)
    connection = connect_index(search.index_path)
    try:
        assert {row[0] for row in connection.execute('SELECT day FROM odd.grams_days')} <= {
            row[0] for row in connection.execute('SELECT day FROM days')
        }
    finally:
        connection.close()
    search.close()


def test_an_odd_day_the_second_file_holds_otherwise_is_read_from_the_desk(
    tmp_path: Path,
) -> None:
    desk, search = built_and_closed(tmp_path)
    connection = connect_index(search.index_path)
    try:
        indexed = store.indexed_days(connection)
        day = next(day for day in indexed if in_second_file(day))
        connection.execute("UPDATE odd.grams_days SET digest = 'other' WHERE day = ?", (day,))
        connection.commit()
        assert day not in store.indexed_days(connection)
        assert set(store.indexed_days(connection)) == set(indexed) - {day}
    finally:
        connection.close()
    reopened = IndexedSearch(desk, recheck_seconds=0)
    assert_exact(desk, reopened)
    reopened.close()


def test_an_index_whose_second_file_is_gone_is_created_again(tmp_path: Path) -> None:
    desk, search = built_and_closed(tmp_path)
    grams_path(search.index_path).unlink()
    reopened = IndexedSearch(desk, recheck_seconds=0)
    assert_exact(desk, reopened)
    assert reopened.build().complete
    assert grams_path(search.index_path).exists()
    assert_exact(desk, reopened)
    reopened.close()


def test_an_index_another_process_is_creating_is_waited_for_not_deleted(tmp_path: Path) -> None:
    # Creating an index commits to its two files one after the other (a transaction over
    # attached WAL files is atomic in each file only): a look between the two commits finds the
    # index file's tables and none in the second file. That is no reason to delete them: two
    # processes starting on a new desk took the files from under each other, and one then
    # reported half its days ('indexed 31 of 62 days').
    desk = make_desk(tmp_path)
    index_path = tmp_path / 'cache' / 'index.sqlite3'
    index_path.parent.mkdir()
    store.open_index(index_path, desk).close()
    second = grams_path(index_path)
    for suffix in ('', '-wal', '-shm'):
        second.with_name(second.name + suffix).unlink(missing_ok=True)
    creator = connect_index(index_path)  # The second file, empty, attached as 'odd'.
    creator.isolation_level = None
    creator.execute("INSERT INTO main.meta (key, value) VALUES ('marker', 'first')")
    creator.execute('PRAGMA odd.journal_mode=WAL')
    creator.execute('BEGIN IMMEDIATE')  # Both files' write locks, as the creator holds them.
    for statement in second_schema():
        creator.execute(statement)
    creator.executemany(
        'INSERT INTO odd.meta (key, value) VALUES (?, ?)',
        [('schema_version', store.SCHEMA_VERSION), ('desk', store.desk_key(desk))],
    )
    opened: list[sqlite3.Connection] = []
    opener = threading.Thread(target=lambda: opened.append(store.open_index(index_path, desk)))
    opener.start()
    opener.join(0.5)  # Meanwhile it looks, and waits for the locks.
    creator.execute('COMMIT')
    creator.close()
    opener.join()
    assert len(opened) == 1
    marker = opened[0].execute("SELECT value FROM main.meta WHERE key = 'marker'").fetchall()
    opened[0].close()
    assert marker == [('first',)]


def test_records_with_and_without_facts_are_written_as_given_in_any_order(tmp_path: Path) -> None:
    connection = store.open_index(tmp_path / 'index.sqlite3', tmp_path)
    rows: list[index_rows.RecordRow] = [
        (1, 'no facts', None, None),
        (2, 'both', '2026-10-19-1', 'claude'),
        (3, b'bytes \xed\xa0\x80', None, None),
        (4, 'session only', b'2026-10-19-\xed\xa0\x80', None),
        (5, 'backend only', None, 'codex'),
        (6, 'no facts again', None, None),
    ]
    try:
        store.begin_writing(connection)
        store.insert_records(connection, rows)
        connection.execute('COMMIT')
        written = connection.execute('SELECT * FROM records ORDER BY id').fetchall()
    finally:
        connection.close()
    assert written == rows
