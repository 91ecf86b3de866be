"""When and who: the journal's time, line, session and backend of a search hit.

`HitDetailsReader` finds them in the day's journal (the k-th hit with a text is the k-th such
record of its day), keeping the last few days; thread-safe.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from desk_browser.memory import desk_files
from desk_browser.memory.exchange_facts import day_exchange_facts
from desk_browser.memory.session_search import SearchHit
from desk_browser.presentation.formatting import india_moment

DAYS_KEPT = 16
"""How many days' details a reader keeps (a few screens of hits span fewer)."""

_DETAILED_KINDS = frozenset({'exchange', 'journal'})
"""The record kinds the journal has details for (the API's: an action is "journal")."""


@dataclass(frozen=True)
class HitDetails:
    """What the journal knows about one exchange or action, beyond its text.

    Attributes:
        line_number: The journal line of its event (an exchange's trigger), from 1.
        event_type: That event's type, such as "trigger_received" or "order_placed".
        time: When it happened, ISO 8601 in India time (``2026-10-21T09:15:26+05:30``), or None.
        session_id: The session an exchange happened in (None: unknown, or an action).
        backend: The backend that answered an exchange (None: unknown, or an action).
        answered: When an exchange's answer finished, ISO 8601 in India time (None: unknown).
    """

    line_number: int
    event_type: str
    time: str | None
    session_id: str | None = None
    backend: str | None = None
    answered: str | None = None


def india_iso_time(iso_time: str) -> str | None:
    """Writes an ISO 8601 time (UTC if no offset) in India time, to the second; None if not one."""
    moment = india_moment(iso_time)
    return None if moment is None else moment.isoformat(timespec='seconds')


def _event_details(event: desk_files.JournalEvent) -> HitDetails:
    """The details of an action (no session or backend)."""
    time = india_iso_time(event.time) if event.time else None
    return HitDetails(line_number=event.line_number, event_type=event.type, time=time)


def day_exchange_details(journal_day: desk_files.JournalDay) -> list[HitDetails]:
    """The details of every exchange of a journal day, in order (facts as the scopes see them)."""
    details = []
    for exchange, facts in zip(journal_day.exchanges, day_exchange_facts(journal_day), strict=True):
        trigger = _event_details(exchange.trigger)
        timed = [text.time for text in exchange.texts if text.time]
        answered = india_iso_time(timed[-1]) if timed else None
        details.append(
            HitDetails(
                line_number=trigger.line_number,
                event_type=trigger.event_type,
                time=trigger.time,
                session_id=facts.session_id,
                backend=facts.backend,
                answered=answered,
            )
        )
    return details


DayDetails = dict[tuple[str, str], list[HitDetails]]
"""One day's details by (record kind, record text), each list in the journal's order."""


def day_details(journal_day: desk_files.JournalDay) -> DayDetails:
    """The details of every exchange and searched action of a journal day, by their search text."""
    found: DayDetails = {}
    for exchange, details in zip(
        journal_day.exchanges, day_exchange_details(journal_day), strict=True
    ):
        found.setdefault(('exchange', exchange.text), []).append(details)
    for action in journal_day.actions:
        if not desk_files.is_own_search(action):
            key = ('journal', desk_files.action_text(action))
            found.setdefault(key, []).append(_event_details(action))
    return found


class HitDetailsReader:
    """Finds the details of exchange and action hits, reading each day's journal once."""

    def __init__(self, desk: Path, *, days_kept: int = DAYS_KEPT):
        """Creates the reader, keeping `days_kept` days' details; nothing is read until asked."""
        self._desk = desk
        self._days_kept = max(1, days_kept)
        self._journal_paths: dict[str, Path] | None = None
        self._days: OrderedDict[str, tuple[tuple[int, int], DayDetails]] = OrderedDict()
        self._lock = threading.Lock()

    def _journal_path(self, day: str) -> Path | None:
        """The journal file of a day, or None (a day not seen before lists the folder again)."""
        if self._journal_paths is None or day not in self._journal_paths:
            self._journal_paths = dict(desk_files.journal_files(self._desk))
        return self._journal_paths.get(day)

    def _day(self, day: str) -> DayDetails:
        """A day's details, kept while its journal is unchanged; empty when none is readable."""
        path = self._journal_path(day)
        if path is None:
            return {}
        try:
            status = path.stat()
        except OSError:
            return {}
        signature = (status.st_size, status.st_mtime_ns)
        kept = self._days.get(day)
        if kept is not None and kept[0] == signature:
            self._days.move_to_end(day)
            return kept[1]
        details = day_details(desk_files.read_journal_day(path, day))
        self._days[day] = (signature, details)
        self._days.move_to_end(day)
        while len(self._days) > self._days_kept:
            self._days.popitem(last=False)
        return details

    def details_at(
        self, hits: Sequence[SearchHit], indexes: Iterable[int]
    ) -> dict[int, HitDetails | None]:
        """Finds the details of the hits at some places of a result, reading only their days.

        Returns:
            For each place in range: its HitDetails, or None (a summary, note or lost event).
        """
        wanted = sorted({index for index in indexes if 0 <= index < len(hits)})
        found: dict[int, HitDetails | None] = {}
        if not wanted:
            return found
        wanted_set = set(wanted)
        seen: dict[tuple[str, str, str], int] = {}
        with self._lock:
            for index, hit in enumerate(hits[: wanted[-1] + 1]):
                record = hit.record
                if record.kind not in _DETAILED_KINDS:
                    if index in wanted_set:
                        found[index] = None
                    continue
                key = (record.day, record.kind, record.text)
                occurrence = seen.get(key, 0)
                seen[key] = occurrence + 1
                if index not in wanted_set:
                    continue
                same_text = self._day(record.day).get((record.kind, record.text), [])
                found[index] = same_text[occurrence] if occurrence < len(same_text) else None
        return found

    def details_of(self, hits: Sequence[SearchHit]) -> list[HitDetails | None]:
        """The details of every hit of one search result, in its order (see `details_at`)."""
        found = self.details_at(hits, range(len(hits)))
        return [found[index] for index in range(len(hits))]
