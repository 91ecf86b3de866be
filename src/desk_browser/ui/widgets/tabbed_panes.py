"""Panes under a tab bar, one shown at a time: what the main screen used TabbedContent for.

`TabbedPanes` holds a `TabBar` and the panes, laid out as TabbedContent lays its out.
"""

from __future__ import annotations

from textual import events, on
from textual.message import Message
from textual.widget import Widget

from desk_browser.ui.widgets.tab_bar import TabBar


class TabbedPane(Widget):
    """One tab's pane (its widgets one under another); its id is its tab's."""

    DEFAULT_CSS = """
    TabbedPane {
        height: auto;
    }
    """


class TabbedPanes(Widget):
    """A `TabBar` and a `TabbedPane` per tab (composed by the screen), the active one shown."""

    ALLOW_MAXIMIZE = True
    """The palette's Maximize, on the bar or on a pane, fills the screen with the bar and the
    panes (the bar alone would fill it with nothing to read)."""

    DEFAULT_CSS = """
    TabbedPanes {
        height: auto;
        & > TabBar {
            dock: top;
        }
    }
    """

    class TabActivated(Message):
        """A tab became the active one: its pane is shown."""

        def __init__(self, tabbed_panes: TabbedPanes, pane: Widget) -> None:
            """Says which pane is now shown."""
            super().__init__()
            self.tabbed_panes = tabbed_panes
            self.pane = pane

        @property
        def control(self) -> TabbedPanes:
            """The panes (what `on`'s selector matches)."""
            return self.tabbed_panes

    @property
    def active(self) -> str:
        """The active tab's id (its pane's)."""
        return self.query_one(TabBar).active

    @active.setter
    def active(self, tab_id: str) -> None:
        self.query_one(TabBar).active = tab_id

    def on_mount(self) -> None:
        """Shows only the active tab's pane, before the first layout."""
        self._show(self.active)

    def _show(self, tab_id: str) -> Widget:
        """Shows the pane of a tab and hides the others; returns the pane shown."""
        shown: Widget | None = None
        for pane in self.query_children(TabbedPane):
            pane.display = pane.id == tab_id
            if pane.id == tab_id:
                shown = pane
        assert shown is not None, f'no pane for the tab {tab_id!r}'
        return shown

    @on(TabBar.TabActivated)
    def show_the_active_pane(self, event: TabBar.TabActivated) -> None:
        """Shows the pane of the tab just activated, and says so."""
        event.stop()
        self.post_message(self.TabActivated(self, self._show(event.tab_id)))

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """A widget in a hidden pane was focused (as TabbedContent does): its tab is activated."""
        for pane in self.query_children(TabbedPane):
            if pane in event.widget.ancestors and pane.id is not None and pane.id != self.active:
                self.active = pane.id
