"""The one reader of a desk's files: journal days, summaries, notes and JSON-lines logs.

Everything that reads the desk folder goes through this module, so there is one parser of each
kind of file. Nothing here raises on bad input: a missing folder reads as empty, a damaged line is
skipped and reported as a `Problem`, an unreadable file is reported and read as nothing.

The folder's layout and the meaning of the journal's events are described in the project's
README. Typical usage example:

    for day, path in journal_files(Path('workspace/desks/main')):
        journal_day = read_journal_day(path, day)
"""

from __future__ import annotations

import dataclasses
import datetime
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

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
from desk_browser.memory.json_text import compact_json, text_of
from desk_browser.memory.problems import Problem, sort_problems
from desk_browser.memory.problems import report as _report

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
_OWN_SEARCH_TOOL = 'search_sessions'
_OWN_SEARCH_TYPES = frozenset({'tool_call', 'tool_result'})


@dataclasses.dataclass(frozen=True)
class JournalEvent:
    """One well-formed line of a journal file.

    Attributes:
        line_number (int): The line it was read from, counting from 1.
        type (str): The event's type, such as "order_placed".
        time (str): When it happened, as written (an ISO 8601 string in UTC), or "" when the line
            has no string time.
        fields (dict[str, Any]): Every other field, in the file's order.
    """

    line_number: int
    type: str
    time: str
    fields: dict[str, Any]


@dataclasses.dataclass(frozen=True)
class JournalExchange:
    """A trigger the desk received and the pieces of text it answered with.

    Attributes:
        trigger (JournalEvent): The trigger_received event.
        texts (list[JournalEvent]): The text events after it, up to the next trigger.
    """

    trigger: JournalEvent
    texts: list[JournalEvent]

    @property
    def trigger_text(self) -> str:
        """The trigger's text.

        Returns:
            str: The text, or "" when the event has none.
        """
        return text_of(self.trigger.fields.get('text'))

    @property
    def answer(self) -> str:
        """The desk's answer: its texts joined with newlines.

        Returns:
            str: The answer, or "" when the desk never answered.
        """
        return '\n'.join(text_of(text.fields.get('text')) for text in self.texts)

    @property
    def text(self) -> str:
        """The exchange's searchable text: the trigger's text, a blank line, then the answer.

        Returns:
            str: The text.
        """
        return self.trigger_text + '\n\n' + self.answer


@dataclasses.dataclass(frozen=True)
class JournalDay:
    """One journal file, read.

    Attributes:
        day (str): The India date it holds, as YYYY-MM-DD.
        events (list[JournalEvent]): Every well-formed event, in the file's order.
        exchanges (list[JournalExchange]): Each trigger with its answer, in the file's order.
        actions (list[JournalEvent]): Every event that is neither a trigger nor a text inside an
            exchange, in the file's order, the desk's own search_sessions calls included.
    """

    day: str
    events: list[JournalEvent]
    exchanges: list[JournalExchange]
    actions: list[JournalEvent]


