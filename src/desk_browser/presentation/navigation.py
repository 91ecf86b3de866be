"""Where the person goes: days named in words, the places opened, back and forward through them.

No Textual here, so the command line can read `--day` without loading the UI.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:  # The first screen does without the search and the desk check.
    from desk_browser.memory.session_search import SearchHit

DAY_WORDS_HELP = 'a date such as 2026-10-21, today, yesterday or a weekday such as monday'

TabName = Literal['exchanges-tab', 'summary-tab']
"""The main screen's two tabs."""

EXCHANGES_TAB: TabName = 'exchanges-tab'
SUMMARY_TAB: TabName = 'summary-tab'


def parse_day_words(text: str, today: datetime.date) -> datetime.date | None:
    """Reads a day as a person types it, for Go to day, `--day` and `day:`; None when it names none.

    An ISO date, ``today``, ``yesterday`` or a weekday (``mon``: the latest, today included).
    """
    # Here, not at the top: the first screen does without the search's modules.
    from desk_browser.memory.search_scope import parse_day

    try:
        return parse_day(text.strip(), today)
    except ValueError:
        return None


def neighbour_day(days: list[str], day: str, step: int) -> str | None:
    """The nearest of `days` (ISO, any order) before (`step` -1) or after (+1) `day`, or None."""
    ordered = sorted(set(days))
    if step < 0:
        earlier = [candidate for candidate in ordered if candidate < day]
        return earlier[-1] if earlier else None
    later = [candidate for candidate in ordered if candidate > day]
    return later[0] if later else None


@dataclass
class SessionPlace:
    """A session shown in the main screen.

    Attributes:
        session_id: The session.
        line_number: A line of its log to show the exchanges around (a damaged one), or None.
    """

    session_id: str
    line_number: int | None = None


@dataclass
class DayPlace:
    """A day shown in the day view, perhaps at one of its events.

    Attributes:
        day: The ISO day.
        line_number: The journal line to open at; None opens at the day's first event.
    """

    day: str
    line_number: int | None = None


@dataclass
class RecordPlace:
    """A search record opened whole: the `hit`, and the `words` marked in it."""

    hit: SearchHit
    words: tuple[str, ...]


Place = SessionPlace | DayPlace | RecordPlace


@dataclass
class DayRequest:
    """A request from the search to show one ISO `day` in the main screen, on `tab`."""

    day: str
    tab: TabName = EXCHANGES_TAB


def problem_place(kind: str, path: Path, line_number: int | None) -> Place | DayRequest | str:
    """Where a problem of a desk check can be seen: its session or day, at its line.

    Returns:
        The session or day view at that line, the day's summary, or a sentence saying why none.
    """
    from desk_browser.memory.desk_check import (  # Deferred: found by a check, later.
        JOURNAL_KIND,
        NOTE_KIND,
        SESSION_LOG_KIND,
        SUMMARY_KIND,
    )

    if kind == SESSION_LOG_KIND:
        return SessionPlace(path.stem, line_number)
    if kind == JOURNAL_KIND:
        return DayPlace(path.stem, line_number)
    if kind == SUMMARY_KIND:
        return DayRequest(path.stem, SUMMARY_TAB)
    if kind == NOTE_KIND:
        return 'A note has no view of its own: / searches the notes.'
    return 'state.json is shown in the State pane of the first screen; no view opens it.'


def records_before_line(skipped_lines: list[int], line_number: int, blank_lines: int = 0) -> int:
    """Counts the records a log or journal holds before a line (less damaged and blank lines)."""
    damaged = sum(1 for line in skipped_lines if line < line_number)
    return max(0, line_number - 1 - damaged - blank_lines)


def skipped_line_sentence(line_number: int, where: str) -> str:
    """Says that a damaged line is skipped, and where it came ("it came after exchange 7")."""
    return f'Line {line_number} is damaged, so it is skipped: {where}.'


@dataclass
class History:
    """What was opened, in order, with a position that back and forward move.

    Attributes:
        places: Every place opened, oldest first.
        position: The place shown now (an index into places), or -1 before the first.
        limit: The most places kept.
    """

    places: list[Place] = field(default_factory=list)
    position: int = -1
    limit: int = 200

    def visit(self, place: Place) -> None:
        """Records a newly opened place; what was ahead of the position is forgotten."""
        if 0 <= self.position < len(self.places) and self.places[self.position] == place:
            return
        del self.places[self.position + 1 :]
        self.places.append(place)
        if len(self.places) > self.limit:
            del self.places[0]
        self.position = len(self.places) - 1

    def back(self) -> Place | None:
        """Moves one place back: the place to show, or None at the oldest."""
        if self.position <= 0:
            return None
        self.position -= 1
        return self.places[self.position]

    def forward(self) -> Place | None:
        """Moves one place forward: the place to show, or None at the newest."""
        if self.position >= len(self.places) - 1:
            return None
        self.position += 1
        return self.places[self.position]
