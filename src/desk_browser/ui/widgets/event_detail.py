"""The day view's detail: the whole of the highlighted event, its Markdown rendered."""

from __future__ import annotations

from desk_browser.memory.desk_files import JournalEvent
from desk_browser.presentation.documents import event_markdown
from desk_browser.ui.widgets.desk_text_view import DeskTextView

DETAIL_LIMIT = 2_000
"""How many characters of the highlighted event the detail shows."""


class EventDetail(DeskTextView, can_focus=False):
    """Shows one journal event as its Markdown document; it scrolls with the mouse, not the keys."""

    DEFAULT_CSS = """
    EventDetail {
        width: 1fr;
    }
    """

    def show_event(self, event: JournalEvent | None, day_read: bool) -> None:
        """Shows an event, or says none is highlighted (empty until `day_read`)."""
        if event is None:
            self.show('No event is highlighted.' if day_read else '', [], markdown=False)
            return
        heading, _, body = event_markdown(event).partition('\n\n')
        heading = heading.removeprefix('### ')
        self.show(body, [], markdown=bool(body.strip()), limit=DETAIL_LIMIT, heading=heading)
