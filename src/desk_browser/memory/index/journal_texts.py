"""A journal day's searchable texts and exchange facts, read in one pass for the index's build.

It gives exactly what read_journal_day, exchange_records, action_records and
day_exchange_facts give, without making an event per line.

Typical usage example:

    texts = journal_texts(path)
    records = [('exchange', text) for text in texts.exchanges]
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from desk_browser.memory import desk_files, json_text, session_search
from desk_browser.memory.exchange_facts import ExchangeFacts
from desk_browser.memory.index.days import DeskDay
from desk_browser.memory.session_search import SearchRecord

_TRIGGER = 'trigger_received'
_TEXT = 'text'
_SESSION_STARTED = 'session_started'
_SESSION_ENDED = 'session_ended'
_OWN_SEARCH_TYPES = frozenset({'tool_call', 'tool_result'})
_OWN_SEARCH_TOOL = 'search_sessions'
_NOT_FIELDS = frozenset({'type', 'time'})


@dataclasses.dataclass
class JournalTexts:
    """What the index takes from one journal file.

    Attributes:
        exchanges (list[str]): Each exchange's text (JournalExchange.text), in file order.
        actions (list[str]): Each action's text but the desk's own searches, in file order.
        facts (list[ExchangeFacts]): Each exchange's facts, as day_exchange_facts reads them.
    """

    exchanges: list[str]
    actions: list[str]
    facts: list[ExchangeFacts]


def _named(value: Any) -> str | None:
    """A fact's value as exchange_facts reads it: a non-empty string, else None."""
    return value if isinstance(value, str) and value else None


def _action_text(event_type: str, data: dict[str, Any]) -> str:
    """An action's text, as desk_files.action_text makes it."""
    compact = json_text.compact_json
    not_fields = _NOT_FIELDS
    lines = [
        f'{key}: {value}' if isinstance(value, str) else f'{key}: {compact(value)}'
        for key, value in data.items()
        if key not in not_fields
    ]
    return event_type + '\n' + '\n'.join(lines) if lines else event_type


def texts_of_objects(objects: list[tuple[int, dict[str, Any]]]) -> JournalTexts:
    """A journal's texts and facts from its parsed objects (desk_files.read_json_objects)."""
    text_of = json_text.text_of
    exchanges: list[str] = []
    actions: list[str] = []
    facts: list[ExchangeFacts] = []
    trigger: str | None = None  # The current exchange's trigger text, None before the first.
    answer: list[str] = []
    backend: str | None = None
    session: str | None = None
    exchange_session: str | None = None

    def close() -> None:
        if trigger is not None:
            exchanges.append(trigger + '\n\n' + '\n'.join(answer))
            facts.append(ExchangeFacts(exchange_session, backend))

    for _, data in objects:
        event_type = data.get('type')
        if not isinstance(event_type, str):
            continue
        if event_type == _TRIGGER:
            close()
            trigger = text_of(data.get(_TEXT))
            answer = []
            backend = None
            exchange_session = session
        elif event_type == _TEXT and trigger is not None:
            answer.append(text_of(data.get(_TEXT)))
            if backend is None:
                backend = _named(data.get('backend'))
        else:
            if event_type == _SESSION_STARTED:
                session = _named(data.get('session_id'))
            elif event_type == _SESSION_ENDED:
                session = None
            if event_type in _OWN_SEARCH_TYPES and data.get('tool') == _OWN_SEARCH_TOOL:
                continue
            actions.append(_action_text(event_type, data))
    close()
    return JournalTexts(exchanges=exchanges, actions=actions, facts=facts)


def journal_texts(path: Path) -> JournalTexts:
    """Reads a journal file's texts and facts, as the index holds them; empty when unreadable."""
    return texts_of_objects(desk_files.read_json_objects(path))


def day_records(desk_day: DeskDay) -> list[SearchRecord]:
    """A day's records, exactly as session_search.day_records reads them, in one pass."""
    day = desk_day.day
    records = []
    if desk_day.journal is not None:
        texts = journal_texts(desk_day.journal)
        records += [SearchRecord(day=day, kind='exchange', text=text) for text in texts.exchanges]
        records += [SearchRecord(day=day, kind='journal', text=text) for text in texts.actions]
    return records + session_search.day_records(day, None, desk_day.summary, desk_day.notes)


__all__ = ['JournalTexts', 'day_records', 'journal_texts', 'texts_of_objects']
