"""The "3 new" marker under the exchanges, when the log grew while the view was not at its end."""

from __future__ import annotations

from textual import events
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from desk_browser.presentation.formatting import plural


class NewExchangesMarker(Widget):
    """Counts the exchanges that arrived out of view; a click, or End or G, shows them."""

    DEFAULT_CSS = """
    NewExchangesMarker {
        height: 1;
        width: 1fr;
        display: none;
        background: $accent-muted;
        color: $text-accent;
        text-style: bold;
        padding: 0 1;
    }
    NewExchangesMarker.-shown {
        display: block;
    }
    """

    count: reactive[int] = reactive(0)
    """How many exchanges arrived that the view has not shown yet."""

    class Pressed(Message):
        """The marker was clicked."""

    def render(self) -> Content:
        """The marker's words."""
        return Content(f'↓ {plural(self.count, "new exchange")} below · End or click to see')

    def watch_count(self, count: int) -> None:
        """Shows the marker only while there is something new."""
        self.set_class(count > 0, '-shown')

    def on_click(self, event: events.Click) -> None:
        """Asks the screen to show the new exchanges."""
        event.stop()
        self.post_message(self.Pressed())
