"""The sessions list: every session with a log, newest first, the current one marked."""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content

from desk_browser.presentation.desk_data import SessionEntry, count_text, short_count_text
from desk_browser.presentation.formatting import day_with_weekday
from desk_browser.presentation.listed_sessions import ListedSessions, listed_copy, session_ids_of
from desk_browser.presentation.safe_text import visible_field
from desk_browser.ui.widgets.fitted_line import Piece, fitted
from desk_browser.ui.widgets.row_list import RowList

CURRENT_MARK = '●'
"""The mark before the current session."""

_NEAR_THE_TOP = 64
"""How many of the newest sessions are looked through before every session's place is made."""


def session_prompt(entry: SessionEntry, width: int = 200) -> Content:
    """Writes one session's line: mark, day and weekday, number, exchange count, fitted to a width.

    Where too wide, the count loses its noun, then goes (a damaged count stays).
    """
    mark: Piece = [(f'{CURRENT_MARK} ', 'bold $text-accent') if entry.is_current else '  ']
    if entry.day is not None and entry.number:
        name = f'{day_with_weekday(entry.day)}  #{visible_field(entry.number)}'
    else:
        name = visible_field(entry.session_id)
    pieces: dict[str, Piece] = {'mark': mark, 'name': [name]}
    style = '$text-error' if entry.unreadable else '$text-muted'
    if entry.counted:  # An older session of a big desk is counted after the first paint.
        pieces['count'] = ['  ', (count_text(entry), style)]
    if entry.damaged_lines:
        pieces['damaged'] = [(f'  {entry.damaged_lines:,} damaged', '$text-warning')]
    steps: list[tuple[str, Piece | None]] = [('count', None)]
    if not entry.damaged_lines:  # "4  2 damaged" would read as two counts of one thing.
        steps.insert(0, ('count', ['  ', (short_count_text(entry), style)]))
    return fitted(pieces, steps, width)


class SessionList(RowList):
    """Lists the sessions, one line each; moving the highlight selects a session."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        """Prepares an empty list."""
        super().__init__(id=id, classes=classes)
        self._entries = ListedSessions([], [])
        self._places: dict[str, int] | None = {}
        """Each session's place; None until a session is looked for beyond the top (_place)."""

    @property
    def row_count(self) -> int:
        """How many sessions are listed."""
        return len(self._entries)

    @property
    def entries(self) -> list[SessionEntry]:
        """The sessions listed, newest first."""
        return list(self._entries)

    def row_lines(self, index: int, width: int) -> list[Content]:
        """Writes the line of the session at a place (cut at the width)."""
        return [session_prompt(self._entries[index], width)]

    def session_at(self, index: int) -> SessionEntry | None:
        """The session listed at a place (from 0), or None when out of range."""
        return self._entries[index] if 0 <= index < len(self._entries) else None

    def show_sessions(self, entries: Sequence[SessionEntry]) -> None:
        """Replaces the list with sessions, newest first (copied, making no entry); no highlight."""
        self._entries = listed_copy(entries)
        self._places = None  # Made when first needed: not before the first paint (_place).
        self.set_reactive(SessionList.highlighted, None)
        self.rows_changed()

    def update_session(self, entry: SessionEntry) -> None:
        """Shows a session's entry again (its counts changed), if it is listed."""
        place = self._place(entry.session_id)
        if place is not None:
            self._entries[place] = entry
            self.row_changed(place)

    def show_changed_sessions(self, after: Sequence[SessionEntry], kept: str | None) -> None:
        """Shows the sessions (newest first), redrawing only changed rows; `kept` stays chosen."""
        before = self._entries
        if before == after:
            return
        if list(session_ids_of(before)) == list(session_ids_of(after)):
            for old, new in zip(before, after, strict=True):
                if old != new:
                    self.update_session(new)
            return
        self.show_sessions(after)
        if kept is not None:
            self.highlight_session(kept)

    def place_of(self, session_id: str) -> int | None:
        """Where a session is listed (from 0), or None."""
        return self._place(session_id)

    def highlight_session(self, session_id: str) -> bool:
        """Moves the highlight to a session; False when the list does not hold it."""
        place = self._place(session_id)
        if place is None:
            return False
        self.highlighted = place
        return True

    def _place(self, session_id: str) -> int | None:
        """A session's place, or None: among the newest first, else by every session's place."""
        places = self._places
        if places is None:
            ids = self._entries.session_ids
            for place, listed in enumerate(ids[:_NEAR_THE_TOP]):
                if listed == session_id:
                    return place
            places = {listed: place for place, listed in enumerate(ids)}
            self._places = places
        return places.get(session_id)
