"""The search index's SQLite file: where it lives, its tables, and reading and writing days.

The index is one SQLite file in the user's cache folder (never in the desk), named after a hash
of the desk's resolved path. It holds:

- `meta`: the schema version and the desk's path, checked on every open;
- `days`: each indexed day with the signature of its files (see index_days.day_signature);
- `records`: each record's text, under an id that orders records exactly as the search does
  (newest day first; then exchanges, actions, summary paragraphs, notes; then file order);
- `record_grams`: an FTS5 table (trigram tokenizer, case-sensitive, no stored content, no
  positions) over each record's lowered text followed by two spaces, used only to find
  candidates, which the search then checks against the documented rule. A keyword of three
  characters or more may be in a record only if each of its trigrams is; a keyword of one or
  two characters is in a record exactly when one of the record's trigrams starts with it (the
  two spaces give every character a trigram, and a keyword holds no white space), and the
  trigrams that start with it are found in the table's vocabulary (`vocabulary_terms`).

A file that is not a database, was written by another schema version or for another desk is
deleted and created again. Writes happen in transactions, so a crash leaves whole days or nothing.

Typical usage example:

    connection = open_index(index_file(cache_directory, desk_directory), desk_directory)
"""

from __future__ import annotations

import datetime
import hashlib
import logging
import re
import sqlite3
import time
from collections.abc import Sequence
from pathlib import Path

_LOGGER = logging.getLogger(__name__)

SCHEMA_VERSION = '3'
"""Written into every index; an index with another version is rebuilt."""

KINDS = ('exchange', 'journal', 'summary', 'note')
"""Record kinds, in the order the search returns them within a day."""

_DAY_SHIFT = 32
_KIND_SHIFT = 28
_LAST_ORDINAL = 4_000_000  # Above datetime.date.max.toordinal().
MAX_POSITION = (1 << _KIND_SHIFT) - 1
"""The most records of one kind that one indexed day can hold."""
_BUSY_SECONDS = 5.0
_LOCKED_PAUSE_SECONDS = 0.05
_UNSAFE_CHARACTERS = re.compile('[\x00\ud800-\udfff]')
_REPLACEMENT = '\ufffd'
_PADDING = '  '
_LAST_CHARACTER = '\U0010ffff'

_SCHEMA = (
    'CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)',
    'CREATE TABLE days (day TEXT PRIMARY KEY, signature TEXT NOT NULL, records INTEGER NOT NULL)',
    'CREATE TABLE records (id INTEGER PRIMARY KEY, text NOT NULL)',
    "CREATE VIRTUAL TABLE record_grams USING fts5(lowered, content='', "
    "tokenize='trigram case_sensitive 1', detail=none)",
)


class IndexUnavailable(Exception):
    """The index cannot be opened or created (its folder is not writable, say)."""


def index_file(cache_directory: Path, desk_directory: Path) -> Path:
    """Names a desk's index file.

    Args:
        cache_directory (Path): The folder that holds indexes.
        desk_directory (Path): The desk folder.

    Returns:
        Path: `<cache>/indexes/<hash of the desk's resolved path>.sqlite3`.
    """
    key = hashlib.sha256(desk_key(desk_directory).encode('utf-8', 'surrogatepass')).hexdigest()
    return cache_directory / 'indexes' / f'{key[:32]}.sqlite3'


def desk_key(desk_directory: Path) -> str:
    """The desk's resolved path, which names its index.

    Args:
        desk_directory (Path): The desk folder.

    Returns:
        str: The resolved path, or the absolute path when it cannot be resolved.
    """
    try:
        return str(desk_directory.resolve())
    except (OSError, RuntimeError):
        return str(desk_directory.absolute())


def day_ordinal(day: str) -> int:
    """Turns a day into a number that orders days.

    Args:
        day (str): YYYY-MM-DD, or "" (notes whose day cannot be found), which comes last.

    Returns:
        int: The date's ordinal; 0 for "" or anything that is not a date.
    """
    try:
        return datetime.date.fromisoformat(day).toordinal() if day else 0
    except ValueError:
        return 0


def record_id(ordinal: int, kind: int, position: int) -> int:
    """The id of a record, which sorts records in the order the search returns them.

    Args:
        ordinal (int): The day's ordinal (day_ordinal).
        kind (int): The kind's place in KINDS.
        position (int): The record's place among the day's records of that kind.

    Returns:
        int: The id.
    """
    return ((_LAST_ORDINAL - ordinal) << _DAY_SHIFT) | (kind << _KIND_SHIFT) | position


