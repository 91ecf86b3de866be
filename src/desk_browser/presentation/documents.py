"""Every Markdown and JSON document the app and the commands produce, from records read.

The copy and export keys and the commands share these. Desk text is made safe and its
headings moved under the document's. Nothing here reads the desk or imports Textual.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from desk_browser.memory.desk_files import JournalDay, JournalEvent, action_text
from desk_browser.memory.problems import Problem
from desk_browser.memory.session_search import SearchRecord, SearchResult
from desk_browser.memory.session_store import Exchange
from desk_browser.presentation.day_data import day_glance
from desk_browser.presentation.desk_data import SessionEntry
from desk_browser.presentation.formatting import (
    day_text,
    exchange_times,
    hit_label,
    india_time,
    kind_name,
    plural,
)
from desk_browser.presentation.hit_details import HitDetails
from desk_browser.presentation.markdown_headings import headings_under
from desk_browser.presentation.safe_text import json_text, visible_field, visible_text

__all__ = [
    'day_markdown',
    'event_json',
    'event_markdown',
    'event_object',
    'exchange_json',
    'exchange_markdown',
    'record_heading',
    'record_json',
    'record_markdown',
    'search_markdown',
    'session_markdown',
    'session_object',
]


def _when(time: str) -> str:
    """India time of an event as HH:MM IST, or the time as written when it is not a time."""
    india = india_time(time)
    return f'{india} IST' if india is not None else (visible_field(time) or 'no time')


def _desk_markdown(text: str, level: int) -> str:
    """Desk Markdown made safe, its headings under a document heading of `level`, trimmed."""
    return headings_under(visible_text(text), level).strip('\n')


def _quoted(text: str) -> str:
    """Quotes text (already safe) as a Markdown block quote."""
    return '\n'.join(f'> {line}' if line else '>' for line in text.split('\n'))


def event_markdown(event: JournalEvent) -> str:
    """Writes one journal event as Markdown: a heading with its time and type, then its fields."""
    heading = f'### {_when(event.time)} · {visible_field(event.type)}'
    if event.type in ('trigger_received', 'text'):
        text = event.fields.get('text')
        body = _desk_markdown(text if isinstance(text, str) else '', level=3)
        if event.type == 'trigger_received':
            body = _quoted(body)
        return f'{heading}\n\n{body}' if body else heading
    fields = action_text(event).split('\n')[1:]
    lines = [f'- {visible_field(line)}' for line in fields]
    return '\n\n'.join([heading, '\n'.join(lines)]) if lines else heading


def event_object(event: JournalEvent) -> dict[str, Any]:
    """Rebuilds a journal event's JSON object: type, time, then its other fields in order."""
    return {'type': event.type, 'time': event.time, **event.fields}


def event_json(event: JournalEvent) -> str:
    """Writes a journal event as one JSON line, safe to paste into a terminal."""
    return json_text(event_object(event))


def exchange_json(exchange: Exchange) -> str:
    """Writes an exchange as the JSON line its log holds, safe to paste into a terminal."""
    return json_text(exchange.to_json_dictionary())


def exchange_markdown(number: int, exchange: Exchange, asked: str | None = None) -> str:
    """Writes exchange `number` (from 1) as Markdown: a heading, the quoted trigger, the answer.

    Such as ``## 3 · asked 09:48 · answered 09:55 IST · claude`` (`asked` where known).
    """
    times = exchange_times(asked, exchange.finished_at)
    when = f'{times} IST' if times else ''
    if india_time(exchange.finished_at) is None:  # Its time as written, made visible.
        when = ' · '.join(part for part in (when, visible_field(exchange.finished_at)) if part)
    heading = f'## {number} · {when} · {visible_field(exchange.backend_name)}'
    parts = [heading, _quoted(_desk_markdown(exchange.trigger_text, level=2))]
    answer = _desk_markdown(exchange.answer, level=2)
    if answer:
        parts.append(answer)
    return '\n\n'.join(parts)


