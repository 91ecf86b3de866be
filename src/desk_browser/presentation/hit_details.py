"""Which session, time and backend an exchange hit of the search belongs to, from the journal.

A search hit holds only its record's day, kind and text (the core's documented SearchHit). For
an exchange, the day's journal knows more: the session it happened in (the last
`session_started` before its trigger, unless a `session_ended` came between), when its trigger
was received, and the backend that answered. `ExchangeDetailsReader` finds them, so a hit can
lead to `desk-browser show DESK SESSION_ID` and the app's hit rows can say the same.

An exchange hit is matched to the journal's exchanges of its day by its text; when a day holds
several exchanges with the same text, the search returns them in the journal's order, so the
k-th hit with that text is the k-th such exchange.

Typical usage example:

    reader = ExchangeDetailsReader(desk)
    details = reader.details_of(result.hits)  # One ExchangeDetails or None per hit.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from desk_browser.memory import desk_files
from desk_browser.memory.exchange_facts import day_exchange_facts
from desk_browser.memory.session_search import SearchHit
from desk_browser.presentation.formatting import india_moment


@dataclass(frozen=True)
class ExchangeDetails:
    """What the journal knows about one exchange, beyond its text.

    Attributes:
        session_id (str | None): The session it happened in, or None when the day's journal does not
            say.
        time (str | None): When its trigger was received, as ISO 8601 in India time
            (``2026-10-21T09:15:26+05:30``), or None when the trigger has no readable time.
        backend (str | None): The backend that answered (the first answer piece that names one), or
            None.
    """

    session_id: str | None
    time: str | None
    backend: str | None


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


def day_exchange_details(journal_day: desk_files.JournalDay) -> list[ExchangeDetails]:
    """Finds the details of every exchange of one journal day.

    The session and backend are the core's (exchange_facts), which the search's `session:` and
    `backend:` scopes use too, so a hit always shows what its scope chose it by.

    Args:
        journal_day (desk_files.JournalDay): The day, as desk_files.read_journal_day reads it.

    Returns:
        list[ExchangeDetails]: One ExchangeDetails per exchange, in the order of
            journal_day.exchanges.
    """
    details = []
    for exchange, facts in zip(journal_day.exchanges, day_exchange_facts(journal_day), strict=True):
        details.append(
            ExchangeDetails(
                session_id=facts.session_id,
                time=india_iso_time(exchange.trigger.time) if exchange.trigger.time else None,
                backend=facts.backend,
            )
        )
    return details


class ExchangeDetailsReader:
    """Finds the details of exchange hits, reading each day's journal once."""

    def __init__(self, desk: Path):
        """Creates the reader; nothing is read until details_of is asked.

        Args:
            desk (Path): The desk folder.
        """
        self._desk = desk
        self._journal_paths: dict[str, Path] | None = None
        self._days: dict[str, dict[str, list[ExchangeDetails]]] = {}

    def _journal_path(self, day: str) -> Path | None:
        """Finds the journal file of a day.

        Args:
            day (str): The India date, YYYY-MM-DD.

        Returns:
            Path | None: The file, or None when the desk has no journal for that day.
        """
        if self._journal_paths is None:
            self._journal_paths = dict(desk_files.journal_files(self._desk))
        return self._journal_paths.get(day)

    def _day(self, day: str) -> dict[str, list[ExchangeDetails]]:
        """Reads a day's exchanges' details, by exchange text, in the journal's order.

        Args:
            day (str): The India date, YYYY-MM-DD.

        Returns:
            dict[str, list[ExchangeDetails]]: For each exchange text of the day, the details of the
                exchanges with that text.
        """
        known = self._days.get(day)
        if known is not None:
            return known
        by_text: dict[str, list[ExchangeDetails]] = {}
        path = self._journal_path(day)
        if path is not None:
            journal_day = desk_files.read_journal_day(path, day)
            for exchange, details in zip(
                journal_day.exchanges, day_exchange_details(journal_day), strict=True
            ):
                by_text.setdefault(exchange.text, []).append(details)
        self._days[day] = by_text
        return by_text

    def details_of(self, hits: Sequence[SearchHit]) -> list[ExchangeDetails | None]:
        """Finds the details of each exchange hit of one search result.

        Args:
            hits (Sequence[SearchHit]): The hits, in the order the search returned them.

        Returns:
            list[ExchangeDetails | None]: One entry per hit: its ExchangeDetails, or None for a hit
                that is no exchange or whose exchange the journal no longer holds (it changed since
                the search).
        """
        seen: dict[tuple[str, str], int] = {}
        found: list[ExchangeDetails | None] = []
        for hit in hits:
            record = hit.record
            if record.kind != 'exchange':
                found.append(None)
                continue
            key = (record.day, record.text)
            occurrence = seen.get(key, 0)
            seen[key] = occurrence + 1
            same_text = self._day(record.day).get(record.text, [])
            found.append(same_text[occurrence] if occurrence < len(same_text) else None)
        return found
