"""Short turns at the interpreter while an index build runs, so the event loop waits less for it.

A thread that wants the interpreter waits a switch interval before asking the running one to
let go, and the event loop asks at every wake-up. While a build runs (`short_turns`, around
each build of the app's and the Desks screen's) the interval is `SHORT_TURN`; Python's comes
back when the last build ends. The problem check waits while a build runs
(`wait_while_building`) rather than be a third busy thread. Builds are counted per process
(one interpreter lock).
"""

from __future__ import annotations

import contextlib
import sys
import threading
from collections.abc import Callable, Iterator

SHORT_TURN = 0.001
"""Seconds a thread waits for the interpreter before it asks the running thread to let go, while
an index build runs (Python's own is 0.005)."""

_LOCK = threading.Condition()
"""Guards the count of builds and the switch interval they found (builds start in threads), and
tells the readers waiting for the builds when the last one ends."""

WAIT_STEP = 0.1
"""Seconds between two looks, while waiting for the builds, at whether the wait should stop."""

_builds_running = 0
"""How many index builds run with short turns in this process."""

_turns_held = 0
"""How many holders of short turns there are (the builds, and readers such as the problem check)."""

_found_turn = 0.0
"""The switch interval before the first of the holders started."""


@contextlib.contextmanager
def short_turns(*, build: bool = True) -> Iterator[None]:
    """Shortens the interpreter's turns while an index build runs (in any thread).

    Args:
        build (bool): Whether the holder is an index build (readers wait for builds); False for
            a background reader that parses beside the event loop (the problem check).

    Yields:
        None: While it runs; the switch interval found is back once the last holder ends.
    """
    global _builds_running, _turns_held, _found_turn
    with _LOCK:
        if not _turns_held:
            _found_turn = sys.getswitchinterval()
            sys.setswitchinterval(min(SHORT_TURN, _found_turn))
        _turns_held += 1
        _builds_running += build
    try:
        yield
    finally:
        with _LOCK:
            _turns_held -= 1
            _builds_running -= build
            if not _turns_held:
                sys.setswitchinterval(_found_turn)
            if build and not _builds_running:
                _LOCK.notify_all()


def building() -> bool:
    """Whether an index build runs in this process (inside `short_turns`)."""
    return _builds_running > 0  # Reading an int is atomic; no lock needed.


def wait_while_building(stopped: Callable[[], bool]) -> bool:
    """Waits while an index build runs in this process (a background reader's turn comes after).

    Args:
        stopped (Callable[[], bool]): Looked at every WAIT_STEP: True ends the wait at once.

    Returns:
        bool: True once no build runs; False when the wait was stopped first.
    """
    if not _builds_running:
        return True
    with _LOCK:
        while _builds_running:
            if stopped():
                return False
            _LOCK.wait(WAIT_STEP)
    return True
