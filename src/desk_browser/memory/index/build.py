"""Bringing a desk's index up to date: newest days first, in batches, one builder at a time.

Changed days are read again, new ones added, gone ones dropped; days changed in the last two
seconds are left to the searches. Each build scrubs the index first. A lock file beside the
index lets one process build at a time; a damaged index is deleted and built anew.

Typical usage example:

    builder = Builder(index_path, desk_directory, pool, checks, listing, verified)
    status = builder.build(progress, cancelled)
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import IO

from desk_browser.memory.index import disk_space, scrub_stamp, store, tuning, writing
from desk_browser.memory.index.days import DeskDay, DeskListing, day_signature, desk_days
from desk_browser.memory.index.plan import DayChecks
from desk_browser.memory.index.pool import ReaderPool
from desk_browser.memory.index.reading import DayReaders, default_workers
from desk_browser.memory.index.rows import DayRows
from desk_browser.memory.index.scrub import (
    IndexDamaged,
    Verified,
    ensure_intact,
    every_day_intact,
    scrub,
)
from desk_browser.memory.index.status import (
    CancelCheck,
    IndexStatus,
    ProgressCallback,
    repaired_text,
)

try:
    import fcntl
except ImportError:  # pragma: no cover - not on POSIX.
    fcntl = None  # type: ignore[assignment]

_LOGGER = logging.getLogger(__name__)

_DAYS_NAMED = 5
"""How many of the days a build repaired its log names."""

_WRITER_NICENESS = 10
"""How much lower than the thread that asks for a build the build's own thread runs, so the
app's interface thread comes first (its readers run lower still: reading._WORKER_NICENESS)."""


def in_lowered_thread(function: Callable[[], None]) -> None:
    """Runs a function in a new thread of lower priority (where it can be set), and waits for it.

    Raises:
        BaseException: What the function raised.
    """
    failures: list[BaseException] = []

    def run() -> None:
        with contextlib.suppress(OSError, AttributeError):
            thread = threading.get_native_id()
            niceness = os.getpriority(os.PRIO_PROCESS, thread) + _WRITER_NICENESS
            os.setpriority(os.PRIO_PROCESS, thread, niceness)
        try:
            function()
        except BaseException as error:  # Raised again in the caller's thread.
            failures.append(error)

    thread = threading.Thread(target=run, name='index-build', daemon=True)
    thread.start()
    thread.join()
    if failures:
        raise failures[0]


def lock_builds(
    index_path: Path,
    cancelled: CancelCheck | None,
    waiting: Callable[[bool], None] | None = None,
) -> IO[bytes] | None:
    """Waits until no other builder (in any process) works on an index.

    Args:
        index_path (Path): The index file; the lock is `<index>.lock` beside it.
        cancelled (CancelCheck | None): Stops the wait when it returns True.
        waiting (Callable[[bool], None] | None): Told True when a wait starts, False at its end.

    Returns:
        IO[bytes] | None: The open lock file (close to release), or None when cancelled or
            when it cannot be made.
    """
    lock_path = index_path.with_name(index_path.name + '.lock')
    try:
        handle = open(lock_path, 'ab')  # noqa: SIM115 - held until the build ends.
    except OSError as error:
        _LOGGER.warning('Cannot open the index lock %s: %s', lock_path, error)
        return None
    if fcntl is None:  # pragma: no cover - not on POSIX: transactions still keep it whole.
        return handle
    waited = False
    try:
        while True:
            try:
                fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                return handle
            except BlockingIOError:
                if not waited and waiting is not None:
                    waiting(True)
                waited = True
                if cancelled is not None and cancelled():
                    handle.close()
                    return None
                time.sleep(tuning.LOCK_POLL_SECONDS)
            except OSError as error:
                _LOGGER.warning('Cannot lock %s: %s', lock_path, error)
                return handle
    finally:
        if waited and waiting is not None:
            waiting(False)


def build_days(
    connection: sqlite3.Connection,
    index_path: Path,
    desk_directory: Path,
    verified: Verified,
    progress: ProgressCallback | None,
    cancelled: CancelCheck | None,
    repaired: list[str],
) -> None:
    """Indexes every day that is not indexed as it is now (see Builder.build).

    Args:
        connection (sqlite3.Connection): The builder's own connection.
        index_path (Path): The index file (its scrub stamp is beside it).
        desk_directory (Path): The desk folder.
        verified (Verified): What was found of the indexed days; told of every day written.
        progress (ProgressCallback | None): The progress callback.
        cancelled (CancelCheck | None): The cancel check.
        repaired (list[str]): Told each day found half written and written again.

    Raises:
        IndexDamaged: When the index holds a day changed that cannot be mended.
    """
    with writing.SecondWriter(connection) as second:
        _build_days(
            connection, second, index_path, desk_directory, verified, progress, cancelled, repaired
        )


