"""The person's last searches, kept in their state folder, never in the desk.

``search-history.json`` in the user state folder: the last 100 queries, oldest first. A
damaged file means no history; saving never raises. `HistoryCursor` walks it as a shell does.
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
import threading
from pathlib import Path

import platformdirs

_LOGGER = logging.getLogger(__name__)

HISTORY_FILE_NAME = 'search-history.json'
MOST_QUERIES = 100
"""How many queries the history keeps."""
_LONGEST_QUERY = 1000


def default_history_path() -> Path:
    """Where the history lives (it may not exist yet): search-history.json in the state folder."""
    return Path(platformdirs.user_state_dir('desk-browser', appauthor=False)) / HISTORY_FILE_NAME


def _folded(query: str) -> str:
    """A query with its white space folded to single spaces ("" for white space only)."""
    return ' '.join(query.split())[:_LONGEST_QUERY]


class SearchHistory:
    """The last queries; safe to use from several threads."""

    def __init__(self, path: Path | None = None, *, most: int = MOST_QUERIES):
        """Creates a history of `most` queries, read when first needed (`path` None: default)."""
        self._path = path
        self._most = most
        self._queries: list[str] | None = None
        self._lock = threading.Lock()

    @property
    def path(self) -> Path:
        """The history's file."""
        if self._path is None:
            self._path = default_history_path()
        return self._path

    def _load(self) -> list[str]:
        """Reads the file once: the queries, oldest first (the history's own list)."""
        if self._queries is not None:
            return self._queries
        queries: list[str] = []
        try:
            data = json.loads(self.path.read_text(encoding='utf-8'))
        except (OSError, ValueError, RecursionError) as error:
            if not isinstance(error, FileNotFoundError):
                _LOGGER.warning('Search history %s not read: %s', self.path, error)
            data = []
        if isinstance(data, list):
            for item in data:
                if isinstance(item, str) and _folded(item):
                    queries.append(_folded(item))
        self._queries = list(dict.fromkeys(reversed(queries)))[: self._most][::-1]
        return self._queries

    def queries(self) -> list[str]:
        """The queries, newest first (at most MOST_QUERIES)."""
        with self._lock:
            return list(reversed(self._load()))

    def add(self, query: str) -> None:
        """Puts a query at the newest place and saves the history (blank adds nothing)."""
        folded = _folded(query)
        if not folded:
            return
        with self._lock:
            queries = self._load()
            if queries and queries[-1] == folded:
                return
            if folded in queries:
                queries.remove(folded)
            queries.append(folded)
            del queries[: max(0, len(queries) - self._most)]
            snapshot = list(queries)
        self._save(snapshot)

    def _save(self, queries: list[str]) -> None:
        """Writes the file whole (a new file moved over the old one), never raising."""
        path = self.path
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(prefix='.search-history-', dir=path.parent)
            try:
                with os.fdopen(handle, 'w', encoding='utf-8') as file:
                    json.dump(queries, file, ensure_ascii=False)
                os.replace(temporary, path)
            except BaseException:
                Path(temporary).unlink(missing_ok=True)
                raise
        except OSError as error:
            _LOGGER.warning('Search history %s not saved: %s', path, error)


class HistoryCursor:
    """Walks a history from the newest query back (`older`) and forth (`newer`)."""

    def __init__(self, queries: list[str]):
        """Starts before the newest of the queries (given newest first)."""
        self._queries = queries
        self._place = -1

    def older(self) -> str | None:
        """The next older query, or None when there is none (the cursor stays)."""
        if self._place + 1 >= len(self._queries):
            return None
        self._place += 1
        return self._queries[self._place]

    def newer(self) -> str | None:
        """The next newer query, "" past the newest (an empty box), or None when already there."""
        if self._place < 0:
            return None
        self._place -= 1
        return self._queries[self._place] if self._place >= 0 else ''


__all__ = [
    'HISTORY_FILE_NAME',
    'MOST_QUERIES',
    'HistoryCursor',
    'SearchHistory',
    'default_history_path',
]
