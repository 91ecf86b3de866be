"""Every message that crosses modules: what the workers read, and what a screen asks of the app."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual.message import Message

if TYPE_CHECKING:  # Only named (some the first screen does without: the check, the index).
    from desk_browser.live.live_desk import FollowUpdate
    from desk_browser.memory.desk_check import DeskReport
    from desk_browser.memory.desk_files import Problem
    from desk_browser.memory.index.status import IndexStatus
    from desk_browser.presentation.desk_data import (
        DaySummary,
        DeskOverview,
        SessionEntry,
        SessionLog,
    )
    from desk_browser.presentation.navigation import DayRequest, Place


@dataclass
class OverviewLoaded(Message):
    """The state and the sessions list were read."""

    overview: DeskOverview
    """What was read."""


@dataclass
class SessionsCounted(Message):
    """Some sessions listed without counts were read and counted."""

    entries: list[SessionEntry]
    """The sessions, counted, newest first."""

    problems: list[Problem]
    """Their logs that could not be read at all."""


@dataclass
class SessionLoaded(Message):
    """One session's log was read."""

    log: SessionLog
    """What was read."""


@dataclass
class AskedTimesRead(Message):
    """When a session's exchanges were asked was read from its days' journals."""

    session_id: str
    """The session."""

    asked: list[str | None]
    """Each exchange's trigger time (ISO 8601), or None where the journal has none."""


@dataclass
class SummaryLoaded(Message):
    """One day's summary was read."""

    summary: DaySummary
    """What was read."""


@dataclass
class DeskFollowed(Message):
    """A look at the desk found something changed."""

    update: FollowUpdate
    """What changed, and what was read of it."""


@dataclass
class DeskChecked(Message):
    """A whole check of the desk finished."""

    report: DeskReport
    """What it found."""


@dataclass
class IndexProgressed(Message):
    """The index build reached a new count of days (posted from the build's thread)."""

    status: IndexStatus
    """How much of the desk is indexed now."""

    def can_replace(self, message: Message) -> bool:
        """A newer count replaces one still waiting to be shown."""
        return isinstance(message, IndexProgressed)


@dataclass
class PlaceOpened(Message):
    """A session, a day or a record was opened; it bubbles up to the app's history."""

    place: Place
    """What was opened."""


@dataclass
class ShowPlace(Message):
    """A screen asks the app to show a place: a session, a day, a record, or a main-screen day."""

    place: Place | DayRequest
    """What to show."""
