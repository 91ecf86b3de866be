"""What the journal records about each exchange beyond its text: its session and its backend.

Its session is that of the last `session_started` before it (unless ended), its backend the
first answer piece's. The `backend:` and `session:` qualifiers test them.
"""

from __future__ import annotations

from typing import NamedTuple

from desk_browser.memory import desk_files


class ExchangeFacts(NamedTuple):
    """What the journal knows about one exchange (a tuple, so cheap to make, hash and compare).

    Attributes:
        session_id (str | None): The session it happened in, or None when unknown.
        backend (str | None): The backend that answered, or None when unknown.
    """

    session_id: str | None
    backend: str | None


NO_FACTS = ExchangeFacts(None, None)
"""The facts of an exchange the journal says nothing about."""

FACT_NAMES: tuple[str, ...] = ('session_id', 'backend')
"""ExchangeFacts' field names in order (the index's fact columns keep this order too)."""


def _text_field(event: desk_files.JournalEvent, name: str) -> str | None:
    """A non-empty string field of an event, or None."""
    value = event.fields.get(name)
    return value if isinstance(value, str) and value else None


def day_exchange_facts(journal_day: desk_files.JournalDay) -> list[ExchangeFacts]:
    """The facts of every exchange of a journal day, in its exchanges' order."""
    session_by_trigger: dict[int, str | None] = {}
    session: str | None = None
    for event in journal_day.events:
        if event.type == 'session_started':
            session = _text_field(event, 'session_id')
        elif event.type == 'session_ended':
            session = None
        elif event.type == 'trigger_received':
            session_by_trigger[event.line_number] = session
    facts = []
    for exchange in journal_day.exchanges:
        backends = (_text_field(text, 'backend') for text in exchange.texts)
        facts.append(
            ExchangeFacts(
                session_id=session_by_trigger.get(exchange.trigger.line_number),
                backend=next((backend for backend in backends if backend), None),
            )
        )
    return facts


__all__ = ['FACT_NAMES', 'NO_FACTS', 'ExchangeFacts', 'day_exchange_facts']
