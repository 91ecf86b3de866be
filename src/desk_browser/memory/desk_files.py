"""The one reader of a desk's files: journal days, summaries, notes and JSON-lines logs.

Nothing raises on bad input: a damaged line or unreadable file is reported as a `Problem`.
"""

from __future__ import annotations

import datetime
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from desk_browser.memory.file_reading import (
    ReadSettings,
    current_settings,
    open_desk_file,
    read_at_most,
    unreadable_reason,
)
from desk_browser.memory.file_status import FolderListing
from desk_browser.memory.json_lines import (
    BYTE_ORDER_MARK,
    TOO_BIG_REASON,
    JsonLinesReading,
    describe_json_error,
    parse_json_lines_from,
    read_json_objects,
    read_json_objects_from,
)
from desk_browser.memory.problems import Problem, sort_problems
from desk_browser.memory.problems import report as _report

if TYPE_CHECKING:  # At run time these come from _JOURNAL_NAMES (see __getattr__).
    from desk_browser.memory.journal import JournalDay as JournalDay
    from desk_browser.memory.journal import JournalEvent as JournalEvent
    from desk_browser.memory.journal import JournalExchange as JournalExchange
    from desk_browser.memory.journal import action_text as action_text
    from desk_browser.memory.journal import group_journal_objects as group_journal_objects
    from desk_browser.memory.journal import is_own_search as is_own_search
    from desk_browser.memory.journal import read_journal_day as read_journal_day

__all__ = [  # Re-exported where the documented interface names them.
    'BYTE_ORDER_MARK',
    'TOO_BIG_REASON',
    'JsonLinesReading',
    'Problem',
    'describe_json_error',
    'parse_json_lines_from',
    'read_json_objects',
    'read_json_objects_from',
    'sort_problems',
]

INDIA = datetime.timezone(datetime.timedelta(hours=5, minutes=30), 'IST')
"""India's time zone (UTC+05:30), which decides the desk's dates."""

JOURNAL_FOLDER_NAME = 'journal'
SESSIONS_FOLDER_NAME = 'sessions'
SUMMARIES_FOLDER_NAME = 'summaries'
NOTES_FOLDER_NAME = 'notes'

_DATE_PATTERN = re.compile(r'[0-9]{4}-[0-9]{2}-[0-9]{2}', re.ASCII)

_JOURNAL_NAMES = frozenset(
    {
        'JournalDay',
        'JournalEvent',
        'JournalExchange',
        'action_text',
        'group_journal_objects',
        'is_own_search',
        'read_journal_day',
    }
)
"""The journal's records and readers, kept in `journal` and named here too (`desk_files.JournalDay`,
`from desk_browser.memory.desk_files import JournalEvent`): that module loads when one of them is
first asked for, since the first screen reads no journal and its frozen records cost the start
about 1 ms to make."""


def __getattr__(name: str) -> Any:
    """Gives the journal's names (`_JOURNAL_NAMES`) from `journal`, loading it the first time."""
    if name in _JOURNAL_NAMES:
        from desk_browser.memory import journal  # Deferred: see _JOURNAL_NAMES.

        return getattr(journal, name)
    raise AttributeError(f'module {__name__!r} has no attribute {name!r}')


def read_bytes(
    path: Path,
    problems: list[Problem] | None = None,
    limit: int | None = None,
    settings: ReadSettings | None = None,
) -> bytes | None:
    """Reads a whole desk file, or reports why not and returns None.

    Args:
        path: A regular file inside its desk folder (unless links out are allowed).
        problems: Where to report an unreadable file, or None.
        limit: The most bytes to read: a longer file is reported "too big" (None: any size).
        settings: Whether links out of the desk are followed (None: the settings in force).
    """
    try:
        with open_desk_file(path, settings) as handle:
            if limit is None:
                return handle.read()
            return read_at_most(handle, path, limit)
    except (OSError, ValueError) as error:  # ValueError: a path holding a NUL character.
        _report(problems, Problem(path, None, unreadable_reason(error)))
    except MemoryError:  # Bigger than memory, such as a huge sparse file.
        _report(problems, Problem(path, None, TOO_BIG_REASON))
    return None


def date_of_name(name: str) -> str | None:
    """The YYYY-MM-DD date a file name starts with, or None when it starts with no real date."""
    start = name[:10]
    if not _DATE_PATTERN.fullmatch(start):
        return None
    try:
        datetime.date.fromisoformat(start)
    except ValueError:
        return None
    return start


