"""The documented search (desk-format.md, "Searching"), written out without the package.

The reference the search tests compare every search with: read every day's journal, summary
and notes, newest day first (a plain scan), and rank every record; for scoped searches, what the
journal records about each exchange (its session and backend), read the same way.
"""

from __future__ import annotations

import datetime
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from desk_browser.memory.search_scope import SearchScope
from desk_browser.memory.session_search import SearchResult

INDIA = datetime.timezone(datetime.timedelta(hours=5, minutes=30))

ORDER_TYPES = ('order_placed', 'order_filled', 'order_cancelled', 'risk_decision')
"""The action types kind:order holds (desk-format.md's order events and the risk check)."""

Reference = tuple[list[tuple[int, tuple[str, str, str]]], bool]
"""What a search answers, comparable: (matched words, (day, kind, text)) pairs, and whether every
hit matched every word."""


def _dated_files(folder: Path, suffix: str) -> dict[str, Path]:
    found: dict[str, Path] = {}
    if not folder.is_dir():
        return found
    for path in folder.iterdir():
        name = path.name
        if not path.is_file() or not name.endswith(suffix) or len(name) != 10 + len(suffix):
            continue
        day = _date_of(name)
        if day is not None:
            found[day] = path
    return found


def _date_of(name: str) -> str | None:
    start = name[:10]
    if not re.fullmatch(r'[0-9]{4}-[0-9]{2}-[0-9]{2}', start):
        return None
    try:
        datetime.date.fromisoformat(start)
    except ValueError:
        return None
    return start


def _text_of(value: Any) -> str:
    if isinstance(value, str):
        return value
    if value is None:
        return ''
    return json.dumps(value, ensure_ascii=False, separators=(',', ':'))


def journal_objects(path: Path) -> Iterator[dict[str, Any]]:
    """Each event of a journal file that has a type, in order; every other line is skipped."""
    for raw in path.read_bytes().removeprefix(b'\xef\xbb\xbf').split(b'\n'):
        if not raw.strip():
            continue
        try:
            data = json.loads(raw.decode('utf-8'))
        except (UnicodeDecodeError, ValueError, RecursionError):
            continue
        if isinstance(data, dict) and isinstance(data.get('type'), str):
            yield data


def _journal_records(path: Path) -> tuple[list[str], list[str]]:
    exchanges: list[list[Any]] = []
    actions: list[str] = []
    current: list[Any] | None = None
    for data in journal_objects(path):
        kind = data['type']
        if kind == 'trigger_received':
            current = [_text_of(data.get('text')), []]
            exchanges.append(current)
        elif kind == 'text' and current is not None:
            current[1].append(_text_of(data.get('text')))
        else:
            if kind in ('tool_call', 'tool_result') and data.get('tool') == 'search_sessions':
                continue
            lines = [kind] + [
                f'{key}: {_text_of(value) if value is not None else "null"}'
                for key, value in data.items()
                if key not in ('type', 'time')
            ]
            actions.append('\n'.join(lines))
    return [trigger + '\n\n' + '\n'.join(texts) for trigger, texts in exchanges], actions


def _read_text(path: Path) -> str:
    return path.read_bytes().removeprefix(b'\xef\xbb\xbf').decode('utf-8', errors='replace')


def _paragraphs(text: str) -> list[str]:
    paragraphs, current = [], []
    for line in text.split('\n'):
        if line.strip():
            current.append(line)
        elif current:
            paragraphs.append('\n'.join(current).strip())
            current = []
    if current:
        paragraphs.append('\n'.join(current).strip())
    return paragraphs


