"""Messages that carry what the workers read back to the screens that show it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual.message import Message

from desk_browser.memory.session_search import SearchResult
from desk_browser.presentation.desk_data import DaySummary, DeskOverview, SessionLog

if TYPE_CHECKING:
    from desk_browser.ui.widgets.row_list import PaintedRows


@dataclass
class OverviewLoaded(Message):
    """The state and the sessions list were read."""

    overview: DeskOverview
    """What was read."""


@dataclass
class SessionLoaded(Message):
    """One session's log was read."""

    log: SessionLog
    """What was read."""


@dataclass
class SummaryLoaded(Message):
    """One day's summary was read."""

    summary: DaySummary
    """What was read."""


@dataclass
class SearchFinished(Message):
    """A search finished."""

    query: str
    """The query as typed; results for a query no longer in the box are dropped."""

    result: SearchResult
    """The hits."""

    painted: PaintedRows | None = None
    """The first hits, drawn by the search's worker for the hits list (None when not drawn)."""
