"""A full cache disk: the days indexed stay in use, the reason is said, no WAL is left behind."""

from __future__ import annotations

import contextlib
import datetime
import errno
import os
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from unittest import mock

import pytest

from desk_browser.memory.index import disk_space, store, tuning, writing
from desk_browser.memory.index.disk_space import NO_SPACE, SpaceWatch
from desk_browser.memory.index.search import IndexedSearch
from tests.helpers.desks import build_small_desk, event, write_journal
from tests.helpers.index_files import connect_index
from tests.helpers.plain_scan import as_reference, reference_search
from tests.memory.index.test_search_index import assert_exact, make_desk
from tests.memory.test_search_equivalence import OLD_TIME

DAYS = 40


@pytest.fixture(autouse=True)
def private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own XDG cache, so no test touches the user's cache."""
    cache = tmp_path / 'xdg-cache'
    monkeypatch.setenv('XDG_CACHE_HOME', str(cache))
    return cache


def wal_files(folder: Path) -> list[str]:
    """The WAL files in a folder of indexes."""
    return sorted(path.name for path in folder.glob('*-wal'))


def full_after(batches: int, error: BaseException) -> Any:
    """A _change_day that raises `error` once `batches` batches of one day were written."""
    real_change_day = writing._change_day
    calls = [0]

    def change_day(*arguments: Any) -> None:
        calls[0] += 1
        if calls[0] > batches:
            raise error
        real_change_day(*arguments)

    return change_day


@pytest.mark.parametrize(
    'error',
    [
        sqlite3.OperationalError('database or disk is full'),
        OSError(errno.ENOSPC, 'No space left on device'),
    ],
    ids=['sqlite-full', 'enospc'],
)
def test_a_build_that_finds_the_disk_full_keeps_the_days_it_wrote_and_says_why(
    tmp_path: Path, error: BaseException
) -> None:
    desk = make_desk(tmp_path, days=DAYS)
    search = IndexedSearch(desk, recheck_seconds=0)
    with (
        mock.patch.multiple(tuning, BUILD_WORKERS=0, BATCH_DAYS=1),
        mock.patch.object(writing, '_change_day', full_after(12, error)),
    ):
        status = search.build()
    assert status.available
    assert status.problem == NO_SPACE
    assert status.indexed_days >= 12
    assert status.indexed_days < status.total_days
    assert not status.complete
    assert status.text.startswith('search index incomplete (indexed ')
    assert status.text.endswith(f'): {NO_SPACE}')
    assert search.status() == status
    connection = connect_index(search.index_path)
    try:
        assert len(store.indexed_days(connection)) >= 12
    finally:
        connection.close()
    assert_exact(desk, search)  # The indexed days from the index, the others from the desk.
    search.close()
    assert wal_files(search.index_path.parent) == []