def reference_records(desk: Path) -> list[tuple[str, str, str]]:
    """Every record of the desk, in the documented order: (day, kind, text)."""
    journals = _dated_files(desk / 'journal', '.jsonl')
    summaries = _dated_files(desk / 'sessions' / 'summaries', '.md')
    notes: dict[str, list[Path]] = {}
    notes_folder = desk / 'notes'
    if notes_folder.is_dir():
        for path in sorted(notes_folder.iterdir(), key=lambda path: path.name):
            if path.is_file() and path.name.endswith('.md'):
                day = (
                    _date_of(path.name)
                    or datetime.datetime.fromtimestamp(path.stat().st_mtime, INDIA)
                    .date()
                    .isoformat()
                )
                notes.setdefault(day, []).append(path)
    records = []
    for day in sorted(journals.keys() | summaries.keys() | notes.keys(), reverse=True):
        if day in journals:
            exchanges, actions = _journal_records(journals[day])
            records += [(day, 'exchange', text) for text in exchanges]
            records += [(day, 'journal', text) for text in actions]
        if day in summaries:
            records += [(day, 'summary', text) for text in _paragraphs(_read_text(summaries[day]))]
        records += [(day, 'note', _read_text(path)) for path in notes.get(day, [])]
    return records


def rank_reference(records: list[tuple[str, str, str]], query: str, limit: int | None) -> Reference:
    """The documented ranking of records: (matched words, record) pairs, and whether they are full.

    limit None keeps every hit.
    """
    words = list(dict.fromkeys(query.lower().split()))
    if not words or (limit is not None and limit <= 0):
        return [], False
    scored = []
    for order, record in enumerate(records):
        lowered = record[2].lower()
        matched = sum(1 for word in words if word in lowered)
        if matched:
            scored.append((matched, order, record))
    full = [(matched, record) for matched, _, record in scored if matched == len(words)]
    if full:
        return full[:limit], True
    scored.sort(key=lambda item: (-item[0], item[1]))
    return [(matched, record) for matched, _, record in scored[:limit]], False


def reference_search(desk: Path, query: str, limit: int) -> Reference:
    """The documented ranking over a plain scan: (matched words, record) pairs, full or not."""
    return rank_reference(reference_records(desk), query, limit)


def reference_totals(desk: Path, query: str) -> tuple[int, bool]:
    """How many hits the documented ranking gives with no limit, and whether they are full."""
    hits, full = rank_reference(reference_records(desk), query, None)
    return len(hits), full


def as_reference(result: SearchResult) -> Reference:
    return (
        [
            (hit.matched_words, (hit.record.day, hit.record.kind, hit.record.text))
            for hit in result.hits
        ],
        result.matched_every_word,
    )


Facts = tuple[str | None, str | None]


def reference_facts(path: Path) -> list[Facts]:
    """Each exchange's (session, backend), in the journal's order, read without the package."""
    facts: list[list[Any]] = []
    session: str | None = None
    current: list[Any] | None = None
    for data in journal_objects(path):
        kind = data['type']
        if kind == 'session_started':
            value = data.get('session_id')
            session = value if isinstance(value, str) and value else None
        elif kind == 'session_ended':
            session = None
        elif kind == 'trigger_received':
            current = [session, None]
            facts.append(current)
        elif kind == 'text' and current is not None and current[1] is None:
            backend = data.get('backend')
            if isinstance(backend, str) and backend:
                current[1] = backend
    return [(session_id, backend) for session_id, backend in facts]


def reference_scoped_records(desk: Path, scope: SearchScope) -> list[tuple[str, str, str]]:
    """The plain scan's records inside a scope, in the documented order."""
    facts: dict[str, list[Facts]] = {}
    inside = []
    seen: dict[str, int] = {}
    for day, kind, text in reference_records(desk):
        if not scope.holds_day(day) or not scope.holds_kind(kind):
            continue
        only_orders = 'order' in scope.kinds and 'journal' not in scope.kinds
        if kind == 'journal' and only_orders and text.split('\n')[0] not in ORDER_TYPES:
            continue
        if kind == 'exchange' and scope.needs_exchange_facts:
            if day not in facts:
                facts[day] = reference_facts(desk / 'journal' / f'{day}.jsonl')
            position = seen.get(day, 0)
            seen[day] = position + 1
            session, backend = facts[day][position]
            if not scope.holds_exchange([backend] if backend else [], session):
                continue
        inside.append((day, kind, text))
    return inside
