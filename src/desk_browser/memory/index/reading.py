"""Reading days from the desk for the index: in the build's thread, or in worker processes.

`DayReaders` parses days in worker processes (this module run with `python -m`, JSON frames
over pipes, at a lower priority) and gives their rows back in the order asked; a dead
worker's days are read in the build's thread.

Typical usage example:

    for desk_day, signature, rows in DayReaders(workers=2).read(pending, cancelled):
        ...
"""

from __future__ import annotations

import binascii
import collections
import contextlib
import json
import os
import queue
import subprocess
import sys
import threading
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO

from desk_browser.memory import session_search
from desk_browser.memory.exchange_facts import ExchangeFacts
from desk_browser.memory.index import keys, tuning
from desk_browser.memory.index.days import DeskDay
from desk_browser.memory.index.journal_texts import journal_texts
from desk_browser.memory.index.rows import DayRows, RecordRow, day_rows
from desk_browser.memory.index.status import CancelCheck
from desk_browser.memory.index.vocabulary import packed_words

_WORKER_NICENESS = 15
"""How much lower than the app (its main thread) a worker process runs: below the build's
writer too (build._WRITER_NICENESS), whose work is the build's longest."""
_LENGTH_BYTES = 8
_WORKER_MODULE = 'desk_browser.memory.index.reading'


def read_day(desk_day: DeskDay) -> DayRows | None:
    """Reads a day as the index holds it; None when it holds too many records to be indexed."""
    day = desk_day.day
    pairs: list[tuple[str, str]] = []
    facts: list[ExchangeFacts] = []
    if desk_day.journal is not None:
        texts = journal_texts(desk_day.journal)
        pairs += [('exchange', text) for text in texts.exchanges]
        pairs += [('journal', text) for text in texts.actions]
        facts = texts.facts
    records = session_search.day_records(day, None, desk_day.summary, desk_day.notes)
    pairs += [(record.kind, record.text) for record in records]
    if len(pairs) > keys.MAX_POSITION and keys.too_many(kind for kind, _ in pairs):
        return None
    rows, lowered_texts = day_rows(day, pairs, facts)
    rows.words = packed_words(lowered_texts)
    return rows


def default_workers() -> int:
    """How many worker processes a big build uses: tuning.BUILD_WORKERS, else one per core."""
    if tuning.BUILD_WORKERS is not None:
        return tuning.BUILD_WORKERS
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # pragma: no cover - not Linux.
        return os.cpu_count() or 1


def _send(stream: IO[bytes], data: bytes) -> None:
    """Writes one frame to a pipe: its length, then its bytes."""
    stream.write(len(data).to_bytes(_LENGTH_BYTES, 'big') + data)
    stream.flush()


def _day_frame(desk_day: DeskDay) -> bytes:
    """A day to read, as JSON: its date and its files' paths."""
    notes = [str(path) for path in desk_day.notes]
    journal, summary = desk_day.journal, desk_day.summary
    paths = [None if path is None else str(path) for path in (journal, summary)]
    return json.dumps([desk_day.day, *paths, notes]).encode('ascii')


def _day_from(frame: bytes) -> DeskDay:
    """The day a `_day_frame` holds."""
    day, journal, summary, notes = json.loads(frame)
    return DeskDay(
        day,
        None if journal is None else Path(journal),
        None if summary is None else Path(summary),
        tuple(Path(note) for note in notes),
    )


def _rows_frame(rows: DayRows | None) -> bytes:
    """A day's rows as JSON (null for none); bytes values (text not UTF-8) as ``[base64]``."""
    if rows is None:
        return b'null'
    records: list[list[object]] = []
    with_bytes: list[int] = []
    for place, row in enumerate(rows.records):
        if any(type(value) is bytes for value in row):
            with_bytes.append(place)
            records.append([_bytes_value(value) for value in row])
        else:
            records.append(list(row))
    words = binascii.b2a_base64(rows.words, newline=False).decode('ascii')
    document = [records, with_bytes, rows.grams, rows.digest, words]
    return json.dumps(document, separators=(',', ':')).encode('ascii')


def _bytes_value(value: object) -> object:
    """A row's value as a `_rows_frame` sends it: bytes as ``[base64]``, anything else as it is."""
    if type(value) is bytes:
        return [binascii.b2a_base64(value, newline=False).decode('ascii')]
    return value


def _rows_from(frame: bytes) -> DayRows | None:
    """The rows a `_rows_frame` holds.

    Raises:
        ValueError: The frame is not one (a worker that died mid-frame).
    """
    document = json.loads(frame)
    if document is None:
        return None
    records, with_bytes, grams, digest, words = document
    rows: list[RecordRow] = [tuple(row) for row in records]
    for place in with_bytes:
        rows[place] = tuple(  # type: ignore[assignment]
            binascii.a2b_base64(value[0]) if isinstance(value, list) else value
            for value in records[place]
        )
    return DayRows(
        rows, [(number, text) for number, text in grams], digest, binascii.a2b_base64(words)
    )


def _receive_frame(stream: IO[bytes]) -> bytes | None:
    """Reads one frame's bytes from a pipe; None when the other end closed it."""
    header = stream.read(_LENGTH_BYTES)
    if len(header) < _LENGTH_BYTES:
        return None
    length = int.from_bytes(header, 'big')
    data = stream.read(length)
    return data if len(data) == length else None


