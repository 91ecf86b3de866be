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

from desk_browser.live.services import DeskServices
from desk_browser.presentation.formatting import india_today


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
    """

    path: Path
    cache_directory: Path | None = None
    clock: Callable[[], float] = time.time
    today: Callable[[], datetime.date] = india_today
    export_folder: Path | None = None
    _desks: dict[Path, DeskServices] = field(default_factory=dict, repr=False)
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
                )
                self._desks[desk] = found
            return found

    def close(self) -> None:
        """Closes every desk's search (its index connections)."""
        with self._lock:
            for services in self._desks.values():
                services.search.close()
