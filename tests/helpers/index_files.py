"""Opening a built index's files as the app does, to look inside or change them in a test."""

from __future__ import annotations

import sqlite3
from pathlib import Path

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
