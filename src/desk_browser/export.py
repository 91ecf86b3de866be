"""Markdown documents of a session, a day or a search, and writing them outside the desk.

No Textual here: the app's copy and export keys use it, and so could a command. Desk text in every
document goes through `visible_text`, so a file or a clipboard never carries a terminal escape.
The session's document is the one `desk-browser show` writes.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from desk_browser.commands.output import json_text, visible_field, visible_text
from desk_browser.commands.show import exchange_markdown, session_markdown
from desk_browser.memory.desk_files import JournalDay, JournalEvent, action_text
from desk_browser.memory.session_search import SearchHit, SearchRecord, SearchResult
from desk_browser.memory.session_store import Exchange
from desk_browser.presentation.formatting import day_text, india_time, plural

_LOGGER = logging.getLogger(__name__)

__all__ = [
    'ExportRefused',
    'day_glance',
    'day_markdown',
    'event_json',
    'event_markdown',
    'exchange_json',
    'exchange_markdown',
    'export_file_name',
    'record_json',
    'record_markdown',
    'search_markdown',
    'session_markdown',
    'write_export',
]

_NAME_UNSAFE = re.compile(r'[^A-Za-z0-9._-]+')


class ExportRefused(Exception):
    """The export was not written; the message says why, in words for the person."""


@dataclass(frozen=True)
class DayGlance:
    """A day at a glance: how many of each thing happened.

    Attributes:
        triggers: Triggers received.
        orders_placed: Orders placed.
        orders_filled: Orders filled.
        orders_cancelled: Orders cancelled.
        risk_approved: Risk checks that approved an order.
        risk_rejected: Risk checks that rejected one.
        tool_calls: Tool calls.
    """

    triggers: int = 0
    orders_placed: int = 0
    orders_filled: int = 0
    orders_cancelled: int = 0
    risk_approved: int = 0
    risk_rejected: int = 0
    tool_calls: int = 0

    def text(self) -> str:
        """The glance as one line, such as "4 triggers · orders 2 placed, 1 filled, 0 cancelled".

        Returns:
            The line.
        """
        return ' · '.join(
            [
                plural(self.triggers, 'trigger'),
                f'orders {self.orders_placed} placed, {self.orders_filled} filled, '
                f'{self.orders_cancelled} cancelled',
                f'risk {self.risk_approved} approved, {self.risk_rejected} rejected',
                plural(self.tool_calls, 'tool call'),
            ]
        )


def day_glance(events: list[JournalEvent]) -> DayGlance:
    """Counts a day's triggers, orders, risk decisions and tool calls.

    Args:
        events: The day's events.

    Returns:
        The counts.
    """
    counts = {name: 0 for name in DayGlance.__dataclass_fields__}
    by_type = {
        'trigger_received': 'triggers',
        'order_placed': 'orders_placed',
        'order_filled': 'orders_filled',
        'order_cancelled': 'orders_cancelled',
        'tool_call': 'tool_calls',
    }
    for event in events:
        if event.type in by_type:
            counts[by_type[event.type]] += 1
        elif event.type == 'risk_decision':
            decision = event.fields.get('decision')
            if decision == 'approved':
                counts['risk_approved'] += 1
            elif decision == 'rejected':
                counts['risk_rejected'] += 1
    return DayGlance(**counts)


def _when(time: str) -> str:
    """India time of an event as HH:MM IST, or the time as written when it is not a time."""
    india = india_time(time)
    return f'{india} IST' if india is not None else (visible_field(time) or 'no time')


def _quoted(text: str) -> str:
    return '\n'.join(f'> {line}' if line else '>' for line in text.split('\n'))


def event_markdown(event: JournalEvent) -> str:
    """Writes one journal event as Markdown: a heading with its time and type, then its fields.

    Args:
        event: The event.

    Returns:
        The Markdown, desk text made safe.
    """
    heading = f'### {_when(event.time)} · {visible_field(event.type)}'
    if event.type in ('trigger_received', 'text'):
        text = event.fields.get('text')
        body = visible_text(text if isinstance(text, str) else '').strip('\n')
        if event.type == 'trigger_received':
            body = _quoted(body)
        return f'{heading}\n\n{body}' if body else heading
    fields = action_text(event).split('\n')[1:]
    lines = [f'- {visible_field(line)}' for line in fields]
    return '\n\n'.join([heading, '\n'.join(lines)]) if lines else heading


def event_object(event: JournalEvent) -> dict[str, Any]:
    """Rebuilds a journal event's JSON object: type, time, then its other fields in order.

    Args:
        event: The event.

    Returns:
        The object.
    """
    return {'type': event.type, 'time': event.time, **event.fields}


def event_json(event: JournalEvent) -> str:
    """Writes a journal event as one JSON line, safe to paste into a terminal.

    Args:
        event: The event.

    Returns:
        The JSON.
    """
    return json_text(event_object(event))


def exchange_json(exchange: Exchange) -> str:
    """Writes a session exchange as the JSON line its log holds, safe to paste into a terminal.

    Args:
        exchange: The exchange.

    Returns:
        The JSON.
    """
    return json_text(exchange.to_json_dictionary())


def day_markdown(journal: JournalDay) -> str:
    """Writes a day's journal as one Markdown document: heading, glance line, every event.

    Args:
        journal: The day, read.

    Returns:
        The document, without a final newline.
    """
    parts = [
        f'# Day {day_text(visible_field(journal.day))}',
        day_glance(journal.events).text(),
    ]
    if not journal.events:
        parts.append('The journal holds no events for this day.')
    parts.extend(event_markdown(event) for event in journal.events)
    return '\n\n'.join(parts)


def record_markdown(record: SearchRecord, label: str = '') -> str:
    """Writes one search record as Markdown: a heading with its kind and day, then its text.

    Args:
        record: The record.
        label: How well it matched, such as "all words"; left out when empty.

    Returns:
        The Markdown.
    """
    heading = f'## {visible_field(record.kind)} · {day_text(visible_field(record.day))}'
    if label:
        heading += f' · {label}'
    text = visible_text(record.text).strip('\n')
    return f'{heading}\n\n{text}' if text else heading


def record_json(record: SearchRecord) -> str:
    """Writes one search record as JSON, as `desk-browser search --json` does.

    Args:
        record: The record.

    Returns:
        The JSON.
    """
    return json_text({'day': record.day, 'kind': record.kind, 'text': record.text})


def _hit_label(hit: SearchHit, result: SearchResult) -> str:
    if result.matched_every_word or hit.matched_words >= len(result.words):
        return 'all words'
    return f'{hit.matched_words} of {len(result.words)} words'


def search_markdown(query: str, result: SearchResult) -> str:
    """Writes a search's hits as one Markdown document, each hit's whole record.

    Args:
        query: The words as typed.
        result: What the search found.

    Returns:
        The document, without a final newline.
    """
    words = ' '.join(visible_field(word) for word in result.words)
    parts = [f'# Search: {words or visible_field(query)}']
    if not result.hits:
        parts.append('No hits.')
    elif result.matched_every_word:
        parts.append(f'{plural(len(result.hits), "hit")} with every word.')
    else:
        parts.append(f'No record has every word; {plural(len(result.hits), "partial hit")}.')
    parts.extend(record_markdown(hit.record, _hit_label(hit, result)) for hit in result.hits)
    return '\n\n'.join(parts)


def export_file_name(kind: str, name: str) -> str:
    """Names an export file, such as ``desk-browser-day-2026-10-21.md``.

    Args:
        kind: What is exported: "session", "day" or "search".
        name: The session, the day or the search words.

    Returns:
        A file name of letters, digits, dots, dashes and underscores.
    """
    cleaned = _NAME_UNSAFE.sub('-', name).strip('-.')[:60] or 'export'
    return f'desk-browser-{kind}-{cleaned}.md'


def _inside(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


def write_export(desk: Path, folder: Path, file_name: str, document: str) -> Path:
    """Writes a document to a new file in a folder outside the desk.

    An existing file is never replaced: a number is added to the name instead
    (``...-2.md``).

    Args:
        desk: The desk folder, which must not receive the file.
        folder: Where to write, normally the current working folder.
        file_name: The file's name (from `export_file_name`).
        document: The Markdown, without a final newline.

    Returns:
        The path written.

    Raises:
        ExportRefused: The folder is inside the desk, or the file could not be written.
    """
    resolved_desk = desk.resolve()
    resolved_folder = folder.resolve()
    if _inside(resolved_folder, resolved_desk):
        raise ExportRefused(
            f'Not written: {resolved_folder} is inside the desk, and desk-browser never writes '
            'there. Start it from another folder.'
        )
    stem, suffix = file_name.rsplit('.', 1) if '.' in file_name else (file_name, 'md')
    for attempt in range(1, 1000):
        candidate = resolved_folder / (file_name if attempt == 1 else f'{stem}-{attempt}.{suffix}')
        if _inside(candidate.resolve(), resolved_desk):
            raise ExportRefused(f'Not written: {candidate} would be inside the desk.')
        try:
            with candidate.open('x', encoding='utf-8') as output:
                output.write(document + '\n')
        except FileExistsError:
            continue
        except OSError as error:
            raise ExportRefused(f'Not written: {candidate}: {error.strerror or error}') from error
        return candidate
    raise ExportRefused(f'Not written: too many files named like {file_name} in {resolved_folder}.')
