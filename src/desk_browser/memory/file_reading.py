"""Opening a desk file for reading: never waiting, never reading outside the desk or past a limit.

A desk file must be a regular file (a FIFO never waits), inside its desk unless links out are
allowed, and within its kind's limit (`ReadSettings`); else it is refused with a reason.
Entry points set the settings for a run with `settings_in_force`.
"""

from __future__ import annotations

import contextlib
import dataclasses
import errno
import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

MEGABYTE = 1 << 20

NOT_REGULAR_REASON = 'not a regular file'
"""The reason reported for a FIFO, socket or device standing where a file should be."""

LINK_LOOP_REASON = 'a link that points to itself'
"""The reason reported for a symbolic link that leads back to itself (directly or through other
links), so that it names no file at all."""

PERMISSION_DENIED_REASON = 'cannot read: permission denied'
"""The reason reported for a file or folder this user may not read: a matter of the reader's
permissions, not damage to the desk (the desk's own user may read it well)."""

_OPEN_FLAGS = os.O_RDONLY | getattr(os, 'O_NONBLOCK', 0) | getattr(os, 'O_CLOEXEC', 0)
_DESK_FOLDERS = frozenset({'journal', 'notes', 'sessions'})
"""The folders a desk file lives in, directly under the desk (desk_files' *_FOLDER_NAMEs)."""
_SUMMARIES_FOLDER = ('sessions', 'summaries')


@dataclasses.dataclass
class ReadSettings:
    """How far the desk's readers go.

    Attributes:
        text_limit: The most bytes a note or a summary may hold.
        state_limit: The most bytes state.json may hold.
        line_limit: The most bytes one line of a session log or journal may hold.
        follow_symlinks: Whether a link to a file outside the desk folder is read.
    """

    text_limit: int = 16 * MEGABYTE
    state_limit: int = 16 * MEGABYTE
    line_limit: int = 32 * MEGABYTE
    follow_symlinks: bool = False


DEFAULT_SETTINGS = ReadSettings()

_in_force = DEFAULT_SETTINGS


def current_settings() -> ReadSettings:
    """The settings the documented readers use: DEFAULT_SETTINGS, or those put in force."""
    return _in_force


@contextlib.contextmanager
def settings_in_force(settings: ReadSettings) -> Iterator[None]:
    """Puts settings in force for every reader of the process while the run lasts, then restores."""
    global _in_force
    before = _in_force
    _in_force = settings
    try:
        yield
    finally:
        _in_force = before


class RefusedFileError(OSError):
    """A desk file the readers refuse to read; `reason` says why, as a problem's reason."""

    def __init__(self, path: Path, reason: str):
        """Describes the refusal of a file and why, such as "not a regular file"."""
        super().__init__(errno.EINVAL, reason, os.fspath(path))
        self.reason = reason


class NotRegularFileError(RefusedFileError):
    """A path names something other than a regular file or a folder (a FIFO, socket, device)."""

    def __init__(self, path: Path):
        """Describes the refusal of a path."""
        super().__init__(path, NOT_REGULAR_REASON)


class OutsideDeskError(RefusedFileError):
    """A desk file whose real path lies outside the desk folder (a link out of it)."""

    def __init__(self, path: Path, target: str):
        """Describes the refusal of a file whose real path is `target`."""
        super().__init__(path, f'points outside the desk: {target}')
        self.target = target


class TooBigError(RefusedFileError):
    """A file or a line longer than its limit."""

    def __init__(self, path: Path, size: int, limit: int):
        """Describes the refusal: `size` bytes (or more, when not read to the end) over `limit`."""
        super().__init__(path, too_big_reason(size, limit))


def size_text(size: int) -> str:
    """Writes a size in bytes as a person reads it: "512 bytes", "1.5 KB", "1.0 GB" (1,024s)."""
    if size < 1024:
        return f'{size:,} bytes'
    value = float(size)
    for unit in ('KB', 'MB', 'GB', 'TB'):
        value /= 1024
        if value < 1024 or unit == 'TB':
            return f'{value:.1f} {unit}' if value < 10 else f'{value:.0f} {unit}'
    raise AssertionError('unreachable')  # pragma: no cover


def too_big_reason(size: int, limit: int) -> str:
    """Names a file or line past its limit: "too big: 1.0 GB, limit 16 MB"."""
    return f'too big: {size_text(size)}, limit {size_text(limit)}'


def desk_of(path: Path) -> Path | None:
    """The desk folder a desk file belongs to, from its place; None for a path not shaped so."""
    parent = path.parent
    if (parent.parent.name, parent.name) == _SUMMARIES_FOLDER:
        return parent.parent.parent
    if parent.name in _DESK_FOLDERS:
        return parent.parent
    return None


def _refuse_unless_regular(path: Path, mode: int) -> None:
    """Raises IsADirectoryError for a folder, NotRegularFileError for a FIFO, socket or device."""
    if stat.S_ISREG(mode):
        return
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), os.fspath(path))
    raise NotRegularFileError(path)


def _refuse_outside(path: Path, desk: Path) -> None:
    """Raises OutsideDeskError when a file's real path lies outside its desk folder's."""
    target = os.path.realpath(path)
    desk_target = os.path.realpath(desk)
    if target != desk_target and not target.startswith(desk_target.rstrip(os.sep) + os.sep):
        raise OutsideDeskError(path, target)


def open_desk_file(path: Path, settings: ReadSettings | None = None) -> BinaryIO:
    """Opens a desk file for reading (the caller closes it), never waiting, never leaving the desk.

    Raises:
        OSError: It cannot be opened (RefusedFileError when the readers refuse it).
        ValueError: The path holds a NUL character.
    """
    settings = settings or _in_force
    _refuse_unless_regular(path, os.stat(path).st_mode)
    desk = desk_of(path)
    if desk is not None and not settings.follow_symlinks:
        _refuse_outside(path, desk)
    descriptor = os.open(path, _OPEN_FLAGS)
    try:
        _refuse_unless_regular(path, os.fstat(descriptor).st_mode)
        return os.fdopen(descriptor, 'rb')
    except BaseException:
        os.close(descriptor)
        raise


def read_at_most(handle: BinaryIO, path: Path, limit: int) -> bytes:
    """Reads an open file from where it stands to its end.

    Raises:
        TooBigError: More than `limit` bytes are left (nothing more is read).
        OSError: The read failed.
    """
    left = os.fstat(handle.fileno()).st_size - handle.tell()
    if left > limit:
        raise TooBigError(path, left, limit)
    content = handle.read(limit + 1)
    if len(content) > limit:  # It grew meanwhile.
        raise TooBigError(path, max(len(content), os.fstat(handle.fileno()).st_size), limit)
    return content


def unreadable_reason(error: OSError | ValueError) -> str:
    """Names why a file could not be read, as a problem's reason."""
    if isinstance(error, OSError):
        return os_error_reason(error)
    return f'unreadable: {error}'


def os_error_reason(error: OSError) -> str:
    """Names why the system refused to open, read, examine or list a desk file or folder."""
    if isinstance(error, RefusedFileError):
        return error.reason
    if isinstance(error, PermissionError):
        return PERMISSION_DENIED_REASON
    if error.errno == errno.ELOOP:
        return LINK_LOOP_REASON
    return f'unreadable: {error.strerror or error.__class__.__name__}'


def is_permission_reason(reason: str) -> bool:
    """Whether a problem's reason (or part of it) is PERMISSION_DENIED_REASON: not damage."""
    return PERMISSION_DENIED_REASON in reason
