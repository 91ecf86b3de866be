"""The documented search, answered from the browser's index when a current one exists.

`ReadOnlyIndex` opens the app's index immutable (nothing created, written or locked) and gives
exactly the documented answers, or None when no current index is usable.

Typical usage example:

    index = ReadOnlyIndex(Path('workspace/desks/main'), DirectReads())
    result = index.search(['nifty', 'gap'], 50)  # None: read the desk instead.
"""

from __future__ import annotations

import contextlib
import logging
import sqlite3
import threading
import time
from pathlib import Path

from desk_browser.memory.file_status import FileSignature, settled_file_signature
from desk_browser.memory.index import scrub_stamp, store
from desk_browser.memory.index.days import DeskListing
from desk_browser.memory.index.direct import DirectReads
from desk_browser.memory.index.grams_file import grams_path
from desk_browser.memory.index.plan import DayChecks, Plan
from desk_browser.memory.index.pool import Reader
from desk_browser.memory.index.scrub import Verified
from desk_browser.memory.index.searcher import Searcher
from desk_browser.memory.session_search import SearchResult

_LOGGER = logging.getLogger(__name__)

FilesKey = tuple[FileSignature, FileSignature]
"""The status of both of an index's files (grams_file)."""


def files_key(path: Path) -> FilesKey | None:
    """Both index files' signatures, or None when either is missing, irregular or racy."""
    now = time.time_ns()
    first = settled_file_signature(path, now)
    second = settled_file_signature(grams_path(path), now)
    return None if first is None or second is None else (first, second)


class ReadOnlyIndex:
    """One desk's index in the user's cache folder, read-only; safe to use from several threads."""

    def __init__(self, desk_directory: Path, direct: DirectReads):
        """Creates the reader; nothing is opened until a search.

        Args:
            desk_directory (Path): The desk folder.
            direct (DirectReads): Reads the days the index cannot give.
        """
        self._desk_directory = desk_directory
        self._direct = direct
        self._listing = DeskListing(desk_directory)
        self._checks = DayChecks(recheck_seconds=0)  # Every search sees every change.
        self._lock = threading.Lock()
        self._path: Path | None = None
        self._key: FilesKey | None = None
        self._reader: Reader | None = None
        self._verified = Verified()
        self._vouched_since: int | None = None
        """When the days of a scrub stamp that vouches for the file opened were last read, until
        its days are taken on its word (at the first search), else None."""

    def _close(self) -> None:
        """Closes the open index, if any."""
        if self._reader is not None:
            self._reader.close()
        self._reader = None
        self._key = None

    def _open(self, key: FilesKey) -> Reader | None:
        """The index as the files are now (reopened only when one changed), or None if unusable."""
        if self._key == key:
            return self._reader
        self._close()
        assert self._path is not None
        self._key = key
        self._verified = Verified()  # Other bytes: found again.
        # A file as its last build's scrub left it: its days need not be read again to be
        # trusted, as for the next build (scrub_stamp).
        self._vouched_since = scrub_stamp.vouched_for_file(self._path, key[0], time.time_ns())
        try:
            connection = store.open_read_only(self._path, self._desk_directory)
            if connection is not None:
                self._reader = Reader(connection)
        except sqlite3.Error as error:
            _LOGGER.info('Not using the search index %s: %s', self._path, error)
        return self._reader

    def search(self, words: list[str], limit: int) -> SearchResult | None:
        """Finds the best hits from the index, as SessionSearch.search would.

        Args:
            words (list[str]): The keywords (words_of), at least one.
            limit (int): The most hits, at least 1.

        Returns:
            SearchResult | None: The hits, or None when there is no current index to use.
        """
        with self._lock:
            if self._path is None:
                self._path = store.index_file(store.default_cache_directory(), self._desk_directory)
            key = files_key(self._path)
            if key is None:
                self._close()
                return None
            reader = self._open(key)
            if reader is None:
                return None
            days = self._listing.days(time.time_ns())
            try:
                with store.read_transaction(reader.connection):
                    indexed, records = reader.indexed()
                    if self._vouched_since is not None:
                        self._verified.take_on_word(indexed, self._vouched_since)
                        self._vouched_since = None
                    plan = Plan(self._checks, self._verified, days, indexed, usable=True)
                    searcher = Searcher(
                        words, plan, reader, self._direct, None, indexed_records=records
                    )
                    result = searcher.run(limit)
            except sqlite3.Error as error:
                _LOGGER.info('Not using the search index %s: %s', self._path, error)
                with contextlib.suppress(sqlite3.Error):
                    reader.close()
                self._reader = None  # Kept key: not opened again until the file changes.
                return None
            if files_key(self._path) != key:  # Changed while it was read: not to be trusted.
                self._close()
                return None
            return result
