"""A complete index is confirmed up to date from its files' status, not by reading every day."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from desk_browser.memory.index import scrub_stamp, store, tuning
from desk_browser.memory.index.search import IndexedSearch
from tests.helpers.index_files import connect_index, digest_checks
from tests.helpers.plain_scan import as_reference, reference_search
from tests.memory.index.test_index_scrub import MARKER, days_intact, flip_byte
from tests.memory.index.test_search_index import assert_exact, make_desk
from tests.memory.test_search_equivalence import OLD_TIME

_OPENED: list[list[str]] = []
"""The lists the audit hook adds every opened path to (the hook cannot be removed, so it is
added once and told where to count)."""


def _audit(event: str, arguments: tuple[Any, ...]) -> None:
    if event == 'open' and _OPENED and isinstance(arguments[0], str | bytes | os.PathLike):
        _OPENED[-1].append(os.fsdecode(arguments[0]))


sys.addaudithook(_audit)


@pytest.fixture(autouse=True)
def private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own XDG cache, so no test touches the user's cache."""
    cache = tmp_path / 'xdg-cache'
    monkeypatch.setenv('XDG_CACHE_HOME', str(cache))
    return cache


@pytest.fixture
def opened() -> Iterator[list[str]]:
    """Every file opened by this process while the test runs (Python's 'open' audit event)."""
    paths: list[str] = []
    _OPENED.append(paths)
    yield paths
    _OPENED.remove(paths)


