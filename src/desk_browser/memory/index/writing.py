"""Writing days into the index: the index file in the build's thread, the second file beside it.

A batch of days is written in two transactions, one a file (grams_file): the odd days'
trigrams go to `SecondWriter`, which writes them from a thread of its own with its own
connection, while the build's thread writes every day's records and days and the even days'
trigrams; the index file's transaction commits only once the second file's has. Most of the
writing is SQLite's own work, which lets the interpreter go, so the two run side by side.

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

_INSERT_GRAMS = 'INSERT INTO record_grams (rowid, lowered) VALUES (?, ?)'
_DELETE_GRAMS = "INSERT INTO record_grams (record_grams, rowid, lowered) VALUES ('delete', ?, ?)"


@dataclasses.dataclass
class GramsChange:
    """What the second file is to do for one day.

    Attributes:
        day (str): The day.
        found (str | None): The digest the index file holds for the day, None when it holds no
            records of it: the second file must hold the same, or the index cannot be mended.
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
        """Opens the second file for writing; the thread starts with the first write.

        A thread takes its niceness from the thread that starts it (Linux), so a build's
        second writer runs as low as its first.

        Args:
            connection (sqlite3.Connection): The builder's connection (the file attached to it
                as ODD is the one opened).
        """
        files = {row[1]: row[2] for row in connection.execute('PRAGMA database_list')}
        self._connection = store.connect_second(files[ODD])
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix='index-grams')

    def __enter__(self) -> SecondWriter:
        """Gives the writer.

        Returns:
            SecondWriter: Itself.
        """
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: types.TracebackType | None,
    ) -> None:
        """Waits for the thread's last work and closes the connection.

        Args:
            kind (type[BaseException] | None): The exception's type, if any.
            error (BaseException | None): The exception, if any.
            trace (types.TracebackType | None): Its traceback.
        """
        self._executor.shutdown(wait=True)
        store.roll_back(self._connection)
        self._connection.close()

    def write(self, changes: list[GramsChange]) -> Future[list[str]]:
        """Starts writing days' trigrams, in one transaction.

        Args:
            changes (list[GramsChange]): The days.

        Returns:
            Future[list[str]]: Done when committed: the days the second file already held as
                the changes leave them (_write_changes); its result raises what the writing
                raised.
        """
        return self._executor.submit(_write_changes, self._connection, changes)

    def merge(self, cancelled: CancelCheck | None) -> Future[None]:
        """Starts merging the second file's segments (store.merge_segments).

        Args:
            cancelled (CancelCheck | None): The cancel check.

        Returns:
            Future[None]: Done when merged.
        """
        return self._executor.submit(store.merge_segments, self._connection, cancelled)

    def empty_log(self) -> None:
        """Empties the second file's WAL (store.empty_log), waiting for the thread first."""
        self._executor.submit(store.empty_log, self._connection).result()


def _write_changes(connection: sqlite3.Connection, changes: list[GramsChange]) -> list[str]:
    """Writes days' trigrams into the second file, in one transaction.

    A day the second file already holds as the change leaves it (its new digest, or none for a
    day dropped) was written there by a build that ended between the two commits (killed, say):
    it is left as it is, and the index file's commit makes the two agree again.

    Args:
        connection (sqlite3.Connection): The second writer's connection.
        changes (list[GramsChange]): The days.

    Returns:
        list[str]: The days found already written so (repaired by the index file's commit).

    Raises:
        IndexDamaged: When the second file holds, for a day, neither the trigrams of the
            records the index file holds nor those of the new ones (a build that ended between
            the two commits, and the desk changed the day since): they cannot be forgotten
            exactly, so the index is built anew.
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
    """The trigram rows a day's records were indexed with.

    A contentless table must be told exactly the texts it was given to forget them.

    Args:
        connection (sqlite3.Connection): The builder's connection.
        day (str): The day.

    Returns:
        list[tuple[int, str]]: Each record's id and indexed text.
    """
    old = connection.execute(
        'SELECT id, text, session, backend FROM records WHERE id BETWEEN ? AND ?', day_range(day)
    ).fetchall()
    return [
        (
            identifier,
            grams_text(
                loaded_text(value).lower(),
                kind_of(identifier),
                None if session is None else loaded_text(session),
                None if backend is None else loaded_text(backend),
            ),
        )
        for identifier, value, session, backend in old
    ]


def _held(connection: sqlite3.Connection, day: str) -> bool:
    """Tells whether the index file holds records of a day.

    Args:
        connection (sqlite3.Connection): The builder's connection.
        day (str): The day.

    Returns:
        bool: True when it holds at least one.
    """
    row = connection.execute(
        'SELECT 1 FROM records WHERE id BETWEEN ? AND ? LIMIT 1', day_range(day)
    ).fetchone()
    return row is not None


def _change_day(connection: sqlite3.Connection, day: str, new: tuple[str, DayRows] | None) -> None:
    """Replaces or drops a day's records, and its trigrams when they live in the index file.

    Args:
        connection (sqlite3.Connection): The builder's connection, inside a transaction.
        day (str): The day.
        new (tuple[str, DayRows] | None): The day's new signature and rows, None to drop it.
    """
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

    The second file's part is handed to its thread first, so that both files are written side
    by side; the index file commits once the second file has.

    Args:
        connection (sqlite3.Connection): The builder's connection.
        second (SecondWriter): The second file's writer.
        days (Sequence[tuple[str, tuple[str, DayRows] | None]]): Each day, and its new signature
            and rows (None to drop it). A day the index file already holds with that signature
            (another builder wrote it) is left as it is.

    Returns:
        list[str]: The days whose two files this write made agree again (_write_changes).

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
    """Copies both files' WALs into the files as far as no search's snapshot holds them back.

    SQLite copies a WAL once it holds 1,000 pages; a build's small batches stay below that, and
    what waits in a WAL can only be copied into a file that can grow: on a disk that then fills
    up, the WAL could neither be copied nor emptied, and kept the disk full after quitting. Copied
    after each batch, the WAL holds at most the batch being written, which a full disk rolls back
    (disk_space). It never waits for a search (a passive checkpoint).

    Args:
        connection (sqlite3.Connection): The builder's connection (both files attached), out of
            any transaction.
    """
    connection.execute('PRAGMA wal_checkpoint(PASSIVE)').fetchall()


def write_days(
    connection: sqlite3.Connection,
    second: SecondWriter,
    batch: Sequence[tuple[str, str, DayRows]],
) -> list[str]:
    """Writes a batch of days, skipping days another builder already wrote.

    Args:
        connection (sqlite3.Connection): The builder's connection.
        second (SecondWriter): The second file's writer.
        batch (Sequence[tuple[str, str, DayRows]]): Each day, its signature and its rows.

    Returns:
        list[str]: The days repaired (a build stopped between its two commits had left them
            in the second file alone).
    """
    return _write(connection, second, [(day, (signature, rows)) for day, signature, rows in batch])


def remove_days(
    connection: sqlite3.Connection, second: SecondWriter, days: Sequence[str]
) -> list[str]:
    """Drops days from the index.

    Args:
        connection (sqlite3.Connection): The builder's connection.
        second (SecondWriter): The second file's writer.
        days (Sequence[str]): The days.

    Returns:
        list[str]: The days repaired (dropped from the second file alone by a stopped build).
    """
    if not days:
        return []
    return _write(connection, second, [(day, None) for day in days])


__all__ = ['GramsChange', 'SecondWriter', 'copy_log', 'remove_days', 'write_days']
