"""Counting a big desk's sessions after the first paint, newest first, a batch at a time.

The main screen's overview worker counts the rest with `counted_batches`, top down.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from desk_browser.memory.desk_files import Problem
from desk_browser.memory.file_memo import FileMemo
from desk_browser.presentation.desk_data import DeskOverview, SessionEntry, count_sessions
from desk_browser.presentation.listed_sessions import any_uncounted

BATCH_SECONDS = 0.25
"""About how long one batch reads before its counts are shown."""

LONGEST_WAIT = 3.0
"""The most seconds the counting waits for the first screen to be drawn."""

YIELD_SECONDS = 0.001
"""A pause every WORK_SECONDS of counting, so counting thousands of logs (seconds of parsing in a
thread, which holds Python's interpreter lock) leaves the event loop free to draw and take keys."""

WORK_SECONDS = 0.004
"""How long the counting works between two pauses (logs recalled from the memo take no pause)."""


def counted_batches(
    desk: Path,
    overview: DeskOverview,
    cancelled: Callable[[], bool],
    painted: threading.Event | None = None,
    memo: FileMemo | None = None,
    before_each_log: Callable[[], None] | None = None,
) -> Iterator[tuple[list[SessionEntry], list[Problem]]]:
    """Counts the sessions an overview lists without counts, newest first, in batches.

    Args:
        desk (Path): The desk folder.
        overview (DeskOverview): The overview the first screen showed.
        cancelled (Callable[[], bool]): Returns True when the counting should stop.
        painted (threading.Event | None): Set once the first screen is drawn (waited for).
        memo (FileMemo | None): Recalls unchanged logs' counts, saved at the end; None reads all.
        before_each_log (Callable[[], None] | None): Called before each log; None for no pause.

    Yields:
        tuple[list[SessionEntry], list[Problem]]: Each batch's sessions and unreadable logs.
    """
    if painted is not None and any_uncounted(overview.sessions):
        deadline = time.monotonic() + LONGEST_WAIT
        while not painted.wait(0.05) and time.monotonic() < deadline:
            if cancelled():
                return
    # Gone through after the first paint, one at a time: an entry not made yet (ListedSessions)
    # is made as its turn comes, so a quit at once (or a cancel) waits for no 2,500 of them.
    waiting = (entry for entry in overview.sessions if not entry.counted)
    batch: list[SessionEntry] = []
    problems: list[Problem] = []
    started = yielded = time.monotonic()
    for entry in waiting:
        if before_each_log is not None:
            before_each_log()
        if cancelled():
            return
        counted, unreadable = count_sessions(desk, [entry], memo)
        if time.monotonic() - yielded >= WORK_SECONDS:
            time.sleep(YIELD_SECONDS)  # Leaves the interpreter to the event loop.
            yielded = time.monotonic()
        batch.extend(counted)
        problems.extend(unreadable)
        if time.monotonic() - started >= BATCH_SECONDS:
            yield batch, problems
            batch, problems = [], []
            started = time.monotonic()
    if memo is not None:
        memo.save()
    if batch:
        yield batch, problems
