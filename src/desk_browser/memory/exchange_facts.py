"""What the journal records about each exchange beyond its text: its session and its backend.

An exchange (desk_files.JournalExchange) is a trigger and the answer's pieces. Its session is the
`session_id` of the last `session_started` event before its trigger in the same journal file,
unless a `session_ended` came between (then, or when no session started, the session is
unknown). Its backend is the first answer piece's `backend` that names one (unknown when none
does). Search scopes (`backend:`, `session:`) use these facts: an exchange whose fact is unknown
is outside such a scope.

Typical usage example:

    journal_day = desk_files.read_journal_day(path, '2026-10-19')
    facts = day_exchange_facts(journal_day)  # One ExchangeFacts per exchange, in order.
"""

from __future__ import annotations

import dataclasses

from desk_browser.memory import desk_files


@dataclasses.dataclass(frozen=True)
class ExchangeFacts:
    """What the journal knows about one exchange.

    Attributes:
        session_id (str | None): The session it happened in, or None when unknown.
        backend (str | None): The backend that answered, or None when unknown.
    """

    session_id: str | None
    backend: str | None


def _text_field(event: desk_files.JournalEvent, name: str) -> str | None:
    """Reads a non-empty string field of an event.

    Args:
        event (desk_files.JournalEvent): The event.
        name (str): The field.

    Returns:
        str | None: The field's text, or None when it is missing, empty or not a string.
    """
    value = event.fields.get(name)
    return value if isinstance(value, str) and value else None


def day_exchange_facts(journal_day: desk_files.JournalDay) -> list[ExchangeFacts]:
    """Finds the session and backend of every exchange of one journal file.

    Args:
        journal_day (desk_files.JournalDay): The file, as desk_files.read_journal_day reads it.

    Returns:
        list[ExchangeFacts]: One per exchange, in the order of journal_day.exchanges.
    """
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


__all__ = ['ExchangeFacts', 'day_exchange_facts']
