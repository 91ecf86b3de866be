"""Keeping Python's full garbage collections short, and out of the way of typing.

A full (oldest-generation) collection walks every object the process holds: Textual's widgets,
styles and caches, the modules, the desk's records. While typing a search it ran about twice per
run and held the event loop for about 100 ms each time. What exists once the first screen is
shown lives as long as the app, so it is collected once and then frozen (`gc.freeze`): later
collections skip it and walk only what came after. Unmounting unfreezes, so a process that runs
the app more than once (the tests, a server) can free what the app left.

Only the young generations are collected before the freeze (about 1 ms). A full collection
first would free the start-up's cyclic garbage (600 to 5,000 small objects here, well under a
megabyte) but held the event loop for 80-90 ms, half a second after the first screen: just when
the first keys come.

Even then a full collection walks what came after the freeze (the index's caches, the problem
check's records, the strips drawn since): 20-25 ms on the five-year desk, and Python starts one
every ten young-generation collections, so about once per search typed. While the app runs they
are started less often (every `_FULL_COLLECTION_EVERY` instead), and the app starts one itself
when the person has not typed, clicked or scrolled for `IDLE_SECONDS`: the same garbage is freed,
at a moment when a pause is not felt. Unmounting restores Python's own schedule.

The command line holds collections (`gc.disable`) from before Textual is imported until that
freeze (LATEST_FREEZE after the app is mounted at the latest): about 200 young collections, 40-60
ms of the interpreter before the first paint, walked objects that all live on. Everything young
then is start-up, so the freeze skips the young collection (it would walk them all, as long as a
full one), and collections resume.

While an index build runs in the process (`full_collections_held`, around each build of the
app's and the Desks screen's), Python's own full collections are held back further still
(`_FULL_COLLECTION_HELD_EVERY`). A cold build makes the app read the days not indexed yet for
every search (their records stay in the direct reads' cache: 100-150k objects on a one-year
desk) and unpickle the workers' rows, so the young collections come about twenty a second and a
full one every five seconds or so, each walking every object read since the freeze: 50-350 ms on
a busy machine, in whichever thread allocated last, the event loop's included. Held, they wait
for an idle moment (as above: the person has not typed for `IDLE_SECONDS`), and are due only
after `_FULL_COLLECTION_HELD_DUE` young collections, not ten. The collection owed
when the last build ends is made at the next idle moment too, or Python's schedule (the app's)
returns `RESUME_AT_THE_LATEST` after the build at the latest. Objects freed by their count of
references (nearly all: a day's records, the rows) are freed at once all along; only garbage in
reference cycles waits, and at most until `_FULL_COLLECTION_HELD_EVERY` young collections.

`HeapFreezing` is the policy; the app owns one, starts it when it is mounted, tells it of the
first session shown and of each input, and stops it when it is unmounted. Python has one
collector per process, so the builds' holds are counted for the process, and tell the policy
started last (there is one while an app runs).
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
to think in the middle of a query, so the collection (20-25 ms on the five-year desk) rarely
meets the next key."""

_LOOK_EVERY = 0.5
"""Seconds between two looks at whether a full collection is due and the person idle."""

_FULL_COLLECTION_DUE = 10
"""Young-generation collections after which a full one is due (Python's own threshold)."""

_FULL_COLLECTION_EVERY = 100
"""Young-generation collections after which Python makes a full collection itself while the app
runs: a backstop for a person who never stops typing; idle moments come long before."""

_FULL_COLLECTION_HELD_DUE = 200
"""Young-generation collections after which a full one is due while an index build runs (about
ten seconds of a cold build's): each walks the days read since the freeze (100-300 ms on a busy
machine), and with the person idle while the build went on they came every half second, 113 of
them (33 s of the interpreter's time) in a five-year build."""

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

    The started policy (the app's) then collects only at idle moments, or after
    `_FULL_COLLECTION_HELD_EVERY` young collections; when the last build ends, the collection
    owed is made at the next idle moment, and the app's schedule returns at the latest
    `RESUME_AT_THE_LATEST` after. With no policy started (no app runs) nothing changes.

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
        """Prepares the policy; nothing changes until `start`.

        Args:
            app (App[None]): The app whose timers run the freeze and the idle collections.
        """
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
        """Leaves full collections to idle moments while the app runs (see the module).

        Once: a second start (the workspace app's mount runs its own handler and the desk app's,
        as Textual calls each class's) would take the app's schedule for Python's, and leave it
        behind when the app ends.
        """
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
        """Sets Python's collection schedule for now: rarer full collections while a build runs.

        Called with `_LOCK` held, while the policy is started.
        """
        if self._thresholds is not None:
            young, middle, _full = self._thresholds
            every = _FULL_COLLECTION_HELD_EVERY if self.held else _FULL_COLLECTION_EVERY
            gc.set_threshold(young, middle, every)

    def build_ended(self) -> None:
        """Notes that the last index build ended: its collection is owed to the next idle moment.

        Called with `_LOCK` held (from the build's thread).
        """
        self._build_ended_at = time.monotonic()

    def collect_when_idle(self) -> None:
        """Makes a full collection when one is due and nobody has touched the app for a while.

        Not before the start-up objects are frozen: until then a full collection walks all of
        them (80-100 ms). After an index build, the app's schedule returns once the collection
        owed is made, or RESUME_AT_THE_LATEST after the build.
        """
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
        """Collects the young generations' garbage, then freezes everything alive.

        When collections were held since the start (the command line's), nothing is collected
        first: every object is young, so collecting them would walk them all (80-90 ms); their
        cyclic garbage (well under a megabyte) stays, frozen. Collections resume.
        """
        if gc.isenabled():
            gc.collect(1)
        gc.freeze()
        gc.enable()
        self._frozen = True
        _LOGGER.debug('Froze %d objects out of garbage collection', gc.get_freeze_count())

    def stop(self) -> None:
        """Lets the collector see the app's objects again, on Python's own schedule.

        Builds still running hold nothing from then on.
        """
        global _policy
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
