"""What the Desks screen and each desk opened from it share: one DeskServices per desk, on demand.

`make_workspace_app` (desk_browser.ui.workspace_app) builds one `WorkspaceServices`; the Desks
screen reads each desk's health with its file memo, and opening a desk hands that desk's
`DeskServices` (its own index and memo in the cache folder) to its screens. Creating them reads
nothing from any desk.
"""

from __future__ import annotations

import datetime
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from desk_browser.live.foreground import Foreground
from desk_browser.live.services import DeskServices
from desk_browser.memory.file_status import FileSignature, file_signature
from desk_browser.memory.index.days import DeskListing
from desk_browser.presentation.formatting import india_today
from desk_browser.presentation.workspace_search import day_number


@dataclass
class WorkspaceServices:
    """The workspace's shared services.

    Attributes:
        path (Path): The workspace's PATH, as given.
        cache_directory (Path | None): Where each desk's index and memo are kept; None for the
            user's cache.
        clock (Callable[[], float]): Returns the time now, in seconds since the epoch (tests fix
            it).
        today (Callable[[], datetime.date]): Returns India's today (tests fix it).
        export_folder (Path | None): Where exports are written; None for the current folder at the
            time.
        foreground (Foreground): Says when a search across desks runs, so the background
            indexing of the desks steps aside.
        desk_open (threading.Event): Set while a desk is open (the app sets it): the background
            indexing of the desks waits meanwhile.
    """

    path: Path
    cache_directory: Path | None = None
    clock: Callable[[], float] = time.time
    today: Callable[[], datetime.date] = india_today
    export_folder: Path | None = None
    foreground: Foreground = field(default_factory=Foreground)
    desk_open: threading.Event = field(default_factory=threading.Event)
    _desks: dict[Path, DeskServices] = field(default_factory=dict, repr=False)
    _listings: dict[Path, DeskListing] = field(default_factory=dict, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def services_for(self, desk: Path) -> DeskServices:
        """Returns one desk's services, built the first time they are asked for.

        Args:
            desk (Path): The desk folder.

        Returns:
            DeskServices: Its services (the same object each time, from any thread).
        """
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
                self._desks[desk] = found
            return found

    def newest_day(self, desk: Path) -> tuple[int, tuple[FileSignature | None, ...]]:
        """Says how new a desk's newest record is, and what its newest day's files are like.

        The desk's folders are listed again only when they changed (DeskListing), so asking on
        every keystroke costs three looks at folders and one at each file of the newest day.

        Args:
            desk (Path): The desk folder.

        Returns:
            tuple[int, tuple[FileSignature | None, ...]]: YYYYMMDD of its newest day (0 for none:
                no record of the desk is newer), and the signature of each of that day's files
                (any change to that day changes it).
        """
        with self._lock:
            listing = self._listings.get(desk)
            if listing is None:
                listing = self._listings[desk] = DeskListing(desk)
        days = listing.days(time.time_ns())
        if not days:
            return 0, ()
        return day_number(days[0].day), tuple(file_signature(path) for path in days[0].paths)

    def close(self) -> None:
        """Closes every desk's search (its index connections)."""
        with self._lock:
            for services in self._desks.values():
                services.close_search()
