"""The search index's SQLite files: where they live, their tables, opening and checking them.

The index lives in the user's cache folder (never the desk), named after a hash of the desk's
path. Tables: `meta` (schema version, desk), `days` (each day's signature, record count,
digest, vocabulary), `records` (text and exchange facts, ids in search order) and
`record_grams`, an FTS5 trigram table that only finds candidates; the odd days' trigrams are
in a second file (grams_file), attached as `odd`. A file that is damaged, or of another
schema or desk, is created again; writes are transactions, and days the two files disagree
on are not used.

Typical usage example:

    connection = open_index(index_file(cache_directory, desk_directory), desk_directory)
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import logging
import sqlite3
import time
from collections.abc import Iterable, Iterator
from pathlib import Path

from desk_browser.memory.cache_folders import (  # Named here too, as before.
    default_cache_directory as default_cache_directory,
)
from desk_browser.memory.cache_folders import desk_key as desk_key
from desk_browser.memory.index import scrub_stamp
from desk_browser.memory.index.disk_space import NO_SPACE, is_no_space
from desk_browser.memory.index.grams_file import (
    ODD,
    grams_path,
    grams_table,
    in_second_file,
    second_schema,
)
from desk_browser.memory.index.keys import day_range
from desk_browser.memory.index.rows import (
    UNKNOWN_FACTS,
    DayRows,
    DigestRow,
    RecordRow,
    digest_of,
)
from desk_browser.memory.index.status import CancelCheck
from desk_browser.memory.search_scope import FACT_COLUMNS

_LOGGER = logging.getLogger(__name__)

SCHEMA_VERSION = '6'
"""Written into every index; an index with another version is rebuilt."""

_BUSY_SECONDS = 5.0
_MERGE_PAGES = 2000
_LOCKED_PAUSE_SECONDS = 0.05

_IMMUTABLE = '?mode=ro&immutable=1'
_INSERT_RECORDS = (
    f'INSERT INTO records (id, text, {", ".join(FACT_COLUMNS)}) '
    f'VALUES (?, ?, {", ".join("?" for _ in FACT_COLUMNS)})'
)
_FACT_BYTES = ', '.join(f'CAST({column} AS BLOB)' for column in FACT_COLUMNS)
_INSERT_TEXTS = 'INSERT INTO records (id, text) VALUES (?, ?)'
_BUILDER_PRAGMAS = ('PRAGMA synchronous=NORMAL', 'PRAGMA cache_size=-32768')
"""A builder's connection: WAL commits without a sync each (a crash loses batches, never
consistency), and a 32 MB page cache."""

_SCHEMA = (
    'CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)',
    (
        'CREATE TABLE days (day TEXT PRIMARY KEY, signature TEXT NOT NULL, '
        'records INTEGER NOT NULL, digest TEXT NOT NULL, words BLOB)'
    ),
    f'CREATE TABLE records (id INTEGER PRIMARY KEY, text NOT NULL, {", ".join(FACT_COLUMNS)})',
    *grams_table('main'),
)
"""The index file's tables (the second file's are grams_file.second_schema). The trigram
tables flush 16 MB batches as one segment each and do not merge while a build writes
(automerge 0, crisismerge 200); merge_segments merges at the end. An index keeps the settings
it was made with; they never change answers."""


class IndexUnavailable(Exception):
    """The index cannot be opened or created (its folder is not writable, say)."""


def index_file(cache_directory: Path, desk_directory: Path) -> Path:
    """Names a desk's index file: `<cache>/indexes/<hash of the desk's resolved path>.sqlite3`."""
    key = hashlib.sha256(desk_key(desk_directory).encode('utf-8', 'surrogatepass')).hexdigest()
    return cache_directory / 'indexes' / f'{key[:32]}.sqlite3'


def connect(path: Path, *, busy_seconds: float = _BUSY_SECONDS) -> sqlite3.Connection:
    """Opens an index file, without checking it.

    Args:
        path (Path): The file.
        busy_seconds (float): How long to wait for another writer.

    Returns:
        sqlite3.Connection: In autocommit mode, usable from any thread, one at a time.
    """
    connection = sqlite3.connect(
        str(path), timeout=busy_seconds, isolation_level=None, check_same_thread=False
    )
    return connection


def remove_index_files(path: Path) -> None:
    """Deletes an index file, its WAL companions and its scrub stamp.

    Raises:
        IndexUnavailable: When they cannot be deleted.
    """
    for file in (path, grams_path(path)):
        for suffix in ('', '-wal', '-shm'):
            companion = file.with_name(file.name + suffix)
            try:
                companion.unlink(missing_ok=True)
            except OSError as error:
                raise IndexUnavailable(f'cannot remove {companion}: {error.strerror}') from error
    try:
        scrub_stamp.forget(path)
    except OSError as error:
        raise IndexUnavailable(f'cannot remove the stamp of {path}: {error.strerror}') from error


def _tables(connection: sqlite3.Connection, schema: str) -> set[str]:
    """The names of a schema's ('main' or ODD) tables."""
    rows = connection.execute(f"SELECT name FROM {schema}.sqlite_master WHERE type='table'")
    return {row[0] for row in rows}


def _meta_matches(connection: sqlite3.Connection, desk: str) -> bool:
    """Whether both files' meta tables name this schema version and this desk."""
    for schema in ('main', ODD):
        meta = dict(connection.execute(f'SELECT key, value FROM {schema}.meta').fetchall())
        if meta.get('schema_version') != SCHEMA_VERSION or meta.get('desk') != desk:
            return False
    return True


def _check_or_create(connection: sqlite3.Connection, desk: str, second: Path) -> bool:
    """Whether an open index (second file attached here) is usable, creating it when empty."""
    connection.execute('PRAGMA journal_mode=WAL')
    connection.execute(f'ATTACH DATABASE ? AS {ODD}', (str(second),))
    connection.execute(f'PRAGMA {ODD}.journal_mode=WAL')
    if 'meta' not in _tables(connection, 'main') or 'meta' not in _tables(connection, ODD):
        # Look again holding both files' write locks: another process creating the index
        # commits to the two files one after the other (a transaction over attached WAL files
        # is atomic in each file, not across them), so one file may show its tables before the
        # other does. Deleting the files then took them from under that process.
        connection.execute('BEGIN IMMEDIATE')
        try:
            tables, second_tables = _tables(connection, 'main'), _tables(connection, ODD)
            if not tables and not second_tables:
                for statement in (*_SCHEMA, *second_schema()):
                    connection.execute(statement)
                for schema in ('main', ODD):
                    connection.executemany(
                        f'INSERT INTO {schema}.meta (key, value) VALUES (?, ?)',
                        [('schema_version', SCHEMA_VERSION), ('desk', desk)],
                    )
            connection.execute('COMMIT')
        except BaseException:
            connection.execute('ROLLBACK')
            raise
        created = not tables and not second_tables
        if not created and ('meta' not in tables or 'meta' not in second_tables):
            return False  # Another schema's index, or one file of the two lost: stale.
    return _meta_matches(connection, desk)


def _open_checked(
    path: Path, desk: str, busy_seconds: float, deadline: float
) -> sqlite3.Connection | str:
    """Opens and checks an index once, waiting while another process holds it.

    Args:
        path (Path): The index file.
        desk (str): The desk's resolved path.
        busy_seconds (float): How long SQLite waits for a lock, each time.
        deadline (float): Until when (time.monotonic()) to try again while the index is locked.

    Returns:
        sqlite3.Connection | str: The usable connection, or why the file must be replaced.

    Raises:
        IndexUnavailable: When it cannot be opened now (locked past the deadline, unreadable).
    """
    while True:
        connection: sqlite3.Connection | None = None
        try:
            connection = connect(path, busy_seconds=busy_seconds)
            if _check_or_create(connection, desk, grams_path(path)):
                return connection
            connection.close()
            return 'stale or foreign'
        except sqlite3.OperationalError as error:
            if connection is not None:
                connection.close()
            busy = 'locked' in str(error) or 'busy' in str(error)
            if busy and time.monotonic() < deadline:
                time.sleep(_LOCKED_PAUSE_SECONDS)
                continue
            if is_no_space(error):
                raise IndexUnavailable(NO_SPACE) from error
            raise IndexUnavailable(f'cannot open the index: {error}') from error
        except sqlite3.DatabaseError as error:  # Not a database, or malformed.
            if connection is not None:
                connection.close()
            return f'damaged ({error})'
        except (OSError, ValueError) as error:
            if connection is not None:
                connection.close()
            raise IndexUnavailable(f'cannot open {path}: {error}') from error


def open_index(
    path: Path, desk_directory: Path, *, busy_seconds: float = _BUSY_SECONDS
) -> sqlite3.Connection:
    """Opens a desk's index, creating it, or replacing a damaged or stale one.

    Args:
        path (Path): The index file (index_file).
        desk_directory (Path): The desk folder.
        busy_seconds (float): How long to wait for another process's lock.

    Returns:
        sqlite3.Connection: The open, checked index, in WAL mode.

    Raises:
        IndexUnavailable: When the index cannot be opened or created.
    """
    desk = desk_key(desk_directory)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except (OSError, ValueError) as error:
        if is_no_space(error):
            raise IndexUnavailable(NO_SPACE) from error
        raise IndexUnavailable(f'cannot create {path.parent}: {error}') from error
    deadline = time.monotonic() + busy_seconds
    for attempt in range(2):
        reason = _open_checked(path, desk, busy_seconds, deadline)
        if isinstance(reason, sqlite3.Connection):
            return reason
        if attempt == 1:
            break
        _LOGGER.warning('The search index %s is %s; creating it again', path, reason)
        remove_index_files(path)
    raise IndexUnavailable(f'cannot create a usable index at {path}')


def open_read_only(path: Path, desk_directory: Path) -> sqlite3.Connection | None:
    """Opens a desk's index to read it without creating, writing or locking any file.

    Both files are opened immutable, so SQLite does not see later changes: the caller compares
    read_only.files_key before and after and drops what it read if a file changed.

    Args:
        path (Path): The index file (index_file).
        desk_directory (Path): The desk folder.

    Returns:
        sqlite3.Connection | None: The open index, or None when of another schema or desk.

    Raises:
        sqlite3.Error: When it cannot be opened or read (not a database, damaged).
    """
    uri = path.absolute().as_uri() + _IMMUTABLE
    connection = sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)
    try:
        second = grams_path(path).absolute().as_uri() + _IMMUTABLE
        connection.execute(f'ATTACH DATABASE ? AS {ODD}', (second,))
        matches = _meta_matches(connection, desk_key(desk_directory))
    except BaseException:
        connection.close()
        raise
    if not matches:
        connection.close()
        return None
    return connection


def tune_for_building(connection: sqlite3.Connection) -> None:
    """Sets a builder's own connection up for long runs of writes (see _BUILDER_PRAGMAS)."""
    for pragma in _BUILDER_PRAGMAS:
        connection.execute(pragma)


def connect_second(path: str) -> sqlite3.Connection:
    """Opens an index's second file, as attached, for a builder's second writer."""
    connection = connect(Path(path))
    tune_for_building(connection)
    return connection


def indexed_days(connection: sqlite3.Connection) -> dict[str, tuple[str, int]]:
    """Each day the index holds whole (in both files, when split), with signature and count.

    Args:
        connection (sqlite3.Connection): The open index.

    Returns:
        dict[str, tuple[str, int]]: Each indexed day's signature and number of records.
    """
    rows = connection.execute(
        'SELECT days.day, signature, records, days.digest, grams.digest FROM days '
        f'LEFT JOIN {ODD}.grams_days AS grams ON grams.day = days.day'
    ).fetchall()
    return {
        day: (signature, records)
        for day, signature, records, digest, grams_digest in rows
        if grams_digest == digest or not in_second_file(day)
    }


def begin_writing(connection: sqlite3.Connection) -> None:
    """Starts a write transaction on the index file alone (not the second file's lock too)."""
    connection.execute('BEGIN')
    try:
        connection.execute('DELETE FROM main.meta WHERE 0')
    except BaseException:
        connection.execute('ROLLBACK')
        raise


def repair_day(connection: sqlite3.Connection, day: str, rows: DayRows) -> bool:
    """Writes a damaged day's records table rows again, when the desk's have the stored digest.

    Args:
        connection (sqlite3.Connection): The builder's connection.
        day (str): The day.
        rows (DayRows): The day's records read from the desk now (rows.day_rows).

    Returns:
        bool: Whether the day was repaired (False: the desk's records are not the indexed ones).
    """
    row = connection.execute('SELECT records, digest FROM days WHERE day = ?', (day,)).fetchone()
    if row is None or row[1] != rows.digest or row[0] != len(rows.records):
        return False
    low, high = day_range(day)
    begin_writing(connection)
    try:
        connection.execute('DELETE FROM records WHERE id BETWEEN ? AND ?', (low, high))
        insert_records(connection, rows.records)
        connection.execute('COMMIT')
    except BaseException:
        if connection.in_transaction:
            connection.execute('ROLLBACK')
        raise
    return True


def _has_facts(row: RecordRow) -> bool:
    """Whether a records table's row knows any of its exchange's facts."""
    return row[2:] != UNKNOWN_FACTS


def insert_records(connection: sqlite3.Connection, records: Iterable[RecordRow]) -> None:
    """Writes records into the records table, in the order given, inside a transaction."""
    for facts, run in itertools.groupby(records, key=_has_facts):
        if facts:
            connection.executemany(_INSERT_RECORDS, run)
        else:
            connection.executemany(_INSERT_TEXTS, (row[:2] for row in run))


def day_is_intact(connection: sqlite3.Connection, day: str) -> bool:
    """Whether the index still holds a day's records exactly as written (digest and number)."""
    row = connection.execute('SELECT records, digest FROM days WHERE day = ?', (day,)).fetchone()
    if row is None:
        return False
    low, high = day_range(day)
    cursor = connection.execute(
        f'SELECT id, CAST(text AS BLOB), {_FACT_BYTES} '
        'FROM records WHERE id BETWEEN ? AND ? ORDER BY id',
        (low, high),
    )
    count = 0

    def counted() -> Iterator[DigestRow]:
        nonlocal count
        for row in cursor:
            count += 1
            yield row

    try:
        digest = digest_of(counted())
    finally:
        cursor.close()
    return bool(count == row[0] and digest == row[1])


def merge_segments(connection: sqlite3.Connection, cancelled: CancelCheck | None) -> None:
    """Merges the trigram table's segments (FTS5 'merge'), a transaction a step.

    Args:
        connection (sqlite3.Connection): The builder's connection.
        cancelled (CancelCheck | None): Checked between steps; stops the merging when True.
    """
    while cancelled is None or not cancelled():
        before = connection.total_changes
        connection.execute(
            "INSERT INTO record_grams (record_grams, rank) VALUES ('merge', ?)", (_MERGE_PAGES,)
        )
        if connection.total_changes - before < 2:  # Nothing was left to merge.
            return


def empty_log(connection: sqlite3.Connection) -> None:
    """Copies the WAL into the index file and empties it, unless a search reads it; never waits.

    Args:
        connection (sqlite3.Connection): The builder's connection, out of any transaction.
    """
    connection.execute('PRAGMA busy_timeout=0')
    try:
        connection.execute('PRAGMA wal_checkpoint(TRUNCATE)').fetchall()
    except sqlite3.OperationalError:  # Busy: a search goes first.
        pass
    finally:
        connection.execute(f'PRAGMA busy_timeout={int(_BUSY_SECONDS * 1000)}')


def roll_back(connection: sqlite3.Connection) -> None:
    """Ends a transaction left open (by an error), ignoring a connection that is itself broken."""
    with contextlib.suppress(sqlite3.Error):
        if connection.in_transaction:
            connection.execute('ROLLBACK')


@contextlib.contextmanager
def read_transaction(connection: sqlite3.Connection) -> Iterator[None]:
    """Reads the index as one snapshot: a builder's commits meanwhile are not seen.

    Yields:
        None: While the snapshot holds.
    """
    connection.execute('BEGIN')
    try:
        yield
    finally:
        if connection.in_transaction:
            connection.execute('COMMIT')


def data_version(connection: sqlite3.Connection) -> tuple[int, int]:
    """SQLite's data_version of each of the index's files: they change when another writes."""
    first = int(connection.execute('PRAGMA main.data_version').fetchone()[0])
    return first, int(connection.execute(f'PRAGMA {ODD}.data_version').fetchone()[0])
