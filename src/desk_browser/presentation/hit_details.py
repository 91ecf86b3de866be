"""When and who: the journal's time, line, session and backend of a search hit's exchange or action.

A search hit holds only its record's day, kind and text (the core's documented SearchHit). For
an exchange or an action, the day's journal knows more: the line it is on, when it happened
(an exchange: when its trigger was received), its event type, and for an exchange the session
it happened in (the last `session_started` before its trigger, unless a `session_ended` came
between) and the backend that answered. `HitDetailsReader` finds them, so a hit can lead to
`desk-browser show DESK SESSION_ID`, the app's hit rows can say when and who, and the day view
can open at the hit's event.

A hit is matched to the journal's exchanges (or actions) of its day by its text; when a day
holds several with the same text, the search returns them in the journal's order, so the k-th
hit with that text is the k-th such exchange (or action).

The reader keeps the details of the last few days read, each until its journal file changes,
and may be asked from several threads at once (the search's worker and the hits list's).

Typical usage example:

    reader = HitDetailsReader(desk)
    details = reader.details_of(result.hits)  # One HitDetails or None per hit.
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
        line_number (int): The journal line of its event (an exchange's trigger), from 1.
        event_type (str): That event's type, such as "trigger_received" or "order_placed".
        time (str | None): When it happened (an exchange: when its trigger was received), as ISO
            8601 in India time (``2026-10-21T09:15:26+05:30``), or None when the event has no
            readable time.
        session_id (str | None): The session an exchange happened in, or None when the day's
            journal does not say (and for an action).
        backend (str | None): The backend that answered an exchange (the first answer piece that
            names one), or None (and for an action).
    """

    line_number: int
    event_type: str
    time: str | None
    session_id: str | None = None
    backend: str | None = None


def india_iso_time(iso_time: str) -> str | None:
    """Writes an ISO 8601 time in India time, to the second.

    Args:
        iso_time (str): The time as the journal holds it, normally UTC with an offset; a time
            without an offset is taken as UTC.

    Returns:
        str | None: The same moment with India's offset, or None when the text is not a time.
    """
    moment = india_moment(iso_time)
    return None if moment is None else moment.isoformat(timespec='seconds')


def _event_details(event: desk_files.JournalEvent) -> HitDetails:
    """The details of an action (no session or backend)."""
    time = india_iso_time(event.time) if event.time else None
    return HitDetails(line_number=event.line_number, event_type=event.type, time=time)


def day_exchange_details(journal_day: desk_files.JournalDay) -> list[HitDetails]:
    """Finds the details of every exchange of one journal day.

    The session and backend are the core's (exchange_facts), which the search's `session:` and
    `backend:` scopes use too, so a hit always shows what its scope chose it by.

    Args:
        journal_day (desk_files.JournalDay): The day, as desk_files.read_journal_day reads it.

    Returns:
        list[HitDetails]: One HitDetails per exchange, in the order of journal_day.exchanges.
    """
    details = []
    for exchange, facts in zip(journal_day.exchanges, day_exchange_facts(journal_day), strict=True):
        trigger = _event_details(exchange.trigger)
        details.append(
            HitDetails(
                line_number=trigger.line_number,
                event_type=trigger.event_type,
                time=trigger.time,
                session_id=facts.session_id,
                backend=facts.backend,
            )
        )
    return details


DayDetails = dict[tuple[str, str], list[HitDetails]]
"""One day's details by (record kind, record text), each list in the journal's order."""


def day_details(journal_day: desk_files.JournalDay) -> DayDetails:
    """Finds the details of every exchange and searched action of one journal day.

    Args:
        journal_day (desk_files.JournalDay): The day, as desk_files.read_journal_day reads it.

    Returns:
        DayDetails: By the text the search gives each record (the desk's own searches, which
            the search leaves out, are left out here too).
    """
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
        """Creates the reader; nothing is read until details are asked.

        Args:
            desk (Path): The desk folder.
            days_kept (int): How many days' details to keep.
        """
        self._desk = desk
        self._days_kept = max(1, days_kept)
        self._journal_paths: dict[str, Path] | None = None
        self._days: OrderedDict[str, tuple[tuple[int, int], DayDetails]] = OrderedDict()
        self._lock = threading.Lock()

    def _journal_path(self, day: str) -> Path | None:
        """Finds the journal file of a day (listing the folder again for a day not seen before).

        Args:
            day (str): The India date, YYYY-MM-DD.

        Returns:
            Path | None: The file, or None when the desk has no journal for that day.
        """
        if self._journal_paths is None or day not in self._journal_paths:
            self._journal_paths = dict(desk_files.journal_files(self._desk))
        return self._journal_paths.get(day)

    def _day(self, day: str) -> DayDetails:
        """Reads a day's details, or takes them from those kept while its journal is unchanged.

        Args:
            day (str): The India date, YYYY-MM-DD.

        Returns:
            DayDetails: The day's details; empty when it has no readable journal.
        """
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
        """Finds the details of some hits of one search result, by their place in it.

        Only the days of the hits asked for are read; the hits before them are only counted
        (to tell apart records with the same text).

        Args:
            hits (Sequence[SearchHit]): Every hit of the result, in the order the search returned
                them.
            indexes (Iterable[int]): The places of the hits wanted (out of range ones are left out).

        Returns:
            dict[int, HitDetails | None]: For each place asked: its HitDetails, or None for a hit
                that is a summary or a note, or whose event the journal no longer holds (it changed
                since the search).
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
        """Finds the details of every hit of one search result.

        Args:
            hits (Sequence[SearchHit]): The hits, in the order the search returned them.

        Returns:
            list[HitDetails | None]: One entry per hit: its HitDetails, or None (see `details_at`).
        """
        found = self.details_at(hits, range(len(hits)))
        return [found[index] for index in range(len(hits))]
