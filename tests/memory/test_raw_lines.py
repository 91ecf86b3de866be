"""read_raw_lines: a few lines of a desk file as their bytes, cut to a few hundred each; and
count_blank_lines, the blank lines before one."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from desk_browser.memory.file_reading import NotRegularFileError
from desk_browser.memory.raw_lines import LINE_BYTES, RawLine, count_blank_lines, read_raw_lines


def _file(tmp_path: Path, content: bytes) -> Path:
    path = tmp_path / 'sessions' / 'log.jsonl'
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    return path


def test_the_lines_asked_for_come_back_as_bytes_not_decoded(tmp_path: Path) -> None:
    path = _file(tmp_path, b'one\n{"cut\n\xff\xfe not text\nfour')
    assert read_raw_lines(path, 2, 3) == [
        RawLine(2, b'{"cut', cut=False),
        RawLine(3, b'\xff\xfe not text', cut=False),
    ]
    assert read_raw_lines(path, 4, 9) == [RawLine(4, b'four', cut=False)]  # No final newline.
    assert read_raw_lines(path, 5, 9) == []
    assert read_raw_lines(path, 0, 1) == [RawLine(1, b'one', cut=False)]


def test_a_huge_line_is_cut_and_a_line_across_chunks_is_whole(tmp_path: Path) -> None:
    huge = b'x' * (3 << 20)  # Three chunks long.
    path = _file(tmp_path, b'a' * ((1 << 20) - 2) + b'\nbc\n' + huge + b'\nlast\n')
    lines = read_raw_lines(path, 2, 4)
    assert lines == [
        RawLine(2, b'bc', cut=False),
        RawLine(3, b'x' * LINE_BYTES, cut=True),
        RawLine(4, b'last', cut=False),
    ]


def test_a_fifo_is_refused_without_waiting(tmp_path: Path) -> None:
    path = tmp_path / 'journal' / '2026-10-21.jsonl'
    path.parent.mkdir()
    os.mkfifo(path)
    with pytest.raises(NotRegularFileError):
        read_raw_lines(path, 1, 1)


def _lines_file(
    tmp_path_factory: pytest.TempPathFactory, lines: list[bytes]
) -> tuple[Path, list[bytes]]:
    """Writes the lines joined by newlines; returns the file and its lines as split."""
    content = b'\n'.join(lines)
    path = _file(tmp_path_factory.mktemp('lines'), content)
    pieces = content.split(b'\n')
    if pieces[-1] == b'':  # After a final newline: no line.
        pieces.pop()
    return path, pieces


@given(
    lines=st.lists(st.binary(max_size=12).map(lambda line: line.replace(b'\n', b'')), max_size=8),
    first=st.integers(min_value=1, max_value=9),
    span=st.integers(min_value=0, max_value=3),
)
def test_same_lines_as_splitting_the_whole_file(
    tmp_path_factory: pytest.TempPathFactory, lines: list[bytes], first: int, span: int
) -> None:
    path, pieces = _lines_file(tmp_path_factory, lines)
    expected = [
        RawLine(number, line[:5], cut=len(line) > 5)
        for number, line in enumerate(pieces, start=1)
        if first <= number <= first + span
    ]
    assert read_raw_lines(path, first, first + span, line_bytes=5) == expected


def test_blank_lines_before_a_line_are_the_ones_the_readers_skip(tmp_path: Path) -> None:
    path = _file(tmp_path, b'{"a": 1}\n\n \t\r\n{"b": 2}\nnot json\n\n' + b' ' * (3 << 20) + b'\n')
    assert [count_blank_lines(path, line) for line in range(1, 10)] == [0, 0, 1, 2, 2, 2, 3, 4, 4]
    assert count_blank_lines(_file(tmp_path, b''), 5) == 0


@given(
    lines=st.lists(st.sampled_from([b'', b' ', b'\t', b'{}', b'x', b' y ', b'\xff']), max_size=12),
    before=st.integers(min_value=0, max_value=14),
)
def test_blank_lines_counted_as_splitting_the_whole_file(
    tmp_path_factory: pytest.TempPathFactory, lines: list[bytes], before: int
) -> None:
    path, pieces = _lines_file(tmp_path_factory, lines)
    complete = len(lines) - 1  # The last line has no newline: it is never counted.
    expected = sum(
        1
        for number, line in enumerate(pieces[:complete], start=1)
        if number < before and not line.strip()
    )
    assert count_blank_lines(path, before) == expected
