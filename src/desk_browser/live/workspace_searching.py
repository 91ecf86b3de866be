"""Searching the desks of a workspace: the first hits, every hit counted, the missing words.

Each desk is searched by its own IndexedSearch. Each function is meant for a worker thread
and raises SearchCancelled when `cancelled` says so.
"""

from __future__ import annotations

import dataclasses
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path

from desk_browser.live.workspace_services import WorkspaceServices
from desk_browser.memory.index.status import CancelCheck, SearchCancelled
from desk_browser.memory.search_scope import SearchScope
from desk_browser.memory.session_search import SearchResult, words_of
from desk_browser.presentation.workspace_search import (
    DesksFound,
    full_hit_days,
    narrows,
    search_desks,
)

SUGGESTION_DESKS = 3
"""How many desks' vocabularies (the newest desks') a missing word's suggestion is looked for in:
the first look at a desk's vocabulary reads its newest records."""


@dataclasses.dataclass(frozen=True)
class DesksTotals:
    """What a search across desks finds with no limit.

    Attributes:
        hits (int): How many hits in all (full hits where any, else partial).
        every_word (bool): Whether those hits hold every word.
        missing_words (list[str]): The words no desk holds (when every_word is False).
        desks_with_hits (tuple[str, ...]): The desks those hits are in, by name.
    """

    hits: int
    every_word: bool
    missing_words: list[str]
    desks_with_hits: tuple[str, ...] = ()


@dataclasses.dataclass(frozen=True)
class _Known:
    """What a search found of one desk's newest full hit, and the desk as it was then."""

    day: int
    version: object
    at: float


class FirstHits:
    """Finds the first hits across desks at each keystroke, helped by the keystroke before."""

    KNOWN_SECONDS = 1.0

    def __init__(self, workspace: WorkspaceServices) -> None:
        """Prepares the search over a workspace's services; nothing is read."""
        self.workspace = workspace
        self._lock = threading.Lock()
        self._last: tuple[list[str], SearchScope | None, dict[str, _Known]] | None = None

    def find(
        self,
        desks: dict[str, Path],
        words: str,
        scope: SearchScope | None,
        limit: int,
        cancelled: CancelCheck | None = None,
    ) -> DesksFound:
        """Finds the first hits across some desks, newest day first, then by desk name.

        Args:
            desks (dict[str, Path]): The desks to search, by name.
            words (str): The keywords.
            scope (SearchScope | None): Which records to look at; None for all.
            limit (int): How many hits (more than 0).
            cancelled (CancelCheck | None): Checked while searching.

        Returns:
            DesksFound: The hits, and which desks were asked.

        Raises:
            SearchCancelled: When `cancelled` returned True.
        """
        now = time.monotonic()
        versions = {name: self.workspace.newest_day(desk) for name, desk in desks.items()}
        keywords = words_of(words)
        with self._lock:
            last = self._last
        known: dict[str, _Known] = {}
        if last is not None and last[1] == scope and narrows(keywords, last[0]):
            known = {
                name: entry
                for name, entry in last[2].items()
                if name in versions
                and entry.version == versions[name]
                and now - entry.at <= self.KNOWN_SECONDS
            }
        found = first_hits(
            self.workspace,
            desks,
            words,
            scope,
            limit,
            cancelled,
            newest={name: version[0] for name, version in versions.items()},
            known={name: entry.day for name, entry in known.items()},
        )
        remembered = dict(known)
        for name, day in full_hit_days(found).items():
            remembered[name] = _Known(day, versions[name], now)
        with self._lock:
            self._last = (keywords, scope, remembered)
        return found


