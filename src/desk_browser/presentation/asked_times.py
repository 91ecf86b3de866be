"""When a session's exchanges were asked: their triggers' times, from the journal.

A log line says when its answer finished (`finished_at`); the journal's `trigger_received` says
when the desk was asked, the time a search hit shows. `asked_times` finds it for each exchange,
so the Exchanges pane, `show` and the exports say both ("asked 09:48 · answered 09:55").

Log exchanges are matched in order to the journal's exchanges of the same session: the next one
with the same trigger text and answer, else the same trigger text. A journal exchange never
answered has no log line and is passed over; a log line whose trigger the journal lacks is
asked at an unknown time (None).
"""

from __future__ import annotations

from collections import defaultdict, deque
from collections.abc import Sequence
from pathlib import Path

from desk_browser.memory import desk_files
from desk_browser.memory.exchange_facts import day_exchange_facts
from desk_browser.memory.session_store import Exchange
from desk_browser.presentation.formatting import india_moment, parse_day

__all__ = ['asked_times', 'session_days']


def session_days(session_id: str, exchanges: Sequence[Exchange]) -> list[str]:
    """The India days (YYYY-MM-DD, oldest first) whose journals may hold a session's triggers.

    The session's day and each day its answers finished on (a session may run past midnight).
    """
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
        One per exchange: its trigger's ISO time as the journal writes it, or None when the
        journal holds no trigger or time for it.
    """
    journals = dict(desk_files.journal_files(desk))
    triggers: list[tuple[str, str, str]] = []  # The session's (text, answer, time), in order.
    for day in session_days(session_id, exchanges):
        path = journals.get(day)
        if path is None:
            continue
        journal_day = desk_files.read_journal_day(path, day)
        facts = day_exchange_facts(journal_day)
        for journal_exchange, fact in zip(journal_day.exchanges, facts, strict=True):
            if fact.session_id == session_id:
                trigger = journal_exchange.trigger
                triggers.append(
                    (journal_exchange.trigger_text, journal_exchange.answer, trigger.time)
                )
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
        time = triggers[place][2]
        found.append(time if india_moment(time) is not None else None)
    return found


def _next_place(places: deque[int] | None, after: int) -> int | None:
    """The first of some places (ascending) at or after a place; those before are dropped."""
    if places is None:
        return None
    while places and places[0] < after:
        places.popleft()
    return places[0] if places else None