def test_after_the_disk_filled_up_builds_leave_the_index_until_there_is_room(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    desk = make_desk(tmp_path, days=DAYS)
    search = IndexedSearch(desk, recheck_seconds=0)
    free = [10_000_000]
    monkeypatch.setattr(disk_space, 'free_bytes', lambda folder: free[0])
    full = full_after(5, sqlite3.OperationalError('database or disk is full'))
    with mock.patch.multiple(tuning, BUILD_WORKERS=0, BATCH_DAYS=1):
        with mock.patch.object(writing, '_change_day', full):
            first = search.build()
        assert first.problem == NO_SPACE
        written: list[str] = []
        real_write_days = writing.write_days

        def write_days(*arguments: Any) -> list[str]:
            written.append('batch')
            return real_write_days(*arguments)

        with mock.patch.object(writing, 'write_days', write_days):
            again = search.build()  # As the app's minutely refresh does.
            assert written == []
            assert again.problem == NO_SPACE
            assert again.indexed_days == first.indexed_days
            free[0] += tuning.NO_SPACE_RETRY_BYTES  # The user made room.
            assert search.status().problem == ''
            last = search.build()
    assert written
    assert last.complete and last.problem == ''
    assert_exact(desk, search)
    search.close()


def test_a_batch_that_would_leave_too_little_room_is_not_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    desk = make_desk(tmp_path, days=DAYS)
    search = IndexedSearch(desk, recheck_seconds=0)
    monkeypatch.setattr(disk_space, 'free_bytes', lambda folder: tuning.ROOM_SPARE_BYTES)
    with mock.patch.multiple(tuning, BUILD_WORKERS=0, BATCH_DAYS=1):
        status = search.build()
    assert status.available and status.problem == NO_SPACE
    assert status.indexed_days < status.total_days
    assert_exact(desk, search)
    search.close()
    assert wal_files(search.index_path.parent) == []


def test_the_space_watch_waits_for_room_and_knows_the_errors_of_a_full_disk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    free = [1000]
    monkeypatch.setattr(disk_space, 'free_bytes', lambda folder: free[0])
    watch = SpaceWatch()
    assert not watch.short(tmp_path)
    watch.ran_out(tmp_path)
    assert watch.short(tmp_path)
    free[0] += tuning.NO_SPACE_RETRY_BYTES - 1
    assert watch.short(tmp_path)
    free[0] += 1
    assert not watch.short(tmp_path)
    assert not watch.short(tmp_path)
    assert disk_space.is_no_space(sqlite3.OperationalError('database or disk is full'))
    assert disk_space.is_no_space(OSError(errno.ENOSPC, 'No space left on device'))
    assert disk_space.is_no_space(OSError(errno.EDQUOT, 'Disk quota exceeded'))
    assert not disk_space.is_no_space(sqlite3.OperationalError('disk I/O error'))
    assert not disk_space.is_no_space(OSError(errno.EACCES, 'Permission denied'))


@contextlib.contextmanager
def tiny_disk(folder: Path, size: str) -> Iterator[Path]:
    """Mounts a tmpfs of this size on a new folder, or skips the test where that is refused."""
    folder.mkdir(parents=True)
    mounted = subprocess.run(
        ['mount', '-t', 'tmpfs', '-o', f'size={size}', 'tmpfs', str(folder)],
        capture_output=True,
        check=False,
    )
    if mounted.returncode != 0:
        pytest.skip(f'cannot mount a tmpfs here: {mounted.stderr.decode(errors="replace")}')
    try:
        yield folder
    finally:
        subprocess.run(['umount', str(folder)], check=False)


def big_desk(tmp_path: Path, days: int) -> Path:
    """A desk of `days` days of 41 records each, about 7 KB of text a day."""
    desk = build_small_desk(tmp_path / 'big')
    for number in range(days):
        day = (datetime.date(2026, 1, 1) + datetime.timedelta(days=number)).isoformat()
        filler = 'lorem ipsum dolor sit amet ' * 5
        events = [
            event(
                'trigger_received',
                text=f'Tick {number} {index}: NIFTY gap up {filler}w{number}x{index}',
                source='tick',
            )
            for index in range(40)
        ]
        events.append(event('text', text=f'Watching {number} ' * 30, backend='claude'))
        write_journal(desk, day, events)
    for path in desk.rglob('*'):
        os.utime(path, (OLD_TIME, OLD_TIME))
    return desk


def test_a_cache_on_a_full_tmpfs_keeps_searching_exactly_and_leaves_room_and_no_wal(
    tmp_path: Path,
) -> None:
    desk = big_desk(tmp_path, days=250)
    with tiny_disk(tmp_path / 'tiny', '2m') as cache:
        search = IndexedSearch(desk, cache_directory=cache, recheck_seconds=0)
        status = search.build()
        assert status.available and status.problem == NO_SPACE
        assert 0 < status.indexed_days < status.total_days
        free = disk_space.free_bytes(cache)
        assert free is not None and free > 0
        for query in ('nifty', 'w3x1', 'w200x3 gap', 'watching 17', 'lorem w249x0'):
            expected = reference_search(desk, query, 50)
            assert as_reference(search.search(query, 50)) == expected, query
        search.close()
        assert wal_files(search.index_path.parent) == []
        reopened = IndexedSearch(desk, cache_directory=cache, recheck_seconds=0)
        assert reopened.status().indexed_days == status.indexed_days  # Kept across processes.
        reopened.close()
