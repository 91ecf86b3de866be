"""What the last scrub of an index found, kept beside it, so that the next process need not redo it.

`<index>.scrubbed` holds the index file's and WAL's status once every day was found intact; a
later build that finds exactly that status skips the reading. A stamp older than
tuning.SCRUB_SECONDS is ignored.

Typical usage example:

    since = trusted_since(index_path, time.time_ns())  # None: read every day.
    renew(index_path, since)  # Every day found intact: stamp the files as they are now.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import time
from pathlib import Path

from desk_browser.memory.file_status import FileSignature, file_signature
from desk_browser.memory.index import tuning

_LOGGER = logging.getLogger(__name__)

SUFFIX = '.scrubbed'
"""The stamp's file is the index file's name with this added."""
_VERSION = 1
_MOST_BYTES = 4096
"""A stamp is a few hundred bytes; anything larger is not one."""
_SETTLE_NANOSECONDS = 20_000_000
"""How long after the index file's last change its status is taken for a stamp: longer than the
clock tick of file times (1-10 ms on Linux), so that a change after the stamp gets a later time."""

_SETTLE_TRIES = 5

FilesStatus = list[list[int] | None]
"""The index file's status and its WAL's (None when it is missing or empty), as JSON lists."""


def stamp_path(index_path: Path) -> Path:
    """Names an index's stamp: `<index>.scrubbed` beside it."""
    return index_path.with_name(index_path.name + SUFFIX)


def _status(signature: FileSignature) -> list[int]:
    """A file's status as a stamp holds it."""
    return [
        signature.device,
        signature.inode,
        signature.size,
        signature.modified_ns,
        signature.changed_ns,
        signature.file_type,
    ]


def files_status(index_path: Path) -> FilesStatus | None:
    """The status of the index file and its WAL (an empty one is none); None if unexaminable."""
    index = file_signature(index_path)
    if index is None or not index.is_regular_file:
        return None
    log = file_signature(index_path.with_name(index_path.name + '-wal'))
    return [_status(index), None if log is None or log.size == 0 else _status(log)]


def _read(index_path: Path) -> tuple[FilesStatus, int] | None:
    """An index's stamp: the files' status and when their days were last read, or None."""
    try:
        with open(stamp_path(index_path), 'rb') as handle:
            data = handle.read(_MOST_BYTES + 1)
        stamp = json.loads(data) if len(data) <= _MOST_BYTES else None
    except (OSError, ValueError):
        return None
    if not isinstance(stamp, dict) or stamp.get('version') != _VERSION:
        return None
    files, scrubbed = stamp.get('files'), stamp.get('scrubbed_ns')
    if not isinstance(scrubbed, int) or not isinstance(files, list) or len(files) != 2:
        return None
    for status in files:
        if status is not None and not (
            isinstance(status, list) and all(isinstance(value, int) for value in status)
        ):
            return None
    return files, scrubbed


def trusted_since(index_path: Path, now_ns: int) -> int | None:
    """Tells whether the index's files are as its stamp says (call with the build lock held).

    Args:
        index_path (Path): The index file.
        now_ns (int): The time now (time.time_ns()).

    Returns:
        int | None: When the vouched-for days were last read (ns since the epoch), or None.
    """
    stamp = _read(index_path)
    if stamp is None:
        return None
    files, scrubbed = stamp
    if files != files_status(index_path):
        return None
    if not 0 <= now_ns - scrubbed <= tuning.SCRUB_SECONDS * 1e9:
        return None
    return scrubbed


def vouched_for_file(index_path: Path, signature: FileSignature, now_ns: int) -> int | None:
    """Tells whether the stamp vouches for the index file alone, for a reader that sees no WAL.

    Args:
        index_path (Path): The index file.
        signature (FileSignature): The index file's status, as the reader took it.
        now_ns (int): The time now (time.time_ns()).

    Returns:
        int | None: When the vouched-for days were last read (ns since the epoch), or None.
    """
    stamp = _read(index_path)
    if stamp is None:
        return None
    files, scrubbed = stamp
    if files[1] is not None or files[0] != _status(signature):
        return None
    if not 0 <= now_ns - scrubbed <= tuning.SCRUB_SECONDS * 1e9:
        return None
    return scrubbed


def _settled_status(index_path: Path) -> FilesStatus | None:
    """The files' status once their last change is older than a clock tick, or None."""
    for _ in range(_SETTLE_TRIES):
        files = files_status(index_path)
        if files is None:
            return None
        changed = max(status[4] for status in files if status is not None)
        wait = changed + _SETTLE_NANOSECONDS - time.time_ns()
        if wait <= 0:
            return files
        time.sleep(min(wait, _SETTLE_NANOSECONDS) / 1e9)  # A time ahead of the clock: a few.
    return None


def renew(index_path: Path, since: int | None) -> None:
    """Stamps the index's files as they are now, every day in them found intact.

    Writes nothing when the stamp already says so; a stamp that cannot be written is skipped.

    Args:
        index_path (Path): The index file.
        since (int | None): When the days were last read (the trusted stamp's); None for now.
    """
    files = _settled_status(index_path)
    if files is None:
        return
    scrubbed = time.time_ns() if since is None else since
    if _read(index_path) == (files, scrubbed):
        return
    path = stamp_path(index_path)
    partial = path.with_name(path.name + '.tmp')  # One name: a build that dies leaves one file.
    text = json.dumps({'version': _VERSION, 'files': files, 'scrubbed_ns': scrubbed})
    try:
        partial.write_text(text, encoding='utf-8')
        os.replace(partial, path)
    except OSError as error:
        _LOGGER.info('Cannot write the scrub stamp %s: %s', path, error)
        with contextlib.suppress(OSError):
            partial.unlink()


def forget(index_path: Path) -> None:
    """Deletes an index's stamp (with the index: a new index is not vouched for).

    Args:
        index_path (Path): The index file.

    Raises:
        OSError: When it exists and cannot be deleted.
    """
    path = stamp_path(index_path)
    for file in (path, path.with_name(path.name + '.tmp')):
        file.unlink(missing_ok=True)