def day_range(day: str) -> tuple[int, int]:
    """The ids a day's records can have.

    Args:
        day (str): The day.

    Returns:
        tuple[int, int]: The lowest and highest id, inclusive.
    """
    low = (_LAST_ORDINAL - day_ordinal(day)) << _DAY_SHIFT
    return low, low + (1 << _DAY_SHIFT) - 1


def ordinal_of(identifier: int) -> int:
    """The day ordinal of the record with this id.

    Args:
        identifier (int): The record's id.

    Returns:
        int: The ordinal (day_ordinal) of its day.
    """
    return _LAST_ORDINAL - (identifier >> _DAY_SHIFT)


def kind_of(identifier: int) -> str:
    """The kind of the record with this id.

    Args:
        identifier (int): The record's id.

    Returns:
        str: The kind.
    """
    return KINDS[(identifier >> _KIND_SHIFT) & 0xF]


def grams_text(lowered: str) -> str:
    """The text the trigram index holds for a record's lowered text.

    NUL characters (which end FTS5's text) and lone surrogates (which are not UTF-8) become
    U+FFFD. That adds candidates (which the search checks) and loses none for the keywords the
    index is asked about (see is_indexable). Two spaces are added at the end, so that every
    character starts a trigram.

    Args:
        lowered (str): The record's text, lowered.

    Returns:
        str: The text to index.
    """
    if '\x00' in lowered or not lowered.isascii():
        lowered = _UNSAFE_CHARACTERS.sub(_REPLACEMENT, lowered)
    return lowered + _PADDING


def is_indexable(word: str) -> bool:
    """Tells whether the trigram index can find the records that contain a keyword.

    Args:
        word (str): The keyword, lowered.

    Returns:
        bool: True for a keyword with no NUL and no lone surrogate.
    """
    return bool(word) and _UNSAFE_CHARACTERS.search(word) is None


def stored_text(text: str) -> str | bytes:
    """A record's text as the records table holds it.

    Args:
        text (str): The text.

    Returns:
        str | bytes: The text, or its bytes (lone surrogates kept) when it is not valid UTF-8.
    """
    try:
        text.encode('utf-8')
    except UnicodeEncodeError:
        return text.encode('utf-8', 'surrogatepass')
    return text


def loaded_text(value: str | bytes) -> str:
    """A record's text as read back from the records table.

    Args:
        value (str | bytes): What the table holds.

    Returns:
        str: The text.
    """
    if isinstance(value, bytes):
        return value.decode('utf-8', 'surrogatepass')
    return value


def connect(path: Path, *, busy_seconds: float = _BUSY_SECONDS) -> sqlite3.Connection:
    """Opens an index file, without checking it.

    Args:
        path (Path): The file.
        busy_seconds (float): How long to wait for another writer.

    Returns:
        sqlite3.Connection: The connection, in autocommit mode (transactions are explicit),
            usable from any thread, one thread at a time.
    """
    connection = sqlite3.connect(
        str(path), timeout=busy_seconds, isolation_level=None, check_same_thread=False
    )
    return connection


def remove_index_files(path: Path) -> None:
    """Deletes an index file and its WAL companions.

    Args:
        path (Path): The index file.

    Raises:
        IndexUnavailable: When they cannot be deleted.
    """
    for suffix in ('', '-wal', '-shm'):
        companion = path.with_name(path.name + suffix)
        try:
            companion.unlink(missing_ok=True)
        except OSError as error:
            raise IndexUnavailable(f'cannot remove {companion}: {error.strerror}') from error


def _check_or_create(connection: sqlite3.Connection, desk: str) -> bool:
    """Checks that an open index belongs to this desk and schema, creating it when empty.

    Args:
        connection (sqlite3.Connection): The open index.
        desk (str): The desk's resolved path.

    Returns:
        bool: True when the index is usable; False when it must be deleted.
    """
    connection.execute('PRAGMA journal_mode=WAL')
    tables = {
        row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type='table'")
    }
    if 'meta' not in tables:
        if tables:
            return False
        connection.execute('BEGIN IMMEDIATE')
        try:
            tables = {
                row[0]
                for row in connection.execute("SELECT name FROM sqlite_master WHERE type='table'")
            }
            if not tables:  # Another process may have created it meanwhile.
                for statement in _SCHEMA:
                    connection.execute(statement)
                connection.executemany(
                    'INSERT INTO meta (key, value) VALUES (?, ?)',
                    [('schema_version', SCHEMA_VERSION), ('desk', desk)],
                )
            connection.execute('COMMIT')
        except BaseException:
            connection.execute('ROLLBACK')
            raise
    meta = dict(connection.execute('SELECT key, value FROM meta').fetchall())
    return meta.get('schema_version') == SCHEMA_VERSION and meta.get('desk') == desk


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
            if _check_or_create(connection, desk):
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


