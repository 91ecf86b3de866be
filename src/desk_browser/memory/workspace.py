"""Finds the desks of a workspace: a folder whose subfolders are desks.

A folder is a desk when it holds `sessions/`, `journal/` or `notes/`. What cannot be read as a
desk is an entry that says why, never an error; hidden entries and files with an extension are
left out. Only folder listings are read.
"""

from __future__ import annotations

import dataclasses
import errno
import os
import stat
from pathlib import Path
from typing import Literal

from desk_browser.memory.desk_files import (
    JOURNAL_FOLDER_NAME,
    NOTES_FOLDER_NAME,
    SESSIONS_FOLDER_NAME,
)
from desk_browser.memory.file_reading import os_error_reason

DESK_FOLDERS = (SESSIONS_FOLDER_NAME, JOURNAL_FOLDER_NAME, NOTES_FOLDER_NAME)
"""The folders a desk holds; a folder with any of them is a desk."""

DESKS_FOLDER_NAME = 'desks'
"""The folder a workspace keeps its desks in (`workspace/desks/<name>`)."""

REMOVED = 'removed: the desk folder is gone'
"""What an entry says when its desk was removed after it was found."""

WorkspaceKind = Literal['desk', 'workspace', 'none']
"""What a PATH turned out to be."""


@dataclasses.dataclass
class DeskEntry:
    """One desk of a workspace, or what stands where one should be.

    Attributes:
        name: The folder's name, such as "main"; unique within the workspace.
        path: The folder.
        problem: Why it cannot be read as a desk (such as REMOVED); None for a desk.
    """

    name: str
    path: Path
    problem: str | None = None


@dataclasses.dataclass
class Workspace:
    """What a PATH holds: one desk, several, or none.

    Attributes:
        path: The PATH given.
        kind: "desk", "workspace" or "none".
        desks: The desks and entries standing where one should be, by name (one for a desk).
        problem: For "none": why PATH holds no desk, naming the path and what to do.
        desks_folder: The folder the desks are in (PATH, or PATH/desks; PATH for a desk).
    """

    path: Path
    kind: WorkspaceKind
    desks: list[DeskEntry]
    problem: str | None = None
    desks_folder: Path | None = None

    @property
    def names(self) -> list[str]:
        """The entries' names, in order."""
        return [entry.name for entry in self.desks]

    def entry(self, name: str) -> DeskEntry | None:
        """The entry with a name, or None."""
        return next((entry for entry in self.desks if entry.name == name), None)


def _reason(error: OSError) -> str:
    """Words for why a folder could not be read, such as "cannot read: permission denied"."""
    if error.errno == errno.ELOOP:
        return 'a symlink loop'
    return os_error_reason(error)


def is_desk(path: Path) -> bool:
    """Whether a folder holds any of a desk's folders (False for what cannot be read)."""
    try:
        return any((path / name).is_dir() for name in DESK_FOLDERS)
    except (OSError, ValueError):
        return False


def entry_problem(path: Path) -> str | None:
    """Why a folder found as a desk cannot be read as one now, or None when it can."""
    try:
        status = os.stat(path)
    except FileNotFoundError:
        return REMOVED
    except (OSError, ValueError) as error:
        return _reason(error) if isinstance(error, OSError) else f'unreadable: {error}'
    if not stat.S_ISDIR(status.st_mode):
        return 'a file, not a desk folder'
    try:
        with os.scandir(path):
            pass
    except OSError as error:
        return _reason(error)
    if not is_desk(path):
        folders = ', '.join(f'{name}/' for name in DESK_FOLDERS)
        return f'no longer a desk: holds none of {folders}'
    return None


def _entry_for(folder: Path, name: str) -> DeskEntry | None:
    """One entry of a workspace folder: a desk, what stands in its place, or None for neither."""
    path = folder / name
    try:
        link_status = os.lstat(path)
    except FileNotFoundError:
        return None  # Removed between the listing and now.
    except OSError as error:
        return DeskEntry(name, path, _reason(error))
    try:
        status = os.stat(path)
    except FileNotFoundError:
        if stat.S_ISLNK(link_status.st_mode):
            return DeskEntry(name, path, 'a link to nothing')
        return None
    except OSError as error:
        return DeskEntry(name, path, _reason(error))
    if not stat.S_ISDIR(status.st_mode):
        if '.' in name:
            return None  # README.md, a script: not meant as a desk.
        return DeskEntry(name, path, 'a file, not a desk folder')
    try:
        with os.scandir(path):
            pass
    except OSError as error:
        return DeskEntry(name, path, _reason(error))
    if is_desk(path):
        return DeskEntry(name, path)
    return None


def _entries_of(folder: Path) -> list[DeskEntry] | str:
    """The entries in a workspace folder, by name, or why it cannot be listed."""
    try:
        with os.scandir(folder) as listing:
            names = sorted(entry.name for entry in listing if not entry.name.startswith('.'))
    except OSError as error:
        return _reason(error)
    entries = [_entry_for(folder, name) for name in names]
    return [entry for entry in entries if entry is not None]


def find_desks(path: Path) -> Workspace:
    """Reads what a PATH holds; a folder with no readable desk is "none", with a message."""
    shown = str(path)
    try:
        if not path.exists():
            return Workspace(
                path,
                'none',
                [],
                f'{shown}: no such folder. Give a desk folder, such as workspace/desks/main, '
                'or a folder of desks, such as workspace/desks.',
            )
        if not path.is_dir():
            return Workspace(
                path,
                'none',
                [],
                f'{shown}: not a folder. Give a desk folder or a folder of desks.',
            )
    except (OSError, ValueError) as error:
        reason = _reason(error) if isinstance(error, OSError) else str(error)
        return Workspace(path, 'none', [], f'{shown}: cannot be read ({reason}).')
    if is_desk(path):
        return Workspace(path, 'desk', [DeskEntry(path.name or shown, path)], None, path)
    for folder in (path, path / DESKS_FOLDER_NAME):
        entries = _entries_of(folder)
        if isinstance(entries, str):
            if folder == path:
                return Workspace(
                    path,
                    'none',
                    [],
                    f'{shown}: cannot be read ({entries}). Check the path and its permissions.',
                )
            continue
        if any(entry.problem is None for entry in entries):
            return Workspace(path, 'workspace', entries, None, folder)
    folders = ', '.join(f'{name}/' for name in DESK_FOLDERS)
    return Workspace(
        path,
        'none',
        [],
        f'{shown}: holds no desk: neither it nor its subfolders hold {folders} '
        'Give a desk folder, such as workspace/desks/main, or a folder of desks.',
    )
