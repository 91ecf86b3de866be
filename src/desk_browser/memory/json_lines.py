"""The one parser of JSON-lines files (session logs, journal days), read in bounded pieces.

A bad line costs only itself; one past `ReadSettings.line_limit` ends the read. Blank lines
and a leading byte order mark are skipped. desk_files re-exports the documented names.
"""

from __future__ import annotations

import dataclasses
import io
import json
import re
import zlib
from pathlib import Path
from typing import Any, BinaryIO

import orjson

from desk_browser.memory.file_reading import (
    MEGABYTE,
    ReadSettings,
    current_settings,
    open_desk_file,
    size_text,
    too_big_reason,
    unreadable_reason,
)
from desk_browser.memory.problems import Problem, report

BYTE_ORDER_MARK = b'\xef\xbb\xbf'
TOO_BIG_REASON = 'unreadable: too big to read'
"""The reason reported for a file too big to hold in memory (a huge sparse file, say)."""
NESTED_TOO_DEEP_REASON = 'nested too deep'
"""The reason reported for a line of JSON nested deeper than the parser goes."""
CHUNK_BYTES = 4 * MEGABYTE
"""How much of a file is read at a time."""

_UNFINISHED_NUMBER_PATTERN = re.compile(r'-?[0-9]*(\.[0-9]*)?([eE][-+]?[0-9]*)?', re.ASCII)
_DIGITS_AND_OPENINGS_MARKED = bytes.maketrans(b'123456789{', b'000000000[')
"""Turns every digit into 0 and every { into [, to find digit runs and count openings fast."""
_LONG_DIGIT_RUN = b'0' * 19
"""19 digits, as marked: the shortest integer orjson may read as a float (see _parse_json_lines)."""
_MOST_OPENINGS_FOR_ORJSON = 400
"""How many opening brackets a line may hold and still be parsed with orjson, far from depths
where json.loads and orjson differ (about 1000, less the caller's stack, against 1024)."""


def describe_json_error(text: str, error: json.JSONDecodeError) -> str:
    """Names what is wrong with a line json.loads refused: "cut short" or "not JSON"."""
    rest = text[error.pos :].rstrip()
    if (
        not rest
        or error.msg.startswith('Unterminated string')
        or any(word.startswith(rest) for word in ('true', 'false', 'null'))
        or _UNFINISHED_NUMBER_PATTERN.fullmatch(rest)
    ):
        return 'cut short'
    return 'not JSON'


@dataclasses.dataclass
class JsonLinesReading:
    """What reading a JSON-lines file from a byte offset found, for following a growing file.

    Attributes:
        objects: Each object with its line number (from 1, counted from the file's start).
        end_offset: Where the next read starts: just after the last byte read.
        next_line_number: The number of the line that starts at end_offset.
        pending_bytes: The bytes of an unfinished last line left unread.
        shrank: The file is now shorter than the offset; nothing was read: read it again from 0.
        stopped: The read stopped at a line past the line limit; end_offset is its start.
    """

    objects: list[tuple[int, dict[str, Any]]]
    end_offset: int
    next_line_number: int
    pending_bytes: int = 0
    shrank: bool = False
    stopped: bool = False


def _parse_line_with_standard_json(raw_line: bytes) -> tuple[Any, str]:
    """Parses one line with json.loads: (value, "") or (None, what is wrong with it)."""
    try:
        text = raw_line.decode('utf-8')
    except UnicodeDecodeError:
        return None, 'not UTF-8'
    try:
        return json.loads(text), ''
    except json.JSONDecodeError as error:
        return None, describe_json_error(text, error)
    except RecursionError:  # Nested deeper than json.loads goes.
        return None, NESTED_TOO_DEEP_REASON
    except ValueError:  # Too many digits.
        return None, 'not JSON'


