"""The app's search index, built in the background after the first paint.

`IndexBuilder` is a helper the app owns. It builds the desk's `IndexedSearch` (the services'
search, with its index in the user's cache folder or in the folder the tests give) newest day
first once the main screen has read the desk and the first session's log, and shows the build's
progress in the header's subtitle
("main · indexed 212 of 1,250 days"), which goes back to the desk's name when every day is
indexed. Searches never wait for the build: IndexedSearch reads what is not indexed yet from the
desk, so their answers stay exact. An index that cannot be used (a cache folder that cannot be
written, say) only changes the subtitle to a quiet note; searches then read the desk directly.
Quitting cancels the build between two days, so the app exits promptly. While it builds, Python's
full garbage collections are held back for idle moments (heap_freezing.full_collections_held),
and the interpreter's turns are short (interpreter_turns), so the event loop waits less for it.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from textual.app import App
from textual.worker import Worker, WorkerState, get_current_worker

from desk_browser.live.services import DeskServices
from desk_browser.presentation.desk_data import DeskOverview
from desk_browser.presentation.safe_text import visible
from desk_browser.ui.disk_reads import run_disk_read
from desk_browser.ui.heap_freezing import full_collections_held
from desk_browser.ui.interpreter_turns import short_turns
from desk_browser.ui.messages import IndexProgressed

if TYPE_CHECKING:
    from desk_browser.memory.index.search import IndexedSearch
    from desk_browser.memory.index.status import IndexStatus

_LOGGER = logging.getLogger(__name__)

FIRST_PAINT_PAUSE = 0.2
"""Seconds the build waits before it starts reading, so the first screen is drawn first."""

LATEST_START = 2.0
"""Seconds after the sessions are shown when the first build starts, should no log be read."""

REFRESH_INTERVAL = 60.0
"""Seconds between two looks for days to index (a new day, a day that changed); cheap when none."""

UNAVAILABLE_NOTE = 'no search index: searching the desk directly'
"""The subtitle's note while the index cannot be used."""

_BUSY = (WorkerState.PENDING, WorkerState.RUNNING)


def index_note(status: IndexStatus | None) -> str:
    """Says how far the index is, for the header: "" once it is complete.

    Args:
        status (IndexStatus | None): The index's status, or None before the first count.

    Returns:
        str: The note, such as "indexed 212 of 1,250 days" or "search index incomplete: no
            space left on the cache's disk", or "".
    """
    if status is None or status.complete:
        return ''
    from desk_browser.memory.index.disk_space import NO_SPACE  # Deferred: after the first paint.

    if not status.available:
        return f'no search index: {NO_SPACE}' if status.problem == NO_SPACE else UNAVAILABLE_NOTE
    if status.problem:  # Days indexed are used; the rest are read from the desk.
        return f'search index incomplete: {status.problem}'
    return status.text


def build_holding_turns(
    search: IndexedSearch,
    progress: Callable[[int, int], None],
    cancelled: Callable[[], bool],
) -> IndexStatus:
    """Builds the index, with short turns and held collections once it writes, not before.

    Full collections wait for idle moments while the build runs, and the event loop waits less
    for its turns at the interpreter (heap_freezing, interpreter_turns). Both start at the
    build's first progress, once it holds the index's build lock: while another process builds
    the same index (a second app on the desk, `desk-browser search`), this build only waits for
    it, and the app's other readers (the problem check) must not wait for that other process.

    Args:
        search (IndexedSearch): The desk's search, whose index is built.
        progress (Callable[[int, int], None]): Takes (indexed days, all days) as the build goes.
        cancelled (Callable[[], bool]): The build's cancel check (between two days, and while it
            waits for another builder).

    Returns:
        IndexStatus: The index's status when the build ended.
    """
    with contextlib.ExitStack() as held:

        def building(indexed_days: int, total_days: int) -> None:
            if not held_yet:  # The first progress: the build lock is held, days are written.
                held_yet.append(True)
                held.enter_context(full_collections_held())
                held.enter_context(short_turns())
            progress(indexed_days, total_days)

        held_yet: list[bool] = []
        return search.build(progress=building, cancelled=cancelled)


