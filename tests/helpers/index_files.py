"""Opening a built index's files as the app does, to look inside or change them in a test; counting
what is checked in them."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from desk_browser.memory.index import store
from desk_browser.memory.index.grams_file import ODD, grams_path


def connect_index(index_path: Path) -> sqlite3.Connection:
    """Opens an index file with its second file attached (as every connection of the app has).

    Args:
        index_path (Path): The index file.

    Returns:
        sqlite3.Connection: The connection.
    """
    connection = sqlite3.connect(index_path)
    connection.execute(f'ATTACH DATABASE ? AS {ODD}', (str(grams_path(index_path)),))
    return connection


def digest_checks(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Counts the days whose records are read back from an index and checked against their digest.

    Args:
        monkeypatch (pytest.MonkeyPatch): The test's monkeypatch, which puts the check back.

    Returns:
        list[str]: The days checked, in order; it grows as days are checked.
    """
    checked: list[str] = []
    original = store.day_is_intact

    def counting(connection: sqlite3.Connection, day: str) -> bool:
        checked.append(day)
        return original(connection, day)

    monkeypatch.setattr(store, 'day_is_intact', counting)
    return checked
