"""Words for dates, times, counts and route positions, as the desk browser shows them."""

from __future__ import annotations

import datetime
import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from desk_browser.memory.session_search import SearchHit, SearchResult


INDIA = datetime.timezone(datetime.timedelta(hours=5, minutes=30), 'IST')
"""India Standard Time, the desk's clock (UTC+05:30, no daylight saving)."""

Severity = Literal['normal', 'warning', 'error']


def india_today() -> datetime.date:
    """Today's date in India, by the system clock."""
    return datetime.datetime.now(INDIA).date()


def plural(count: int, singular: str, plural_form: str | None = None) -> str:
    """Writes a count with its noun, such as ``"1 exchange"`` (`plural_form`: singular + "s")."""
    noun = singular if count == 1 else (plural_form or f'{singular}s')
    return f'{count:,} {noun}'


def parse_day(text: str) -> datetime.date | None:
    """Reads an ISO date such as ``"2026-10-21"``; None when the text is not one."""
    try:
        return datetime.date.fromisoformat(text[:10]) if len(text) >= 10 else None
    except ValueError:
        return None


def day_with_weekday(day: datetime.date) -> str:
    """Writes a date with its weekday, such as ``"Wed 2026-10-21"``."""
    return f'{day:%a} {day.isoformat()}'


def day_text(day: str) -> str:
    """Writes an ISO day with its weekday (``"Wed 2026-10-21"``); a non-date as it is."""
    parsed = parse_day(day)
    if parsed is None or len(day) != 10:
        return day
    return day_with_weekday(parsed)


def distance_from_today(day: datetime.date, today: datetime.date) -> str:
    """Says how far a date is from India's today, such as ``"today"`` or ``"3 days ago"``."""
    days = (today - day).days
    if days == 0:
        return 'today'
    if days == 1:
        return 'yesterday'
    if days == -1:
        return 'tomorrow'
    if days > 1:
        return f'{days:,} days ago'
    return f'in {-days:,} days'


def india_moment(iso_time: str) -> datetime.datetime | None:
    """Reads an ISO 8601 time (UTC when it has no offset) in India time; None when not a time."""
    try:
        moment = datetime.datetime.fromisoformat(iso_time)
    except ValueError:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=datetime.UTC)
    return moment.astimezone(INDIA)


def india_time(iso_time: str) -> str | None:
    """Converts an ISO 8601 time to India's clock, as ``HH:MM``; None when not a time."""
    moment = india_moment(iso_time)
    return None if moment is None else f'{moment:%H:%M}'


def exchange_times(asked: str | None, answered: str | None) -> str:
    """Says when an exchange was asked and answered (ISO times or None), in India time, labelled.

    ``"asked 09:48 · answered 09:55"``, the one known (``"answered 09:55"``), or ``""``.
    """
    parts = []
    for label, time in (('asked', asked), ('answered', answered)):
        india = india_time(time) if time else None
        if india is not None:
            parts.append(f'{label} {india}')
    return ' · '.join(parts)


@dataclass
class RouteStatus:
    """Where one backend stands against the current session's log.

    Attributes:
        text: The words, such as ``"up to date"``.
        severity: How much it should stand out.
        word: A word or two for a one-line headline, such as ``"2 behind"``.
    """

    text: str
    severity: Severity
    word: str


def route_status(exchanges_seen: int, log_count: int | None) -> RouteStatus:
    """Compares what a backend has seen with what the current log holds (None: no log)."""
    if log_count is None:
        return RouteStatus(
            f'{plural(exchanges_seen, "exchange")} seen; no log to compare', 'warning', 'no log'
        )
    if exchanges_seen == log_count:
        return RouteStatus('up to date', 'normal', 'up to date')
    if exchanges_seen < log_count:
        behind = log_count - exchanges_seen
        return RouteStatus(
            f'{behind:,} behind: it gets {plural(behind, "exchange")} on its next turn',
            'normal',
            f'{behind:,} behind',
        )
    ahead = exchanges_seen - log_count
    return RouteStatus(
        f'{ahead:,} ahead of the log (the log lost lines)', 'error', f'{ahead:,} ahead'
    )


def readable_json(value: Any) -> str:
    """Writes a JSON value indented for reading."""
    try:
        return json.dumps(value, indent=2, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(value)


def match_label(matched_words: int, word_count: int) -> str:
    """``"2 of 3 words"``, ``"all words"`` (a record with several keywords), or ``""`` (1 word)."""
    if word_count <= 1:
        return ''
    if matched_words >= word_count:
        return 'all words'
    return f'{matched_words} of {word_count} words'


def hit_label(hit: SearchHit, result: SearchResult) -> str:
    """Says how well a hit of a list matched: ``"2 of 3 words"`` for a partial hit, else ``""``."""
    if result.matched_every_word:
        return ''
    return match_label(hit.matched_words, len(result.words))


def kind_name(kind: str) -> str:
    """Names a record's kind as a person reads it: the API's ``"journal"`` is an ``"action"``."""
    from desk_browser.memory.search_scope import KIND_NAMES  # Deferred: the search's.

    return KIND_NAMES.get(kind, kind)
