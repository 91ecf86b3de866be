"""Days read from the desk itself: not indexed yet, changed since, or being written.

`DirectReads` reads a day's records as the documented search does (journal_texts.day_records,
which gives what session_search.day_records gives), keeps the most recently read days in memory
keyed by their files' signature, and parses a journal being written only from where its last
read ended (tail.JournalTail).

Typical usage example:

    direct = DirectReads()
    records = direct.records(desk_day)
"""

from __future__ import annotations

import threading
import time
from pathlib import Path

from desk_browser.memory.index import journal_texts, tuning
from desk_browser.memory.index.days import DayCache, DeskDay, day_signature
from desk_browser.memory.index.tail import JournalTail
from desk_browser.memory.session_search import SearchRecord


class DirectReads:
    """Reads days from the desk, keeping recent ones in memory; safe to use from several threads."""

    def __init__(self, cache: DayCache[list[SearchRecord]] | None = None) -> None:
        """Starts with nothing read.

        Args:
            cache (DayCache[list[SearchRecord]] | None): Where to keep the days read (one a
                SessionSearch already keeps, say); None for a new one of
                tuning.DIRECT_CACHE_CHARACTERS.
        """
        if cache is None:
            cache = DayCache(tuning.DIRECT_CACHE_CHARACTERS)
        self._cache = cache
        self._tails: dict[Path, JournalTail] = {}
        self._tails_lock = threading.Lock()

    def records(self, desk_day: DeskDay) -> list[SearchRecord]:
        """Reads a day's records from the desk, or from memory when its files have not changed.

        Args:
            desk_day (DeskDay): The day.

        Returns:
            list[SearchRecord]: Its records, in ranking order (shared: not to be changed).
        """
        signature, racy = day_signature(desk_day, time.time_ns())
        if not racy:
            cached = self._cache.get(signature)
            if cached is not None:
                return cached
        journal = desk_day.journal
        if journal is not None and (racy or journal in self._tails):
            # A journal being written: parse only what was appended since the last read.
            with self._tails_lock:
                tail = self._tails.pop(journal, None) or JournalTail(journal, desk_day.day)
                self._tails[journal] = tail
                while len(self._tails) > tuning.MOST_TAILS:
                    del self._tails[next(iter(self._tails))]
                records = tail.records()
            if desk_day.summary is not None or desk_day.notes:
                rest = DeskDay(desk_day.day, None, desk_day.summary, desk_day.notes)
                records += self.records(rest)
        else:
            records = journal_texts.day_records(desk_day)
        if not racy:
            characters = sum(len(record.text) for record in records)
            self._cache.put(signature, records, characters)
        return records