def read_bytes(
    path: Path,
    problems: list[Problem] | None = None,
    limit: int | None = None,
    settings: ReadSettings | None = None,
) -> bytes | None:
    """Reads a whole desk file, reporting instead of raising when it cannot.

    Args:
        path (Path): The file; it must be a regular file (a FIFO is never waited on) and, unless
            the settings allow links out of the desk, lie inside its desk folder.
        problems (list[Problem] | None): Where to report an unreadable file, or None.
        limit (int | None): The most bytes to read: a longer file is reported "too big" and not
            read; None reads any size.
        settings (ReadSettings | None): Whether links out of the desk are followed; None uses
            the settings in force.

    Returns:
        bytes | None: The file's bytes, or None when it could not be read.
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


def _event_from_object(
    path: Path,
    line_number: int,
    data: dict[str, Any],
    problems: list[Problem] | None,
) -> JournalEvent | None:
    """Reads one journal object as an event.

    Args:
        path (Path): The journal file, for reporting.
        line_number (int): The object's line.
        data (dict[str, Any]): The object.
        problems (list[Problem] | None): Where to report a damaged line, or None.

    Returns:
        JournalEvent | None: The event, or None when the object has no string type.
    """
    if 'type' not in data:
        _report(problems, Problem(path, line_number, 'missing type'))
        return None
    event_type = data['type']
    if not isinstance(event_type, str):
        _report(problems, Problem(path, line_number, 'wrong type for field "type"'))
        return None
    time = data.get('time')
    fields = {key: value for key, value in data.items() if key not in ('type', 'time')}
    return JournalEvent(
        line_number=line_number,
        type=event_type,
        time=time if isinstance(time, str) else '',
        fields=fields,
    )


def group_journal_objects(
    path: Path,
    objects: Iterable[tuple[int, dict[str, Any]]],
    exchanges: list[JournalExchange],
    actions: list[JournalEvent],
    problems: list[Problem] | None = None,
) -> list[JournalEvent]:
    """Reads journal objects as events and adds them to a day's exchanges and actions.

    This is how read_journal_day groups a file's events; a caller that reads a journal a piece
    at a time (read_json_objects_from) passes the exchanges and actions it has so far, and the
    last exchange goes on growing. A trigger_received event starts an exchange; a text event
    belongs to the last exchange when there is one; every other event is an action. An object
    with no string type is skipped and reported.

    Args:
        path (Path): The journal file, for reporting.
        objects (Iterable[tuple[int, dict[str, Any]]]): The objects with their line numbers, in
            the file's order, as read_json_objects or read_json_objects_from give them.
        exchanges (list[JournalExchange]): The exchanges so far, added to (the last one's texts
            may grow).
        actions (list[JournalEvent]): The actions so far, added to.
        problems (list[Problem] | None): Where to report skipped objects, or None.

    Returns:
        list[JournalEvent]: The events read, in order.
    """
    events: list[JournalEvent] = []
    current = exchanges[-1] if exchanges else None
    for line_number, data in objects:
        event = _event_from_object(path, line_number, data, problems)
        if event is None:
            continue
        events.append(event)
        if event.type == 'trigger_received':
            current = JournalExchange(trigger=event, texts=[])
            exchanges.append(current)
        elif event.type == 'text' and current is not None:
            current.texts.append(event)
        else:
            actions.append(event)
    return events


def read_journal_day(
    path: Path,
    day: str,
    problems: list[Problem] | None = None,
) -> JournalDay:
    """Reads one day's journal into events, exchanges and actions.

    A trigger_received event starts an exchange; the text events after it, up to the next
    trigger, are its answer. Text events before the first trigger belong to no exchange and are
    actions, as is every other event. A line that is not a JSON object with a string type is
    skipped (see group_journal_objects).

    Args:
        path (Path): The journal file.
        day (str): The India date it holds, as YYYY-MM-DD.
        problems (list[Problem] | None): Where to report damaged lines (in line order) and an
            unreadable file; None reports nothing.

    Returns:
        JournalDay: The day; empty when the file cannot be read.
    """
    exchanges: list[JournalExchange] = []
    actions: list[JournalEvent] = []
    found: list[Problem] = []
    objects = read_json_objects(path, found)
    events = group_journal_objects(path, objects, exchanges, actions, found)
    if problems is not None:
        problems.extend(sort_problems(found))
    return JournalDay(day=day, events=events, exchanges=exchanges, actions=actions)


def action_text(event: JournalEvent) -> str:
    """The searchable text of an action.

    Its type, then each other field but time, in the file's order, as "key: value", one a line:
    strings as they are, anything else as compact JSON with non-ASCII text kept.

    Args:
        event (JournalEvent): The action.

    Returns:
        str: The text.
    """
    lines = [event.type]
    for key, value in event.fields.items():
        value_text = value if isinstance(value, str) else compact_json(value)
        lines.append(f'{key}: {value_text}')
    return '\n'.join(lines)


def is_own_search(event: JournalEvent) -> bool:
    """Tells whether an event is the desk searching its own past, which search leaves out.

    Args:
        event (JournalEvent): The event.

    Returns:
        bool: True for a tool_call or tool_result whose tool is search_sessions.
    """
    return event.type in _OWN_SEARCH_TYPES and event.fields.get('tool') == _OWN_SEARCH_TOOL


def date_of_name(name: str) -> str | None:
    """Reads the date a file name starts with.

    Args:
        name (str): The name, such as "2026-10-19-nifty-gap.md".

    Returns:
        str | None: The date as YYYY-MM-DD, or None when the name does not start with a real
            date written that way.
    """
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
    """Lists the regular files in a folder, sorted by name (see `file_names_in`).

    Args:
        folder (Path): The folder.
        listing (FolderListing | None): Remembers the folder's listing until it changes; None
            uses the one this module shares.

    Returns:
        list[Path]: The files; empty when the folder is missing, not a folder or unreadable.
    """
    return [folder / name for name in file_names_in(folder, listing)]


def file_names_in(folder: Path, listing: FolderListing | None = None) -> list[str]:
    """Lists the names of the regular files in a folder, sorted.

    A caller that needs only names (a five-year desk's 2,520 session logs) skips making a
    `Path` for each, which took longer than listing the folder. A folder unchanged since it
    was last listed is not listed again (see `file_status.FolderListing`).

    Args:
        folder (Path): The folder.
        listing (FolderListing | None): Remembers the folder's listing until it changes; None
            uses the one this module shares.

    Returns:
        list[str]: The files' names; empty when the folder is missing, not a folder or
            unreadable.
    """
    return list((listing or _SHARED_LISTING).names(folder))


def dated_files(
    folder: Path, suffix: str, listing: FolderListing | None = None
) -> list[tuple[str, Path]]:
    """Lists the files in a folder named <YYYY-MM-DD><suffix>, newest day first.

    Args:
        folder (Path): The folder.
        suffix (str): The ending after the date, such as ".jsonl".
        listing (FolderListing | None): Remembers the folder's listing; None shares this
            module's.

    Returns:
        list[tuple[str, Path]]: Each file's day and path; a name that is not exactly a date and
            the suffix is left out, and a missing folder gives an empty list.
    """
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
    """Lists a desk's journal files, journal/<YYYY-MM-DD>.jsonl, newest day first.

    Args:
        desk_directory (Path): The desk folder.

    Returns:
        list[tuple[str, Path]]: Each file's day and path.
    """
    return dated_files(desk_directory / JOURNAL_FOLDER_NAME, '.jsonl')


def summary_files(desk_directory: Path) -> list[tuple[str, Path]]:
    """Lists a desk's daily summaries, sessions/summaries/<YYYY-MM-DD>.md, newest day first.

    Args:
        desk_directory (Path): The desk folder.

    Returns:
        list[tuple[str, Path]]: Each file's day and path.
    """
    return dated_files(desk_directory / SESSIONS_FOLDER_NAME / SUMMARIES_FOLDER_NAME, '.md')


def summary_file(desk_directory: Path, day: str) -> Path | None:
    """Finds one day's summary without listing the others (summary_files lists them all).

    Args:
        desk_directory (Path): The desk folder.
        day (str): The day, YYYY-MM-DD.

    Returns:
        Path | None: sessions/summaries/<day>.md when it is a regular file (what summary_files
            would list for that day), else None.
    """
    name = f'{day}.md'
    if len(day) != 10 or date_of_name(name) != day:
        return None
    path = desk_directory / SESSIONS_FOLDER_NAME / SUMMARIES_FOLDER_NAME / name
    try:
        return path if path.is_file() else None
    except (OSError, ValueError):
        return None


def summary_paragraphs(text: str) -> list[str]:
    """Splits a summary into its paragraphs.

    Args:
        text (str): The summary.

    Returns:
        list[str]: The parts between blank lines, stripped, empty ones dropped.
    """
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
    """Lists a desk's notes, notes/*.md, sorted by file name.

    Args:
        desk_directory (Path): The desk folder.

    Returns:
        list[tuple[str, Path]]: Each note's day (see note_day) and path.
    """
    return [
        (note_day(path), path)
        for path in files_in(desk_directory / NOTES_FOLDER_NAME)
        if path.name.endswith('.md')
    ]


def note_day(path: Path) -> str:
    """The day a note belongs to.

    Args:
        path (Path): The note's file.

    Returns:
        str: The date its name starts with, else the India date of its last modification, as
            YYYY-MM-DD; "" when neither can be found (the file vanished, or its time is absurd).
    """
    day = date_of_name(path.name)
    if day is not None:
        return day
    try:
        modified_at = path.stat().st_mtime
        return datetime.datetime.fromtimestamp(modified_at, INDIA).date().isoformat()
    except (OSError, ValueError, OverflowError):
        return ''


def read_text(path: Path, problems: list[Problem] | None = None) -> str | None:
    """Reads a UTF-8 text file, such as a summary or a note.

    Bytes that are not UTF-8 are replaced with U+FFFD and reported, rather than making the whole
    file unreadable. A UTF-8 byte order mark at the start is dropped. A file past the text limit
    in force (file_reading.ReadSettings) is reported "too big" and not read.

    Args:
        path (Path): The file.
        problems (list[Problem] | None): Where to report undecodable bytes (with the line of the
            first) and an unreadable file; None reports nothing.

    Returns:
        str | None: The text, or None when the file cannot be read.
    """
    return read_text_within(path, problems, current_settings())


def read_text_within(
    path: Path, problems: list[Problem] | None, settings: ReadSettings
) -> str | None:
    """Reads a UTF-8 text file as read_text does, within the given settings.

    Args:
        path (Path): The file.
        problems (list[Problem] | None): Where to report undecodable bytes and an unreadable
            file; None reports nothing.
        settings (ReadSettings): The text limit, and whether links out of the desk are followed.

    Returns:
        str | None: The text, or None when the file cannot be read.
    """
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
