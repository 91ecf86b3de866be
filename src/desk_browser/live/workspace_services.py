"""What the Desks screen and each desk opened from it share: one DeskServices per desk, on demand.

Creating them reads nothing from any desk.
"""

from __future__ import annotations

import datetime
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from desk_browser.live.foreground import Foreground
from desk_browser.live.services import DeskServices
from desk_browser.memory.file_status import FileSignature, file_signature
from desk_browser.memory.index.days import DeskListing
from desk_browser.presentation.formatting import india_today
from desk_browser.presentation.workspace_search import day_number

RESTING_CONNECTIONS = 0
"""Idle index connections a desk's search keeps while nothing uses it (the Desks screen, another
desk open): none. A connection holds six files, and SQLite lets the files of a closed one go only
once every connection to that index is closed; twenty desks kept about 120 to 480 files open."""


@dataclass
class WorkspaceServices:
    """The workspace's shared services (`use_connections` says which desks are in use).

    Attributes:
        path (Path): The workspace's PATH, as given.
        cache_directory (Path | None): Where each desk's index and memo are kept; None: the cache.
        clock (Callable[[], float]): The time now, in seconds since the epoch (tests fix it).
        today (Callable[[], datetime.date]): India's today (tests fix it).
        export_folder (Path | None): Where exports are written; None for the current folder.
        foreground (Foreground): Says when a search across desks runs (indexing steps aside).
        desk_open (threading.Event): Set while a desk is open: the background indexing waits.
    """

    path: Path
    cache_directory: Path | None = None
    clock: Callable[[], float] = time.time
    today: Callable[[], datetime.date] = india_today
    export_folder: Path | None = None
    foreground: Foreground = field(default_factory=Foreground)
    desk_open: threading.Event = field(default_factory=threading.Event)
    _in_use: frozenset[Path] | None = field(default=None, repr=False)
    _desks: dict[Path, DeskServices] = field(default_factory=dict, repr=False)
    _listings: dict[Path, DeskListing] = field(default_factory=dict, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def services_for(self, desk: Path) -> DeskServices:
        """One desk's services, built when first asked for (the same object each time)."""
        with self._lock:
            found = self._desks.get(desk)
            if found is None:
                found = DeskServices.for_desk(
                    desk,
                    cache_directory=self.cache_directory,
                    clock=self.clock,
                    today=self.today,
                    export_folder=self.export_folder,
                    workspace=self.path,
                )
                if self._in_use is not None and desk not in self._in_use:
                    found.keep_idle_connections(RESTING_CONNECTIONS)
                self._desks[desk] = found
            return found

    def newest_day(self, desk: Path) -> tuple[int, tuple[FileSignature | None, ...]]:
        """How new a desk's newest record is, and what its newest day's files are like.

        Args:
            desk (Path): The desk folder.

        Returns:
            tuple[int, tuple[FileSignature | None, ...]]: Its newest day (YYYYMMDD, 0: none)
                and that day's files' signatures.
        """
        with self._lock:
            listing = self._listings.get(desk)
            if listing is None:
                listing = self._listings[desk] = DeskListing(desk)
        days = listing.days(time.time_ns())
        if not days:
            return 0, ()
        return day_number(days[0].day), tuple(file_signature(path) for path in days[0].paths)

    def use_connections(self, desks: Iterable[Path] | None) -> None:
        """Says which desks' searches are in use (None: all): the others close idle connections."""
        with self._lock:
            self._in_use = None if desks is None else frozenset(desks)
            in_use = self._in_use
            every = list(self._desks.items())
        for path, services in every:
            resting = in_use is not None and path not in in_use
            services.keep_idle_connections(RESTING_CONNECTIONS if resting else None)

    def close(self) -> None:
        """Closes every desk's search (its index connections)."""
        with self._lock:
            for services in self._desks.values():
                services.close_search()
