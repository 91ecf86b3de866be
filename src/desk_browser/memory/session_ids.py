"""Session ids: the <YYYY-MM-DD>-<number> names of a desk's session logs, and their order.

A session's log is <sessions>/<session id>.jsonl; session_store re-exports these names.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable
from operator import itemgetter
from pathlib import Path

from desk_browser.memory import desk_files
from desk_browser.memory.file_status import FolderListing

LOG_SUFFIX = '.jsonl'
"""How a session log's name ends."""

_SESSION_ID = re.compile(r'([0-9]{4}-[0-9]{2}-[0-9]{2})-([0-9]+)', re.ASCII)
"""<YYYY-MM-DD>-<number>, in ASCII digits; the date must also be a real day (parse_session_id)."""

_DIGITS_AS_ZERO = str.maketrans('123456789', '000000000')
"""Writes every ASCII digit as 0, so that an id shows its shape alone."""

_PLAIN_SHAPE = '0000-00-00-0'
"""The shape of a <YYYY-MM-DD>-<number> id whose number is one digit (_DIGITS_AS_ZERO)."""

_DATE_PART = itemgetter(slice(0, 10))
"""An id's <YYYY-MM-DD>."""


def log_path(directory: Path, session_id: str) -> Path:
    """The log file of a session: <directory>/<session_id>.jsonl."""
    return directory / f'{session_id}{LOG_SUFFIX}'


def parse_session_id(session_id: str) -> tuple[str, int] | None:
    """Splits "2026-10-19-2" into ("2026-10-19", 2); None when not <YYYY-MM-DD>-<number>."""
    dated, day, number, _ = session_sort_key(session_id)
    return (day, number) if dated else None


def session_sort_key(session_id: str) -> tuple[int, str, int, str]:
    """The key that sorts session ids oldest first: by date, then number; undated ones oldest."""
    # One pattern, then the date checked: a five-year desk sorts 2,520 ids before its first paint.
    match = _SESSION_ID.fullmatch(session_id)
    if match is not None:
        day = match[1]
        try:
            datetime.date.fromisoformat(day)
        except ValueError:
            pass
        else:
            return (1, day, int(match[2]), session_id)
    return (0, '', 0, session_id)


def session_ids_in(directory: Path, listing: FolderListing | None = None) -> list[str]:
    """Every session that has a log in a sessions folder, newest first (`listing` None: shared)."""
    ids = [
        name[: -len(LOG_SUFFIX)]
        for name in desk_files.file_names_in(directory, listing)
        if name.endswith(LOG_SUFFIX)
    ]
    if not _sorted_plain_ids(ids):
        ids.sort(key=session_sort_key, reverse=True)
    return ids


def _sorted_plain_ids(ids: list[str]) -> bool:
    """Sorts ids newest first by name, in place, when all are <real date>-<digit>; False if not."""
    if not ids:
        return True
    # '/' is in no file name, so no id can pass for two, or two for one.
    if '/'.join(ids).translate(_DIGITS_AS_ZERO) != '/'.join([_PLAIN_SHAPE] * len(ids)):
        return False
    try:
        for _ in map(datetime.date.fromisoformat, set(map(_DATE_PART, ids))):
            pass
    except ValueError:  # Not a real day: such an id sorts with the undated ones.
        return False
    ids.sort(reverse=True)
    return True


def first_free_number(session_ids: Iterable[str], trading_date: datetime.date) -> int:
    """One more than a day's highest session number, or 1 when the day has no session."""
    day = trading_date.isoformat()
    number = 1
    for session_id in session_ids:
        parsed = parse_session_id(session_id)
        if parsed is not None and parsed[0] == day:
            number = max(number, parsed[1] + 1)
    return number