def _build_days(
    connection: sqlite3.Connection,
    second: writing.SecondWriter,
    index_path: Path,
    desk_directory: Path,
    verified: Verified,
    progress: ProgressCallback | None,
    cancelled: CancelCheck | None,
    repaired: list[str],
) -> None:
    """Indexes every day that is not indexed as it is now (build_days, its second writer open)."""

    def write(batch: list[tuple[str, str, DayRows]]) -> None:
        characters = sum(len(text) for _, _, rows in batch for _, text in rows.grams)
        disk_space.ensure_room(index_path.parent, characters)
        repaired.extend(writing.write_days(connection, second, batch))
        for day, signature, _ in batch:
            verified.note(day, signature, intact=True)

    days = desk_days(desk_directory)
    total = len(days)
    vouched_since = scrub_stamp.trusted_since(index_path, time.time_ns())
    by_day = {desk_day.day: desk_day for desk_day in days}
    repaired.extend(scrub(connection, verified, by_day, cancelled, vouched_since))
    indexed = {day: signature for day, (signature, _) in store.indexed_days(connection).items()}
    listed = {desk_day.day for desk_day in days}
    gone = [day for day in indexed if day not in listed]
    for day in gone:
        ensure_intact(connection, verified, day, indexed[day])
    repaired.extend(writing.remove_days(connection, second, gone))
    if progress is not None:
        progress(0, total)
    done = 0
    pending: list[tuple[DeskDay, str]] = []
    for desk_day in days:
        if cancelled is not None and cancelled():
            return
        signature, racy = day_signature(desk_day, time.time_ns())
        if racy or indexed.get(desk_day.day) == signature:
            done += 1
        elif not all(os.access(path, os.R_OK) for path in desk_day.paths):
            done += 1  # Read from the desk by every search, so a fixed file is seen.
        else:
            if desk_day.day in indexed:
                ensure_intact(connection, verified, desk_day.day, indexed[desk_day.day])
            pending.append((desk_day, signature))
    workers = default_workers() if len(pending) >= tuning.PARALLEL_DAYS else 0
    batch: list[tuple[str, str, DayRows]] = []
    batch_records = 0
    for desk_day, signature, rows in DayReaders(workers).read(pending, cancelled):
        if rows is None:
            done += 1  # Never indexed: searches read it from the desk.
            continue
        batch.append((desk_day.day, signature, rows))
        batch_records += len(rows.records)
        if batch_records >= tuning.BATCH_RECORDS or len(batch) >= tuning.BATCH_DAYS:
            write(batch)
            done += len(batch)
            batch = []
            batch_records = 0
            if progress is not None:
                progress(done, total)
    if batch:
        write(batch)
        done += len(batch)
    if progress is not None:
        progress(done, total)
    merged = second.merge(cancelled)  # Both files side by side.
    store.merge_segments(connection, cancelled)
    merged.result()
    second.empty_log()  # The second file first: the index file's days name its trigrams.
    store.empty_log(connection)
    if every_day_intact(connection, verified):  # So the next process need not read them.
        scrub_stamp.renew(index_path, verified.vouched_since)


def _note_repaired(days: list[str]) -> None:
    """Logs the days a build repaired, naming the first few."""
    named = ', '.join(days[:_DAYS_NAMED]) + (', ...' if len(days) > _DAYS_NAMED else '')
    _LOGGER.warning(
        'The search index: %s (%s), which a stopped build or a change on disk had left unusable',
        repaired_text(len(days)),
        named,
    )


