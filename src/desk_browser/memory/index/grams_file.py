"""The index's second file: the trigrams of the days with an odd ordinal, written beside the rest.

Odd days' trigrams live in `<index>.grams.sqlite3`, attached as `odd` (ODD), so two writers
work side by side. An odd day counts as indexed only when both files name the same digest.

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
    """Names the second file of an index: `<name without .sqlite3>.grams.sqlite3`, beside it."""
    return index_path.with_name(index_path.stem + '.grams.sqlite3')


def in_second_file(day: str) -> bool:
    """Whether a day's (YYYY-MM-DD or "") trigrams live in the second file: its ordinal is odd."""
    return day_ordinal(day) % 2 == 1


def grams_table(schema: str) -> tuple[str, ...]:
    """The statements that create a trigram table and its settings in a schema ('main' or ODD)."""
    return (
        f"CREATE VIRTUAL TABLE {schema}.record_grams USING fts5(lowered, content='', "
        "tokenize='trigram case_sensitive 1', detail=none)",
        *(
            f"INSERT INTO {schema}.record_grams (record_grams, rank) VALUES ('{name}', {value})"
            for name, value in _SETTINGS
        ),
    )


def second_schema() -> tuple[str, ...]:
    """The statements that create the second file's tables (attached as ODD)."""
    return (
        f'CREATE TABLE {ODD}.meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)',
        f'CREATE TABLE {ODD}.grams_days (day TEXT PRIMARY KEY, digest TEXT NOT NULL)',
        *grams_table(ODD),
    )


__all__ = ['ODD', 'grams_path', 'grams_table', 'in_second_file', 'second_schema']
