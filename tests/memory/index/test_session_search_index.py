"""SessionSearch reads the browser's index when a current one exists, and touches nothing there."""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from desk_browser.memory.index import scrub_stamp, tuning
from desk_browser.memory.index.grams_file import grams_path
from desk_browser.memory.index.search import IndexedSearch
from desk_browser.memory.session_search import SessionSearch
from tests.helpers.day_reads import reads_of
from tests.helpers.index_files import digest_checks
from tests.helpers.plain_scan import as_reference, reference_search
from tests.helpers.tree import snapshot_tree, tree_differences
from tests.memory.index.test_index_scrub import flip_byte
from tests.memory.index.test_search_index import QUERIES, assert_exact, make_desk
from tests.memory.test_search_equivalence import OLD_TIME


@pytest.fixture(autouse=True)
def private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own XDG cache, which SessionSearch looks in."""
    cache = tmp_path / 'xdg-cache'
    monkeypatch.setenv('XDG_CACHE_HOME', str(cache))
    return cache


def indexed_desk(tmp_path: Path, *, keep_open: bool = False) -> tuple[Path, IndexedSearch]:
    """A desk the browser has indexed, its index files dated in the past (not being written)."""
    desk = make_desk(tmp_path)
    search = IndexedSearch(desk, recheck_seconds=0)
    assert search.build().complete
    if not keep_open:
        search.close()
    for path in (search.index_path, grams_path(search.index_path)):
        os.utime(path, (OLD_TIME, OLD_TIME))
    return desk, search


def test_a_current_index_answers_without_reading_the_desk_or_touching_the_cache(
    tmp_path: Path, private_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    desk, _ = indexed_desk(tmp_path)
    before = snapshot_tree(private_cache)
    assert not any(name.endswith(('-wal', '-shm')) for name in before)
    reads = reads_of(monkeypatch)
    search = SessionSearch(desk)
    assert_exact(desk, search)
    assert_exact(desk, search)
    assert reads == []
    assert tree_differences(before, snapshot_tree(private_cache)) == []


def test_an_index_the_app_holds_open_is_read_without_touching_its_wal(
    tmp_path: Path, private_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    desk, app_search = indexed_desk(tmp_path, keep_open=True)
    assert_exact(desk, app_search)  # The app's connections stay open: a WAL and its index exist.
    before = snapshot_tree(private_cache)
    assert any(name.endswith('-wal') for name in before)
    assert any(name.endswith('-shm') for name in before)
    reads = reads_of(monkeypatch)
    assert_exact(desk, SessionSearch(desk))
    assert reads == []
    assert tree_differences(before, snapshot_tree(private_cache)) == []
    app_search.close()


def test_no_index_means_the_desk_is_read_and_nothing_is_created(
    tmp_path: Path, private_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    desk = make_desk(tmp_path)
    reads = reads_of(monkeypatch)
    assert_exact(desk, SessionSearch(desk))
    assert reads
    assert not private_cache.exists()


def test_a_stale_index_means_the_desk_is_read(
    tmp_path: Path, private_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    desk, search = indexed_desk(tmp_path)
    connection = sqlite3.connect(search.index_path)
    connection.execute("UPDATE meta SET value = '3' WHERE key = 'schema_version'")
    connection.commit()
    connection.close()
    os.utime(search.index_path, (OLD_TIME, OLD_TIME))
    before = snapshot_tree(private_cache)
    reads = reads_of(monkeypatch)
    assert_exact(desk, SessionSearch(desk))
    assert reads
    assert tree_differences(before, snapshot_tree(private_cache)) == []


def test_an_index_being_written_or_not_a_database_means_the_desk_is_read(
    tmp_path: Path, private_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    desk, search = indexed_desk(tmp_path)
    os.utime(search.index_path)  # Just written: not trusted yet.
    reads = reads_of(monkeypatch)
    assert_exact(desk, SessionSearch(desk))
    assert reads
    search.index_path.write_bytes(b'not a database' * 100)
    os.utime(search.index_path, (OLD_TIME, OLD_TIME))
    before = snapshot_tree(private_cache)
    reads.clear()
    assert_exact(desk, SessionSearch(desk))
    assert reads
    assert tree_differences(before, snapshot_tree(private_cache)) == []


def test_a_day_changed_on_the_desk_or_in_the_index_is_read_from_the_desk(
    tmp_path: Path, private_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    desk, search = indexed_desk(tmp_path)
    flip_byte(search.index_path, b'4')  # 2026-09-04 changed in the index.
    os.utime(search.index_path, (OLD_TIME, OLD_TIME))
    journal = desk / 'journal' / '2026-09-02.jsonl'  # Changed on the desk.
    with open(journal, 'ab') as handle:
        handle.write(b'{"type": "text", "time": "t", "text": "okapi appended"}\n')
    os.utime(journal, (OLD_TIME + 60, OLD_TIME + 60))
    before = snapshot_tree(private_cache)
    reads = reads_of(monkeypatch)
    documented = SessionSearch(desk)
    for query, limit in [*QUERIES, ('okapi', 50), ('watching 3.', 50)]:
        expected = reference_search(desk, query, limit)
        assert as_reference(documented.search(query, limit)) == expected
    assert set(reads) <= {'2026-09-02', '2026-09-04'}
    assert tree_differences(before, snapshot_tree(private_cache)) == []


def test_an_index_without_its_second_file_means_the_desk_is_read(
    tmp_path: Path, private_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    desk, search = indexed_desk(tmp_path)
    grams_path(search.index_path).unlink()
    before = snapshot_tree(private_cache)
    reads = reads_of(monkeypatch)
    assert_exact(desk, SessionSearch(desk))
    assert reads
    assert tree_differences(before, snapshot_tree(private_cache)) == []


def stamped_desk(tmp_path: Path) -> tuple[Path, Path]:
    """A desk indexed, its files dated in the past, then stamped as its build's scrub would."""
    desk, search = indexed_desk(tmp_path)
    scrub_stamp.renew(search.index_path, None)
    assert scrub_stamp.stamp_path(search.index_path).exists()
    return desk, search.index_path


