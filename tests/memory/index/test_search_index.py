"""IndexedSearch: where the index lives, how it is built, and what happens when it is damaged."""

from __future__ import annotations

import datetime
import os
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from desk_browser.memory import session_search
from desk_browser.memory.index import keys as index_keys
from desk_browser.memory.index import store as index_store
from desk_browser.memory.index.search import (
    IndexedSearch,
    IndexStatus,
    SearchCancelled,
    default_cache_directory,
)
from desk_browser.memory.session_search import SessionSearch
from tests.helpers.day_reads import reads_of
from tests.helpers.desks import build_small_desk, event, write_journal
from tests.helpers.plain_scan import as_reference, reference_records, reference_search
from tests.helpers.tree import snapshot_tree, tree_differences
from tests.memory.test_search_equivalence import OLD_TIME, age_folders

QUERIES = [
    ('nifty', 50),
    ('NIFTY gap', 50),
    ('gap', 2),
    ('banknifty rejected', 50),
    ('zebra nifty', 50),
    ('g', 3),
    ('ga', 50),
    ('qz', 50),
    ('sessionlogonly', 50),
    ('position limit short', 1),
    ('1.2%', 50),
]


@pytest.fixture(autouse=True)
def private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own XDG cache, so no test touches the user's cache."""
    cache = tmp_path / 'xdg-cache'
    monkeypatch.setenv('XDG_CACHE_HOME', str(cache))
    return cache


def make_desk(tmp_path: Path, days: int = 6) -> Path:
    """The small desk plus older days, every file and folder dated in the past."""
    desk = build_small_desk(tmp_path / 'main')
    for number in range(days):
        if number < 30:  # September, then August backwards.
            day = (datetime.date(2026, 9, 1) + datetime.timedelta(days=number)).isoformat()
        else:
            day = (datetime.date(2026, 8, 31) - datetime.timedelta(days=number - 30)).isoformat()
        write_journal(
            desk,
            day,
            [
                event('trigger_received', text=f'Tick {number}: NIFTY gap up', source='tick'),
                event('text', text=f'Watching {number}.', backend='claude'),
                event('order_placed', symbol='NIFTY', side='BUY', quantity=number),
            ],
        )
    for path in desk.rglob('*'):
        if path.is_file():
            os.utime(path, (OLD_TIME, OLD_TIME))
    age_folders(desk)
    return desk


def assert_exact(desk: Path, search: Any) -> None:
    for query, limit in QUERIES:
        assert as_reference(search.search(query, limit)) == reference_search(desk, query, limit)


def test_the_index_lives_in_the_xdg_cache_folder_keyed_by_the_desk_path(
    tmp_path: Path, private_cache: Path
) -> None:
    desk = make_desk(tmp_path)
    search = IndexedSearch(desk)
    assert default_cache_directory() == private_cache / 'desk-browser'
    assert search.index_path.parent == private_cache / 'desk-browser' / 'indexes'
    search.build()
    assert search.index_path.is_file()
    other = IndexedSearch(tmp_path / 'main' / '..' / 'main')
    assert other.index_path == search.index_path
    assert IndexedSearch(tmp_path / 'other').index_path != search.index_path


