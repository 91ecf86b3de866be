"""Writing the browser's own files in its cache folder without leaving temporary files behind.

A cache file is written to `.<name>.<8 random characters>.tmp` and renamed over it; the sweeps
remove what a killed process left. Not synced: a lost file reads as nothing kept.
"""

from __future__ import annotations

import atexit
import os
import re
import tempfile
import threading
import time
from pathlib import Path

STALE_AGE = 10 * 60.0
"""Seconds after which a temporary file of this naming is a leftover: a write takes far less."""

EXIT_WAIT = 1.0
"""The most seconds the interpreter's exit waits for a write under way."""

WRITE_WAIT = 1.0
"""The most seconds a write waits for another one under way (one on a hung disk never ends)."""

RANDOM_PART = r'[a-z0-9_]{8}'
"""What tempfile.mkstemp puts between its prefix and suffix, as a regular expression."""

_writing = threading.Lock()
_under_way: set[Path] = set()
_exiting = False


def write_cache_file(path: Path, content: bytes) -> None:
    """Replaces a cache file's content in one step; its folder must exist.

    Raises:
        OSError: The file could not be written, or the interpreter is exiting.
    """
    if not _writing.acquire(timeout=WRITE_WAIT):
        raise OSError(f'not written: another cache write is still under way: {path}')
    try:
        if _exiting:
            raise OSError(f'not written while exiting: {path}')
        descriptor, temporary_name = tempfile.mkstemp(
            prefix=f'.{path.name}.', suffix='.tmp', dir=path.parent
        )
        temporary_path = Path(temporary_name)
        _under_way.add(temporary_path)
        try:
            with os.fdopen(descriptor, 'wb') as temporary_file:
                temporary_file.write(content)
            os.replace(temporary_path, path)
        except BaseException:
            temporary_path.unlink(missing_ok=True)
            raise
        finally:
            _under_way.discard(temporary_path)
    finally:
        _writing.release()


def sweep_leftovers(folder: Path, names: str, now: float | None = None) -> int:
    """Removes `write_cache_file`'s leftovers (for `names`) past STALE_AGE; returns how many."""
    return sweep_stale_files(folder, rf'\.(?:{names})\.{RANDOM_PART}\.tmp', now)


def sweep_stale_files(folder: Path, leftovers: str, now: float | None = None) -> int:
    """Removes a cache folder's files `leftovers` matches, past STALE_AGE; returns how many."""
    leftover = re.compile(leftovers)
    oldest = (time.time() if now is None else now) - STALE_AGE
    removed = 0
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                if not leftover.fullmatch(entry.name):
                    continue
                try:
                    if entry.is_file(follow_symlinks=False) and (
                        entry.stat(follow_symlinks=False).st_mtime < oldest
                    ):
                        os.unlink(entry.path)
                        removed += 1
                except OSError:
                    continue
    except OSError:
        return removed
    return removed


def _remove_writes_under_way() -> None:
    """At the interpreter's exit: waits for a write under way, then removes what one left."""
    global _exiting
    waited = _writing.acquire(timeout=EXIT_WAIT)
    try:
        _exiting = True
        for temporary_path in list(_under_way):
            try:
                temporary_path.unlink(missing_ok=True)
            except OSError:
                continue
    finally:
        if waited:
            _writing.release()


atexit.register(_remove_writes_under_way)