def first_hits(
    workspace: WorkspaceServices,
    desks: dict[str, Path],
    words: str,
    scope: SearchScope | None,
    limit: int,
    cancelled: CancelCheck | None = None,
    *,
    newest: dict[str, int] | None = None,
    known: dict[str, int] | None = None,
) -> DesksFound:
    """Finds the first hits across some desks, newest day first, then by desk name.

    Args:
        workspace (WorkspaceServices): The workspace's services (each desk's search).
        desks (dict[str, Path]): The desks to search, by name.
        words (str): The keywords.
        scope (SearchScope | None): Which records to look at; None for all.
        limit (int): How many hits (more than 0).
        cancelled (CancelCheck | None): Checked while searching.
        newest (dict[str, int] | None): Each desk's newest day, when already looked at.
        known (dict[str, int] | None): search_desks' `known`.

    Returns:
        DesksFound: The hits, and which desks were asked.

    Raises:
        SearchCancelled: When `cancelled` returned True.
    """

    def search_of(desk: Path) -> Callable[[int], SearchResult]:
        search = workspace.services_for(desk).search

        def search_desk(most: int) -> SearchResult:
            if cancelled is not None and cancelled():
                raise SearchCancelled
            return search.search(words, most, cancelled=cancelled, scope=scope)

        return search_desk

    searches = {name: search_of(desk) for name, desk in desks.items()}
    if newest is None:
        newest = {name: workspace.newest_day(desk)[0] for name, desk in desks.items()}
    with workspace.foreground.busy():  # The background indexing of the desks waits.
        return search_desks(searches, newest, limit, known)


def counted_from(found: DesksFound, words: list[str]) -> DesksTotals:
    """Counts the hits of a search that found fewer than it asked for: they are all there is.

    Returns:
        DesksTotals: Their count, the missing words and their desks.
    """
    missing: list[str] = []
    if not found.every_word:
        lowered = [hit.hit.record.text.lower() for hit in found.hits]
        missing = [word for word in words if not any(word in text for text in lowered)]
    names = tuple(sorted({hit.desk for hit in found.hits}))
    return DesksTotals(len(found.hits), found.every_word, missing, names)


def desk_totals(
    workspace: WorkspaceServices,
    desks: dict[str, Path],
    words: str,
    scope: SearchScope | None,
    cancelled: CancelCheck | None = None,
) -> DesksTotals:
    """Counts every hit across desks, and names the words that no desk holds.

    Args:
        workspace (WorkspaceServices): The workspace's services.
        desks (dict[str, Path]): The desks searched, by name.
        words (str): The keywords.
        scope (SearchScope | None): Which records to look at; None for all.
        cancelled (CancelCheck | None): Checked while counting.

    Returns:
        DesksTotals: The count and the missing words.

    Raises:
        SearchCancelled: When `cancelled` returned True.
    """
    totals = {
        name: workspace.services_for(desk).search.totals(words, cancelled=cancelled, scope=scope)
        for name, desk in desks.items()
    }
    every_word = any(total.matched_every_word and total.hits for total in totals.values())
    counted = {
        name: total
        for name, total in totals.items()
        if total.hits and (total.matched_every_word or not every_word)
    }
    hits = sum(total.hits for total in counted.values())
    missing: list[str] = []
    if not every_word:
        missing = list(words_of(words))
        for total in totals.values():
            missing = [word for word in missing if word in total.missing_words]
    return DesksTotals(hits, every_word, missing, tuple(sorted(counted)))


def desk_suggestions(
    workspace: WorkspaceServices,
    desks: Iterable[Path],
    missing: list[str],
    cancelled: CancelCheck | None = None,
) -> dict[str, str]:
    """Did you mean: each missing word's nearest word in the first desk that has one.

    Args:
        workspace (WorkspaceServices): The workspace's services.
        desks (Iterable[Path]): The desks, in the order to ask them (newest first).
        missing (list[str]): The words no record holds, lowered.
        cancelled (CancelCheck | None): Checked between two desks.

    Returns:
        dict[str, str]: Each missing word with a suggestion, and that word.

    Raises:
        SearchCancelled: When `cancelled` returned True.
    """
    found: dict[str, str] = {}
    for position, desk in enumerate(desks):
        wanted = [word for word in missing if word not in found]
        if not wanted or position >= SUGGESTION_DESKS:
            break
        if cancelled is not None and cancelled():
            raise SearchCancelled
        found.update(workspace.services_for(desk).search.suggestions(wanted))
    return {word: found[word] for word in missing if word in found}
