"""The one reader of a JSON-lines file that grows: only the lines appended since the last read.

`AppendedLines` parses only the complete lines after the last read; a *rewritten* file
(another inode, gone, shorter, or its read bytes changed) is read again from its start.
"""

from __future__ import annotations

import dataclasses
import os
import time
import zlib
from pathlib import Path
from typing import Any, BinaryIO

from desk_browser.memory import json_lines
from desk_browser.memory.file_reading import (
    ReadSettings,
    current_settings,
    open_desk_file,
    unreadable_reason,
)
from desk_browser.memory.file_status import FileSignature, signature_of
from desk_browser.memory.problems import Problem


@dataclasses.dataclass
class AppendedReading:
    """What one read of a growing JSON-lines file found.

    Attributes:
        objects: The lines completed since the last read, with their line numbers.
        rewritten: The file was replaced, shrank, changed or vanished: drop what was read.
        pending_bytes: How many bytes of an unfinished last line were left for later.
        pending_objects: The unfinished last line's object, when asked for and it parses.
    """

    objects: list[tuple[int, dict[str, Any]]]
    rewritten: bool
    pending_bytes: int = 0
    pending_objects: list[tuple[int, dict[str, Any]]] = dataclasses.field(default_factory=list)


class AppendedLines:
    """Reads the lines a JSON-lines file (`path`) gained since the last read. Not safe to share."""

    def __init__(self, path: Path, settings: ReadSettings | None = None):
        """Starts reading a file (nothing yet); `settings` None uses those in force at each read."""
        self.path = path
        self._settings = settings
        self.restart()

    def restart(self) -> None:
        """Forgets what was read, so the next read starts at the file's start."""
        self._offset = 0
        self._next_line_number = 1
        self._checksum = 0  # The zlib.crc32 of the file's bytes up to _offset.
        self._stopped = False  # Whether a line past the limit stopped the reads at _offset.
        self._file: FileSignature | None = None
        self._settled = False  # Whether the file was not racy at the last read.
        self._pending_known = False  # Whether _pending_objects holds the last line's objects.
        self._pending_bytes = 0
        self._pending_objects: list[tuple[int, dict[str, Any]]] = []

    @property
    def has_read(self) -> bool:
        """Whether a read found the file since the start (or the last restart)."""
        return self._file is not None

    def read(
        self,
        problems: list[Problem] | None = None,
        *,
        with_pending: bool = False,
    ) -> AppendedReading:
        """Reads the lines completed since the last read.

        Args:
            problems: Where to report each damaged line and an unreadable file (None: nowhere).
            with_pending: Whether to parse an unfinished last line too (without keeping it).
        """
        had_read = self.has_read
        reading = self._read_once(problems, with_pending=with_pending)
        if reading is None:  # Rewritten: once more from the start, which cannot fail so.
            self.restart()
            reading = self._read_once(problems, with_pending=with_pending)
            assert reading is not None
            return dataclasses.replace(reading, rewritten=True)
        return dataclasses.replace(reading, rewritten=had_read and not self.has_read)

    def _read_once(
        self,
        problems: list[Problem] | None,
        *,
        with_pending: bool,
    ) -> AppendedReading | None:
        """Reads on from the last read; None (nothing kept) when the file was rewritten since."""
        try:
            handle = open_desk_file(self.path, self._settings)
        except (OSError, ValueError) as error:
            if problems is not None:
                problems.append(Problem(self.path, None, unreadable_reason(error)))
            self.restart()
            return AppendedReading(objects=[], rewritten=False)
        with handle:
            try:
                return self._read_open(handle, problems, with_pending=with_pending)
            except (OSError, MemoryError) as error:  # MemoryError: a huge sparse file.
                if problems is not None:
                    reason = (
                        unreadable_reason(error)
                        if isinstance(error, OSError)
                        else json_lines.TOO_BIG_REASON
                    )
                    problems.append(Problem(self.path, None, reason))
                self.restart()
                return AppendedReading(objects=[], rewritten=False)

    def _read_open(
        self,
        handle: BinaryIO,
        problems: list[Problem] | None,
        *,
        with_pending: bool,
    ) -> AppendedReading | None:
        """Reads the open file from where the last read stopped (see _read_once)."""
        now_ns = time.time_ns()
        signature = signature_of(os.fstat(handle.fileno()))
        if self._file is not None:
            if not signature.is_same_file(self._file) or signature.size < self._offset:
                return None
            unchanged = signature == self._file and self._settled
            if unchanged and (self._pending_known or not with_pending):
                return AppendedReading(
                    objects=[],
                    rewritten=False,
                    pending_bytes=self._pending_bytes,
                    pending_objects=self._pending_objects if with_pending else [],
                )
        line_limit = (self._settings or current_settings()).line_limit
        if self._offset > 0 and _checksum_of_start(handle, self._offset) != self._checksum:
            return None
        if self._stopped:  # At a line past the limit, reported once: read no further.
            return AppendedReading(objects=[], rewritten=False)
        handle.seek(self._offset)
        reading, checksum = json_lines.read_json_lines_open(
            handle,
            self.path,
            self._offset,
            problems,
            first_line_number=self._next_line_number,
            line_limit=line_limit,
            checksum=self._checksum,
        )
        pending_objects: list[tuple[int, dict[str, Any]]] = []
        if with_pending and reading.pending_bytes:
            handle.seek(reading.end_offset)
            pending_objects = json_lines.read_json_lines_open(
                handle,
                self.path,
                reading.end_offset,
                None,
                first_line_number=reading.next_line_number,
                complete_lines_only=False,
                line_limit=line_limit,
            )[0].objects
        self._checksum = checksum
        self._stopped = reading.stopped
        self._offset = reading.end_offset
        self._next_line_number = reading.next_line_number
        self._file = signature
        self._settled = not signature.is_racy(now_ns)
        self._pending_known = with_pending or not reading.pending_bytes
        self._pending_bytes = reading.pending_bytes
        self._pending_objects = pending_objects
        return AppendedReading(
            objects=reading.objects,
            rewritten=False,
            pending_bytes=reading.pending_bytes,
            pending_objects=pending_objects,
        )


def _checksum_of_start(handle: BinaryIO, length: int) -> int | None:
    """The zlib.crc32 of a file's first `length` bytes, or None when it holds fewer."""
    handle.seek(0)
    checksum = 0
    left = length
    while left > 0:
        chunk = handle.read(min(left, json_lines.CHUNK_BYTES))
        if not chunk:
            return None
        checksum = zlib.crc32(chunk, checksum)
        left -= len(chunk)
    return checksum