class Builder:
    """Builds one desk's index, telling the searches' pool when the index changes hands."""

    def __init__(
        self,
        index_path: Callable[[], Path],
        desk_directory: Path,
        pool: ReaderPool,
        checks: DayChecks,
        listing: DeskListing,
        verified: Verified,
        waiting: Callable[[bool], None] | None = None,
    ):
        """Creates the builder; nothing is read or written yet.

        Args:
            index_path (Callable[[], Path]): Gives the index file.
            desk_directory (Path): The desk folder.
            pool (ReaderPool): The searches' connections.
            checks (DayChecks): Recent looks at the days' files (for the coverage).
            listing (DeskListing): The desk's days.
            verified (Verified): What was found of the indexed days' digests.
            waiting (Callable[[bool], None] | None): Told of waits for another build (lock_builds).
        """
        self._waiting = waiting
        self._index_path = index_path
        self._desk_directory = desk_directory
        self._pool = pool
        self._checks = checks
        self._listing = listing
        self._verified = verified
        self._space = disk_space.SpaceWatch()

    def space_problem(self) -> str:
        """Why builds leave the index as it is (disk_space.NO_SPACE: its disk is full), or ""."""
        return disk_space.NO_SPACE if self._space.short(self._index_path().parent) else ''

    def _remove_files(self) -> None:
        """Deletes the index, so that the next open creates it again (if it can be deleted)."""
        with contextlib.suppress(store.IndexUnavailable):
            store.remove_index_files(self._index_path())

    def _ran_out(
        self,
        connection: sqlite3.Connection,
        index_path: Path,
        error: BaseException,
        repaired: list[str],
    ) -> IndexStatus:
        """Keeps what a build wrote before the cache's disk filled up, and empties the WALs.

        Returns:
            IndexStatus: The days the index holds, with the problem disk_space.NO_SPACE.
        """
        store.roll_back(connection)
        with contextlib.suppress(sqlite3.Error):
            store.empty_log(connection)  # Both files' (no schema named: every attached one).
        self._space.ran_out(index_path.parent)
        try:
            indexed = store.indexed_days(connection)
        except sqlite3.Error:
            indexed = {}
        signatures = {day: signature for day, (signature, _) in indexed.items()}
        status = self._checks.coverage(self._listing.days(time.time_ns()), signatures)
        reason = error.strerror if isinstance(error, OSError) else str(error)
        _LOGGER.warning(
            'The search index stopped at %s of %s days: %s (%s: %s); searches read the other '
            'days from the desk. Free some space there, or set XDG_CACHE_HOME to another disk.',
            f'{status.indexed_days:,}',
            f'{status.total_days:,}',
            disk_space.NO_SPACE,
            index_path.parent,
            reason,
        )
        return dataclasses.replace(
            status, problem=disk_space.NO_SPACE, repaired_days=len(set(repaired))
        )

    def build(
        self,
        progress: ProgressCallback | None = None,
        cancelled: CancelCheck | None = None,
    ) -> IndexStatus:
        """Brings the index up to date with the desk (see IndexedSearch.build).

        Args:
            progress (ProgressCallback | None): Called as progress(indexed_days, total_days).
            cancelled (CancelCheck | None): Checked between days; True stops (writes are kept).

        Returns:
            IndexStatus: The index's state when the build ended.
        """
        status, mend = self._build_once(progress, cancelled)
        if mend:  # A day the index cannot mend: the index was deleted, so build it anew now.
            status, _ = self._build_once(progress, cancelled)
        return status

    def _build_once(
        self, progress: ProgressCallback | None, cancelled: CancelCheck | None
    ) -> tuple[IndexStatus, bool]:
        """Opens the index and brings it up to date, once: its state, and whether it was deleted."""
        index_path = self._index_path()
        if self._pool.take_damaged():
            self._pool.close()
            self._remove_files()
        try:
            connection = store.open_index(index_path, self._desk_directory)
            store.tune_for_building(connection)
        except (store.IndexUnavailable, sqlite3.Error) as error:
            self._pool.unavailable(str(error))
            return IndexStatus(0, 0, available=False, problem=self._pool.problem), False
        self._pool.opened_again()  # Searches may use the index again at once.
        lock = lock_builds(index_path, cancelled, self._waiting)
        damaged = mend = False
        repaired: list[str] = []
        short = self._space.short(index_path.parent)  # Not filling the disk again each minute.
        try:
            if not short and (lock is not None or fcntl is None):
                in_lowered_thread(
                    partial(
                        build_days,
                        connection,
                        index_path,
                        self._desk_directory,
                        self._verified,
                        progress,
                        cancelled,
                        repaired,
                    )
                )
            indexed = store.indexed_days(connection)
            signatures = {day: signature for day, (signature, _) in indexed.items()}
            status = self._checks.coverage(self._listing.days(time.time_ns()), signatures)
            status = dataclasses.replace(
                status,
                repaired_days=len(set(repaired)),
                problem=disk_space.NO_SPACE if short else '',
            )
            if repaired:
                _note_repaired(sorted(set(repaired)))
        except (sqlite3.Error, OSError) as error:
            if disk_space.is_no_space(error):  # What was written stays in use.
                status = self._ran_out(connection, index_path, error, repaired)
            elif isinstance(error, OSError):
                raise
            else:
                damaged = not isinstance(error, sqlite3.OperationalError)
                mend = isinstance(error, IndexDamaged)
                if mend:  # Built anew at once (build): what it does, not a failure.
                    _LOGGER.warning(
                        'The search index cannot be repaired (%s): building it anew', error
                    )
                else:
                    _LOGGER.warning('Building the search index failed: %s', error)
                self._pool.note_problem(f'{error.__class__.__name__}: {error}')
                status = IndexStatus(0, 0, available=False, problem=self._pool.problem)
        finally:
            store.roll_back(connection)
            connection.close()
            if lock is not None:
                lock.close()
        if damaged:  # The next build starts a new index.
            self._pool.close()  # Its readers would go on reading the deleted file.
            self._remove_files()
        return status, mend
