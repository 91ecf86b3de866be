"""The sessions list: every session with a log, newest first, the current one marked."""

from __future__ import annotations

import logging

from textual.content import Content
from textual.widgets import OptionList
from textual.widgets.option_list import Option, OptionDoesNotExist

from desk_browser.ui.desk_data import SessionEntry
from desk_browser.ui.formatting import day_with_weekday, plural
from desk_browser.ui.safe_text import visible

_LOGGER = logging.getLogger(__name__)

CURRENT_MARK = '●'
"""The mark before the current session."""


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

    def show_sessions(self, entries: list[SessionEntry]) -> None:
        """Replaces the list.

        Args:
            entries: The sessions, newest first.
        """
        self.set_options(Option(session_prompt(entry), id=entry.session_id) for entry in entries)

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
            return False
        self.highlighted = index
        return True
