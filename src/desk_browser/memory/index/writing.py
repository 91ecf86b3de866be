"""Writing days into the index: the index file in the build's thread, the second file beside it.

A batch is one transaction a file: `SecondWriter` writes the odd days' trigrams in its own
thread; the index file commits only once the second file has.

Typical usage example:

    with SecondWriter(connection) as second:
        write_days(connection, second, batch)
"""

from __future__ import annotations

import dataclasses
import sqlite3
import types
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor

from desk_browser.memory.index import store
from desk_browser.memory.index.grams_file import ODD, in_second_file
from desk_browser.memory.index.keys import day_range, kind_of
from desk_browser.memory.index.rows import DayRows
from desk_browser.memory.index.scrub import IndexDamaged
from desk_browser.memory.index.status import CancelCheck
from desk_browser.memory.index.texts import grams_text, loaded_text
from desk_browser.memory.search_scope import FACT_COLUMNS

_INSERT_GRAMS = 'INSERT INTO record_grams (rowid, lowered) VALUES (?, ?)'
_DELETE_GRAMS = "INSERT INTO record_grams (record_grams, rowid, lowered) VALUES ('delete', ?, ?)"


@dataclasses.dataclass
class GramsChange:
    """What the second file is to do for one day.

    Attributes:
        day (str): The day.
        found (str | None): The index file's digest for the day (None: no records), which the
            second file must match.
        old (list[tuple[int, str]]): The trigram rows to forget (the day's records now).
        new (list[tuple[int, str]]): The trigram rows to add.
        digest (str | None): The day's new digest, None when the day is dropped.
    """

    day: str
    found: str | None
    old: list[tuple[int, str]]
    new: list[tuple[int, str]]
    digest: str | None


class SecondWriter:
    """Writes the second file's trigrams from a thread of its own, with its own connection."""

    def __init__(self, connection: sqlite3.Connection):
        """Opens the file attached as ODD to the builder's connection; the thread starts later."""
        files = {row[1]: row[2] for row in connection.execute('PRAGMA database_list')}
        self._connection = store.connect_second(files[ODD])
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix='index-grams')

    def __enter__(self) -> SecondWriter:
        """Gives the writer."""
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: types.TracebackType | None,
    ) -> None:
        """Waits for the thread's last work and closes the connection."""
        self._executor.shutdown(wait=True)
        store.roll_back(self._connection)
        self._connection.close()

    def write(self, changes: list[GramsChange]) -> Future[list[str]]:
        """Starts writing days' trigrams, in one transaction.

        Returns:
            Future[list[str]]: Done when committed: the days already held so (or the error).
        """
        return self._executor.submit(_write_changes, self._connection, changes)

    def merge(self, cancelled: CancelCheck | None) -> Future[None]:
        """Starts merging the second file's segments (store.merge_segments); done when merged."""
        return self._executor.submit(store.merge_segments, self._connection, cancelled)

    def empty_log(self) -> None:
        """Empties the second file's WAL (store.empty_log), waiting for the thread first."""
        self._executor.submit(store.empty_log, self._connection).result()


def _write_changes(connection: sqlite3.Connection, changes: list[GramsChange]) -> list[str]:
    """Writes days' trigrams into the second file, in one transaction; days held so are left.

    Args:
        connection (sqlite3.Connection): The second writer's connection.
        changes (list[GramsChange]): The days.

    Returns:
        list[str]: The days found already written so.

    Raises:
        IndexDamaged: When a day's trigrams there are neither the old records' nor the new.
    """
    repaired = []
    connection.execute('BEGIN IMMEDIATE')
    try:
        for change in changes:
            row = connection.execute(
                'SELECT digest FROM grams_days WHERE day = ?', (change.day,)
            ).fetchone()
            held = None if row is None else row[0]
            if held != change.found:
                if held == change.digest:
                    repaired.append(change.day)
                    continue
                raise IndexDamaged(f'the index files disagree on {change.day}')
            if change.old:
                connection.executemany(_DELETE_GRAMS, change.old)
            if change.digest is None:
                connection.execute('DELETE FROM grams_days WHERE day = ?', (change.day,))
                continue
            connection.executemany(_INSERT_GRAMS, change.new)
            connection.execute(
                'INSERT OR REPLACE INTO grams_days (day, digest) VALUES (?, ?)',
                (change.day, change.digest),
            )
        connection.execute('COMMIT')
    except BaseException:
        store.roll_back(connection)
        raise
    return repaired


