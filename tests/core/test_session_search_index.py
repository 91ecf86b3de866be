"""SessionSearch reads the browser's index when a current one exists, and touches nothing there."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from desk_browser.memory.index.grams_file import grams_path
from desk_browser.memory.index.search import IndexedSearch
from desk_browser.memory.session_search import SessionSearch
from tests.core.test_index_scrub import flip_byte
from tests.core.test_search_equivalence import OLD_TIME
from tests.core.test_search_index import QUERIES, assert_exact, make_desk
from tests.helpers.day_reads import reads_of
from tests.helpers.plain_scan import as_reference, reference_search
from tests.helpers.tree import snapshot_tree, tree_differences


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
