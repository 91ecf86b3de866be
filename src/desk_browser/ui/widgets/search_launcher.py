"""The search box on the first screen: one line that says what `/` searches, and opens it."""

from __future__ import annotations

from textual import events
from textual.content import Content
from textual.widgets import Static

SEARCH_PLACEHOLDER = '/ search everything the desk said and did'
"""What the first screen's search box says before anything is typed."""


class SearchLauncher(Static):
    """The first screen's search box, a Static: `/` or a click puts the cursor in the search's."""

    ALLOW_SELECT = False

    def __init__(self, *, id: str | None = None) -> None:
        """Prepares the line with its placeholder."""
        super().__init__(Content.styled(SEARCH_PLACEHOLDER, '$text-muted'), id=id)
        self.tooltip = 'Search every exchange, action, summary and note (/)'

    async def on_click(self, event: events.Click) -> None:
        """Opens the search, as `/` does."""
        event.stop()
        await self.run_action('app.search')