@pytest.fixture
def digests(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The days whose records are read back from the index and checked against their digest."""
    return digest_checks(monkeypatch)


def built(desk: Path) -> Path:
    """Builds a desk's index in a search of its own (as one process would), then closes it."""
    search = IndexedSearch(desk, recheck_seconds=0)
    assert search.build().complete
    search.close()
    return search.index_path


def files_of(index_path: Path) -> dict[str, tuple[bytes, int, int]]:
    """Each file of an index's folder: its bytes, modification and status change times."""
    return {
        path.name: (path.read_bytes(), path.stat().st_mtime_ns, path.stat().st_ctime_ns)
        for path in sorted(index_path.parent.iterdir())
        if not path.name.endswith(('-wal', '-shm'))  # SQLite's, made and removed at each open.
    }


def test_a_complete_index_is_confirmed_without_reading_a_day_or_writing(
    tmp_path: Path, opened: list[str], digests: list[str]
) -> None:
    desk = make_desk(tmp_path)
    index_path = built(desk)
    assert scrub_stamp.stamp_path(index_path).exists()
    before = files_of(index_path)
    opened.clear()
    digests.clear()
    search = IndexedSearch(desk, recheck_seconds=0)  # A new process's: nothing verified yet.
    status = search.build()
    assert status.complete
    assert [path for path in opened if path.startswith(str(desk))] == []
    assert digests == []
    assert files_of(index_path) == before
    assert_exact(desk, search)
    search.close()


def test_the_first_build_after_the_stamp_is_gone_scrubs_every_day_and_stamps_again(
    tmp_path: Path, digests: list[str]
) -> None:
    desk = make_desk(tmp_path)
    index_path = built(desk)
    scrub_stamp.stamp_path(index_path).unlink()
    digests.clear()
    assert built(desk) == index_path
    assert len(digests) == len(store_days(index_path))
    digests.clear()
    built(desk)
    assert digests == []


def store_days(index_path: Path) -> list[str]:
    connection = connect_index(index_path)
    try:
        return sorted(store.indexed_days(connection))
    finally:
        connection.close()


@pytest.mark.parametrize(
    'stamp',
    [b'', b'not json', b'{"version": 1}', b'[1, 2]', b'{"version": 1, "files": [[1], 2]}'],
    ids=['empty', 'not json', 'no files', 'a list', 'wrong types'],
)
def test_a_damaged_stamp_means_a_scrub_never_an_error(
    tmp_path: Path, digests: list[str], stamp: bytes
) -> None:
    desk = make_desk(tmp_path)
    index_path = built(desk)
    scrub_stamp.stamp_path(index_path).write_bytes(stamp)
    digests.clear()
    built(desk)
    assert len(digests) == len(store_days(index_path))


def test_a_stamp_older_than_the_scrub_period_means_a_scrub(
    tmp_path: Path, digests: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    desk = make_desk(tmp_path)
    index_path = built(desk)
    monkeypatch.setattr(tuning, 'SCRUB_SECONDS', 0.0)
    digests.clear()
    built(desk)
    assert len(digests) == len(store_days(index_path))


@pytest.mark.parametrize('keep_times', [False, True], ids=['as written', 'times set back'])
def test_a_byte_changed_after_the_stamp_is_found_and_mended(
    tmp_path: Path, digests: list[str], keep_times: bool
) -> None:
    desk = make_desk(tmp_path)
    index_path = built(desk)
    times = index_path.stat()
    flip_byte(index_path, b'4')
    if keep_times:  # Only the status change time tells now.
        os.utime(index_path, ns=(times.st_atime_ns, times.st_mtime_ns))
    assert not days_intact(index_path)
    digests.clear()
    built(desk)
    assert digests
    assert days_intact(index_path)
    search = IndexedSearch(desk, recheck_seconds=0)
    query = MARKER.decode().lower()
    assert as_reference(search.search(query, 50)) == reference_search(desk, query, 50)
    search.close()


def _touch(journal: Path) -> None:
    os.utime(journal, (OLD_TIME + 60, OLD_TIME + 60))


def _append(journal: Path) -> None:
    with open(journal, 'ab') as handle:
        handle.write(b'{"type": "text", "time": "t", "text": "appended zebra"}\n')
    _touch(journal)


def _truncate(journal: Path) -> None:
    data = journal.read_bytes()
    journal.write_bytes(data[: data.rindex(b'\n', 0, len(data) - 1) + 1])  # The last event gone.
    _touch(journal)


def _replace_with_the_same_size(journal: Path) -> None:
    data = journal.read_bytes()
    assert b'Watching 3.' in data
    replacement = journal.with_name('replacement')
    replacement.write_bytes(data.replace(b'Watching 3.', b'Zebraing 3.'))
    os.utime(replacement, (OLD_TIME, OLD_TIME))  # Its old time, too: only its inode tells.
    os.replace(replacement, journal)


@pytest.mark.parametrize(
    'change',
    [_touch, _append, _truncate, _replace_with_the_same_size],
    ids=['touched', 'appended', 'truncated', 'replaced with the same size'],
)
def test_a_changed_day_is_still_found_and_indexed_again(
    tmp_path: Path, digests: list[str], change: Any
) -> None:
    desk = make_desk(tmp_path)
    index_path = built(desk)
    journal = desk / 'journal' / '2026-09-04.jsonl'
    before = dict(store_signatures(index_path))
    change(journal)
    search = IndexedSearch(desk, recheck_seconds=0)
    assert_exact(desk, search)  # Read from the desk until the build.
    digests.clear()  # The searches checked the days they used.
    assert search.build().complete
    after = dict(store_signatures(index_path))
    assert {day for day in after if after[day] != before[day]} == {'2026-09-04'}
    assert digests == []  # Its old records were vouched for by the stamp, not read again.
    assert_exact(desk, search)
    for query in ('zebra', 'watching 3.', 'zebraing'):
        assert as_reference(search.search(query, 50)) == reference_search(desk, query, 50)
    search.close()
    digests.clear()
    built(desk)  # The build that wrote the day stamped the index again.
    assert digests == []


def store_signatures(index_path: Path) -> list[tuple[str, str]]:
    connection = connect_index(index_path)
    try:
        return [(day, signature) for day, (signature, _) in store.indexed_days(connection).items()]
    finally:
        connection.close()


def test_removing_an_index_removes_its_stamp(tmp_path: Path) -> None:
    desk = make_desk(tmp_path)
    index_path = built(desk)
    store.remove_index_files(index_path)
    assert list(index_path.parent.iterdir()) == [index_path.with_name(index_path.name + '.lock')]