def attach_vocabulary(connection: sqlite3.Connection) -> None:
    """Makes the trigram table's vocabulary readable on a connection, as temp.record_terms.

    The vocabulary table lives in the connection's temporary schema: nothing is written to the
    index file.

    Args:
        connection (sqlite3.Connection): The open index.
    """
    connection.execute(
        'CREATE VIRTUAL TABLE IF NOT EXISTS temp.record_terms '
        "USING fts5vocab(main, record_grams, 'row')"
    )


def vocabulary_terms(
    connection: sqlite3.Connection, prefix: str, most: int
) -> tuple[list[str], int] | None:
    """Finds the trigrams in the index that start with a short keyword.

    Args:
        connection (sqlite3.Connection): The open index, with attach_vocabulary done.
        prefix (str): The keyword, one or two characters.
        most (int): How many trigrams are worth a query.

    Returns:
        tuple[list[str], int] | None: The trigrams and how many records hold the most common of
            them (so at least that many records hold the keyword), or None when there are more
            than `most` trigrams.
    """
    cursor = connection.execute(
        'SELECT term, doc FROM temp.record_terms WHERE term >= ? AND term <= ? LIMIT ?',
        (prefix, prefix + _LAST_CHARACTER * 2, most + 1),
    )
    rows = [(term, count) for term, count in cursor.fetchall() if term.startswith(prefix)]
    if len(rows) > most:
        return None
    return [term for term, _ in rows], max((count for _, count in rows), default=0)


def indexed_days(connection: sqlite3.Connection) -> dict[str, tuple[str, int]]:
    """Reads which days the index holds.

    Args:
        connection (sqlite3.Connection): The open index.

    Returns:
        dict[str, tuple[str, int]]: Each indexed day's signature and number of records.
    """
    rows = connection.execute('SELECT day, signature, records FROM days').fetchall()
    return {day: (signature, records) for day, signature, records in rows}


def _delete_day_records(connection: sqlite3.Connection, day: str) -> None:
    """Deletes one day's records from the records and trigram tables (inside a transaction).

    Args:
        connection (sqlite3.Connection): The open index.
        day (str): The day.
    """
    low, high = day_range(day)
    old = connection.execute(
        'SELECT id, text FROM records WHERE id BETWEEN ? AND ?', (low, high)
    ).fetchall()
    connection.executemany(
        "INSERT INTO record_grams (record_grams, rowid, lowered) VALUES ('delete', ?, ?)",
        [(identifier, grams_text(loaded_text(value).lower())) for identifier, value in old],
    )
    connection.execute('DELETE FROM records WHERE id BETWEEN ? AND ?', (low, high))


def remove_day(connection: sqlite3.Connection, day: str) -> None:
    """Drops a day from the index (inside a transaction).

    Args:
        connection (sqlite3.Connection): The open index.
        day (str): The day.
    """
    _delete_day_records(connection, day)
    connection.execute('DELETE FROM days WHERE day = ?', (day,))


def write_day(
    connection: sqlite3.Connection,
    day: str,
    signature: str,
    records: Sequence[tuple[str, str]],
) -> None:
    """Replaces a day's records in the index (inside a transaction).

    Args:
        connection (sqlite3.Connection): The open index.
        day (str): The day.
        signature (str): The signature of the files the records were read from.
        records (Sequence[tuple[str, str]]): Each record's kind and text, in the search's order.
    """
    _delete_day_records(connection, day)
    ordinal = day_ordinal(day)
    positions = [0] * len(KINDS)
    rows = []
    grams = []
    for kind, text in records:
        kind_index = KINDS.index(kind)
        identifier = record_id(ordinal, kind_index, positions[kind_index])
        positions[kind_index] += 1
        rows.append((identifier, stored_text(text)))
        grams.append((identifier, grams_text(text.lower())))
    connection.executemany('INSERT INTO records (id, text) VALUES (?, ?)', rows)
    connection.executemany('INSERT INTO record_grams (rowid, lowered) VALUES (?, ?)', grams)
    connection.execute(
        'INSERT OR REPLACE INTO days (day, signature, records) VALUES (?, ?, ?)',
        (day, signature, len(rows)),
    )