_SHARED_LISTING = FolderListing()
"""The listing the functions below use when their caller brings none (a handful of folders)."""


def files_in(folder: Path, listing: FolderListing | None = None) -> list[Path]:
    """Lists the regular files in a folder, sorted by name (see `file_names_in`)."""
    return [folder / name for name in file_names_in(folder, listing)]


def file_names_in(folder: Path, listing: FolderListing | None = None) -> list[str]:
    """Lists the names of a folder's regular files, sorted; empty when it cannot be listed."""
    return list((listing or _SHARED_LISTING).names(folder))


def dated_files(
    folder: Path, suffix: str, listing: FolderListing | None = None
) -> list[tuple[str, Path]]:
    """Lists a folder's files named <YYYY-MM-DD><suffix> as (day, path), newest day first."""
    found = []
    for name in file_names_in(folder, listing):
        if not name.endswith(suffix) or len(name) != 10 + len(suffix):
            continue
        day = date_of_name(name)
        if day is not None:
            found.append((day, folder / name))
    found.sort(key=lambda item: item[0], reverse=True)
    return found


def journal_files(desk_directory: Path) -> list[tuple[str, Path]]:
    """Lists a desk's journal/<YYYY-MM-DD>.jsonl files as (day, path), newest day first."""
    return dated_files(desk_directory / JOURNAL_FOLDER_NAME, '.jsonl')


def summary_files(desk_directory: Path) -> list[tuple[str, Path]]:
    """Lists a desk's sessions/summaries/<YYYY-MM-DD>.md as (day, path), newest day first."""
    return dated_files(desk_directory / SESSIONS_FOLDER_NAME / SUMMARIES_FOLDER_NAME, '.md')


def summary_file(desk_directory: Path, day: str) -> Path | None:
    """One day's summary, if it is a regular file, without listing the others; else None."""
    name = f'{day}.md'
    if len(day) != 10 or date_of_name(name) != day:
        return None
    path = desk_directory / SESSIONS_FOLDER_NAME / SUMMARIES_FOLDER_NAME / name
    try:
        return path if path.is_file() else None
    except (OSError, ValueError):
        return None


def summary_paragraphs(text: str) -> list[str]:
    """Splits a summary into its paragraphs: the parts between blank lines, stripped, none empty."""
    paragraphs = []
    current: list[str] = []
    for line in text.split('\n'):
        if line.strip():
            current.append(line)
        elif current:
            paragraphs.append('\n'.join(current).strip())
            current = []
    if current:
        paragraphs.append('\n'.join(current).strip())
    return paragraphs


def note_files(desk_directory: Path) -> list[tuple[str, Path]]:
    """Lists a desk's notes/*.md as (day, path), sorted by file name (the day as note_day says)."""
    return [
        (note_day(path), path)
        for path in files_in(desk_directory / NOTES_FOLDER_NAME)
        if path.name.endswith('.md')
    ]


def note_day(path: Path) -> str:
    """The day a note belongs to: its name's date, else its modification's India date, or ""."""
    day = date_of_name(path.name)
    if day is not None:
        return day
    try:
        modified_at = path.stat().st_mtime
        return datetime.datetime.fromtimestamp(modified_at, INDIA).date().isoformat()
    except (OSError, ValueError, OverflowError):
        return ''


def read_text(path: Path, problems: list[Problem] | None = None) -> str | None:
    """Reads a UTF-8 text file, such as a summary or a note; None when it cannot be read.

    Bytes that are not UTF-8 become U+FFFD and are reported; a file past the limit is not read.

    Args:
        path: The file.
        problems: Where to report undecodable bytes and an unreadable file (None: nowhere).
    """
    return read_text_within(path, problems, current_settings())


def read_text_within(
    path: Path, problems: list[Problem] | None, settings: ReadSettings
) -> str | None:
    """Reads a UTF-8 text file as read_text does, within the given settings."""
    content = read_bytes(path, problems, settings.text_limit, settings)
    if content is None:
        return None
    content = content.removeprefix(BYTE_ORDER_MARK)
    try:
        return content.decode('utf-8')
    except UnicodeDecodeError as error:
        line_number = content.count(b'\n', 0, error.start) + 1
        _report(problems, Problem(path, line_number, 'not UTF-8'))
        return content.decode('utf-8', errors='replace')
