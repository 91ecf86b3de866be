"""The connections to the index that searches share, and when the index is unavailable.

A search takes a `Reader` and gives it back. When the index cannot be opened, the pool says so
(`problem`) and opens nothing for a few seconds; searches read the desk meanwhile.

Typical usage example:

    pool = ReaderPool(lambda: index_path, desk_directory)
    reader = pool.take()
    if reader is not None:
        ...
        pool.give_back(reader)
"""

from __future__ import annotations

import contextlib
import logging
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path

from desk_browser.memory.index import queries, store, tuning

_LOGGER = logging.getLogger(__name__)


class Reader:
    """A connection to the index used for searching, with what it last read of the index."""

    def __init__(self, connection: sqlite3.Connection):
        """Wraps an open index connection (used by one thread at a time, through the pool)."""
        self.connection = connection
        self.closed = False
        self._version: tuple[int, int] | None = None
        self._indexed: tuple[dict[str, str], int] = ({}, 0)
        self._sample_version: tuple[int, int] | None = None
        self._sample: list[str] = []
        queries.attach_vocabulary(connection)

    def close(self) -> None:
        """Closes the connection."""
        self.closed = True
        with contextlib.suppress(sqlite3.Error):
            self.connection.close()

    def indexed(self) -> tuple[dict[str, str], int]:
        """Each indexed day's signature and the record count, read again after another write."""
        version = store.data_version(self.connection)
        if self._version != version:
            days = store.indexed_days(self.connection)
            signatures = {day: signature for day, (signature, _) in days.items()}
            total = sum(records for _, records in days.values())
            self._indexed = (signatures, total)
            self._version = version
        return self._indexed

    def sample(self) -> list[str]:
        """The lowered texts of the newest records (tuning.SAMPLE_RECORDS), read again on change."""
        if self._sample_version != self._version or self._version is None:
            texts = queries.newest_texts(self.connection, tuning.SAMPLE_RECORDS)
            self._sample = [text.lower() for text in texts]
            self._sample_version = self._version
        return self._sample


class ReaderPool:
    """A few idle readers, opened on demand; safe to use from several threads."""

    def __init__(self, index_path: Callable[[], Path], desk_directory: Path):
        """Creates the pool; nothing is opened yet.

        Args:
            index_path (Callable[[], Path]): Gives the index file (named on first use).
            desk_directory (Path): The desk folder the index belongs to.
        """
        self._index_path = index_path
        self._desk_directory = desk_directory
        self._lock = threading.Lock()
        self._idle: list[Reader] = []
        self._most_idle = tuning.POOL_SIZE
        self._problem = ''
        self._retry_at = 0.0
        self._damaged = False

    @property
    def problem(self) -> str:
        """Why the index could not be used last, or ""."""
        with self._lock:
            return self._problem

    @property
    def idle_count(self) -> int:
        """How many readers wait in the pool."""
        with self._lock:
            return len(self._idle)

    def keep_idle(self, most: int) -> None:
        """Keeps at most `most` idle readers from now on, closing the rest now."""
        with self._lock:
            self._most_idle = most
            extra, self._idle = self._idle[most:], self._idle[:most]
        for reader in extra:
            reader.close()

    def take(self) -> Reader | None:
        """Takes a reader, opening (or creating) the index if none is idle; None if unavailable."""
        with self._lock:
            if self._idle:
                return self._idle.pop()
            if time.monotonic() < self._retry_at:
                return None
        try:
            connection = store.open_index(
                self._index_path(), self._desk_directory, busy_seconds=tuning.READER_BUSY_SECONDS
            )
        except (store.IndexUnavailable, sqlite3.Error) as error:
            self.unavailable(str(error))
            return None
        try:
            reader = Reader(connection)
        except sqlite3.Error as error:
            connection.close()
            self.unavailable(f'{error.__class__.__name__}: {error}')
            return None
        with self._lock:
            self._problem = ''
        return reader

    def give_back(self, reader: Reader) -> None:
        """Returns a reader to the pool, or closes it when the pool is full."""
        with self._lock:
            if len(self._idle) < self._most_idle:
                self._idle.append(reader)
                return
        reader.close()

    def failed(self, reader: Reader, error: sqlite3.Error) -> None:
        """Closes a reader that met an error, marking a damaged index for the next build."""
        reader.close()
        self.unavailable(f'{error.__class__.__name__}: {error}')
        if not isinstance(error, sqlite3.OperationalError):
            with self._lock:
                self._damaged = True  # The next build starts a new index.

    def unavailable(self, problem: str) -> None:
        """Notes why the index cannot be used for a while, closing the idle readers."""
        _LOGGER.warning('Search index unavailable, reading the desk directly: %s', problem)
        with self._lock:
            self._problem = problem
            self._retry_at = time.monotonic() + tuning.RETRY_SECONDS
        self.close()

    def opened_again(self) -> None:
        """Lets searches open the index again at once (a build has just opened it)."""
        with self._lock:
            self._retry_at = 0.0

    def note_problem(self, problem: str) -> None:
        """Records why a build could not use the index, without closing anything."""
        with self._lock:
            self._problem = problem

    def take_damaged(self) -> bool:
        """Whether a search found the index damaged since the last call (True once)."""
        with self._lock:
            damaged, self._damaged = self._damaged, False
            return damaged

    def close(self, *, empty_logs: bool = False) -> None:
        """Closes the idle readers; the pool can still be used (and opens new ones).

        Args:
            empty_logs (bool): Whether to empty the index's WALs first (never waiting).
        """
        with self._lock:
            idle, self._idle = self._idle, []
        if empty_logs and idle:
            with contextlib.suppress(sqlite3.Error):
                store.empty_log(idle[0].connection)
        for reader in idle:
            reader.close()
