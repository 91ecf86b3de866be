"""AppendedLines: the one reader of a growing JSON-lines file, and its one notion of a rewrite."""

from __future__ import annotations

import json
import os
import tempfile
import threading
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from desk_browser.memory import desk_files
from desk_browser.memory.appended_lines import AppendedLines
from desk_browser.memory.desk_files import Problem
from tests.helpers.desks import append


def line(data: object) -> bytes:
    return json.dumps(data).encode('utf-8') + b'\n'


def test_only_completed_lines_are_read_and_each_once(tmp_path: Path) -> None:
    path = tmp_path / 'log.jsonl'
    path.write_bytes(line({'a': 1}) + b'{"b": ')
    lines = AppendedLines(path)
    first = lines.read()
    assert (first.objects, first.rewritten, first.pending_bytes) == ([(1, {'a': 1})], False, 6)
    assert lines.read().objects == []
    append(path, b'2}\n' + line({'c': 3}))
    assert lines.read().objects == [(2, {'b': 2}), (3, {'c': 3})]


def test_an_unfinished_line_is_parsed_when_asked_and_not_kept(tmp_path: Path) -> None:
    path = tmp_path / 'journal.jsonl'
    path.write_bytes(line({'a': 1}) + b'{"b": 2}')
    lines = AppendedLines(path)
    reading = lines.read(with_pending=True)
    assert reading.objects == [(1, {'a': 1})]
    assert reading.pending_objects == [(2, {'b': 2})]
    append(path, b'\n')
    assert lines.read(with_pending=True).objects == [(2, {'b': 2})]


def test_a_rewrite_of_the_same_size_is_seen(tmp_path: Path) -> None:
    path = tmp_path / 'log.jsonl'
    path.write_bytes(line({'a': 1}) + line({'b': 2}))
    lines = AppendedLines(path)
    lines.read()
    with path.open('r+b') as handle:  # In place: the same inode, the same size.
        handle.write(line({'z': 9}))
    reading = lines.read()
    assert reading.rewritten
    assert reading.objects == [(1, {'z': 9}), (2, {'b': 2})]


def test_a_rewrite_before_the_point_read_is_seen_even_as_the_file_grows(tmp_path: Path) -> None:
    path = tmp_path / 'log.jsonl'
    path.write_bytes(line({'a': 1}) + line({'b': 2}))
    lines = AppendedLines(path)
    lines.read()
    path.write_bytes(line({'a': 1}) + line({'B': 2}) + line({'c': 3}))  # Truncated, rewritten.
    reading = lines.read()
    assert reading.rewritten
    assert reading.objects == [(1, {'a': 1}), (2, {'B': 2}), (3, {'c': 3})]


def test_a_replaced_shrunk_or_vanished_file_is_read_from_its_start(tmp_path: Path) -> None:
    path = tmp_path / 'log.jsonl'
    path.write_bytes(line({'a': 1}) + line({'b': 2}))
    lines = AppendedLines(path)
    lines.read()
    replacement = tmp_path / 'new.jsonl'
    replacement.write_bytes(line({'x': 1}) + line({'y': 2}) + line({'z': 3}))
    os.replace(replacement, path)
    replaced = lines.read()
    assert replaced.rewritten and replaced.objects[0] == (1, {'x': 1})
    path.write_bytes(line({'s': 1}))
    shrunk = lines.read()
    assert shrunk.rewritten and shrunk.objects == [(1, {'s': 1})]
    path.unlink()
    problems: list[Problem] = []
    gone = lines.read(problems)
    assert gone.rewritten and gone.objects == []
    assert problems == [Problem(path, None, 'unreadable: No such file or directory')]
    path.write_bytes(line({'n': 1}))
    back = lines.read()
    assert not back.rewritten and back.objects == [(1, {'n': 1})]


def test_a_fifo_in_a_files_place_is_reported_and_never_waited_on(tmp_path: Path) -> None:
    path = tmp_path / 'log.jsonl'
    os.mkfifo(path)
    problems: list[Problem] = []
    finished = threading.Event()

    def read() -> None:
        AppendedLines(path).read(problems)
        finished.set()

    worker = threading.Thread(target=read, daemon=True)
    worker.start()
    worker.join(timeout=60)
    if not finished.is_set():  # Free the stuck reader before failing.
        with open(os.open(path, os.O_WRONLY | os.O_NONBLOCK), 'wb'):
            pass
    assert finished.is_set()
    assert problems == [Problem(path, None, 'not a regular file')]


pieces = st.lists(
    st.one_of(
        st.sampled_from([line({'a': 1}), line({'b': [1, 2]}), b'{"cut": ', b'\n', b'\xff\n']),
        st.binary(max_size=8),
    ),
    min_size=1,
    max_size=8,
)


@settings(max_examples=60, deadline=None)
@given(pieces=pieces, rewrite_at=st.integers(0, 10))
def test_reading_as_it_grows_gives_what_a_whole_read_gives(
    pieces: list[bytes], rewrite_at: int
) -> None:
    with tempfile.TemporaryDirectory() as temporary:
        path = Path(temporary) / 'log.jsonl'
        path.write_bytes(b'')
        lines = AppendedLines(path)
        kept: list[tuple[int, dict[str, object]]] = []
        for number, piece in enumerate(pieces):
            if number == rewrite_at:
                path.write_bytes(piece + path.read_bytes()[len(piece) :])  # Not an append.
            else:
                append(path, piece)
            reading = lines.read()
            if reading.rewritten:
                kept = []
            kept.extend(reading.objects)
            content = path.read_bytes()
            complete = content[: content.rfind(b'\n') + 1]
            expected = desk_files.parse_json_lines_from(path, complete, 0).objects
            assert kept == expected