class IndexBuilder:
    """Keeps a desk's search index up to date in the background, for the app that owns it."""

    def __init__(self, app: App[None], services: DeskServices) -> None:
        """Prepares the builder; nothing is read until `overview_loaded` or `session_loaded`.

        Args:
            app (App[None]): The app: its workers and timers run the build, its subtitle shows the
                progress.
            services (DeskServices): The desk's services: the search whose index is built, the
                first-paint event, and the foreground the build steps aside for.
        """
        self._app = app
        self._services = services
        self._worker: Worker[IndexStatus] | None = None
        self._status: IndexStatus | None = None
        self._desk_title = ''

    @property
    def status(self) -> IndexStatus | None:
        """What the build last said of the index, or None before it said anything."""
        return self._status

    @property
    def indexing(self) -> bool:
        """Whether an index build is running."""
        return self._worker is not None and self._worker.state in _BUSY

    def overview_loaded(self, overview: DeskOverview) -> None:
        """Starts the first build when the desk has no session to show, else soon at the latest.

        Args:
            overview (DeskOverview): What the main screen read of the state and the sessions.
        """
        if not overview.sessions:
            self._services.first_paint.set()
            self.start()
        else:  # In case the session's log never comes (session_loaded starts it sooner).
            self._app.set_timer(LATEST_START, self.start, name='start indexing')

    def session_loaded(self) -> None:
        """Starts the first build once the first session's exchanges are drawn (the first paint).

        After the frame, not FIRST_PAINT_PAUSE after the log came: on a slow or overloaded
        machine (or under valgrind) that frame can take longer than the pause, and the build, with
        its short interpreter turns (interpreter_turns), then competed with the first paint.
        """
        self._app.call_after_refresh(self._services.first_paint.set)
        self._app.call_after_refresh(self.start)

    def start(self) -> None:
        """Starts the first build (once), and a look for new days to index every minute."""
        if self._worker is None:
            self._desk_title = self._app.sub_title
            self._app.set_interval(REFRESH_INTERVAL, self.refresh, name='refresh the index')
            self.refresh(pause=FIRST_PAINT_PAUSE)

    def refresh(self, pause: float = 0.0) -> None:
        """Starts a build, unless one is running (a build with nothing to do is cheap).

        Args:
            pause (float): Seconds the build waits before it reads anything.
        """
        if not self.indexing:
            build = partial(self._build, pause)
            self._worker = run_disk_read(
                self._app, build, 'build_index', 'index', 'indexing the desk for search'
            )

    def _build(self, pause: float) -> IndexStatus:
        """Brings the index up to date, newest days first, posting its progress (in a thread).

        Args:
            pause (float): Seconds to wait first (the first build lets the first screen be drawn).

        Returns:
            IndexStatus: The index's status when the build ended.
        """
        from desk_browser.memory.index.status import IndexStatus  # Deferred: after the first paint.

        worker = get_current_worker()
        deadline = time.monotonic() + pause
        while time.monotonic() < deadline:
            if worker.is_cancelled:
                return IndexStatus(0, 0, available=False, problem='cancelled')
            time.sleep(0.02)
        app = self._app

        def progress(indexed_days: int, total_days: int) -> None:
            if not worker.is_cancelled:
                app.post_message(
                    IndexProgressed(IndexStatus(indexed_days, total_days, available=True))
                )

        foreground = self._services.foreground

        def stop_here() -> bool:
            """Lets a search go first (between two days), then says whether to stop."""
            foreground.step_aside()
            return worker.is_cancelled

        status = build_holding_turns(self._services.search, progress, stop_here)
        if not worker.is_cancelled:
            app.post_message(IndexProgressed(status))
        return status

    def show_progress(self, status: IndexStatus) -> None:
        """Shows the build's progress in the subtitle, and notes an index that cannot be used.

        Args:
            status (IndexStatus): What the build said of the index.
        """
        if not status.available and (self._status is None or self._status.available):
            _LOGGER.warning('The search index cannot be used: %s', status.problem)
        self._status = status
        note = index_note(status)
        title = self._desk_title or self._app.sub_title
        self._app.sub_title = f'{title} · {visible(note)}' if note else title

    def stop(self) -> None:
        """Lets go of the index's connections (when the app ends)."""
        self._services.close_search()
