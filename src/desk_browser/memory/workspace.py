"""Finds the desks of a workspace: a folder whose subfolders are desks.

A folder is a desk when it holds `sessions/`, `journal/` or `notes/`. A PATH is read as:

- a desk, when it is one (the workspace of that one desk);
- a workspace, when some of its subfolders are desks (`workspace/desks`, the desks' parent);
- the workspace in its `desks/` folder, when it holds one whose subfolders are desks
  (`workspace`, as the desk's own documentation lays it out);
- no desk at all otherwise.

In a workspace, what stands where a desk should be but cannot be read as one is an entry that
says why, never an error: a subfolder that cannot be read, a symlink loop or a link to nothing, a
file with no extension (README.md and other files with an extension are left alone). Hidden
entries (a name starting with a dot) are left out. Nothing is written; nothing is read but the
folders' listings.

Typical usage example:

    workspace = find_desks(Path('workspace/desks'))
    for entry in workspace.desks:
        print(entry.name, entry.problem or 'a desk')
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
        name (str): The folder's name, such as "main"; unique within the workspace.
        path (Path): The folder.
        problem (str | None): Why it cannot be read as a desk ("cannot read: permission
            denied", "a symlink loop", "a file, not a desk folder", REMOVED); None for a desk.
    """

    name: str
    path: Path
    problem: str | None = None


@dataclasses.dataclass
class Workspace:
    """What a PATH holds: one desk, several, or none.

    Attributes:
        path (Path): The PATH given.
        kind (WorkspaceKind): "desk" when PATH is a desk, "workspace" when it holds desks,
            "none" otherwise.
        desks (list[DeskEntry]): The desks (and the entries standing where a desk should be),
            by name; one entry for a desk, none for "none".
        problem (str | None): For "none": why PATH holds no desk, naming the path and what
            to do; else None.
        desks_folder (Path): The folder the desks are in (PATH, or PATH/desks); PATH itself
            for a desk.
    """

    path: Path
    kind: WorkspaceKind
    desks: list[DeskEntry]
    problem: str | None = None
    desks_folder: Path | None = None

    @property
    def names(self) -> list[str]:
        """The entries' names, in order.

        Returns:
            list[str]: The names.
        """
        return [entry.name for entry in self.desks]

    def entry(self, name: str) -> DeskEntry | None:
        """Finds an entry by name.

        Args:
            name (str): The desk's name.

        Returns:
            DeskEntry | None: The entry, or None when no entry has that name.
        """
        return next((entry for entry in self.desks if entry.name == name), None)


def _reason(error: OSError) -> str:
    """Words for why a folder could not be read.

    Args:
        error (OSError): The error.

    Returns:
        str: Such as "cannot read: permission denied" (this user's permissions, not damage),
            "a symlink loop" or "unreadable: Input/output error".
    """
    if error.errno == errno.ELOOP:
        return 'a symlink loop'
    return os_error_reason(error)


def is_desk(path: Path) -> bool:
    """Tells whether a folder holds any of a desk's folders.

    Args:
        path (Path): The folder.

    Returns:
        bool: True for a desk; False for anything else, including what cannot be read.
    """
    try:
        return any((path / name).is_dir() for name in DESK_FOLDERS)
    except (OSError, ValueError):
        return False


def entry_problem(path: Path) -> str | None:
    """Says why a folder found as a desk cannot be read as one now.

    Args:
        path (Path): The desk folder.

    Returns:
        str | None: REMOVED, "a symlink loop", "cannot read: permission denied",
            "unreadable: ...", "a file, not a desk folder",
            "no longer a desk: ..." or None when it is a desk that can be read.
    """
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
    """Reads one entry of a workspace folder.

    Args:
        folder (Path): The workspace's desks folder.
        name (str): The entry's name.

    Returns:
        DeskEntry | None: A desk, or an entry saying what stands where a desk should be; None
            for an entry that is neither (a readable folder that holds no desk, a file with an
            extension).
    """
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
    """Lists what stands in a workspace folder.

    Args:
        folder (Path): The folder.

    Returns:
        list[DeskEntry] | str: The entries by name, or why the folder cannot be listed.
    """
    try:
        with os.scandir(folder) as listing:
            names = sorted(entry.name for entry in listing if not entry.name.startswith('.'))
    except OSError as error:
        return _reason(error)
    entries = [_entry_for(folder, name) for name in names]
    return [entry for entry in entries if entry is not None]


def find_desks(path: Path) -> Workspace:
    """Reads what a PATH holds: a desk, a workspace of desks, or none.

    Args:
        path (Path): The PATH given.

    Returns:
        Workspace: What it holds. A workspace is read only when at least one of its entries is
            a readable desk, so a folder of unrelated files is "none", with a message.
    """
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
