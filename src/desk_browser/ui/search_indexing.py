"""The app's search index: one `IndexedSearch` per app, built in the background after first paint.

`IndexingApp` is the desk browser app's base. It owns the desk's `IndexedSearch` (the index in the
user's cache folder, or in the folder the tests give), starts building it newest day first once
the main screen has read the desk and the first session's log, and shows the build's progress in
the header's subtitle
("main · indexed 212 of 1,250 days"), which goes back to the desk's name when every day is
indexed. Searches never wait for the build: IndexedSearch reads what is not indexed yet from the
desk, so their answers stay exact. An index that cannot be used (a cache folder that cannot be
written, say) only changes the subtitle to a quiet note; searches then read the desk directly.
Quitting cancels the build between two days, so the app exits promptly.
"""

from __future__ import annotations

import logging
import threading
import time
from pathlib import Path

from textual import on, work
from textual.app import App
from textual.worker import Worker, WorkerState, get_current_worker

from desk_browser.live.foreground import Foreground
from desk_browser.memory.file_memo import FileMemo
from desk_browser.memory.search_index import IndexedSearch, IndexStatus, default_cache_directory
from desk_browser.presentation.safe_text import visible
from desk_browser.ui.messages import IndexProgressed, OverviewLoaded, SessionLoaded

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
        status: The index's status, or None before the first count.

    Returns:
        The note, such as "indexed 212 of 1,250 days", or "".
    """
    if status is None or status.complete:
        return ''
    if not status.available:
        return UNAVAILABLE_NOTE
    return status.text


class IndexingApp(App[None]):
    """An app that keeps a desk's search index, built in the background (the app's base)."""

    desk: Path
    cache_directory: Path | None = None
    """Where the index is kept; None for the user's cache folder."""

    _search_index: IndexedSearch | None = None
    _file_memo: FileMemo | None = None
    _first_paint: threading.Event | None = None
    _foreground: Foreground | None = None
    _index_worker: Worker[IndexStatus] | None = None
    _index_status: IndexStatus | None = None
    _desk_title = ''

    @property
    def search_index(self) -> IndexedSearch:
        """The desk's indexed search, created on first use (creating it reads nothing)."""
        if self._search_index is None:
            self._search_index = IndexedSearch(self.desk, cache_directory=self.cache_directory)
        return self._search_index

    @property
    def file_memo(self) -> FileMemo:
        """What reading each desk file found, kept beside the index (creating it reads nothing).

        The problem count and the sessions list's counts read only files changed since the
        last start, so a big desk's start-up does not parse its whole past again.
        """
        if self._file_memo is None:
            cache = self.cache_directory or default_cache_directory()
            self._file_memo = FileMemo.for_desk(self.desk, cache)
        return self._file_memo

    @property
    def foreground(self) -> Foreground:
        """Says when a search or a session's log is being read, so background reading waits."""
        if self._foreground is None:
            self._foreground = Foreground()
        return self._foreground

    @property
    def first_paint(self) -> threading.Event:
        """Set once the first screen, the first session's exchanges included, is drawn."""
        if self._first_paint is None:
            self._first_paint = threading.Event()
        return self._first_paint

    @property
    def index_status(self) -> IndexStatus | None:
        """What the build last said of the index, or None before it said anything."""
        return self._index_status

    @property
    def indexing(self) -> bool:
        """Whether an index build is running."""
        return self._index_worker is not None and self._index_worker.state in _BUSY

    @on(OverviewLoaded)
    def start_indexing_after_the_overview(self, message: OverviewLoaded) -> None:
        """Starts the first build when the desk has no session to show, else soon at the latest."""
        if not message.overview.sessions:
            self.first_paint.set()
            self.start_indexing()
        else:  # In case the session's log never comes (SessionLoaded starts it sooner).
            self.set_timer(LATEST_START, self.start_indexing, name='start indexing')

    @on(SessionLoaded)
    def start_indexing_after_first_paint(self) -> None:
        """Starts the first build once the first session's exchanges are on their way."""
        self.call_after_refresh(self.first_paint.set)
        self.start_indexing()

    def start_indexing(self) -> None:
        """Starts the first build (once), and a look for new days to index every minute."""
        if self._index_worker is None:
            self._desk_title = self.sub_title
            self.set_interval(REFRESH_INTERVAL, self.refresh_index, name='refresh the index')
            self.refresh_index(pause=FIRST_PAINT_PAUSE)

    def refresh_index(self, pause: float = 0.0) -> None:
        """Starts a build, unless one is running (a build with nothing to do is cheap).

        Args:
            pause: Seconds the build waits before it reads anything.
        """
        if not self.indexing:
            self._index_worker = self.build_index(pause)

    @work(
        thread=True,
        exclusive=True,
        group='index',
        exit_on_error=False,
        description='indexing the desk for search',
    )
    def build_index(self, pause: float) -> IndexStatus:
        """Brings the index up to date, newest days first, posting its progress.

        Args:
            pause: Seconds to wait first (the first build lets the first screen be drawn).

        Returns:
            The index's status when the build ended.
        """
        worker = get_current_worker()
        deadline = time.monotonic() + pause
        while time.monotonic() < deadline:
            if worker.is_cancelled:
                return IndexStatus(0, 0, available=False, problem='cancelled')
            time.sleep(0.02)
        search_index = self.search_index

        def progress(indexed_days: int, total_days: int) -> None:
            if not worker.is_cancelled:
                self.post_message(
                    IndexProgressed(IndexStatus(indexed_days, total_days, available=True))
                )

        foreground = self.foreground

        def stop_here() -> bool:
            """Lets a search go first (between two days), then says whether to stop."""
            foreground.step_aside()
            return worker.is_cancelled

        status = search_index.build(progress=progress, cancelled=stop_here)
        if not worker.is_cancelled:
            self.post_message(IndexProgressed(status))
        return status

    @on(IndexProgressed)
    def show_index_progress(self, message: IndexProgressed) -> None:
        """Shows the build's progress in the subtitle, and notes an index that cannot be used."""
        status = message.status
        if not status.available and (self._index_status is None or self._index_status.available):
            _LOGGER.warning('The search index cannot be used: %s', status.problem)
        self._index_status = status
        note = index_note(status)
        title = self._desk_title or self.sub_title
        self.sub_title = f'{title} · {visible(note)}' if note else title

    def on_unmount(self) -> None:
        """Lets go of the index's connections."""
        if self._search_index is not None:
            self._search_index.close()
