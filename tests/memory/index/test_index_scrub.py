"""An index that checks itself: a record's text changed under SQLite is caught and mended."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from desk_browser.memory.index import store
from desk_browser.memory.index.search import IndexedSearch
from tests.helpers.index_files import connect_index
from tests.helpers.plain_scan import as_reference, reference_search, reference_totals
from tests.memory.index.test_search_index import QUERIES, assert_exact, make_desk

MARKER = b'Watching 3.'
"""A record's text that occurs once in the index file (the trigram table holds no text)."""


@pytest.fixture(autouse=True)
def private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own XDG cache, so no test touches the user's cache."""
    cache = tmp_path / 'xdg-cache'
    monkeypatch.setenv('XDG_CACHE_HOME', str(cache))
    return cache


def built_index(tmp_path: Path) -> tuple[Path, Path]:
    """A desk and its complete index, every connection closed (so the WAL is checkpointed)."""
    desk = make_desk(tmp_path)
    search = IndexedSearch(desk, recheck_seconds=0)
    assert search.build().complete
    search.close()
    assert not search.index_path.with_name(search.index_path.name + '-wal').exists()
    return desk, search.index_path


def flip_byte(index_path: Path, replacement: bytes) -> None:
    """Changes one byte of MARKER in the index file itself, as a bad disk or a stray tool would."""
    data = index_path.read_bytes()
    assert data.count(MARKER) == 1
    position = data.index(MARKER) + len(MARKER) - 2  # The "3".
    index_path.write_bytes(data[:position] + replacement + data[position + 1 :])


def assert_counted(desk: Path, search: IndexedSearch, query: str) -> None:
    totals = search.totals(query)
    assert (totals.hits, totals.matched_every_word) == reference_totals(desk, query)


def days_intact(index_path: Path) -> bool:
    connection = connect_index(index_path)
    try:
        return all(store.day_is_intact(connection, day) for day in store.indexed_days(connection))
    finally:
        connection.close()


@pytest.mark.parametrize('replacement', [b'4', b'\xff'], ids=['another letter', 'not utf-8'])
def test_a_byte_changed_in_a_record_is_read_from_the_desk_and_mended_by_the_scrub(
    tmp_path: Path, replacement: bytes
) -> None:
    desk, index_path = built_index(tmp_path)
    flip_byte(index_path, replacement)
    sqlite = sqlite3.connect(index_path)
    assert sqlite.execute('PRAGMA integrity_check').fetchone() == ('ok',)  # SQLite sees no harm.
    sqlite.close()
    assert not days_intact(index_path)
    search = IndexedSearch(desk, recheck_seconds=0)
    query = 'watching 3.'
    assert_counted(desk, search, query)  # The count meets the changed day first.
    assert as_reference(search.search(query, 50)) == reference_search(desk, query, 50)
    assert_exact(desk, search)  # Exact before the scrub: the changed day is read from the desk.
    status = search.build()  # The scrub runs in the build.
    assert status.complete
    assert days_intact(index_path)
    assert_exact(desk, search)
    search.close()
    reopened = IndexedSearch(desk, recheck_seconds=0)
    assert as_reference(reopened.search(query, 50)) == reference_search(desk, query, 50)
    for words, limit in QUERIES:
        assert as_reference(reopened.search(words, limit)) == reference_search(desk, words, limit)
    reopened.close()


def test_a_changed_day_the_desk_changed_too_makes_the_index_start_anew(tmp_path: Path) -> None:
    desk, index_path = built_index(tmp_path)
    flip_byte(index_path, b'4')
    journal = desk / 'journal' / '2026-09-04.jsonl'  # The day holding MARKER, as the desk has it.
    assert MARKER.decode() in journal.read_text(encoding='utf-8')
    journal.write_text(journal.read_text(encoding='utf-8').replace('Watching 3.', 'Waiting 3.'))
    search = IndexedSearch(desk, recheck_seconds=0)
    assert_exact(desk, search)
    assert search.build().complete  # Deleted and built anew.
    assert search.status().complete
    assert days_intact(index_path)
    assert_exact(desk, search)
    search.close()


def test_an_index_of_the_previous_schema_is_built_again(tmp_path: Path) -> None:
    desk, index_path = built_index(tmp_path)
    connection = sqlite3.connect(index_path)
    connection.execute("UPDATE meta SET value = '3' WHERE key = 'schema_version'")
    connection.commit()
    connection.close()
    search = IndexedSearch(desk, recheck_seconds=0)
    assert search.status().indexed_days == 0
    assert search.build().complete
    assert_exact(desk, search)
    search.close()


def test_a_record_row_gone_from_the_index_is_read_from_the_desk(tmp_path: Path) -> None:
    desk, index_path = built_index(tmp_path)
    connection = sqlite3.connect(index_path)
    data = connection.execute('SELECT id, text FROM records').fetchall()
    victim = next(identifier for identifier, text in data if MARKER.decode() in text)
    connection.execute('DELETE FROM records WHERE id = ?', (victim,))
    connection.commit()
    connection.close()
    search = IndexedSearch(desk, recheck_seconds=0)
    query = 'watching 3.'
    assert_counted(desk, search, query)  # The count meets the changed day first.
    assert as_reference(search.search(query, 50)) == reference_search(desk, query, 50)
    assert_exact(desk, search)
    assert search.build().complete
    assert days_intact(index_path)
    assert_exact(desk, search)
    search.close()
