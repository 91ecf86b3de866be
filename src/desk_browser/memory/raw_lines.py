"""A few lines of a desk file as their bytes, such as a damaged line and its neighbours.

For the Problems view: only the lines asked for are kept, each cut to LINE_BYTES.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from desk_browser.memory.file_reading import MEGABYTE, ReadSettings, open_desk_file

LINE_BYTES = 400
"""The most bytes kept of each line."""

_CHUNK_BYTES = MEGABYTE


@dataclasses.dataclass(frozen=True)
class RawLine:
    """One line of a file, as its bytes.

    Attributes:
        line_number: The line, counting from 1.
        content: Its bytes without the newline, at most LINE_BYTES of them.
        cut: Whether the line holds more bytes than content.
    """

    line_number: int
    content: bytes
    cut: bool


def read_raw_lines(
    path: Path,
    first: int,
    last: int,
    settings: ReadSettings | None = None,
    line_bytes: int = LINE_BYTES,
) -> list[RawLine]:
    """Reads lines `first` to `last` (from 1) of a file as bytes, those the file holds, in order.

    Raises:
        OSError: The file cannot be opened or read (RefusedFileError for one the readers refuse).
        ValueError: The path holds a NUL character.
    """
    first = max(first, 1)
    found: list[RawLine] = []
    if last < first:
        return found
    line_number = 1
    kept = bytearray()
    cut = False
    with open_desk_file(path, settings) as handle:
        while line_number <= last:
            chunk = handle.read(_CHUNK_BYTES)
            if not chunk:
                break
            start = 0
            if line_number < first:  # Skip whole lines quickly up to the first one wanted.
                while line_number < first:
                    newline = chunk.find(b'\n', start)
                    if newline < 0:
                        break
                    start = newline + 1
                    line_number += 1
                if line_number < first:
                    continue
            while start < len(chunk) and line_number <= last:
                newline = chunk.find(b'\n', start)
                end = len(chunk) if newline < 0 else newline
                room = line_bytes - len(kept)
                kept += chunk[start : min(end, start + room)]
                cut = cut or end - start > room
                if newline < 0:
                    break
                found.append(RawLine(line_number, bytes(kept), cut))
                kept.clear()
                cut = False
                line_number += 1
                start = newline + 1
    if (kept or cut) and first <= line_number <= last:
        found.append(RawLine(line_number, bytes(kept), cut))
    return found


def count_blank_lines(path: Path, before_line: int, settings: ReadSettings | None = None) -> int:
    """Counts the blank lines (ASCII whitespace only, as the readers skip) before `before_line`.

    Raises:
        OSError: The file cannot be opened or read (RefusedFileError for one the readers refuse).
        ValueError: The path holds a NUL character.
    """
    blank = 0
    line_number = 1
    only_space = True  # Whether the line read so far holds nothing but whitespace.
    with open_desk_file(path, settings) as handle:
        while line_number < before_line:
            chunk = handle.read(_CHUNK_BYTES)
            if not chunk:
                break
            start = 0
            while start < len(chunk) and line_number < before_line:
                newline = chunk.find(b'\n', start)
                end = len(chunk) if newline < 0 else newline
                only_space = only_space and not chunk[start:end].strip()
                if newline < 0:
                    break
                blank += only_space
                only_space = True
                line_number += 1
                start = newline + 1
    return blank
