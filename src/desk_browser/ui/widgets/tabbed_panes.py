"""Panes under a tab bar, one shown at a time: what the main screen used TabbedContent for.

`TabbedPanes` holds a `TabBar` and the panes, laid out as TabbedContent lays its out. A pane is
a `TabbedPane`, or, with no container around them, the children that have its tab's id as a class.
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
    """A `TabBar` and each tab's pane (composed by the screen), the active one shown.

    A tab's pane is its `TabbedPane` (whose id is the tab's), or the children that have the tab's
    id as a class: one container fewer to lay out and draw. Those of a hidden tab get the class
    ``-hidden-pane``; those of the shown one are shown as their own styles say.
    """

    ALLOW_MAXIMIZE = True
    """The palette's Maximize, on the bar or on a pane, fills the screen with the bar and the
    panes (the bar alone would fill it with nothing to read)."""

    DEFAULT_CSS = """
    TabbedPanes {
        height: auto;
        & > TabBar {
            dock: top;
        }
        & > Widget.-hidden-pane {
            display: none;
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
        """Shows a tab's pane and hides the others; returns the pane shown (its first widget)."""
        shown: Widget | None = None
        for child, tab in self._panes():
            if isinstance(child, TabbedPane):
                child.display = tab == tab_id
            else:
                child.set_class(tab != tab_id, '-hidden-pane')
            if tab == tab_id and shown is None:
                shown = child
        assert shown is not None, f'no pane for the tab {tab_id!r}'
        return shown

    def _panes(self) -> list[tuple[Widget, str]]:
        """Each child that is (part of) a tab's pane, with the tab's id."""
        tab_ids = self.query_one(TabBar).tab_ids
        panes: list[tuple[Widget, str]] = []
        for child in self.children:
            if isinstance(child, TabbedPane):
                tab = child.id
            else:
                tab = next((tab_id for tab_id in tab_ids if child.has_class(tab_id)), None)
            if tab is not None:
                panes.append((child, tab))
        return panes

    @on(TabBar.TabActivated)
    def show_the_active_pane(self, event: TabBar.TabActivated) -> None:
        """Shows the pane of the tab just activated, and says so."""
        event.stop()
        self.post_message(self.TabActivated(self, self._show(event.tab_id)))

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """A widget in a hidden pane was focused (as TabbedContent does): its tab is activated."""
        for pane, tab in self._panes():
            if tab != self.active and pane in event.widget.ancestors_with_self:
                self.active = tab
