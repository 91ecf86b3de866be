"""Panes under a tab bar, one shown at a time: what the main screen used TabbedContent for.

TabbedContent builds 11 widgets for two tabs (its Tabs' inner containers, a Tab per label, the
underline, a content switcher, a pane per tab). `TabbedPanes` holds a `TabBar` (one widget that
draws the labels and the underline) and the panes themselves, and shows the pane whose tab is
active: four widgets, laid out as TabbedContent lays its out. A pane may also be made only when
its tab is first shown (`later`), so a first screen that shows one tab builds no other.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

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
    """A `TabBar` and one `TabbedPane` per tab, only the active tab's shown.

    Its children are the bar and the panes, composed by the screen; a pane is shown when the
    bar's active tab has its id. A tab named in `later` has no pane until it is first shown (or
    asked for, `pane`): then its pane is made and mounted after the others.
    """

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
            """Says which pane.

            Args:
                tabbed_panes (TabbedPanes): The panes.
                pane (Widget): The pane now shown.
            """
            super().__init__()
            self.tabbed_panes = tabbed_panes
            self.pane = pane

        @property
        def control(self) -> TabbedPanes:
            """The panes (what `on`'s selector matches)."""
            return self.tabbed_panes

    def __init__(
        self,
        *,
        later: Mapping[str, Callable[[], list[Widget]]] | None = None,
        id: str | None = None,
    ) -> None:
        """Makes the panes' holder; the screen composes the bar and the panes into it.

        Args:
            later (Mapping[str, Callable[[], list[Widget]]] | None): For a tab without a
                composed pane, what makes its pane's widgets when it is first needed.
            id (str | None): The widget's id.
        """
        super().__init__(id=id)
        self._later = dict(later or {})

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

    def made_pane(self, tab_id: str) -> TabbedPane | None:
        """A tab's pane, if it is made (None for a `later` tab not shown or asked for yet).

        Args:
            tab_id (str): The tab's id.

        Returns:
            TabbedPane | None: Its pane, or None.
        """
        return next((pane for pane in self.query_children(TabbedPane) if pane.id == tab_id), None)

    def pane(self, tab_id: str) -> TabbedPane:
        """A tab's pane, made and mounted now if it is a `later` one not made yet.

        Args:
            tab_id (str): The tab's id.

        Returns:
            TabbedPane: Its pane (shown only while its tab is the active one).
        """
        pane = self.made_pane(tab_id)
        if pane is None:
            pane = TabbedPane(id=tab_id)
            pane.display = tab_id == self.active
            self.mount(pane)
            pane.mount_all(self._later.pop(tab_id)())  # In the DOM at once, for queries.
        return pane

    def _show(self, tab_id: str) -> Widget:
        """Shows the pane of a tab and hides the others; returns the pane shown."""
        shown = self.pane(tab_id)
        for pane in self.query_children(TabbedPane):
            pane.display = pane is shown
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