def _parse_json_lines(
    path: Path,
    content: bytes,
    first_line_number: int,
    problems: list[Problem] | None,
    line_limit: int,
) -> tuple[list[tuple[int, dict[str, Any]]], int | None]:
    """Parses JSON lines, skipping and reporting every damaged line, up to one past the limit.

    The results are exactly json.loads's. Returns the objects with their line numbers, and where
    the line past the limit starts in content (None when none is).
    """
    marked = content.translate(_DIGITS_AND_OPENINGS_MARKED)
    has_long_digit_run = _LONG_DIGIT_RUN in marked
    if not has_long_digit_run and len(content) <= line_limit:
        parsed = _parse_plain_lines(content, first_line_number)
        if parsed is not None:
            return parsed, None
    objects: list[tuple[int, dict[str, Any]]] = []
    line_number = first_line_number
    start = 0
    length = len(content)
    while start < length:
        end = content.find(b'\n', start)
        if end < 0:
            end = length
        line_start = start
        current = line_number
        start = end + 1
        line_number += 1
        if end - line_start > line_limit:
            report(problems, Problem(path, current, too_big_reason(end - line_start, line_limit)))
            return objects, line_start
        raw_line = content[line_start:end]
        if not raw_line.strip():
            continue
        if (has_long_digit_run and marked.find(_LONG_DIGIT_RUN, line_start, end) >= 0) or (
            end - line_start >= 2 * _MOST_OPENINGS_FOR_ORJSON
            and marked.count(b'[', line_start, end) >= _MOST_OPENINGS_FOR_ORJSON
        ):
            value, reason = _parse_line_with_standard_json(raw_line)
        else:
            try:
                value, reason = orjson.loads(raw_line), ''
            except orjson.JSONDecodeError:
                value, reason = _parse_line_with_standard_json(raw_line)
        if reason:
            report(problems, Problem(path, current, reason))
            continue
        if not isinstance(value, dict):
            report(problems, Problem(path, current, 'not an object'))
            continue
        objects.append((current, value))
    return objects, None


def _parse_plain_lines(
    content: bytes, first_line_number: int
) -> list[tuple[int, dict[str, Any]]] | None:
    """Parses a block of whole JSON objects at once, or gives up (None) on any unusual line."""
    lines = content.split(b'\n')
    if lines[-1] == b'':  # The newline that ends the last line starts no line.
        lines.pop()
    if max(map(len, lines), default=0) >= 2 * _MOST_OPENINGS_FOR_ORJSON:
        for line in lines:
            if (
                len(line) >= 2 * _MOST_OPENINGS_FOR_ORJSON
                and line.count(b'[') + line.count(b'{') >= _MOST_OPENINGS_FOR_ORJSON
            ):
                return None
    loads = orjson.loads
    try:
        values = [loads(line) for line in lines]
    except orjson.JSONDecodeError:  # Also a blank line: orjson refuses one.
        return None
    if values and set(map(type, values)) != {dict}:
        return None
    return list(enumerate(values, first_line_number))


class _Stream:
    """Where a chunked read of JSON lines stands (see read_json_lines_open).

    Attributes:
        objects (list[tuple[int, dict[str, Any]]]): The objects read, with their line numbers.
        line_number (int): The number of the line that starts at end_offset.
        end_offset (int): Just after the last complete line handled.
        checksum (int): zlib.crc32 of the file's bytes up to end_offset, when asked for.
        stopped (bool): Whether a line past the limit ended the read.
    """

    __slots__ = ('checksum', 'end_offset', 'line_number', 'objects', 'stopped')

    def __init__(self, line_number: int, end_offset: int, checksum: int) -> None:
        self.objects: list[tuple[int, dict[str, Any]]] = []
        self.line_number = line_number
        self.end_offset = end_offset
        self.checksum = checksum
        self.stopped = False


def read_json_lines_open(
    handle: BinaryIO,
    path: Path,
    offset: int,
    problems: list[Problem] | None,
    *,
    first_line_number: int = 1,
    complete_lines_only: bool = True,
    line_limit: int,
    checksum: int | None = None,
) -> tuple[JsonLinesReading, int]:
    """Reads and parses an open file's JSON lines from its position to its end, in chunks.

    Args:
        handle: The open file, positioned at offset.
        path: The file, for reporting.
        offset: Where the file stands; a byte order mark is ignored at 0 only.
        problems: Where to report each skipped line, or None.
        first_line_number: The number of the line that starts at offset.
        complete_lines_only: Whether to leave a last line with no newline unread.
        line_limit: The most bytes a line may hold.
        checksum: The zlib.crc32 of the bytes before offset, to go on with (None: not needed).

    Returns:
        The reading, and the checksum of the bytes up to its end_offset (0 when none was asked for).
    """
    stream = _Stream(first_line_number, offset, checksum or 0)
    keep_checksum = checksum is not None
    at_start = offset == 0
    buffer = b''
    while not stream.stopped:
        chunk = handle.read(CHUNK_BYTES)
        if not chunk:
            break
        buffer = buffer + chunk if buffer else chunk
        last_newline = buffer.rfind(b'\n')
        if last_newline >= 0:
            block = buffer[: last_newline + 1]
            buffer = buffer[last_newline + 1 :]
            _parse_block(stream, path, block, problems, line_limit, at_start, keep_checksum)
            at_start = False
        if not stream.stopped and len(buffer) > line_limit:
            reason = f'too big: over {size_text(line_limit)}, limit {size_text(line_limit)}'
            report(problems, Problem(path, stream.line_number, reason))
            stream.stopped = True
    if stream.stopped:
        buffer = b''
    elif buffer and not complete_lines_only:
        _parse_block(stream, path, buffer, problems, line_limit, at_start, keep_checksum)
        buffer = b''
    reading = JsonLinesReading(
        objects=stream.objects,
        end_offset=stream.end_offset,
        next_line_number=stream.line_number,
        pending_bytes=len(buffer),
        stopped=stream.stopped,
    )
    return reading, stream.checksum