def _drain(stream: IO[bytes], frames: queue.SimpleQueue[bytes | None]) -> None:
    """Moves a worker's answers from its pipe into `frames` as they come, then None at its end."""
    try:
        while (frame := _receive_frame(stream)) is not None:
            frames.put(frame)
    except (OSError, ValueError):  # Closed by stop().
        pass
    finally:
        frames.put(None)


class _Worker:
    """One worker process and the days it was asked for, oldest first."""

    def __init__(self) -> None:
        """Starts the process (it waits for days)."""
        environment = dict(os.environ)
        environment['PYTHONPATH'] = os.pathsep.join(path for path in sys.path if path)
        self.process = subprocess.Popen(
            [sys.executable, '-m', _WORKER_MODULE, str(_lowering())],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=environment,
        )
        self.asked = 0
        self._frames: queue.SimpleQueue[bytes | None] = queue.SimpleQueue()
        assert self.process.stdout is not None
        threading.Thread(
            target=_drain, args=(self.process.stdout, self._frames), daemon=True
        ).start()

    def ask(self, desk_day: DeskDay) -> None:
        """Sends a day to read.

        Raises:
            OSError: When the process is gone.
        """
        assert self.process.stdin is not None
        _send(self.process.stdin, _day_frame(desk_day))
        self.asked += 1

    def answer(self) -> DayRows | None:
        """Waits for what read_day gave for the oldest day asked for.

        Raises:
            EOFError: When the process is gone.
        """
        frame = self._frames.get()
        if frame is None:
            self._frames.put(None)  # Every later answer finds the end too.
            raise EOFError
        rows = _rows_from(frame)
        self.asked -= 1
        return rows

    def stop(self) -> None:
        """Ends the process, dropping what it was still reading."""
        with contextlib.suppress(OSError):
            self.process.kill()
        for stream in (self.process.stdin, self.process.stdout):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()
        self.process.wait()


class DayReaders:
    """Reads days in worker processes, or in this thread when `workers` is 0."""

    def __init__(self, workers: int):
        """Prepares `workers` worker processes (0: read in the calling thread); none starts yet."""
        self._workers = workers

    def read(
        self, days: Iterable[tuple[DeskDay, str]], cancelled: CancelCheck | None
    ) -> Iterator[tuple[DeskDay, str, DayRows | None]]:
        """Reads days, giving them back in the order given.

        Args:
            days (Iterable[tuple[DeskDay, str]]): Each day and its files' signature before.
            cancelled (CancelCheck | None): Checked between days; stops the reading when True.

        Yields:
            tuple[DeskDay, str, DayRows | None]: Each day, its signature and its rows (read_day).
        """
        queue = iter(days)
        if self._workers > 0:
            yield from self._read_in_workers(queue, cancelled)
        for desk_day, signature in queue:  # Without workers, or after they failed.
            if cancelled is not None and cancelled():
                return
            yield desk_day, signature, read_day(desk_day)

    def _read_in_workers(
        self, queue: Iterator[tuple[DeskDay, str]], cancelled: CancelCheck | None
    ) -> Iterator[tuple[DeskDay, str, DayRows | None]]:
        """Reads days in worker processes, in the order given, until done or a worker fails.

        Args:
            queue (Iterator[tuple[DeskDay, str]]): The days; those left when a worker fails stay.
            cancelled (CancelCheck | None): The cancel check.

        Yields:
            tuple[DeskDay, str, DayRows | None]: Each day, its signature and its rows.
        """
        workers: list[_Worker] = []
        waiting: collections.deque[tuple[DeskDay, str, _Worker]] = collections.deque()
        ahead = self._workers * tuning.DAYS_AHEAD_PER_WORKER
        sent = 0
        try:
            workers = [_Worker() for _ in range(self._workers)]
            while True:
                while len(waiting) < ahead:
                    item = next(queue, None)
                    if item is None:
                        break
                    worker = workers[sent % len(workers)]
                    sent += 1
                    waiting.append((item[0], item[1], worker))
                    worker.ask(item[0])
                if not waiting:
                    return
                if cancelled is not None and cancelled():
                    return
                desk_day, signature, worker = waiting[0]
                rows = worker.answer()
                waiting.popleft()
                yield desk_day, signature, rows
        except (OSError, EOFError, ValueError):  # A worker died: read the rest here.
            for desk_day, signature, _ in waiting:
                if cancelled is not None and cancelled():
                    return
                yield desk_day, signature, read_day(desk_day)
        finally:
            for worker in workers:
                worker.stop()


def _lowering() -> int:
    """The niceness a worker adds (0 or more) to sit _WORKER_NICENESS below the main thread."""
    try:
        app = os.getpriority(os.PRIO_PROCESS, os.getpid())  # The main thread's, on Linux.
        current = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
    except (OSError, AttributeError):  # pragma: no cover - not on Linux.
        return _WORKER_NICENESS
    return max(0, app + _WORKER_NICENESS - current)


def _serve() -> None:
    """A worker's life: read each day sent on standard input, answer its rows on standard output."""
    lowering = int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdigit() else 0
    with contextlib.suppress(OSError, AttributeError):
        os.nice(lowering)
    requests, answers = sys.stdin.buffer, sys.stdout.buffer
    while (frame := _receive_frame(requests)) is not None:
        _send(answers, _rows_frame(read_day(_day_from(frame))))


if __name__ == '__main__':
    _serve()