def test_building_reports_progress_newest_first_and_then_searches_come_from_the_index(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    desk = make_desk(tmp_path)
    search = IndexedSearch(desk, recheck_seconds=0)
    assert search.status() == IndexStatus(0, 8, available=True)
    reports: list[tuple[int, int]] = []
    status = search.build(progress=lambda done, total: reports.append((done, total)))
    assert reports[0] == (0, 8)
    assert reports[-1] == (8, 8)
    assert [done for done, _ in reports] == sorted(done for done, _ in reports)
    assert status.complete
    assert status.text == 'indexed 8 of 8 days'

    def no_reading(*arguments: object) -> None:
        raise AssertionError('a day was read from the desk')

    monkeypatch.setattr(session_search, 'day_records', no_reading)
    assert_exact(desk, search)


def test_status_text_groups_thousands() -> None:
    assert IndexStatus(212, 1250, available=True).text == 'indexed 212 of 1,250 days'
    unavailable = IndexStatus(0, 3, available=False, problem='cannot open')
    assert 'unavailable' in unavailable.text
    assert not unavailable.complete


def test_a_cancelled_build_keeps_what_it_wrote_and_searches_stay_exact(tmp_path: Path) -> None:
    desk = make_desk(tmp_path)
    search = IndexedSearch(desk, recheck_seconds=0)
    calls = [0]

    def cancelled() -> bool:
        calls[0] += 1
        return calls[0] > 3

    status = search.build(cancelled=cancelled)
    assert not status.complete
    assert_exact(desk, search)
    assert search.build().complete
    assert_exact(desk, search)


def test_a_cancelled_search_raises_search_cancelled(tmp_path: Path) -> None:
    desk = make_desk(tmp_path)
    search = IndexedSearch(desk)
    with pytest.raises(SearchCancelled):
        search.search('nifty', 50, cancelled=lambda: True)


def test_indexing_and_searching_leave_the_desk_unchanged(tmp_path: Path) -> None:
    desk = make_desk(tmp_path)
    before = snapshot_tree(desk)
    search = IndexedSearch(desk, recheck_seconds=0)
    assert_exact(desk, search)
    search.build()
    assert_exact(desk, search)
    assert tree_differences(before, snapshot_tree(desk)) == []


def test_a_garbage_index_file_is_replaced(tmp_path: Path) -> None:
    desk = make_desk(tmp_path)
    search = IndexedSearch(desk, recheck_seconds=0)
    search.index_path.parent.mkdir(parents=True)
    search.index_path.write_bytes(b'this is not a database\x00' * 100)
    assert_exact(desk, search)
    assert search.build().complete
    assert_exact(desk, search)


def test_an_index_damaged_while_open_falls_back_to_reading_the_desk(tmp_path: Path) -> None:
    desk = make_desk(tmp_path)
    search = IndexedSearch(desk, recheck_seconds=0)
    search.build()
    assert_exact(desk, search)
    with open(search.index_path, 'r+b') as handle:  # Keep the header, ruin the pages.
        handle.seek(4096)
        handle.write(b'\xde\xad' * 20000)
    for path in search.index_path.parent.glob('*-wal'):
        path.write_bytes(b'')
    assert_exact(desk, search)
    fresh = IndexedSearch(desk, recheck_seconds=0)
    assert_exact(desk, fresh)
    fresh.build()
    assert_exact(desk, fresh)
    assert fresh.build().complete  # A damaged index is started again.
    assert_exact(desk, fresh)


def test_an_index_of_another_schema_version_is_rebuilt(tmp_path: Path) -> None:
    desk = make_desk(tmp_path)
    search = IndexedSearch(desk, recheck_seconds=0)
    search.build()
    search.close()
    connection = sqlite3.connect(search.index_path)
    connection.execute("UPDATE meta SET value = '0' WHERE key = 'schema_version'")
    connection.commit()
    connection.close()
    reopened = IndexedSearch(desk, recheck_seconds=0)
    assert reopened.status() == IndexStatus(0, 8, available=True)
    assert_exact(desk, reopened)
    assert reopened.build().complete
    assert_exact(desk, reopened)


def test_an_unwritable_cache_folder_means_reading_the_desk_never_an_error(tmp_path: Path) -> None:
    desk = make_desk(tmp_path)
    blocker = tmp_path / 'not-a-folder'
    blocker.write_text('a file where the cache folder should be')
    search = IndexedSearch(desk, cache_directory=blocker)
    status = search.build()
    assert not status.available
    assert 'unavailable' in search.status().text
    assert_exact(desk, search)


def test_a_locked_index_is_bypassed(tmp_path: Path) -> None:
    desk = make_desk(tmp_path)
    builder = IndexedSearch(desk, recheck_seconds=0)
    builder.build()
    builder.close()
    locker = sqlite3.connect(builder.index_path, isolation_level=None)
    locker.execute('PRAGMA locking_mode = EXCLUSIVE')
    locker.execute('BEGIN EXCLUSIVE')
    try:
        search = IndexedSearch(desk, recheck_seconds=0)
        assert_exact(desk, search)
    finally:
        locker.execute('ROLLBACK')
        locker.close()


def test_two_searches_building_one_index_at_once_leave_it_whole(tmp_path: Path) -> None:
    desk = make_desk(tmp_path, days=40)
    first = IndexedSearch(desk, recheck_seconds=0)
    second = IndexedSearch(desk, recheck_seconds=0)
    errors: list[BaseException] = []

    def build(search: IndexedSearch) -> None:
        try:
            search.build()
        except BaseException as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [threading.Thread(target=build, args=(search,)) for search in (first, second)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert first.status().complete
    assert second.status().complete
    connection = sqlite3.connect(first.index_path)
    assert connection.execute('PRAGMA integrity_check').fetchone() == ('ok',)
    connection.execute("INSERT INTO record_grams (record_grams) VALUES ('integrity-check')")
    count = connection.execute('SELECT count(*) FROM records').fetchone()[0]
    connection.close()
    assert count == len(reference_records(desk))
    assert_exact(desk, first)
    assert_exact(desk, second)


def test_a_new_day_appended_lines_an_edited_note_and_a_deleted_file_are_seen(
    tmp_path: Path,
) -> None:
    desk = make_desk(tmp_path)
    search = IndexedSearch(desk, recheck_seconds=0)
    session = SessionSearch(desk)
    search.build()
    later = OLD_TIME + 7200
    journal = desk / 'journal' / '2026-09-03.jsonl'
    with open(journal, 'ab') as handle:
        handle.write(b'{"type": "text", "time": "t", "text": "appended zebra"}\n')
    os.utime(journal, (later, later))
    new_day = write_journal(desk, '2026-10-21', [event('trigger_received', text='zebra new day')])
    os.utime(new_day, (later, later))
    note = desk / 'notes' / '2026-10-19-nifty-gap.md'
    note.write_text('# NIFTY gap\nEdited: zebra.\n', encoding='utf-8')
    os.utime(note, (later, later))
    (desk / 'sessions' / 'summaries' / '2026-10-20.md').unlink()
    for current in (search, session):
        assert as_reference(current.search('zebra', 50)) == reference_search(desk, 'zebra', 50)
        assert_exact(desk, current)
    assert search.build().complete
    assert_exact(desk, search)


def test_records_with_nul_and_lone_surrogates_are_found(tmp_path: Path) -> None:
    desk = tmp_path / 'main'
    write_journal(
        desk,
        '2026-10-19',
        [
            b'{"type": "trigger_received", "time": "t", "text": "nul\\u0000here \\ud800x"}',
            event('order_placed', symbol='ABC\u0130\u212a', quantity=10**30),
        ],
    )
    for path in desk.rglob('*'):
        os.utime(path, (OLD_TIME, OLD_TIME))
    search = IndexedSearch(desk, recheck_seconds=0)
    search.build()
    assert search.status().complete
    for query in ['nul', 'l\x00h', '\ud800', '\ud800x', 'here', 'i\u0307', 'k', 'abc', '1000']:
        assert as_reference(search.search(query, 5)) == reference_search(desk, query, 5)


def test_index_record_ids_order_days_newest_first_then_kinds() -> None:
    newer = index_keys.record_id(index_keys.day_ordinal('2026-10-20'), 3, 5)
    older = index_keys.record_id(index_keys.day_ordinal('2026-10-19'), 0, 0)
    undated = index_keys.record_id(index_keys.day_ordinal(''), 0, 0)
    assert newer < older < undated
    low, high = index_keys.day_range('2026-10-20')
    assert low <= newer <= high
    assert index_keys.kind_of(newer) == 'note'


def test_repeated_session_searches_read_only_the_days_that_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    desk = make_desk(tmp_path)
    reads = reads_of(monkeypatch)
    search = SessionSearch(desk)
    first = search.search('zebra', 50)
    assert len(reads) == 8
    reads.clear()
    assert search.search('zebra', 50) == first
    assert reads == []
    journal = desk / 'journal' / '2026-09-02.jsonl'
    with open(journal, 'ab') as handle:
        handle.write(b'{"type": "text", "time": "t", "text": "zebra appended"}\n')
    os.utime(journal, (OLD_TIME + 60, OLD_TIME + 60))
    result = search.search('zebra', 50)
    assert reads == ['2026-09-02']
    assert as_reference(result) == reference_search(desk, 'zebra', 50)
    result.hits[0].record.text = 'changed by the caller'
    assert as_reference(search.search('zebra', 50)) == reference_search(desk, 'zebra', 50)


def test_searches_from_many_threads_agree_and_keep_few_connections(tmp_path: Path) -> None:
    desk = make_desk(tmp_path)
    search = IndexedSearch(desk, recheck_seconds=0)
    search.build()
    expected = {query: reference_search(desk, query, limit) for query, limit in QUERIES}
    failures: list[str] = []

    def run() -> None:
        for query, limit in QUERIES:
            if as_reference(search.search(query, limit)) != expected[query]:
                failures.append(query)

    for _ in range(3):
        threads = [threading.Thread(target=run) for _ in range(6)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert failures == []
    assert search.idle_connections <= 4
    search.close()
    assert search.idle_connections == 0
    assert_exact(desk, search)


def test_a_kept_plan_still_sees_the_newest_day_notes_and_new_files(tmp_path: Path) -> None:
    desk = make_desk(tmp_path)
    search = IndexedSearch(desk, recheck_seconds=3600)
    search.build()
    assert_exact(desk, search)
    later = OLD_TIME + 7200
    newest = desk / 'journal' / '2026-10-20.jsonl'
    with open(newest, 'ab') as handle:
        handle.write(b'{"type": "trigger_received", "time": "t", "text": "okapi newest"}\n')
    os.utime(newest, (later, later))
    assert as_reference(search.search('okapi', 50)) == reference_search(desk, 'okapi', 50)
    note = desk / 'notes' / '2026-10-19-nifty-gap.md'
    note.write_text('okapi in a note\n', encoding='utf-8')
    os.utime(note, (later, later))
    assert as_reference(search.search('okapi', 50)) == reference_search(desk, 'okapi', 50)
    watchlist = desk / 'notes' / 'watchlist.md'
    os.utime(watchlist, (OLD_TIME - 30 * 86400, OLD_TIME - 30 * 86400))  # Its day moves.
    assert as_reference(search.search('nifty', 50)) == reference_search(desk, 'nifty', 50)
    write_journal(desk, '2026-10-22', [event('trigger_received', text='okapi new day')])
    assert as_reference(search.search('okapi', 50)) == reference_search(desk, 'okapi', 50)
    (desk / 'journal' / '2026-09-01.jsonl').unlink()
    assert_exact(desk, search)


def test_a_file_rewritten_with_its_old_size_and_time_is_read_again(tmp_path: Path) -> None:
    desk = make_desk(tmp_path)
    search = IndexedSearch(desk, recheck_seconds=0)
    search.build()
    note = desk / 'notes' / '2026-10-19-nifty-gap.md'
    old = note.read_bytes()
    note.write_bytes(b'okapi' + old[5:])  # Same size; its time is then set back.
    os.utime(note, (OLD_TIME, OLD_TIME))
    assert as_reference(search.search('okapi', 50)) == reference_search(desk, 'okapi', 50)
    assert search.search('okapi', 50).hits
    search.build()
    assert as_reference(search.search('okapi', 50)) == reference_search(desk, 'okapi', 50)


BUILD_IN_ANOTHER_PROCESS = """
import sys
from pathlib import Path
from desk_browser.memory.index.search import IndexedSearch
status = IndexedSearch(Path(sys.argv[1])).build()
print(status.text)
"""


def test_two_processes_building_one_desk_leave_one_whole_index(tmp_path: Path) -> None:
    desk = make_desk(tmp_path, days=60)
    command = [sys.executable, '-c', BUILD_IN_ANOTHER_PROCESS, str(desk)]
    processes = [
        subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=os.environ.copy())
        for _ in range(2)
    ]
    outputs = [process.communicate(timeout=120)[0] for process in processes]
    assert [process.returncode for process in processes] == [0, 0]
    assert outputs == ['indexed 62 of 62 days\n'] * 2
    search = IndexedSearch(desk, recheck_seconds=0)
    assert search.status().complete
    assert_exact(desk, search)
    connection = sqlite3.connect(search.index_path)
    assert connection.execute('PRAGMA integrity_check').fetchone() == ('ok',)
    assert connection.execute('SELECT count(*) FROM records').fetchone()[0] == len(
        reference_records(desk)
    )
    connection.close()


def test_a_search_meeting_a_damaged_index_answers_and_the_next_build_starts_anew(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    desk = make_desk(tmp_path)
    search = IndexedSearch(desk, recheck_seconds=0)
    search.build()
    marker = sqlite3.connect(search.index_path)
    marker.execute("INSERT INTO meta (key, value) VALUES ('marker', 'old index')")
    marker.commit()
    marker.close()

    def damaged(connection: sqlite3.Connection) -> dict[str, tuple[str, int]]:
        raise sqlite3.DatabaseError('database disk image is malformed')

    with monkeypatch.context() as patch:
        patch.setattr(index_store, 'indexed_days', damaged)
        assert_exact(desk, search)
        assert not search.status().available
    assert search.build().complete
    assert search.status().available
    connection = sqlite3.connect(search.index_path)
    assert connection.execute("SELECT value FROM meta WHERE key = 'marker'").fetchall() == []
    connection.close()
    assert_exact(desk, search)
