"""What the app's screens and background readers share: built once, handed down to each screen.

`make_app` builds one `DeskServices`; every screen gets it in its constructor.
"""

from __future__ import annotations

import datetime
import functools
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from desk_browser.live.foreground import Foreground
from desk_browser.memory.cache_folders import default_cache_directory
from desk_browser.memory.file_memo import FileMemo
from desk_browser.memory.order_memo import OrderMemo
from desk_browser.memory.workspace import find_desks
from desk_browser.presentation.formatting import india_today
from desk_browser.presentation.search_history import SearchHistory

if TYPE_CHECKING:
    from desk_browser.memory.index.search import IndexedSearch
    from desk_browser.memory.unread_files import UnreadFiles
    from desk_browser.presentation.hit_details import HitDetailsReader

UNREAD_RECHECK = 1.0
"""Seconds the files a scope's search could not read stand before they are looked at again."""


@dataclass
class DeskServices:
    """The one desk's shared services (creating them reads nothing; `search` is made on first use).

    Attributes:
        desk (Path): The desk folder.
        cache_directory (Path | None): Where the search index is kept; None: the user's cache.
        file_memo (FileMemo): What checking and counting each desk file found (no orders).
        order_memo (OrderMemo): What each journal day holds about orders, read when first needed.
        foreground (Foreground): Says when a search or a log is read, so background reading waits.
        first_paint (threading.Event): Set once the first screen is drawn.
        clock (Callable[[], float]): The time now, in seconds since the epoch (tests fix it).
        today (Callable[[], datetime.date]): India's today (tests fix it).
        export_folder (Path | None): Where exports are written; None for the current folder.
        search_history (SearchHistory): The person's last searches (never in the desk).
        workspace (Path | None): The workspace the desk was opened from (exports keep out), or None.
    """

    desk: Path
    cache_directory: Path | None
    file_memo: FileMemo
    order_memo: OrderMemo
    foreground: Foreground = field(default_factory=Foreground)
    first_paint: threading.Event = field(default_factory=threading.Event)
    clock: Callable[[], float] = time.time
    today: Callable[[], datetime.date] = india_today
    export_folder: Path | None = None
    search_history: SearchHistory = field(default_factory=SearchHistory)
    workspace: Path | None = None
    _search_made: list[IndexedSearch] = field(default_factory=list, repr=False, compare=False)
    _idle_connections: list[int | None] = field(
        default_factory=lambda: [None], repr=False, compare=False
    )
    _search_lock: threading.Lock = field(default_factory=threading.Lock, repr=False, compare=False)

    @property
    def search(self) -> IndexedSearch:
        """The desk's indexed search, made on first use (any thread); it never waits for a build."""
        with self._search_lock:
            if not self._search_made:
                from desk_browser.memory.index.search import IndexedSearch  # Deferred: see above.

                search = IndexedSearch(self.desk, cache_directory=self.cache_directory)
                if self._idle_connections[0] is not None:
                    search.keep_idle_connections(self._idle_connections[0])
                self._search_made.append(search)
            return self._search_made[0]

    def keep_idle_connections(self, most: int | None) -> None:
        """How many idle index connections the search keeps (None: the usual few), now or later."""
        with self._search_lock:
            self._idle_connections[0] = most
            for search in self._search_made:
                search.keep_idle_connections(most)

    def close_search(self) -> None:
        """Closes the search's index connections, if the search was ever made."""
        with self._search_lock:
            for search in self._search_made:
                search.close()

    def protected_folders(self) -> tuple[Path, ...]:
        """The folders an export or a screenshot never goes into, the desk first, not resolved."""
        if self.workspace is None:
            return (self.desk,)
        found = find_desks(self.workspace)
        folders = [self.desk, found.desks_folder or self.workspace]
        return (*folders, *(entry.path for entry in found.desks))

    @functools.cached_property
    def hit_details(self) -> HitDetailsReader:
        """The desk's one shared reader of search hits' journal details."""
        from desk_browser.presentation.hit_details import HitDetailsReader  # Deferred: hits.

        return HitDetailsReader(self.desk)

    @functools.cached_property
    def unread_files(self) -> UnreadFiles:
        """The desk's one finder of the files a search cannot read, for every search screen.

        It remembers each file it opened, so a new search looks again only at what changed.
        """
        from desk_browser.memory.unread_files import UnreadFiles  # Deferred: searches.

        return UnreadFiles(self.desk, recheck_seconds=UNREAD_RECHECK)

    @classmethod
    def for_desk(
        cls,
        desk: Path,
        *,
        cache_directory: Path | None = None,
        clock: Callable[[], float] = time.time,
        today: Callable[[], datetime.date] = india_today,
        export_folder: Path | None = None,
        workspace: Path | None = None,
    ) -> DeskServices:
        """Builds the services of one desk, reading nothing yet.

        Args:
            desk (Path): The desk folder.
            cache_directory (Path | None): Where the index and memos are kept; None: the cache.
            clock (Callable[[], float]): Returns the time now in seconds since the epoch.
            today (Callable[[], datetime.date]): Returns India's today.
            export_folder (Path | None): Where exports are written; None for the current folder.
            workspace (Path | None): The workspace the desk is opened from, or None.

        Returns:
            DeskServices: The services.
        """
        cache = cache_directory or default_cache_directory()
        return cls(
            desk=desk,
            cache_directory=cache_directory,
            file_memo=FileMemo.for_desk(desk, cache),
            order_memo=OrderMemo.for_desk(desk, cache),
            clock=clock,
            today=today,
            export_folder=export_folder,
            workspace=workspace,
        )
