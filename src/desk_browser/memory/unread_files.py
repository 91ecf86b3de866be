"""Which files a search reads cannot be read: so no search returns fewer hits in silence.

`UnreadFiles` names each file in a search's scope that cannot be opened, as a whole-file
`Problem`, opening it again only when its status changed.
"""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

from desk_browser.memory.desk_files import (
    Problem,
    journal_files,
    note_files,
    summary_files,
)
from desk_browser.memory.file_reading import (
    current_settings,
    open_desk_file,
    too_big_reason,
    unreadable_reason,
)
from desk_browser.memory.file_status import FileSignature, file_signature
from desk_browser.memory.search_scope import EVERYTHING, SearchScope

JOURNAL_KINDS = frozenset({'exchange', 'journal'})
"""The record kinds a journal day holds (the API's names)."""


class UnreadFiles:
    """Finds the files of a desk's search that cannot be read, remembering each; thread-safe."""

    def __init__(self, desk: Path, recheck_seconds: float = 0.0):
        """Remembers nothing yet; a scope's answer stands `recheck_seconds` (0: look each time)."""
        self.desk = desk
        """The desk folder."""
        self._recheck_seconds = recheck_seconds
        self._known: dict[Path, tuple[FileSignature, str | None]] = {}
        self._last: tuple[SearchScope, float, list[Problem]] | None = None
        self._lock = threading.Lock()

    def find(self, scope: SearchScope = EVERYTHING) -> list[Problem]:
        """One problem per unreadable file in scope: journal days newest first, then the rest."""
        now = time.monotonic()
        with self._lock:
            last = self._last
        if last is not None and last[0] == scope and now - last[1] < self._recheck_seconds:
            return list(last[2])
        problems = []
        for path, text_file in self._files(scope):
            reason = self._reason(path, text_file)
            if reason is not None:
                problems.append(Problem(path, None, reason))
        with self._lock:
            self._last = (scope, now, problems)
        return list(problems)

    def _files(self, scope: SearchScope) -> list[tuple[Path, bool]]:
        """The files a search in the scope reads, each with True for a text file (read whole)."""
        kinds = scope.kinds
        files: list[tuple[Path, bool]] = []
        if not kinds or kinds & JOURNAL_KINDS:
            files.extend(
                (path, False) for day, path in journal_files(self.desk) if scope.holds_day(day)
            )
        if not kinds or 'summary' in kinds:
            files.extend(
                (path, True) for day, path in summary_files(self.desk) if scope.holds_day(day)
            )
        if not kinds or 'note' in kinds:
            files.extend(
                (path, True) for day, path in note_files(self.desk) if scope.holds_day(day)
            )
        return files

    def _reason(self, path: Path, text_file: bool) -> str | None:
        """Why a file cannot be read (None: readable or gone), opening it only when it changed."""
        signature = file_signature(path)
        if signature is not None:
            with self._lock:
                known = self._known.get(path)
            if known is not None and known[0] == signature:
                return known[1]
        reason = _open_reason(path, text_file)
        if signature is not None:
            with self._lock:
                self._known[path] = (signature, reason)
        return reason


def _open_reason(path: Path, text_file: bool) -> str | None:
    """Opens a desk file as its reader does and closes it: why it cannot be read, or None."""
    settings = current_settings()
    try:
        with open_desk_file(path, settings) as handle:
            size = os.fstat(handle.fileno()).st_size
    except FileNotFoundError:
        return None  # Removed since it was listed: no records were lost.
    except (OSError, ValueError) as error:
        return unreadable_reason(error)
    if text_file and size > settings.text_limit:
        return too_big_reason(size, settings.text_limit)
    return None
