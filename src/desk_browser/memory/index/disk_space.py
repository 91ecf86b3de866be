"""A full cache disk: the errors that mean it, and when a build may try to write again.

A build stops before a batch that would not fit, keeping what it wrote; `SpaceWatch` lets it
write again once tuning.NO_SPACE_RETRY_BYTES more are free.

Typical usage example:

    watch = SpaceWatch()
    if watch.short(folder):
        ...  # Leave the index as it is.
"""

from __future__ import annotations

import errno
import shutil
import sqlite3
import threading
from pathlib import Path

from desk_browser.memory.index import tuning

NO_SPACE = "no space left on the cache's disk"
"""What an index status says when the cache's disk is full (IndexStatus.problem)."""

_NO_SPACE_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT})
_FULL_MESSAGE = 'database or disk is full'


def is_no_space(error: BaseException) -> bool:
    """Whether a write's error means the disk or quota is full (SQLITE_FULL, ENOSPC, EDQUOT)."""
    if isinstance(error, OSError):
        return error.errno in _NO_SPACE_ERRNOS
    if isinstance(error, sqlite3.Error):
        code = getattr(error, 'sqlite_errorcode', None)
        return code == sqlite3.SQLITE_FULL or _FULL_MESSAGE in str(error)
    return False


def ensure_room(folder: Path, characters: int) -> None:
    """Makes sure a batch of this much text can be written and checkpointed, with room to spare.

    Args:
        folder (Path): The index's folder.
        characters (int): The batch's text (its trigram rows' texts), in characters.

    Raises:
        OSError: ENOSPC, when the disk has less free than the batch needs.
    """
    free = free_bytes(folder)
    need = characters * tuning.ROOM_PER_CHARACTER + tuning.ROOM_SPARE_BYTES
    if free is not None and free < need:
        message = f'{free:,} bytes free, a batch of the index needs about {need:,}'
        raise OSError(errno.ENOSPC, message, str(folder))


def free_bytes(folder: Path) -> int | None:
    """The bytes free for the user on a folder's disk, or None when they cannot be known."""
    try:
        return shutil.disk_usage(folder).free
    except (OSError, ValueError):
        return None


class SpaceWatch:
    """Remembers that a build ran out of space, until the disk has room again; thread-safe."""

    def __init__(self) -> None:
        """Starts with no shortage known."""
        self._lock = threading.Lock()
        self._short = False
        self._free_then: int | None = None

    def ran_out(self, folder: Path) -> None:
        """Notes that a write to the index in a folder ran out of space."""
        free = free_bytes(folder)
        with self._lock:
            self._short = True
            self._free_then = free

    def short(self, folder: Path) -> bool:
        """Whether a build should leave the index as it is, until the disk has room again."""
        with self._lock:
            if not self._short:
                return False
            free_then = self._free_then
        free = free_bytes(folder)
        if free is None or free_then is None or free < free_then + tuning.NO_SPACE_RETRY_BYTES:
            return True
        with self._lock:
            self._short = False
        return False
