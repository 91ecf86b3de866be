"""What reading each desk file found, remembered outside the desk until the file changes.

A `FileMemo` keeps, per file and purpose, a reading's problems and value by the file's
signature, in `<cache>/checks/<hash>.json`; a racy file is not remembered.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson

from desk_browser.memory.cache_folders import DESK_CACHE_FILE_NAMES, desk_cache_file, desk_key
from desk_browser.memory.cache_writing import (
    RANDOM_PART,
    sweep_leftovers,
    sweep_stale_files,
    write_cache_file,
)
from desk_browser.memory.desk_files import Problem
from desk_browser.memory.file_status import settled_file_signature

_LOGGER = logging.getLogger(__name__)

MEMO_VERSION = 1
"""The memo file's layout; a file of another version is ignored."""

OLDER_TEMPORARY_NAMES = rf'[.]memo-{RANDOM_PART}[.]tmp'
"""The temporary files of saves before cache_writing named them (414118c): a save stopped by
the interpreter's exit left one for good; each save sweeps those of a while ago."""

_StoredSignature = tuple[int, int, int, int]
"""A file's file_status.FileSignature as the memo file stores it: its size, modification time,
status change time and inode."""

Reading = Callable[[list[Problem]], Any]
"""Reads a file, adding its problems to the list, and returns a JSON-able value."""


class _Entry:
    """One remembered reading of one file (a class of its own: the start makes no dataclass)."""

    __slots__ = ('problems', 'signature', 'value')

    def __init__(
        self, signature: _StoredSignature, problems: list[tuple[int | None, str]], value: Any
    ) -> None:
        self.signature = signature
        self.problems = problems
        self.value = value


def memo_file(cache_directory: Path, desk_directory: Path) -> Path:
    """Names a desk's memo file: `<cache>/checks/<hash of the desk's resolved path>.json`."""
    return desk_cache_file(cache_directory, 'checks', desk_directory)


def _stored_signature(path: Path) -> _StoredSignature | None:
    """A file's signature as the memo stores it, or None when it is unexaminable or racy."""
    signature = settled_file_signature(path, time.time_ns())
    if signature is None:
        return None
    return (signature.size, signature.modified_ns, signature.changed_ns, signature.inode)


class FileMemo:
    """Remembers what reading each file of one desk found, until it changes; thread-safe."""

    def __init__(self, desk_directory: Path, path: Path | None = None):
        """Opens the memo of a desk, reading nothing yet; `path` None keeps it in memory only."""
        self._desk = desk_key(desk_directory)
        self._path = path
        self._lock = threading.Lock()
        self._entries: dict[str, dict[str, _Entry | list[Any]]] | None = None
        """Per purpose and file, what was learnt; as the memo file stores it (a list) until
        first looked up (see _load)."""
        self._changed = False
        self.recalled = 0
        """How many readings were recalled instead of read (for tests and benchmarks)."""

    @classmethod
    def for_desk(cls, desk_directory: Path, cache_directory: Path) -> FileMemo:
        """Opens the memo kept for a desk in a cache folder."""
        return cls(desk_directory, memo_file(cache_directory, desk_directory))

    def read(self, path: Path, purpose: str, reading: Reading) -> tuple[list[Problem], Any]:
        """Reads a file, or recalls what reading it found while it is unchanged.

        Args:
            path: The file.
            purpose: Which reading this is ("check", "count"): each has its own findings.
            reading: Reads the file, adding to the problems given, and returns a JSON-able value.

        Returns:
            The file's problems and the reading's value.
        """
        signature = _stored_signature(path)
        key = str(path)
        if signature is not None:
            with self._lock:
                entry = _checked(self._loaded().get(purpose), key)
                if entry is not None and entry.signature == signature:
                    self.recalled += 1
                    recalled = [Problem(path, line, reason) for line, reason in entry.problems]
                    return recalled, entry.value
        problems: list[Problem] = []
        value = reading(problems)
        if signature is not None and _stored_signature(path) == signature:
            entry = _Entry(
                signature, [(problem.line_number, problem.reason) for problem in problems], value
            )
            with self._lock:
                self._loaded().setdefault(purpose, {})[key] = entry
                self._changed = True
        return problems, value

    def save(self) -> None:
        """Writes what was learnt to the memo file (a failure only leaves it in memory)."""
        with self._lock:
            if self._path is None or not self._changed or self._entries is None:
                return
            document = {
                'version': MEMO_VERSION,
                'desk': self._desk,
                'entries': {
                    purpose: {
                        key: [list(entry.signature), entry.problems, entry.value]
                        for key in list(entries)
                        if (entry := _checked(entries, key)) is not None
                    }
                    for purpose, entries in self._entries.items()
                },
            }
            text = json.dumps(document, ensure_ascii=True, separators=(',', ':'))
            self._changed = False
        try:
            self._path.parent.mkdir(parents=True, exist_ok=True)
            # Saved from daemon threads, which the interpreter's exit can stop mid-write:
            # cache_writing removes what such a write leaves, and what a killed process left.
            sweep_leftovers(self._path.parent, DESK_CACHE_FILE_NAMES)
            sweep_stale_files(self._path.parent, OLDER_TEMPORARY_NAMES)
            write_cache_file(self._path, text.encode('ascii'))
        except (OSError, ValueError) as error:
            _LOGGER.info('The check memo could not be saved at %s: %s', self._path, error)

    def _loaded(self) -> dict[str, dict[str, _Entry | list[Any]]]:
        """The entries, read from the memo file on first use (call with the lock held)."""
        if self._entries is None:
            self._entries = self._load()
        return self._entries

    def _load(self) -> dict[str, dict[str, _Entry | list[Any]]]:
        """Reads the memo file (unreadable: empty); entries are checked when first used."""
        if self._path is None:
            return {}
        try:
            document = _parsed(self._path.read_bytes())
        except (OSError, ValueError, RecursionError):
            return {}
        if (
            not isinstance(document, dict)
            or document.get('version') != MEMO_VERSION
            or document.get('desk') != self._desk
            or not isinstance(document.get('entries'), dict)
        ):
            return {}
        return {
            purpose: stored
            for purpose, stored in document['entries'].items()
            if isinstance(stored, dict)
        }


def _parsed(text: bytes) -> Any:
    """Parses the memo file with orjson, or json.loads for what orjson refuses."""
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        return json.loads(text)


def _checked(entries: dict[str, _Entry | list[Any]] | None, key: str) -> _Entry | None:
    """One file's entry, turned from what was stored on first use; None (dropped) if malformed."""
    if entries is None:
        return None
    item = entries.get(key)
    if item is None or isinstance(item, _Entry):
        return item
    entry = _entry_from(item)
    if entry is None:
        del entries[key]
    else:
        entries[key] = entry
    return entry


def _entry_from(item: Any) -> _Entry | None:
    """Turns a stored entry back into an _Entry, or None when it is malformed."""
    if not isinstance(item, list) or len(item) != 3:
        return None
    signature, problems, value = item
    if (
        not isinstance(signature, list)
        or len(signature) != 4
        or not all(type(part) is int for part in signature)
        or not isinstance(problems, list)
    ):
        return None
    kept: list[tuple[int | None, str]] = []
    for problem in problems:
        if (
            not isinstance(problem, list)
            or len(problem) != 2
            or not (problem[0] is None or type(problem[0]) is int)
            or not isinstance(problem[1], str)
        ):
            return None
        kept.append((problem[0], problem[1]))
    return _Entry((signature[0], signature[1], signature[2], signature[3]), kept, value)
