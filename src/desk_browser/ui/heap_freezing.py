"""Keeping Python's full garbage collections short, and out of the way of typing.

What exists once the first screen is shown is frozen (`gc.freeze`), so later collections walk
only what came after; the command line holds collections (`gc.disable`) until then. While the
app runs, full collections come less often and when the person is idle (`IDLE_SECONDS`), and
while an index build runs (`full_collections_held`) less often still.

`HeapFreezing` is the policy, from the app's mount to its unmount (which restores Python's own
schedule); builds' holds count for the process and tell the policy started last.
"""

from __future__ import annotations

import contextlib
import gc
import logging
import threading
import time
from collections.abc import Iterator

from textual.app import App

_LOGGER = logging.getLogger(__name__)

FREEZE_AFTER = 0.5
"""Seconds after the first session's exchanges arrive when the start-up objects are frozen."""

LATEST_FREEZE = 3.0
"""Seconds after the app is mounted when the start-up objects are frozen (and collections held
since the start resume) even if no session's exchanges came."""

IDLE_SECONDS = 3.0
"""Seconds without input after which a full collection that is due is made: longer than a pause
to think in the middle of a query, so the collection rarely meets the next key."""

_LOOK_EVERY = 0.5
"""Seconds between two looks at whether a full collection is due and the person idle."""

_FULL_COLLECTION_DUE = 10
"""Young-generation collections after which a full one is due (Python's own threshold)."""

_FULL_COLLECTION_EVERY = 100
"""Young-generation collections after which Python makes a full collection itself while the app
runs: a backstop for a person who never stops typing; idle moments come long before."""

_FULL_COLLECTION_HELD_DUE = 200
"""Young-generation collections after which a full one is due while an index build runs (about
ten seconds of a cold build's): each walks the days read since the freeze."""

_FULL_COLLECTION_HELD_EVERY = 2_000
"""The same while an index build runs in the process: about a minute and a half of a cold build's
young collections (twenty a second), so a long build makes one or two while the person types
without a pause, and its cyclic garbage is bounded."""

RESUME_AT_THE_LATEST = 30.0
"""Seconds after the last index build ended when the app's schedule of full collections returns,
should the person not have paused for the collection owed to be made while idle."""

_LOCK = threading.Lock()
"""Guards the count of builds holding full collections and the policy they tell (builds start
and end in their own threads)."""

_builds_running = 0
"""How many index builds hold full collections back in this process."""

_policy: HeapFreezing | None = None
"""The policy started last and not stopped, which the builds' holds change."""


@contextlib.contextmanager
def full_collections_held() -> Iterator[None]:
    """Holds Python's own full collections back while an index build runs (in any thread).

    With no policy started (no app runs) nothing changes.

    Yields:
        None: While the build runs.
    """
    global _builds_running
    with _LOCK:
        _builds_running += 1
        if _policy is not None:
            _policy.set_thresholds()
    try:
        yield
    finally:
        with _LOCK:
            _builds_running -= 1
            if _policy is not None and not _builds_running:
                _policy.build_ended()


class HeapFreezing:
    """Freezes the start-up objects out of later garbage collections, and collects when idle."""

    def __init__(self, app: App[None]) -> None:
        """Prepares the policy for an app (whose timers run it); nothing changes until `start`."""
        self._app = app
        self._freeze_planned = False
        self._frozen = False
        self._input_at = 0.0
        self._thresholds: tuple[int, int, int] | None = None
        self._build_ended_at: float | None = None

    @property
    def frozen(self) -> bool:
        """Whether the start-up objects are frozen out of garbage collection."""
        return self._frozen

    @property
    def held(self) -> bool:
        """Whether full collections are held back for an index build (running, or just ended)."""
        return self._thresholds is not None and (
            bool(_builds_running) or self._build_ended_at is not None
        )

    def start(self) -> None:
        """Leaves full collections to idle moments while the app runs; once only."""
        global _policy
        if self._thresholds is not None:
            return
        with _LOCK:
            self._thresholds = gc.get_threshold()
            _policy = self
            self.set_thresholds()
        self._input_at = time.monotonic()
        self._app.set_interval(
            _LOOK_EVERY, self.collect_when_idle, name='collect garbage when idle'
        )
        self._app.set_timer(LATEST_FREEZE, self._freeze_at_the_latest, name='freeze at the latest')

    def _freeze_at_the_latest(self) -> None:
        if not self._frozen:
            self.freeze_start_up_objects()

    def plan_the_freeze(self) -> None:
        """Plans the freeze, once, shortly after the first screen is complete."""
        if not self._freeze_planned:
            self._freeze_planned = True
            self._app.set_timer(FREEZE_AFTER, self.freeze_start_up_objects, name='freeze the heap')

    def note_input(self) -> None:
        """Notes that the person typed, clicked or scrolled just now."""
        self._input_at = time.monotonic()

    def set_thresholds(self) -> None:
        """Sets Python's schedule for now (rarer full collections in a build); `_LOCK` held."""
        if self._thresholds is not None:
            young, middle, _full = self._thresholds
            every = _FULL_COLLECTION_HELD_EVERY if self.held else _FULL_COLLECTION_EVERY
            gc.set_threshold(young, middle, every)

    def build_ended(self) -> None:
        """Notes that the last index build ended, its collection owed (`_LOCK` held)."""
        self._build_ended_at = time.monotonic()

    def collect_when_idle(self) -> None:
        """Makes a full collection when one is due, all is frozen and the app is idle."""
        due = gc.get_count()[2] >= (
            _FULL_COLLECTION_HELD_DUE if _builds_running else _FULL_COLLECTION_DUE
        )
        if self._frozen and due and time.monotonic() - self._input_at >= IDLE_SECONDS:
            started = time.perf_counter()
            collected = gc.collect()
            due = False
            _LOGGER.debug(
                'Collected %d objects while idle in %.1f ms',
                collected,
                (time.perf_counter() - started) * 1000,
            )
        ended_at = self._build_ended_at
        if ended_at is not None and (
            not due or time.monotonic() - ended_at >= RESUME_AT_THE_LATEST
        ):
            with _LOCK:
                if not _builds_running:
                    self._build_ended_at = None
                    self.set_thresholds()

    def freeze_start_up_objects(self) -> None:
        """Collects the young generations (unless held since the start), then freezes all."""
        if gc.isenabled():
            gc.collect(1)
        gc.freeze()
        gc.enable()
        self._frozen = True
        _LOGGER.debug('Froze %d objects out of garbage collection', gc.get_freeze_count())

    def stop(self) -> None:
        """Lets the collector see the app's objects again, on Python's own schedule."""
        global _policy
        if not self._frozen:  # Stopped before the freeze: what the start made is still young.
            gc.freeze()  # Moved to the oldest generation (unfreeze) instead of collected now.
            self._frozen = True
        gc.enable()
        with _LOCK:
            if _policy is self:
                _policy = None
            if self._thresholds is not None:
                gc.set_threshold(*self._thresholds)
                self._thresholds = None
            self._build_ended_at = None
        if self._frozen:
            gc.unfreeze()
            self._frozen = False
