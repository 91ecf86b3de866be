"""The sessions list: every session with a log, newest first, the current one marked."""

from __future__ import annotations

import asyncio
import contextlib
import logging

from textual import work
from textual.content import Content
from textual.widgets import OptionList
from textual.widgets.option_list import Option, OptionDoesNotExist

from desk_browser.ui.desk_data import SessionEntry
from desk_browser.ui.formatting import day_with_weekday, plural
from desk_browser.ui.safe_text import visible

_LOGGER = logging.getLogger(__name__)

CURRENT_MARK = '●'
"""The mark before the current session."""

SESSIONS_AT_ONCE = 100
"""How many sessions are added to the list in one go. Textual measures every option it is given,
so a five-year desk's 2,500 sessions added together would hold up the first paint; the newest
come first and the rest follow in batches, the event loop free between them."""


def session_prompt(entry: SessionEntry) -> Content:
    """Writes one session's line: mark, day and weekday, number, exchange count.

    Args:
        entry: The session.

    Returns:
        The line.
    """
    mark = (f'{CURRENT_MARK} ', 'bold $text-accent') if entry.is_current else '  '
    if entry.day is not None and entry.number:
        name: str | tuple[str, str] = f'{day_with_weekday(entry.day)}  #{visible(entry.number)}'
    else:
        name = visible(entry.session_id)
    parts: list[str | tuple[str, str]] = [mark, name]
    if entry.counted:  # An older session of a big desk is counted after the first paint.
        parts += [('  ', ''), (plural(entry.exchange_count, 'exchange'), '$text-muted')]
    if entry.damaged_lines:
        parts.append((f'  {entry.damaged_lines} damaged', '$text-warning'))
    return Content.assemble(*parts)


class SessionList(OptionList):
    """Lists the sessions; moving the highlight selects a session (OptionList.OptionHighlighted)."""

    _pending: list[SessionEntry] = []

    def show_sessions(self, entries: list[SessionEntry]) -> None:
        """Replaces the list (the newest sessions at once, the others in batches).

        Args:
            entries: The sessions, newest first.
        """
        first, self._pending = entries[:SESSIONS_AT_ONCE], entries[SESSIONS_AT_ONCE:]
        self.set_options(Option(session_prompt(entry), id=entry.session_id) for entry in first)
        self._add_the_rest()  # Also stops adding an older list's sessions.

    @work(exclusive=True, group='more-sessions', exit_on_error=False, description='listing')
    async def _add_the_rest(self) -> None:
        """Adds the sessions after the first batch, a batch at a time."""
        while self._pending:
            await asyncio.sleep(0)  # Lets the screen draw and keys in between.
            batch = self._pending[:SESSIONS_AT_ONCE]
            self._pending = self._pending[SESSIONS_AT_ONCE:]
            self.add_options(Option(session_prompt(entry), id=entry.session_id) for entry in batch)

    def _add_pending(self) -> None:
        """Adds every session still waiting, at once (for a session asked for by name)."""
        batch, self._pending = self._pending, []
        self.add_options(Option(session_prompt(entry), id=entry.session_id) for entry in batch)

    def update_session(self, entry: SessionEntry) -> None:
        """Shows a session's entry again (its counts changed), listed or still waiting.

        Args:
            entry: The session's new entry.
        """
        for place, waiting in enumerate(self._pending):
            if waiting.session_id == entry.session_id:
                self._pending[place] = entry
                return
        with contextlib.suppress(OptionDoesNotExist):  # No longer listed.
            self.replace_option_prompt(entry.session_id, session_prompt(entry))

    def highlight_session(self, session_id: str) -> bool:
        """Moves the highlight to a session.

        Args:
            session_id: The session.

        Returns:
            Whether the list holds that session.
        """
        try:
            index = self.get_option_index(session_id)
        except OptionDoesNotExist:
            if not self._pending:
                return False
            self._add_pending()
            try:
                index = self.get_option_index(session_id)
            except OptionDoesNotExist:
                return False
        self.highlighted = index
        return True