def test_a_stamped_index_is_trusted_without_reading_its_days_again(
    tmp_path: Path, private_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    desk, _ = stamped_desk(tmp_path)
    before = snapshot_tree(private_cache)
    reads = reads_of(monkeypatch)
    digests = digest_checks(monkeypatch)
    search = SessionSearch(desk)
    assert_exact(desk, search)
    assert digests == []  # Taken on the stamp's word, as the next build would.
    assert reads == []
    assert tree_differences(before, snapshot_tree(private_cache)) == []


def _touched(index_path: Path) -> None:
    os.utime(index_path, (OLD_TIME, OLD_TIME))  # The status change time moves on all the same.


def _stamped_with_a_wal(index_path: Path) -> None:
    path = scrub_stamp.stamp_path(index_path)
    stamp = json.loads(path.read_text(encoding='utf-8'))
    stamp['files'][1] = [0, 0, 4096, 0, 0, 0o100000]  # Some records were in a WAL, unseen here.
    path.write_text(json.dumps(stamp), encoding='utf-8')


def _stamped_long_ago(index_path: Path) -> None:
    path = scrub_stamp.stamp_path(index_path)
    stamp = json.loads(path.read_text(encoding='utf-8'))
    stamp['scrubbed_ns'] -= int((tuning.SCRUB_SECONDS + 60) * 1e9)
    path.write_text(json.dumps(stamp), encoding='utf-8')


def _stamp_damaged(index_path: Path) -> None:
    scrub_stamp.stamp_path(index_path).write_bytes(b'{"version": 1, "files": [')


@pytest.mark.parametrize(
    'change',
    [_touched, _stamped_with_a_wal, _stamped_long_ago, _stamp_damaged],
    ids=['file changed since', 'stamped with a wal', 'stamped long ago', 'damaged stamp'],
)
def test_a_stamp_that_does_not_vouch_for_the_file_read_means_its_days_are_checked(
    tmp_path: Path,
    private_cache: Path,
    monkeypatch: pytest.MonkeyPatch,
    change: Callable[[Path], None],
) -> None:
    desk, index_path = stamped_desk(tmp_path)
    change(index_path)
    before = snapshot_tree(private_cache)
    reads = reads_of(monkeypatch)
    digests = digest_checks(monkeypatch)
    assert_exact(desk, SessionSearch(desk))
    assert digests  # Each day reached is read back from the index and checked.
    assert reads == []
    assert tree_differences(before, snapshot_tree(private_cache)) == []


def test_a_byte_changed_after_the_stamp_is_read_from_the_desk(
    tmp_path: Path, private_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    desk, index_path = stamped_desk(tmp_path)
    flip_byte(index_path, b'4')  # 2026-09-04 changed in the index, its times then set back.
    os.utime(index_path, (OLD_TIME, OLD_TIME))
    reads = reads_of(monkeypatch)
    documented = SessionSearch(desk)
    for query, limit in QUERIES:
        assert as_reference(documented.search(query, limit)) == reference_search(desk, query, limit)
    assert set(reads) == {'2026-09-04'}