def session_markdown(
    session_id: str, exchanges: list[Exchange], asked: Sequence[str | None] = ()
) -> str:
    """Writes a session's exchanges (`asked`: their trigger times) as Markdown, no final newline."""
    parts = [f'# Session {visible_field(session_id)}']
    parts.extend(
        exchange_markdown(number, exchange, asked[number - 1] if number <= len(asked) else None)
        for number, exchange in enumerate(exchanges, start=1)
    )
    return '\n\n'.join(parts)


def day_markdown(journal: JournalDay) -> str:
    """Writes a day's journal as one Markdown document: heading, glance line, every event."""
    parts = [
        f'# Day {day_text(visible_field(journal.day))}',
        day_glance(journal.events).text(),
    ]
    if not journal.events:
        parts.append('The journal holds no events for this day.')
    parts.extend(event_markdown(event) for event in journal.events)
    return '\n\n'.join(parts)


def record_heading(record: SearchRecord, label: str = '', details: HitDetails | None = None) -> str:
    """Writes a record's heading as its hit's first line says it: kind, day, time, who, `label`.

    Such as ``## action · Wed 2026-10-21 09:30 IST · order placed``, from `details` where known.
    """
    when = day_text(visible_field(record.day))
    time = india_time(details.time) if details is not None and details.time else None
    if details is not None and record.kind == 'exchange':
        times = exchange_times(details.time, details.answered)
        when = f'{when} {times} IST' if times else when
    elif time is not None:
        when = f'{when} {time} IST'
    facts = [visible_field(kind_name(record.kind)), when]
    if record.kind == 'journal':
        facts.append(visible_field(record.text.partition('\n')[0].replace('_', ' ')))
    elif details is not None:
        if details.session_id:
            facts.append(f'session {visible_field(details.session_id)}')
        if details.backend:
            facts.append(visible_field(details.backend))
    if label:
        facts.append(label)
    return '## ' + ' · '.join(facts)


def record_markdown(
    record: SearchRecord, label: str = '', details: HitDetails | None = None
) -> str:
    """Writes a search record as Markdown: its heading (`record_heading`), then its text."""
    heading = record_heading(record, label, details)
    text = _desk_markdown(record.text, level=2)
    return f'{heading}\n\n{text}' if text else heading


def record_json(record: SearchRecord) -> str:
    """Writes one search record as JSON, as `desk-browser search --json` does."""
    return json_text({'day': record.day, 'kind': record.kind, 'text': record.text})


def search_markdown(
    query: str, result: SearchResult, details: Sequence[HitDetails | None] = ()
) -> str:
    """Writes a search's hits as one Markdown document, each hit's whole record (`details`)."""
    words = ' '.join(visible_field(word) for word in result.words)
    parts = [f'# Search: {words or visible_field(query)}']
    if not result.hits:
        parts.append('No hits.')
    elif result.matched_every_word:
        parts.append(f'{plural(len(result.hits), "hit")} with every word.')
    else:
        parts.append(f'No record has every word; {plural(len(result.hits), "partial hit")}.')
    parts.extend(
        record_markdown(
            hit.record, hit_label(hit, result), details[index] if index < len(details) else None
        )
        for index, hit in enumerate(result.hits)
    )
    return '\n\n'.join(parts)


def session_object(entry: SessionEntry, unread: Problem | None = None) -> dict[str, Any]:
    """Describes one session for --json: session_id, trading_date, exchanges, current, damage.

    `unread` is why its log could not be read (counts null, "problem" its reason), or None.
    """
    found: dict[str, Any] = {
        'session_id': entry.session_id,
        'trading_date': entry.day.isoformat() if entry.day is not None else None,
        'exchanges': entry.exchange_count if unread is None else None,
        'current': entry.is_current,
        'damaged_lines': entry.damaged_lines if unread is None else None,
    }
    if unread is not None:
        found['problem'] = unread.reason
    return found
