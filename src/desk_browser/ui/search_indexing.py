"""The app's search index, built in the background after the first paint.

`IndexBuilder` builds it newest day first once the first session is drawn, its progress in the
subtitle. Searches never wait for it; quitting cancels the build between days.
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
    """How far the index is, for the header ("indexed 212 of 1,250 days"); "" once complete."""
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

    `progress` takes (indexed days, all days).
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
        """Prepares the builder; nothing is read until `overview_loaded` or `session_loaded`."""
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
        """Starts the first build when the desk has no session to show, else soon at the latest."""
        if not overview.sessions:
            self._services.first_paint.set()
            self.start()
        else:  # In case the session's log never comes (session_loaded starts it sooner).
            self._app.set_timer(LATEST_START, self.start, name='start indexing')

    def session_loaded(self) -> None:
        """Starts the first build once the first session's exchanges are drawn (the first paint)."""
        self._app.call_after_refresh(self._services.first_paint.set)
        self._app.call_after_refresh(self.start)

    def start(self) -> None:
        """Starts the first build (once), and a look for new days to index every minute."""
        if self._worker is None:
            self._desk_title = self._app.sub_title
            self._app.set_interval(REFRESH_INTERVAL, self.refresh, name='refresh the index')
            self.refresh(pause=FIRST_PAINT_PAUSE)

    def refresh(self, pause: float = 0.0) -> None:
        """Starts a build after `pause` seconds, unless one is running."""
        if not self.indexing:
            build = partial(self._build, pause)
            self._worker = run_disk_read(
                self._app, build, 'build_index', 'index', 'indexing the desk for search'
            )

    def _build(self, pause: float) -> IndexStatus:
        """Brings the index up to date after `pause` seconds, posting its progress (in a thread)."""
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
        """Shows the build's progress in the subtitle, and notes an index that cannot be used."""
        if not status.available and (self._status is None or self._status.available):
            _LOGGER.warning('The search index cannot be used: %s', status.problem)
        self._status = status
        note = index_note(status)
        title = self._desk_title or self._app.sub_title
        self._app.sub_title = f'{title} · {visible(note)}' if note else title

    def stop(self) -> None:
        """Lets go of the index's connections (when the app ends)."""
        self._services.close_search()
