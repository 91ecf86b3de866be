"""When a session's exchanges were asked: their triggers' times, from the journal.

Log exchanges are matched in order to the same session's journal exchanges (same trigger and
answer, else same trigger); one the journal lacks was asked at an unknown time (None).
`AskedTimesReader` does the same for a followed session, reading journals on from the last read.
"""

from __future__ import annotations

import threading
from collections import defaultdict, deque
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from desk_browser.memory import desk_files
from desk_browser.memory.appended_lines import AppendedLines
from desk_browser.memory.exchange_facts import day_exchange_facts
from desk_browser.memory.session_store import Exchange
from desk_browser.presentation.formatting import india_moment, parse_day

if TYPE_CHECKING:
    from desk_browser.memory.journal import JournalExchange

__all__ = ['AskedTimesReader', 'asked_times', 'session_days']

_Trigger = tuple[str, str, str | None]
"""A journal exchange's trigger text, answer and trigger time (None when not a time)."""


def session_days(session_id: str, exchanges: Sequence[Exchange]) -> list[str]:
    """The India days (YYYY-MM-DD, oldest first) whose journals may hold a session's triggers."""
    days: set[str] = set()
    if parse_day(session_id) is not None:
        days.add(session_id[:10])
    for exchange in exchanges:
        moment = india_moment(exchange.finished_at)
        if moment is not None:
            days.add(moment.date().isoformat())
    return sorted(days)


def asked_times(desk: Path, session_id: str, exchanges: Sequence[Exchange]) -> list[str | None]:
    """Finds when each exchange of a session (its log's, oldest first) was asked, from the journal.

    Returns:
        One per exchange: its trigger's ISO time as written, or None when unknown.
    """
    journals = dict(desk_files.journal_files(desk))
    triggers: list[_Trigger] = []  # The session's, in order.
    for day in session_days(session_id, exchanges):
        path = journals.get(day)
        if path is None:
            continue
        journal_day = desk_files.read_journal_day(path, day)
        facts = day_exchange_facts(journal_day)
        for journal_exchange, fact in zip(journal_day.exchanges, facts, strict=True):
            if fact.session_id == session_id:
                triggers.append(_trigger_of(journal_exchange))
    return _matched_times(triggers, exchanges)


class AskedTimesReader:
    """Finds what `asked_times` finds for one desk's sessions, again and again; thread-safe."""

    KEPT_DAYS = 4
    """How many journal days are kept read; a session's span one or two."""

    def __init__(self, desk: Path) -> None:
        """Reads nothing until `read`."""
        self.desk = desk
        self._days: dict[Path, _DayTriggers] = {}
        self._lock = threading.Lock()

    def read(self, session_id: str, exchanges: Sequence[Exchange]) -> list[str | None]:
        """As asked_times(desk, session_id, exchanges), reading only what the journal appended."""
        journals = dict(desk_files.journal_files(self.desk))
        triggers: list[_Trigger] = []
        with self._lock:
            for day in session_days(session_id, exchanges):
                path = journals.get(day)
                if path is None:
                    continue
                day_triggers = self._days.pop(path, None) or _DayTriggers(path)
                self._days[path] = day_triggers  # The newest used last.
                triggers += day_triggers.session_triggers(session_id)
            while len(self._days) > self.KEPT_DAYS:
                del self._days[next(iter(self._days))]
        return _matched_times(triggers, exchanges)


class _DayTriggers:
    """One journal day's triggers with their sessions, read on as the file grows."""

    def __init__(self, path: Path) -> None:
        self._lines = AppendedLines(path)
        self._forget()

    def _forget(self) -> None:
        self._closed: list[tuple[str | None, _Trigger]] = []  # All but the last exchange.
        self._last: tuple[str | None, JournalExchange] | None = None  # It may still grow.
        self._session: str | None = None  # The session open after the lines read.

    def session_triggers(self, session_id: str) -> list[_Trigger]:
        """Reads what the file appended; returns a session's triggers, in order."""
        reading = self._lines.read(with_pending=True)
        if reading.rewritten:
            self._forget()
        if reading.objects:
            self._last, self._session = self._grouped(reading.objects, self._closed)
        closed, last = self._closed, self._last
        if reading.pending_objects:  # A last line not ended yet: read, as a whole read reads it.
            closed = list(closed)
            last, _ = self._grouped(reading.pending_objects, closed)
        found = [trigger for session, trigger in closed if session == session_id]
        if last is not None and last[0] == session_id:
            found.append(_trigger_of(last[1]))
        return found

    def _grouped(
        self,
        objects: Iterable[tuple[int, dict[str, Any]]],
        closed: list[tuple[str | None, _Trigger]],
    ) -> tuple[tuple[str | None, JournalExchange] | None, str | None]:
        """Groups objects that follow those read, adding the exchanges they close to `closed`.

        Returns:
            The last exchange with its session (a copy), and the session open after them.
        """
        exchanges: list[JournalExchange] = []
        sessions: list[str | None] = []
        if self._last is not None:
            last_session, last = self._last
            exchanges.append(desk_files.JournalExchange(last.trigger, list(last.texts)))
            sessions.append(last_session)
        session = self._session
        for event in desk_files.group_journal_objects(self._lines.path, objects, exchanges, []):
            if event.type == 'session_started':
                value = event.fields.get('session_id')
                session = value if isinstance(value, str) and value else None
            elif event.type == 'session_ended':
                session = None
            elif event.type == 'trigger_received':
                sessions.append(session)
        closed += [
            (exchange_session, _trigger_of(exchange))
            for exchange_session, exchange in zip(sessions[:-1], exchanges[:-1], strict=True)
        ]
        return ((sessions[-1], exchanges[-1]) if exchanges else None), session


def _trigger_of(journal_exchange: JournalExchange) -> _Trigger:
    """An exchange's trigger text, answer and trigger time (None when not a time)."""
    time = journal_exchange.trigger.time
    valid_time = time if india_moment(time) is not None else None
    return (journal_exchange.trigger_text, journal_exchange.answer, valid_time)


def _matched_times(triggers: list[_Trigger], exchanges: Sequence[Exchange]) -> list[str | None]:
    """Matches a log's exchanges, in order, to its session's journal triggers (see the module)."""
    by_both: dict[tuple[str, str], deque[int]] = defaultdict(deque)
    by_text: dict[str, deque[int]] = defaultdict(deque)
    for number, (text, answer, _time) in enumerate(triggers):
        by_both[(text, answer)].append(number)
        by_text[text].append(number)
    found: list[str | None] = []
    after = 0  # The place after the trigger matched last.
    for exchange in exchanges:
        place = _next_place(by_both.get((exchange.trigger_text, exchange.answer)), after)
        if place is None:  # Its answer told apart from the journal's pieces: by its text alone.
            place = _next_place(by_text.get(exchange.trigger_text), after)
        if place is None:
            found.append(None)
            continue
        after = place + 1
        found.append(triggers[place][2])
    return found


def _next_place(places: deque[int] | None, after: int) -> int | None:
    """The first of some places (ascending) at or after a place; those before are dropped."""
    if places is None:
        return None
    while places and places[0] < after:
        places.popleft()
    return places[0] if places else None
