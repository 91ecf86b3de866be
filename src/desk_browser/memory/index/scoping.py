"""Search scopes inside the index-backed search: which days it walks and which records it keeps.

A scope's days are chosen before anything is read: the plan walks only the desk's days inside
the scope's range, so a day scope costs no more than the unscoped search. Kinds are told from
each record's id (keys.kind_of) before its text is loaded, and the index finds only the kinds'
records (their marks, expressions.of_kinds); `kind:order` keeps, of the actions, those whose
text starts with an order event's type, told once the text is loaded. A `backend:` or
`session:` scope needs what the journal records about each exchange (exchange_facts): the index
stores them with each exchange (and marks its indexed text with them, so the query finds few
others); for the days read from the desk they are read from the day's journal, only where the
search meets an exchange, and kept in memory keyed by the day's signature.

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
from desk_browser.memory.search_scope import SearchScope

_FACT_CHARACTERS = 48  # What one exchange's facts count for in the cache's budget.


class DayFacts:
    """Each day's exchange facts, read from its journal; recent days kept in memory."""

    def __init__(self) -> None:
        """Starts with nothing read."""
        self._cache: DayCache[list[ExchangeFacts]] = DayCache(tuning.DIRECT_CACHE_CHARACTERS)

    def of(self, desk_day: DeskDay) -> list[ExchangeFacts]:
        """The facts of a day's exchanges.

        Args:
            desk_day (DeskDay): The day.

        Returns:
            list[ExchangeFacts]: One per exchange, in the journal's order (shared: not to be
                changed); empty when the day has no journal.
        """
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
        """The kinds of record that may be inside.

        Returns:
            frozenset[str] | None: The kinds, or None when every kind may be.
        """
        kinds = frozenset(kind for kind in keys.KINDS if self._scope.holds_kind(kind))
        return None if len(kinds) == len(keys.KINDS) else kinds

    @property
    def sessions(self) -> frozenset[str]:
        """The sessions the scope holds exchanges of.

        Returns:
            frozenset[str]: The sessions, empty when any session (or none) may be.
        """
        return self._scope.sessions

    @property
    def backends(self) -> frozenset[str]:
        """The backends the scope holds exchanges of, lowered.

        Returns:
            frozenset[str]: The backends, empty when any backend (or none) may be.
        """
        return self._scope.backends

    def holds_stored(
        self, kind: str, session: str | bytes | None, backend: str | bytes | None
    ) -> bool:
        """Tells whether an indexed record is inside the scope (its day is, the caller made sure).

        Args:
            kind (str): The record's kind.
            session (str | bytes | None): Its exchange's session as the index stores it.
            backend (str | bytes | None): Its exchange's backend as the index stores it.

        Returns:
            bool: True when it is inside.
        """
        by_kind = self._by_kind(kind)
        if by_kind is not None:
            return by_kind
        return self._holds_exchange(
            None if session is None else texts.loaded_text(session),
            None if backend is None else texts.loaded_text(backend),
        )

    def holds_text(self, kind: str, text: str) -> bool:
        """Tells whether a record its kind and facts put inside is inside by its text too.

        Args:
            kind (str): The record's kind.
            text (str): Its text.

        Returns:
            bool: True when it is inside (always but for kind:order's actions of other types).
        """
        return self._scope.holds_text(kind, text)

    def _by_kind(self, kind: str) -> bool | None:
        """Tells whether a record's kind alone puts it inside the scope or outside.

        Args:
            kind (str): The record's kind.

        Returns:
            bool | None: False outside, True inside, None when its exchange's facts decide.
        """
        scope = self._scope
        if not scope.holds_kind(kind):
            return False
        if kind != 'exchange' or not scope.needs_exchange_facts:
            return True
        return None

    def _holds_exchange(self, session: str | None, backend: str | None) -> bool:
        """Tells whether an exchange with these facts is inside the scope's backends and sessions.

        Args:
            session (str | None): Its session, or None when unknown.
            backend (str | None): Its backend, or None when unknown.

        Returns:
            bool: True when it is inside.
        """
        return self._scope.holds_exchange([] if backend is None else [backend], session)

    def holds(self, day: str, kind: str, position: int) -> bool:
        """Tells whether a record read from the desk is inside the scope (its day is).

        Args:
            day (str): The record's day.
            kind (str): Its kind.
            position (int): Its place among the day's records of that kind, from 0.

        Returns:
            bool: True when it is inside.
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
        fact = facts[position]
        return self._holds_exchange(fact.session_id, fact.backend)


class Scoping:
    """The scope-dependent parts of an IndexedSearch: the days a scope walks, and its filter."""

    def __init__(self) -> None:
        """Starts with nothing chosen."""
        self._facts = DayFacts()
        self._lock = threading.Lock()
        self._chosen: tuple[list[DeskDay], object, list[DeskDay]] | None = None

    def days(self, days: list[DeskDay], scope: SearchScope) -> list[DeskDay]:
        """The days inside a scope's range, newest first.

        The same list is returned while the desk's listing and the range are the same, so the
        search's plan can be kept from one keystroke to the next.

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
        """The filter of a scope's records.

        Args:
            scope (SearchScope): The scope.
            days (list[DeskDay]): The days the search walks (Scoping.days).

        Returns:
            RecordFilter | None: The filter, or None when every record of those days is inside.
        """
        if not scope.kinds and not scope.needs_exchange_facts:
            return None
        return RecordFilter(scope, days, self._facts)


__all__ = ['DayFacts', 'RecordFilter', 'Scoping']
