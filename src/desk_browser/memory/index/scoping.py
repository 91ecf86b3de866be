"""Search scopes inside the index-backed search: which days it walks and which records it keeps.

Kinds are told from record ids; `backend:` and `session:` need each exchange's facts, stored
in the index or read from the journal for days read from the desk.

Typical usage example:

    scoping = Scoping()
    days = scoping.days(listing.days(now), scope)
    keep = scoping.record_filter(scope, days)  # None when every record of those days is kept.
"""

from __future__ import annotations

import threading
import time

from desk_browser.memory import desk_files
from desk_browser.memory.exchange_facts import ExchangeFacts, day_exchange_facts
from desk_browser.memory.index import keys, texts, tuning
from desk_browser.memory.index.days import DayCache, DeskDay, day_signature
from desk_browser.memory.index.queries import RecordData
from desk_browser.memory.search_scope import FactLimits, SearchScope

_FACT_CHARACTERS = 48  # What one exchange's facts count for in the cache's budget.


class DayFacts:
    """Each day's exchange facts, read from its journal; recent days kept in memory."""

    def __init__(self) -> None:
        """Starts with nothing read."""
        self._cache: DayCache[list[ExchangeFacts]] = DayCache(tuning.DIRECT_CACHE_CHARACTERS)

    def of(self, desk_day: DeskDay) -> list[ExchangeFacts]:
        """The facts of a day's exchanges, in journal order (shared: do not change); [] if none."""
        if desk_day.journal is None:
            return []
        signature, racy = day_signature(desk_day, time.time_ns())
        if not racy:
            cached = self._cache.get(signature)
            if cached is not None:
                return cached
        facts = day_exchange_facts(desk_files.read_journal_day(desk_day.journal, desk_day.day))
        if not racy:
            self._cache.put(signature, facts, _FACT_CHARACTERS * len(facts) + 1)
        return facts


class RecordFilter:
    """Tells which records of a scope's days are inside the scope."""

    def __init__(self, scope: SearchScope, days: list[DeskDay], facts: DayFacts):
        """Prepares the filter.

        Args:
            scope (SearchScope): The scope.
            days (list[DeskDay]): The days the search walks (their journals hold the facts).
            facts (DayFacts): Reads and keeps the days' facts.
        """
        self._scope = scope
        self._days = days
        self._facts = facts
        self._by_day: dict[str, DeskDay] | None = None
        self._day_facts: dict[str, list[ExchangeFacts]] = {}
        self._lock = threading.Lock()

    @property
    def kinds(self) -> frozenset[str] | None:
        """The kinds of record that may be inside, or None when every kind may be."""
        kinds = frozenset(kind for kind in keys.KINDS if self._scope.holds_kind(kind))
        return None if len(kinds) == len(keys.KINDS) else kinds

    @property
    def fact_limits(self) -> FactLimits:
        """The scope's fact limits (SearchScope.fact_limits)."""
        return self._scope.fact_limits

    def holds_stored(self, kind: str, row: RecordData) -> bool:
        """Whether an indexed record (its row, facts as stored) is inside; its day is."""
        by_kind = self._by_kind(kind)
        if by_kind is not None:
            return by_kind
        loaded = texts.loaded_text
        facts = [None if fact is None else loaded(fact) for fact in row[2:]]
        return self._scope.holds_facts(ExchangeFacts(*facts))

    def holds_text(self, kind: str, text: str) -> bool:
        """Whether a record its kind and facts put inside is inside by its text too (kind:order)."""
        return self._scope.holds_text(kind, text)

    def _by_kind(self, kind: str) -> bool | None:
        """Whether a record's kind alone puts it inside (True), outside (False), or not (None)."""
        scope = self._scope
        if not scope.holds_kind(kind):
            return False
        if kind != 'exchange' or not scope.needs_exchange_facts:
            return True
        return None

    def holds(self, day: str, kind: str, position: int) -> bool:
        """Tells whether a record read from the desk is inside the scope (its day is).

        Args:
            day (str): The record's day.
            kind (str): Its kind.
            position (int): Its place among the day's records of that kind, from 0.

        Returns:
            bool: Whether it is inside.
        """
        by_kind = self._by_kind(kind)
        if by_kind is not None:
            return by_kind
        facts = self._day_facts.get(day)
        if facts is None:
            with self._lock:
                if self._by_day is None:
                    self._by_day = {desk_day.day: desk_day for desk_day in self._days}
                desk_day = self._by_day.get(day)
            if desk_day is None:
                return False
            facts = self._facts.of(desk_day)  # Looks at the day's files once per search.
            self._day_facts[day] = facts
        if position >= len(facts):
            return False  # The journal changed since the record was read: not known.
        return self._scope.holds_facts(facts[position])


class Scoping:
    """The scope-dependent parts of an IndexedSearch: the days a scope walks, and its filter."""

    def __init__(self) -> None:
        """Starts with nothing chosen."""
        self._facts = DayFacts()
        self._lock = threading.Lock()
        self._chosen: tuple[list[DeskDay], object, list[DeskDay]] | None = None

    def days(self, days: list[DeskDay], scope: SearchScope) -> list[DeskDay]:
        """The days inside a scope's range, newest first; the same list while nothing changed.

        Args:
            days (list[DeskDay]): The desk's days, newest first (DeskListing's shared list).
            scope (SearchScope): The scope.

        Returns:
            list[DeskDay]: The days inside (the given list itself when the range is open).
        """
        if not scope.limits_days:
            return days
        key = (scope.first_day, scope.last_day)
        with self._lock:
            chosen = self._chosen
            if chosen is not None and chosen[0] is days and chosen[1] == key:
                return chosen[2]
        inside = [desk_day for desk_day in days if scope.holds_day(desk_day.day)]
        with self._lock:
            self._chosen = (days, key, inside)
        return inside

    def record_filter(self, scope: SearchScope, days: list[DeskDay]) -> RecordFilter | None:
        """The filter of a scope's records on the days walked; None when every record is in."""
        if not scope.kinds and not scope.needs_exchange_facts:
            return None
        return RecordFilter(scope, days, self._facts)


__all__ = ['DayFacts', 'RecordFilter', 'Scoping']
