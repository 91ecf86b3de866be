"""A desk's days as the search walks them, with a signature that tells when a day's files change.

Days are listed newest first, as the documented search lists them; a day with a racy file
(see file_status) is never cached or indexed.

Typical usage example:

    for desk_day in desk_days(Path('workspace/desks/main')):
        signature, racy = day_signature(desk_day, time.time_ns())
"""

from __future__ import annotations

import collections
import dataclasses
import threading
from collections.abc import Sequence
from json.encoder import encode_basestring_ascii as _json_string
from pathlib import Path
from typing import Generic, TypeVar

from desk_browser.memory import desk_files
from desk_browser.memory.file_status import FileSignature, file_signature

_Value = TypeVar('_Value')


@dataclasses.dataclass(frozen=True)
class DeskDay:
    """The files that hold one day's records.

    Attributes:
        day (str): The India date, as YYYY-MM-DD ("" for notes whose date cannot be found).
        journal (Path | None): The day's journal file, or None.
        summary (Path | None): The day's summary file, or None.
        notes (tuple[Path, ...]): The day's notes, sorted by file name.
    """

    day: str
    journal: Path | None
    summary: Path | None
    notes: tuple[Path, ...]

    @property
    def paths(self) -> list[Path]:
        """Every file of the day that exists: the journal, the summary and the notes."""
        found = [path for path in (self.journal, self.summary) if path is not None]
        return found + list(self.notes)


def combine_days(
    journals: Sequence[tuple[str, Path]],
    summaries: Sequence[tuple[str, Path]],
    notes: Sequence[tuple[str, Path]],
) -> list[DeskDay]:
    """Groups desk_files' listed journals, summaries and notes into days, newest day first."""
    journal_of = dict(journals)
    summary_of = dict(summaries)
    notes_of: dict[str, list[Path]] = {}
    for day, path in notes:
        notes_of.setdefault(day, []).append(path)
    return [
        DeskDay(
            day=day,
            journal=journal_of.get(day),
            summary=summary_of.get(day),
            notes=tuple(notes_of.get(day, [])),
        )
        for day in sorted(journal_of.keys() | summary_of.keys() | notes_of.keys(), reverse=True)
    ]


def desk_days(desk_directory: Path) -> list[DeskDay]:
    """Lists a desk's days, newest first, read from the folder now."""
    return combine_days(
        desk_files.journal_files(desk_directory),
        desk_files.summary_files(desk_directory),
        desk_files.note_files(desk_directory),
    )


def _folder_key(folder: Path, now_ns: int) -> FileSignature | None:
    """A folder's signature as its listing's key, or None when missing, unreadable or racy."""
    signature = file_signature(folder)
    if signature is None or signature.is_racy(now_ns):
        return None
    return signature


class DeskListing:
    """Lists a desk's days, listing its folders again only when they change."""

    def __init__(self, desk_directory: Path):
        """Creates the listing of a desk folder."""
        self._desk_directory = desk_directory
        self._lock = threading.Lock()
        self._journals: tuple[FileSignature | None, list[tuple[str, Path]]] = (None, [])
        self._summaries: tuple[FileSignature | None, list[tuple[str, Path]]] = (None, [])
        self._notes: tuple[FileSignature | None, list[Path]] = (None, [])
        self._generation = 0
        self._combined: tuple[object, list[DeskDay]] = (None, [])

    def days(self, now_ns: int) -> list[DeskDay]:
        """The desk's days as they are now, newest first (shared: not to be changed)."""
        desk = self._desk_directory
        journal_key = _folder_key(desk / desk_files.JOURNAL_FOLDER_NAME, now_ns)
        summary_key = _folder_key(
            desk / desk_files.SESSIONS_FOLDER_NAME / desk_files.SUMMARIES_FOLDER_NAME, now_ns
        )
        notes_key = _folder_key(desk / desk_files.NOTES_FOLDER_NAME, now_ns)
        with self._lock:
            if journal_key is None or self._journals[0] != journal_key:
                self._journals = (journal_key, desk_files.journal_files(desk))
                self._generation += 1
            if summary_key is None or self._summaries[0] != summary_key:
                self._summaries = (summary_key, desk_files.summary_files(desk))
                self._generation += 1
            if notes_key is None or self._notes[0] != notes_key:
                notes = desk_files.note_files(desk)
                self._notes = (notes_key, [path for _, path in notes])
            else:
                notes = [(desk_files.note_day(path), path) for path in self._notes[1]]
            key = (self._generation, notes)
            if self._combined[0] != key:
                days = combine_days(self._journals[1], self._summaries[1], notes)
                self._combined = (key, days)
            return self._combined[1]


def day_signature(desk_day: DeskDay, now_ns: int) -> tuple[str, bool]:
    """Describes a day's files, so that any change to them changes the description.

    Args:
        desk_day (DeskDay): The day.
        now_ns (int): The time now, in nanoseconds (time.time_ns()).

    Returns:
        tuple[str, bool]: The signature, and whether the day is racy (a file changed in the
            last two seconds, is dated in the future, or could not be examined).
    """
    # The JSON of [[role, path, size, modified, changed, inode], ...] (ASCII, no spaces), written
    # out here: json.dumps costs three times as much, and every search examines the days it reaches.
    parts: list[str] = []
    racy = False
    roles = [('journal', desk_day.journal), ('summary', desk_day.summary)]
    roles.extend(('note', path) for path in desk_day.notes)
    for role, path in roles:
        if path is None:
            continue
        status = file_signature(path)
        name = f'[{_json_string(role)},{_json_string(str(path))}'
        if status is None:
            parts.append(name + ',-1,-1,-1,-1]')
            racy = True
            continue
        racy = racy or status.is_racy(now_ns)
        parts.append(
            f'{name},{status.size},{status.modified_ns},{status.changed_ns},{status.inode}]'
        )
    return '[' + ','.join(parts) + ']', racy


class DayCache(Generic[_Value]):
    """Keeps the most recently used days' records in memory, up to a budget of characters."""

    def __init__(self, max_characters: int):
        """Creates an empty cache keeping roughly `max_characters` of text."""
        self._max_characters = max_characters
        self._entries: collections.OrderedDict[str, tuple[_Value, int]] = collections.OrderedDict()
        self._characters = 0
        self._lock = threading.Lock()

    def get(self, signature: str) -> _Value | None:
        """A day's records by its signature (see day_signature), or None when not kept."""
        with self._lock:
            entry = self._entries.get(signature)
            if entry is None:
                return None
            self._entries.move_to_end(signature)
            return entry[0]

    def put(self, signature: str, value: _Value, characters: int) -> None:
        """Keeps a day's records, dropping the least recently used days beyond the budget.

        Args:
            signature (str): The day's signature.
            value (_Value): The records.
            characters (int): How much text they hold.
        """
        if characters > self._max_characters:
            return
        with self._lock:
            old = self._entries.pop(signature, None)
            if old is not None:
                self._characters -= old[1]
            self._entries[signature] = (value, characters)
            self._characters += characters
            while self._characters > self._max_characters and self._entries:
                _, (_, dropped) = self._entries.popitem(last=False)
                self._characters -= dropped
