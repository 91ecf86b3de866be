"""What the day view shows, read through `desk_browser.memory`: one day's journal, and the days.

Reading is done at once and returns plain records; the day view calls `read_day_view` from a
thread worker. Activity per day comes from the sessions list the main screen already read (its
exchange counts), so no journal but the shown day's is opened.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path

from desk_browser.memory.desk_files import JournalDay, Problem, journal_files, read_journal_day
from desk_browser.presentation.desk_data import DeskOverview, read_overview

_LOGGER = logging.getLogger(__name__)


@dataclass(frozen=True)
class DayView:
    """One day's journal and where it sits among the desk's days.

    Attributes:
        day: The ISO day.
        journal: The day's journal, read (empty when the day has no journal).
        has_journal: Whether the desk holds a journal file for the day.
        problems: Damaged lines and unreadable files met while reading it.
        days: Every day with a journal or a session, oldest first, for previous and next day.
        activity: Exchanges per day over the days in the sessions list, oldest first.
    """

    day: str
    journal: JournalDay
    has_journal: bool
    problems: list[Problem]
    days: list[str]
    activity: list[tuple[str, int]]


def activity_by_day(overview: DeskOverview) -> list[tuple[str, int]]:
    """Adds up the exchanges of each day's sessions.

    Args:
        overview: The state and sessions, as the main screen read them.

    Returns:
        (day, exchanges) for every day in the sessions list, oldest first.
    """
    counts: dict[str, int] = {}
    for entry in overview.sessions:
        if entry.day is not None:
            day = entry.day.isoformat()
            counts[day] = counts.get(day, 0) + entry.exchange_count
    return sorted(counts.items())


def read_day_view(desk: Path, day: str, overview: DeskOverview | None) -> DayView:
    """Reads one day's journal and lists the desk's days.

    Args:
        desk: The desk folder.
        day: The ISO day.
        overview: The sessions list already read, or None to read it here.

    Returns:
        The day.
    """
    if overview is None:
        overview = read_overview(desk)
    activity = activity_by_day(overview)
    journals = journal_files(desk)
    days = sorted({journal_day for journal_day, _path in journals} | {d for d, _ in activity})
    problems: list[Problem] = []
    path = next((path for journal_day, path in journals if journal_day == day), None)
    if path is None:
        journal = JournalDay(day=day, events=[], exchanges=[], actions=[])
    else:
        journal = read_journal_day(path, day, problems)
    return DayView(
        day=day,
        journal=journal,
        has_journal=path is not None,
        problems=problems,
        days=days,
        activity=activity,
    )
