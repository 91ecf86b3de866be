"""Has this file changed? One signature of a file's status, one racy window, one folder listing.

Any change through the file system changes a `FileSignature`. A file modified less than
`RACY_NANOSECONDS` ago is *racy*: what was read is not trusted beyond the next look. Nothing
here raises: what cannot be examined has no signature.
"""

from __future__ import annotations

import dataclasses
import os
import stat
import threading
import time
from pathlib import Path

RACY_NANOSECONDS = 2_000_000_000
"""How recently a file may have changed before its signature is not trusted (two seconds)."""


@dataclasses.dataclass
class FileSignature:
    """What a stat call says about a file or folder, enough to notice that it changed.

    Attributes:
        device: The device it lives on.
        inode: The inode number; a replaced file has a new one.
        size: The size in bytes.
        modified_ns: The modification time, in nanoseconds since the epoch.
        changed_ns: The status change time, which catches a modification time set back.
        file_type: The file type bits of the mode (stat.S_IFMT).
    """

    device: int
    inode: int
    size: int
    modified_ns: int
    changed_ns: int
    file_type: int

    @property
    def is_folder(self) -> bool:
        """Whether it is a folder."""
        return stat.S_ISDIR(self.file_type)

    @property
    def is_regular_file(self) -> bool:
        """Whether it is a regular file (not a folder, FIFO, socket or device)."""
        return stat.S_ISREG(self.file_type)

    def is_racy(self, now_ns: int, racy_nanoseconds: int = RACY_NANOSECONDS) -> bool:
        """Whether it was modified in the `racy_nanoseconds` before `now_ns`, or later."""
        return self.modified_ns > now_ns - racy_nanoseconds

    def is_same_file(self, other: FileSignature) -> bool:
        """Whether two signatures describe the same file (device, inode, type), not a copy."""
        return (self.device, self.inode, self.file_type) == (
            other.device,
            other.inode,
            other.file_type,
        )


def signature_of(status: os.stat_result) -> FileSignature:
    """Turns an os.stat or os.fstat result into a signature."""
    return FileSignature(
        device=status.st_dev,
        inode=status.st_ino,
        size=status.st_size,
        modified_ns=status.st_mtime_ns,
        changed_ns=status.st_ctime_ns,
        file_type=stat.S_IFMT(status.st_mode),
    )


def file_signature(path: Path) -> FileSignature | None:
    """A file or folder's signature, following links; None when missing or unreachable."""
    try:
        return signature_of(os.stat(path))
    except (OSError, ValueError):
        return None


def settled_file_signature(path: Path, now_ns: int) -> FileSignature | None:
    """A regular file's signature; None when unexaminable, not a regular file, or racy."""
    signature = file_signature(path)
    if signature is None or not signature.is_regular_file or signature.is_racy(now_ns):
        return None
    return signature


class _Listed:
    """A folder's regular files as listed, and the folder's signature then."""

    __slots__ = ('names', 'signature')

    def __init__(self, signature: FileSignature, names: tuple[str, ...]) -> None:
        self.signature = signature
        self.names = names


class FolderListing:
    """Lists folders' regular files again only when a folder changed; thread-safe."""

    def __init__(self, racy_nanoseconds: int = RACY_NANOSECONDS):
        """Creates a listing that remembers nothing yet (tests may shorten `racy_nanoseconds`)."""
        self._racy_nanoseconds = racy_nanoseconds
        self._remembered: dict[str, _Listed] = {}
        self._lock = threading.Lock()

    def names(self, folder: Path) -> tuple[str, ...]:
        """The sorted names of a folder's regular files (the same tuple while unchanged)."""
        signature = file_signature(folder)
        if signature is None:
            return ()
        key = os.fspath(folder)
        with self._lock:
            remembered = self._remembered.get(key)
        if remembered is not None and remembered.signature == signature:
            return remembered.names
        listed_at_ns = time.time_ns()
        listed = _list_regular_files(folder)
        if listed is None:
            return ()
        names, links = listed
        if not links and not signature.is_racy(listed_at_ns, self._racy_nanoseconds):
            with self._lock:
                self._remembered[key] = _Listed(signature, names)
        return names


def _list_regular_files(folder: Path) -> tuple[tuple[str, ...], bool] | None:
    """A folder's sorted regular files (following links) and whether it holds a link, or None."""
    names: list[str] = []
    links = False
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                try:
                    links = links or entry.is_symlink()
                    if entry.is_file():
                        names.append(entry.name)
                except OSError:
                    continue
    except (OSError, ValueError):
        return None
    names.sort()
    return tuple(names), links
