"""The searches' reads of the index: candidate records and vocabularies.

Records come in ranking order, their text as stored bytes (texts.loaded_text).
"""

from __future__ import annotations

import heapq
import sqlite3
from collections.abc import Generator

from desk_browser.memory.index.grams_file import ODD
from desk_browser.memory.index.keys import kind_sql
from desk_browser.memory.search_scope import FACT_COLUMNS

_LAST_CHARACTER = '\U0010ffff'
_VOCABULARIES = (('main', 'record_terms'), (ODD, 'record_terms_odd'))
"""Each trigram table's schema and the name of its vocabulary table (in temp)."""

RecordData = tuple[int, bytes | None, *tuple[str | bytes | None, ...]]
"""A record as a search reads it: id, stored bytes (None when a candidate's row is missing, in a
damaged index), and its fact columns as stored (None when unknown)."""

_FACTS = ', '.join(FACT_COLUMNS)
_JOINED_FACTS = ', '.join(f'records.{column}' for column in FACT_COLUMNS)


def attach_vocabulary(connection: sqlite3.Connection) -> None:
    """Makes both trigram tables' vocabularies readable on a connection, in temp."""
    for schema, table in _VOCABULARIES:
        connection.execute(
            f'CREATE VIRTUAL TABLE IF NOT EXISTS temp.{table} '
            f"USING fts5vocab({schema}, record_grams, 'row')"
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
        tuple[list[str], int] | None: The trigrams and the top one's records; None past `most`.
    """
    counts: dict[str, int] = {}
    for _, table in _VOCABULARIES:
        cursor = connection.execute(
            f'SELECT term, doc FROM temp.{table} WHERE term >= ? AND term <= ? LIMIT ?',
            (prefix, prefix + _LAST_CHARACTER * 2, most + 1),
        )
        for term, count in cursor.fetchall():
            if term.startswith(prefix):  # The two tables hold other records: their sum.
                counts[term] = counts.get(term, 0) + count
    if len(counts) > most:
        return None
    return sorted(counts), max(counts.values(), default=0)


def newest_texts(connection: sqlite3.Connection, count: int) -> list[str]:
    """The texts of the index's first `count` records in ranking order (newest), unverified."""
    rows = connection.execute(
        'SELECT CAST(text AS BLOB) FROM records ORDER BY id LIMIT ?', (count,)
    ).fetchall()
    # Only a hint (how common a short keyword is), so a damaged text is read as it comes.
    return [bytes(row[0]).decode('utf-8', 'replace') for row in rows]


def record_rows(
    connection: sqlite3.Connection,
    expression: str | None,
    start: int,
    kinds: frozenset[str] | None = None,
) -> Generator[RecordData, None, None]:
    """Reads records from the index, in ranking order, from an id on.

    Args:
        connection (sqlite3.Connection): The open index.
        expression (str | None): The FTS5 query the records must match, or None for all.
        start (int): The lowest id to read.
        kinds (frozenset[str] | None): The kinds of record to read, or None for every kind.

    Yields:
        RecordData: Each record, its text as bytes; None when its row is missing (damaged).
    """
    if expression is None:
        only = '' if kinds is None else ' AND ' + kind_sql('id', kinds)
        cursor = connection.execute(
            f'SELECT id, CAST(text AS BLOB), {_FACTS} FROM records WHERE id >= ?{only} ORDER BY id',
            (start,),
        )
        yield from _rows_of(cursor)
        return
    only = '' if kinds is None else ' AND ' + kind_sql('record_grams.rowid', kinds)
    halves = [
        _rows_of(
            connection.execute(
                f'SELECT record_grams.rowid, CAST(records.text AS BLOB), {_JOINED_FACTS} '
                f'FROM {schema}.record_grams '
                'LEFT JOIN records ON records.id = record_grams.rowid '
                f'WHERE record_grams MATCH ? AND record_grams.rowid >= ?{only} '
                'ORDER BY record_grams.rowid',
                (expression, start),
            )
        )
        for schema in ('main', ODD)
    ]
    try:  # Each half in id order, and no record in both: merged, in id order.
        yield from heapq.merge(*halves, key=_identifier)
    finally:
        for half in halves:
            half.close()


def _identifier(row: RecordData) -> int:
    """A record's id, to merge the two halves' candidates by."""
    return row[0]


def _rows_of(cursor: sqlite3.Cursor) -> Generator[RecordData, None, None]:
    """Yields a cursor's rows a few at a time, closing it when done or abandoned."""
    try:
        while True:
            rows = cursor.fetchmany(64)
            if not rows:
                return
            yield from rows
    finally:
        cursor.close()


def packed_day_words(connection: sqlite3.Connection) -> list[bytes | None]:
    """Every indexed day's vocabulary words (vocabulary.packed_words), unverified."""
    rows = connection.execute('SELECT words FROM days').fetchall()
    return [value if isinstance(value, bytes) else None for (value,) in rows]


__all__ = [
    'RecordData',
    'attach_vocabulary',
    'newest_texts',
    'packed_day_words',
    'record_rows',
    'vocabulary_terms',
]
