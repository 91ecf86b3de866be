"""Every desk's search index, built in the background from the Desks screen, newest desks first.

`WorkspaceIndexer` starts once the counts are in, one desk at a time; it steps aside for a
search across desks, waits while a desk is open, and looks again every REFRESH_INTERVAL.
"""

from __future__ import annotations

import dataclasses
import datetime
import time
from collections.abc import Callable
from functools import partial

from textual.message import Message
from textual.screen import Screen
from textual.worker import Worker, WorkerState, get_current_worker

from desk_browser.live.workspace_services import WorkspaceServices
from desk_browser.memory.index.status import IndexStatus
from desk_browser.presentation.desk_health import DeskHealth
from desk_browser.presentation.formatting import plural
from desk_browser.presentation.safe_text import visible
from desk_browser.ui.heap_freezing import full_collections_held
from desk_browser.ui.interpreter_turns import short_turns

REFRESH_INTERVAL = 60.0
"""Seconds between two looks for days to index in every desk."""

_WAIT_STEP = 0.1
"""Seconds between two looks, while a desk is open, at whether the build was cancelled."""


@dataclasses.dataclass(frozen=True)
class IndexingProgress:
    """Where the background indexing of the desks stands.

    Attributes:
        desk: The desk being indexed ("" once every desk was looked at).
        position: How many desks were brought up to date before it.
        desk_count: How many desks are indexed in this round.
        status: The desk's index as its build last said, or None.
        unavailable: The desks whose index cannot be used (searched directly).
        incomplete: The desks whose build stopped short, each with why (partly read directly).
    """

    desk: str
    position: int
    desk_count: int
    status: IndexStatus | None = None
    unavailable: tuple[str, ...] = ()
    incomplete: tuple[tuple[str, str], ...] = ()

    @property
    def text(self) -> str:
        """What the indexing is doing, for the line the Desks screen shows."""
        lacking = ''
        if self.unavailable:
            names = ', '.join(visible(name) for name in self.unavailable)
            lacking = f' · no search index for {names}: searched directly'
        reasons: dict[str, list[str]] = {}
        for name, reason in self.incomplete:
            reasons.setdefault(reason, []).append(visible(name))
        for reason, names_short in reasons.items():
            lacking += f' · search index incomplete for {", ".join(names_short)}: {visible(reason)}'
        if not self.desk:
            return f'every desk indexed for search{lacking}' if not lacking else lacking[3:]
        days = ''
        if self.status is not None and self.status.available and self.status.total_days:
            days = f': {self.status.indexed_days:,} of {self.status.total_days:,} days'
        done = f'{self.position} of {plural(self.desk_count, "desk")} indexed'
        return f'indexing {visible(self.desk)} for search{days} · {done}{lacking}'


class IndexingProgressed(Message):
    """The background indexing moved on (the Desks screen shows its text)."""

    def __init__(self, progress: IndexingProgress) -> None:
        super().__init__()
        self.progress = progress


class WorkspaceIndexer:
    """Keeps every desk's search index up to date in the background, for the Desks screen."""

    def __init__(
        self,
        screen: Screen[None],
        services: WorkspaceServices,
        run: Callable[[list[DeskHealth]], Worker[None]],
    ) -> None:
        """Prepares the indexer; nothing is read until `start`.

        `screen` gets IndexingProgressed; `run` starts a thread worker calling `build_all`.
        """
        self._screen = screen
        self._services = services
        self._run = run
        self._desks: list[DeskHealth] = []
        self._worker: Worker[None] | None = None
        self._started = False

    @property
    def indexing(self) -> bool:
        """Whether a round of builds is running."""
        return self._worker is not None and self._worker.state in (
            WorkerState.PENDING,
            WorkerState.RUNNING,
        )

    def start(self, desks: list[DeskHealth]) -> None:
        """Indexes the readable desks (newest first) now, and every REFRESH_INTERVAL again."""
        self.desks_changed(desks)
        if not self._started:
            self._started = True
            self._screen.set_interval(REFRESH_INTERVAL, self.refresh, name='refresh the indexes')
        self.refresh()

    def desks_changed(self, desks: list[DeskHealth]) -> None:
        """Notes the desks shown, for the next round."""
        self._desks = list(desks)

    def refresh(self) -> None:
        """Starts a round over every desk shown, unless one is running."""
        if self.indexing:
            return
        readable = [health for health in self._desks if health.entry_problem is None]
        readable.sort(key=lambda health: health.newest_day or datetime.date.min, reverse=True)
        self._worker = self._run(readable)

    def build_all(self, desks: list[DeskHealth]) -> None:
        """Brings each desk's index up to date, one desk at a time (in the screen's worker)."""
        worker = get_current_worker()
        services = self._services
        unavailable: list[str] = []
        incomplete: list[tuple[str, str]] = []

        def stop_here() -> bool:
            """Lets a search across desks go first; True (stop) once a desk is opened."""
            services.foreground.step_aside()
            return worker.is_cancelled or services.desk_open.is_set()

        position = 0
        while position < len(desks):
            while services.desk_open.is_set():  # That desk's own builder has the machine.
                if worker.is_cancelled:
                    return
                time.sleep(_WAIT_STEP)
            if worker.is_cancelled:
                return
            health = desks[position]
            self._post(
                IndexingProgress(
                    health.name, position, len(desks), None, tuple(unavailable), tuple(incomplete)
                )
            )
            progress = partial(
                self._progress, health.name, position, len(desks), unavailable, incomplete
            )
            with full_collections_held(), short_turns():  # See search_indexing.
                status = services.services_for(health.path).search.build(progress, stop_here)
            if worker.is_cancelled:
                return
            if services.desk_open.is_set():
                continue  # Stopped for the desk opened: this desk again once it is closed.
            if not status.available:
                unavailable.append(health.name)
            elif status.problem and not status.complete:  # The cache's disk is full, say.
                incomplete.append((health.name, status.problem))
            position += 1
        self._post(
            IndexingProgress(
                '', len(desks), len(desks), None, tuple(unavailable), tuple(incomplete)
            )
        )

    def _progress(
        self,
        name: str,
        position: int,
        count: int,
        unavailable: list[str],
        incomplete: list[tuple[str, str]],
        done: int,
        total: int,
    ) -> None:
        """Posts a build's progress (from its thread)."""
        status = IndexStatus(done, total, available=True)
        progress = IndexingProgress(
            name, position, count, status, tuple(unavailable), tuple(incomplete)
        )
        self._post(progress)

    def _post(self, progress: IndexingProgress) -> None:
        self._screen.post_message(IndexingProgressed(progress))
