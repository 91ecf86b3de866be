"""Opening a desk file for reading without ever waiting, and naming why one cannot be read.

A desk folder may hold anything in a file's place: a FIFO (whose open waits for a writer that
never comes), a socket, a device. Every reader of the core opens files here: the path must be a
regular file when examined, is opened with O_NONBLOCK (so a FIFO swapped in between never makes
the open wait), and is examined again once open. Anything else is refused with
`NotRegularFileError`, reported as "not a regular file".

Typical usage example:

    try:
        with open_regular_file(path) as handle:
            content = handle.read()
    except (OSError, ValueError) as error:
        reason = unreadable_reason(error)
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import BinaryIO

NOT_REGULAR_REASON = 'not a regular file'
"""The reason reported for a FIFO, socket or device standing where a file should be."""

_OPEN_FLAGS = os.O_RDONLY | getattr(os, 'O_NONBLOCK', 0) | getattr(os, 'O_CLOEXEC', 0)


class NotRegularFileError(OSError):
    """A path names something other than a regular file or a folder (a FIFO, socket, device)."""

    def __init__(self, path: Path):
        """Describes the refusal.

        Args:
            path (Path): The path.
        """
        super().__init__(errno.EINVAL, NOT_REGULAR_REASON, os.fspath(path))


def _refuse_unless_regular(path: Path, mode: int) -> None:
    """Raises unless a file's mode is a regular file's.

    Args:
        path (Path): The path, for the error.
        mode (int): Its st_mode.

    Raises:
        IsADirectoryError: It is a folder (reported as a read of a folder always was).
        NotRegularFileError: It is a FIFO, socket or device.
    """
    if stat.S_ISREG(mode):
        return
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), os.fspath(path))
    raise NotRegularFileError(path)


def open_regular_file(path: Path) -> BinaryIO:
    """Opens a regular file for reading, never waiting on a FIFO or a device.

    Args:
        path (Path): The file (links are followed).

    Returns:
        BinaryIO: The open file (the caller closes it).

    Raises:
        OSError: It cannot be opened; NotRegularFileError when it is not a regular file,
            IsADirectoryError when it is a folder.
        ValueError: The path holds a NUL character.
    """
    _refuse_unless_regular(path, os.stat(path).st_mode)
    descriptor = os.open(path, _OPEN_FLAGS)
    try:
        _refuse_unless_regular(path, os.fstat(descriptor).st_mode)
        return os.fdopen(descriptor, 'rb')
    except BaseException:
        os.close(descriptor)
        raise


def unreadable_reason(error: OSError | ValueError) -> str:
    """Names why a file could not be read, as a problem's reason.

    Args:
        error (OSError | ValueError): What opening or reading it raised.

    Returns:
        str: "not a regular file", or "unreadable: " and the system's words ("Permission
            denied"), or the error's for a name the system refuses.
    """
    if isinstance(error, NotRegularFileError):
        return NOT_REGULAR_REASON
    if isinstance(error, OSError):
        return f'unreadable: {error.strerror or error.__class__.__name__}'
    return f'unreadable: {error}'
