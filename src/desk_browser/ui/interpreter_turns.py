"""Short turns at the interpreter while an index build runs, so the event loop waits less for it.

While a build runs (`short_turns`) the switch interval is `SHORT_TURN`, Python's again after the
last one; the problem check waits for builds (`wait_while_building`).
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
    """Shortens the interpreter's turns while it runs, until the last holder ends (in any thread).

    `build` False marks a reader beside the event loop (the problem check), not a build.
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
    """Waits while an index build runs in this process; False when `stopped` ended the wait."""
    if not _builds_running:
        return True
    with _LOCK:
        while _builds_running:
            if stopped():
                return False
            _LOCK.wait(WAIT_STEP)
    return True
