"""The search screen's messages: what its workers found (apart, so made after the first paint)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual.message import Message

if TYPE_CHECKING:  # Only named.
    from desk_browser.memory.problems import Problem
    from desk_browser.memory.session_search import SearchResult
    from desk_browser.presentation.hit_details import HitDetails
    from desk_browser.ui.widgets.row_list import PaintedRows


@dataclass
class SearchFinished(Message):
    """A search finished."""

    query: str
    """The query as typed; results for a query no longer in the box are dropped."""

    result: SearchResult
    """The hits."""

    painted: PaintedRows | None = None
    """The first hits, drawn by the search's worker for the hits list (None when not drawn)."""

    details: dict[int, HitDetails | None] | None = None
    """The first hits' times and sessions, read by the search's worker (None when not read)."""


@dataclass
class SearchTotalsFound(Message):
    """What a search found with no limit, counted after its first hits were shown."""

    query: str
    """The query as typed."""

    hits: int
    """How many hits there are in all."""

    missing_words: list[str]
    """The keywords no record in the scope holds."""

    suggestions: dict[str, str]
    """For each missing keyword with one, the nearest word some record holds."""


@dataclass
class MoreHitsFound(Message):
    """A longer result of the search shown, for a person scrolling past its last hit."""

    query: str
    """The query as typed."""

    result: SearchResult
    """The hits, the ones shown first."""


@dataclass
class UnreadFilesFound(Message):
    """Which files a search reads could not be read, looked at after its first hits."""

    query: str
    """The query as typed."""

    problems: list[Problem]
    """One whole-file problem per file not read (empty when every one was read)."""