def _old_grams(connection: sqlite3.Connection, day: str) -> list[tuple[int, str]]:
    """The trigram rows a day's records were indexed with (needed to forget them)."""
    old = connection.execute(
        f'SELECT id, text, {", ".join(FACT_COLUMNS)} FROM records WHERE id BETWEEN ? AND ?',
        day_range(day),
    ).fetchall()
    return [
        (
            row[0],
            grams_text(
                loaded_text(row[1]).lower(),
                kind_of(row[0]),
                *(None if fact is None else loaded_text(fact) for fact in row[2:]),
            ),
        )
        for row in old
    ]


def _held(connection: sqlite3.Connection, day: str) -> bool:
    """Whether the index file holds any record of a day."""
    row = connection.execute(
        'SELECT 1 FROM records WHERE id BETWEEN ? AND ? LIMIT 1', day_range(day)
    ).fetchone()
    return row is not None


def _change_day(connection: sqlite3.Connection, day: str, new: tuple[str, DayRows] | None) -> None:
    """Replaces (new signature and rows) or drops (None) a day, and its index-file trigrams."""
    low, high = day_range(day)
    second = in_second_file(day)
    if _held(connection, day):
        if not second:
            connection.executemany(_DELETE_GRAMS, _old_grams(connection, day))
        connection.execute('DELETE FROM records WHERE id BETWEEN ? AND ?', (low, high))
    if new is None:
        connection.execute('DELETE FROM days WHERE day = ?', (day,))
        return
    signature, rows = new
    store.insert_records(connection, rows.records)
    if not second:
        connection.executemany(_INSERT_GRAMS, rows.grams)
    connection.execute(
        'INSERT OR REPLACE INTO days (day, signature, records, digest, words) '
        'VALUES (?, ?, ?, ?, ?)',
        (day, signature, len(rows.records), rows.digest, rows.words),
    )


def _write(
    connection: sqlite3.Connection,
    second: SecondWriter,
    days: Sequence[tuple[str, tuple[str, DayRows] | None]],
) -> list[str]:
    """Replaces or drops days, the second file's trigrams committed before the index file's.

    Args:
        connection (sqlite3.Connection): The builder's connection.
        second (SecondWriter): The second file's writer.
        days (Sequence[tuple[str, tuple[str, DayRows] | None]]): Each day and its new
            signature and rows (None to drop it).

    Returns:
        list[str]: The days whose two files this write made agree again.

    Raises:
        IndexDamaged: When the two files disagree on a day.
    """
    store.begin_writing(connection)
    try:
        found = {
            day: (signature, digest)
            for day, signature, digest in connection.execute(
                'SELECT day, signature, digest FROM days'
            )
        }
        todo = [
            (day, new)
            for day, new in days
            if new is None or day not in found or found[day][0] != new[0]
        ]
        changes = [
            GramsChange(
                day=day,
                found=found[day][1] if day in found else None,
                old=_old_grams(connection, day) if _held(connection, day) else [],
                new=[] if new is None else new[1].grams,
                digest=None if new is None else new[1].digest,
            )
            for day, new in todo
            if in_second_file(day)
        ]
        pending = second.write(changes) if changes else None
        for day, new in todo:
            _change_day(connection, day, new)
        repaired = [] if pending is None else pending.result()
        connection.execute('COMMIT')
    except BaseException:
        store.roll_back(connection)
        raise
    copy_log(connection)
    return repaired


def copy_log(connection: sqlite3.Connection) -> None:
    """Copies both files' WALs into the files as far as no search holds them back; never waits.

    Args:
        connection (sqlite3.Connection): The builder's connection, out of any transaction.
    """
    connection.execute('PRAGMA wal_checkpoint(PASSIVE)').fetchall()


def write_days(
    connection: sqlite3.Connection,
    second: SecondWriter,
    batch: Sequence[tuple[str, str, DayRows]],
) -> list[str]:
    """Writes a batch of (day, signature, rows), skipping days another builder already wrote.

    Returns:
        list[str]: The days repaired (a stopped build had left them in the second file alone).
    """
    return _write(connection, second, [(day, (signature, rows)) for day, signature, rows in batch])


def remove_days(
    connection: sqlite3.Connection, second: SecondWriter, days: Sequence[str]
) -> list[str]:
    """Drops days from the index.

    Returns:
        list[str]: The days repaired (dropped from the second file alone by a stopped build).
    """
    if not days:
        return []
    return _write(connection, second, [(day, None) for day in days])


__all__ = ['GramsChange', 'SecondWriter', 'copy_log', 'remove_days', 'write_days']
