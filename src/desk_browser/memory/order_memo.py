"""Each journal day's order facts, remembered in the cache folder, a FileMemo per year of days.

`<cache>/orders/<year>/<hash of the desk's path>.json`; a save writes only changed years.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from desk_browser.memory.cache_folders import default_cache_directory, desk_cache_file
from desk_browser.memory.file_memo import FileMemo, Reading
from desk_browser.memory.problems import Problem

ORDERS_FOLDER = 'orders'
"""The cache's folder of order memos."""


class OrderMemo:
    """Remembers each journal day's order facts, one memo file per year of days; thread-safe."""

    def __init__(self, desk_directory: Path, cache_directory: Path | None) -> None:
        """Opens a desk's order memos, reading nothing yet (`cache_directory` None: in memory)."""
        self._desk = desk_directory
        self._cache = cache_directory
        self._memos: dict[str, FileMemo] = {}
        self._lock = threading.Lock()

    @classmethod
    def for_desk(cls, desk_directory: Path, cache_directory: Path | None = None) -> OrderMemo:
        """Opens the order memos kept for a desk in a cache folder (None: the user's)."""
        return cls(desk_directory, cache_directory or default_cache_directory())

    @property
    def recalled(self) -> int:
        """How many readings were recalled instead of read (for tests and benchmarks)."""
        with self._lock:
            return sum(memo.recalled for memo in self._memos.values())

    def read(self, path: Path, purpose: str, reading: Reading) -> tuple[list[Problem], Any]:
        """Reads a journal day's file, or recalls what reading it found (see FileMemo.read)."""
        return self._memo_of(path.name[:4]).read(path, purpose, reading)

    def save(self) -> None:
        """Writes what was learnt to the memo files (a failure only leaves it in memory)."""
        with self._lock:
            memos = list(self._memos.values())
        for memo in memos:
            memo.save()

    def _memo_of(self, year: str) -> FileMemo:
        """The memo of one year of days, opened on first use."""
        with self._lock:
            memo = self._memos.get(year)
            if memo is None:
                path = None
                if self._cache is not None and year.isdigit():
                    path = desk_cache_file(self._cache, f'{ORDERS_FOLDER}/{year}', self._desk)
                memo = FileMemo(self._desk, path)
                self._memos[year] = memo
            return memo
