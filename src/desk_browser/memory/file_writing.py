"""Writing the sessions folder's files so that a crash never leaves half a file behind.

The state and summaries are replaced whole; the logs only grow by whole JSON lines.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import tempfile
from pathlib import Path
from typing import Any

NEW_FILE_MODE = 0o644
"""The permissions of a file the store creates (a replaced file keeps its own)."""


def write_atomically(path: Path, content: bytes) -> None:
    """Replaces a file's content so that a crash leaves the old or the new file (else OSError)."""
    try:
        mode = stat.S_IMODE(path.stat().st_mode)
    except OSError:
        mode = NEW_FILE_MODE
    descriptor, temporary_name = tempfile.mkstemp(
        prefix=f'.{path.name}.', suffix='.tmp', dir=path.parent
    )
    temporary_path = Path(temporary_name)
    try:
        with os.fdopen(descriptor, 'wb') as temporary_file:
            temporary_file.write(content)
            temporary_file.flush()
            os.fsync(temporary_file.fileno())
        os.chmod(temporary_path, mode)
        os.replace(temporary_path, path)
    except BaseException:
        with contextlib.suppress(OSError):
            temporary_path.unlink()
        raise
    sync_folder(path.parent)


def sync_folder(folder: Path) -> None:
    """Flushes a folder's entries to disk, where the system allows it, so a rename survives."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


def encode_json_line(data: dict[str, Any]) -> bytes:
    """One JSON line in UTF-8, ending in a newline, non-ASCII text readable where it can be."""
    try:
        return (json.dumps(data, ensure_ascii=False) + '\n').encode('utf-8')
    except UnicodeEncodeError:  # Lone surrogates: JSON escapes keep them exactly.
        return (json.dumps(data) + '\n').encode('utf-8')


def append_line(path: Path, line: bytes) -> None:
    """Adds one newline-ended line to a file (on a new line after one cut short), creating it."""
    with path.open('a+b') as log:
        log.seek(0, os.SEEK_END)
        if log.tell() > 0:
            log.seek(-1, os.SEEK_END)
            if log.read(1) != b'\n':
                line = b'\n' + line
        log.write(line)


def create_exclusively(path: Path) -> bool:
    """Creates an empty file exclusively, so of two processes only one succeeds.

    Returns False when it already existed; raises OSError when it could not be created otherwise.
    """
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, NEW_FILE_MODE)
    except FileExistsError:
        return False
    os.close(descriptor)
    return True
