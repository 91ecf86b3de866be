"""Days read from the desk itself: not indexed yet, changed since, or being written.

`DirectReads` reads a day's records as the documented search does, keeps the newest days read
by their files' signature, and parses a growing journal only from where it last ended.

Typical usage example:

    direct = DirectReads()
    records = direct.records(desk_day)
"""

from __future__ import annotations

import bisect
import threading
import time
from pathlib import Path

from desk_browser.memory.index import journal_texts, tuning
from desk_browser.memory.index.days import DayCache, DeskDay, day_signature
from desk_browser.memory.index.tail import JournalTail
from desk_browser.memory.session_search import SearchRecord


class NewestDays:
    """Keeps the newest days' records in memory, up to a budget of characters; thread-safe."""

    def __init__(self, max_characters: int) -> None:
        """Creates an empty store keeping roughly `max_characters` of text."""
        self._max_characters = max_characters
        self._entries: dict[str, tuple[str, list[SearchRecord], int]] = {}
        self._order: list[tuple[str, str]] = []  # (day, signature), oldest first.
        self._signature_of: dict[str, str] = {}  # Each kept day's signature.
        self._characters = 0
        self._lock = threading.Lock()

    @property
    def characters(self) -> int:
        """How much text is kept, in characters."""
        return self._characters

    @property
    def days(self) -> list[str]:
        """The days kept, oldest first."""
        with self._lock:
            return [day for day, _ in self._order]

    def get(self, signature: str) -> list[SearchRecord] | None:
        """A day's records by its signature (days.day_signature), or None when not kept."""
        entry = self._entries.get(signature)
        return None if entry is None else entry[1]

    def put(self, day: str, signature: str, records: list[SearchRecord], characters: int) -> None:
        """Keeps a day's records in place of its older ones, dropping the oldest past the budget.

        Args:
            day (str): The day, YYYY-MM-DD ("" sorts oldest).
            signature (str): Its files' signature.
            records (list[SearchRecord]): Its records.
            characters (int): How much text they hold.
        """
        with self._lock:
            if signature in self._entries:
                return
            old = self._signature_of.get(day)
            if old is not None:
                self._drop(old)
            if characters > self._max_characters:
                return
            if (
                self._characters + characters > self._max_characters
                and self._order
                and day < self._order[0][0]
            ):
                return  # Older than every day kept, and no room: kept days would be dropped.
            self._entries[signature] = (day, records, characters)
            self._signature_of[day] = signature
            bisect.insort(self._order, (day, signature))
            self._characters += characters
            while self._characters > self._max_characters:
                self._drop(self._order[0][1])

    def discard(self, signature: str) -> None:
        """Forgets a day's records by signature, if they are kept."""
        if signature not in self._entries:  # The common case: no lock.
            return
        with self._lock:
            self._drop(signature)

    def clear(self) -> None:
        """Forgets every day, one at a time, so other threads get turns between two days."""
        while True:
            with self._lock:
                if not self._order:
                    return
                entry = self._drop(self._order[-1][1])
            del entry  # Its records are freed here, outside the lock.

    def _drop(self, signature: str) -> tuple[str, list[SearchRecord], int] | None:
        """Forgets a kept day (the lock held): its (day, records, characters), or None."""
        entry = self._entries.pop(signature, None)
        if entry is None:
            return None
        day, _, characters = entry
        del self._order[bisect.bisect_left(self._order, (day, signature))]
        if self._signature_of.get(day) == signature:
            del self._signature_of[day]
        self._characters -= characters
        return entry


class DirectReads:
    """Reads days from the desk, keeping some in memory; safe to use from several threads."""

    def __init__(self, cache: DayCache[list[SearchRecord]] | None = None) -> None:
        """Starts with nothing read.

        Args:
            cache (DayCache[list[SearchRecord]] | None): Where to keep days read; None for its own.
        """
        self._shared = cache
        self._newest = NewestDays(tuning.DIRECT_CACHE_CHARACTERS) if cache is None else None
        self._tails: dict[Path, JournalTail] = {}
        self._tails_lock = threading.Lock()

    @property
    def kept(self) -> NewestDays | None:
        """The days kept in memory, when this object keeps its own (None with a shared cache)."""
        return self._newest

    def forget(self, signature: str) -> None:
        """Forgets a day kept in memory (its own store only): the index holds it now."""
        if self._newest is not None:
            self._newest.discard(signature)

    def forget_all(self) -> None:
        """Forgets every day kept in memory (its own store only): every day is indexed."""
        if self._newest is not None:
            self._newest.clear()

    def _kept(self, signature: str) -> list[SearchRecord] | None:
        """The records kept of a day, or None."""
        if self._newest is not None:
            return self._newest.get(signature)
        assert self._shared is not None
        return self._shared.get(signature)

    def _keep(self, desk_day: DeskDay, signature: str, records: list[SearchRecord]) -> None:
        """Keeps a day's records in memory (or not, by the store's rule)."""
        characters = sum(len(record.text) for record in records)
        if self._newest is not None:
            self._newest.put(desk_day.day, signature, records, characters)
        else:
            assert self._shared is not None
            self._shared.put(signature, records, characters)

    def records(self, desk_day: DeskDay) -> list[SearchRecord]:
        """Reads a day's records from the desk, or from memory when its files have not changed.

        Args:
            desk_day (DeskDay): The day.

        Returns:
            list[SearchRecord]: Its records, in ranking order (shared: not to be changed).
        """
        signature, racy = day_signature(desk_day, time.time_ns())
        if not racy:
            cached = self._kept(signature)
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
            self._keep(desk_day, signature, records)
        return records
