"""The index's second file: the trigrams of the days with an odd ordinal, written beside the rest.

A build's writer spends most of its time in FTS5 (tokenising and merging the trigram table), and
a single SQLite file has a single writer. So the trigram table is split in two halves by day:
the days whose ordinal (keys.day_ordinal) is even keep their trigrams in the index file, with
the records and the days; the odd days' trigrams live in a second file beside it,
`<index>.grams.sqlite3`, which the build writes from a thread of its own, side by side with the
first (SQLite lets the interpreter go while it works). Every connection to the index attaches
the second file as the schema `odd` (ODD).

The second file also holds `grams_days`: each of its days with the digest (rows.digest_of) of
the records its trigrams were made from. A batch's trigrams are committed there before the
batch's records and days are committed in the index file, and a search counts an odd day as
indexed only when both files name the same digest for it (store.indexed_days): whatever a
crash, a cancel or a snapshot taken between the two commits leaves, a search never reads an
odd day whose trigrams are not those of its records; that day is read from the desk.

Typical usage example:

    for statement in grams_schema(ODD):
        connection.execute(statement)
"""

from __future__ import annotations

from pathlib import Path

from desk_browser.memory.index.keys import day_ordinal

ODD = 'odd'
"""The schema name under which every connection to the index attaches the second file."""

_SETTINGS = (('hashsize', 16 * 1024 * 1024), ('automerge', 0), ('crisismerge', 200))
"""The trigram tables' settings (store._SCHEMA tells why)."""


def grams_path(index_path: Path) -> Path:
    """Names the second file of an index.

    Args:
        index_path (Path): The index file (store.index_file).

    Returns:
        Path: `<index's name without .sqlite3>.grams.sqlite3`, beside it.
    """
    return index_path.with_name(index_path.stem + '.grams.sqlite3')


def in_second_file(day: str) -> bool:
    """Tells whether a day's trigrams live in the second file.

    Args:
        day (str): The day (YYYY-MM-DD, or "" for notes without a day).

    Returns:
        bool: True for a day whose ordinal is odd.
    """
    return day_ordinal(day) % 2 == 1


def grams_table(schema: str) -> tuple[str, ...]:
    """The statements that create a trigram table and its settings in a schema.

    Args:
        schema (str): 'main' or ODD.

    Returns:
        tuple[str, ...]: The statements.
    """
    return (
        f"CREATE VIRTUAL TABLE {schema}.record_grams USING fts5(lowered, content='', "
        "tokenize='trigram case_sensitive 1', detail=none)",
        *(
            f"INSERT INTO {schema}.record_grams (record_grams, rank) VALUES ('{name}', {value})"
            for name, value in _SETTINGS
        ),
    )


def second_schema() -> tuple[str, ...]:
    """The statements that create the second file's tables (attached as ODD).

    Returns:
        tuple[str, ...]: The statements.
    """
    return (
        f'CREATE TABLE {ODD}.meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)',
        f'CREATE TABLE {ODD}.grams_days (day TEXT PRIMARY KEY, digest TEXT NOT NULL)',
        *grams_table(ODD),
    )


__all__ = ['ODD', 'grams_path', 'grams_table', 'in_second_file', 'second_schema']