def parse_json_lines_from(
    path: Path,
    content: bytes,
    offset: int,
    problems: list[Problem] | None = None,
    *,
    first_line_number: int = 1,
    complete_lines_only: bool = True,
) -> JsonLinesReading:
    """Parses a JSON-lines file's bytes read from `offset`, as read_json_objects_from does."""
    return read_json_lines_open(
        io.BytesIO(content),
        path,
        offset,
        problems,
        first_line_number=first_line_number,
        complete_lines_only=complete_lines_only,
        line_limit=current_settings().line_limit,
    )[0]


def _parse_block(
    stream: _Stream,
    path: Path,
    block: bytes,
    problems: list[Problem] | None,
    line_limit: int,
    at_start: bool,
    keep_checksum: bool,
) -> None:
    """Parses a run of lines read, and moves the stream past them (or to a line past the limit)."""
    start = len(BYTE_ORDER_MARK) if at_start and block.startswith(BYTE_ORDER_MARK) else 0
    content = block[start:] if start else block
    objects, stop = _parse_json_lines(path, content, stream.line_number, problems, line_limit)
    stream.objects.extend(objects)
    if stop is not None:
        block = block[: start + stop]
        stream.stopped = True
    stream.line_number += block.count(b'\n')
    stream.end_offset += len(block)
    if keep_checksum:
        stream.checksum = zlib.crc32(block, stream.checksum)


def _read_json_lines(
    path: Path,
    offset: int,
    problems: list[Problem] | None,
    *,
    first_line_number: int,
    complete_lines_only: bool,
    settings: ReadSettings | None,
) -> JsonLinesReading:
    """Opens a desk file and reads its JSON lines from an offset; nothing when it cannot be read."""
    settings = settings or current_settings()
    nothing = JsonLinesReading(objects=[], end_offset=offset, next_line_number=first_line_number)
    try:
        with open_desk_file(path, settings) as handle:
            if offset > 0:
                size = handle.seek(0, 2)
                if size < offset:
                    return dataclasses.replace(nothing, shrank=True)
                handle.seek(offset)
            reading, _ = read_json_lines_open(
                handle,
                path,
                offset,
                problems,
                first_line_number=first_line_number,
                complete_lines_only=complete_lines_only,
                line_limit=settings.line_limit,
            )
            return reading
    except (OSError, ValueError) as error:  # ValueError: a path holding a NUL character.
        report(problems, Problem(path, None, unreadable_reason(error)))
    except MemoryError:  # Bigger than memory even so.
        report(problems, Problem(path, None, TOO_BIG_REASON))
    return nothing


def read_json_objects(
    path: Path,
    problems: list[Problem] | None = None,
) -> list[tuple[int, dict[str, Any]]]:
    """Reads a JSON-lines file's objects with their line numbers, skipping every damaged line.

    Args:
        path: The file.
        problems: Where to report each skipped line and an unreadable file (None: nowhere).
    """
    return read_json_objects_from(path, 0, problems, complete_lines_only=False).objects


def read_json_objects_from(
    path: Path,
    offset: int = 0,
    problems: list[Problem] | None = None,
    *,
    first_line_number: int = 1,
    complete_lines_only: bool = True,
    settings: ReadSettings | None = None,
) -> JsonLinesReading:
    """Reads the JSON-lines objects after a byte offset, for following a file that grows.

    A file that shrank is noticed; one replaced by another as long is not (compare inodes).

    Args:
        path: The file.
        offset: 0, or an end_offset an earlier call returned.
        problems: Where to report each skipped line and an unreadable file (None: nowhere).
        first_line_number: The number of the line at offset: 1, or the earlier next_line_number.
        complete_lines_only: Whether to leave a last line with no newline unread.
        settings: The line limit and links allowed (None: those in force).
    """
    return _read_json_lines(
        path,
        max(offset, 0),
        problems,
        first_line_number=first_line_number,
        complete_lines_only=complete_lines_only,
        settings=settings,
    )
