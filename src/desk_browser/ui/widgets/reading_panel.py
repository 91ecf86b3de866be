"""The main screen's right-hand column: the Exchanges and Summary tabs, and the summary pane.

It shows what the screen hands it; the screen's keys call it, as they work from the sessions too.
"""

from __future__ import annotations

from pathlib import Path

from textual import on
from textual.app import ComposeResult

from desk_browser.live.live_desk import LogGrowth
from desk_browser.live.services import DeskServices
from desk_browser.presentation.desk_data import DaySummary
from desk_browser.presentation.navigation import EXCHANGES_TAB, SUMMARY_TAB, SessionPlace
from desk_browser.ui.line_places import show_exchanges_around
from desk_browser.ui.widgets.exchange_view import ExchangeView
from desk_browser.ui.widgets.followed_log import show_log_growth
from desk_browser.ui.widgets.new_exchanges_marker import NewExchangesMarker
from desk_browser.ui.widgets.summary_pane import SummaryPane
from desk_browser.ui.widgets.summary_view import SummaryView, summary_note
from desk_browser.ui.widgets.tab_bar import TabBar, TabLabel
from desk_browser.ui.widgets.tabbed_panes import TabbedPane, TabbedPanes


class ReadingPanel(TabbedPanes):
    """The selected session's exchanges and its day's summary, in two tabs over a summary pane.

    The tabs are the column itself, the pane docked at its bottom (app.tcss): no container
    around them, nor around the exchanges' view and its marker (their class names their tab).
    """

    def __init__(self, first_summary: DaySummary | None, *, id: str | None = None) -> None:
        """Makes the panel.

        Args:
            first_summary (DaySummary | None): The first read's summary of the day opened.
            id (str | None): The panel's id.
        """
        super().__init__(id=id)
        self._first_summary = first_summary

    def compose(self) -> ComposeResult:
        """The tabs (Exchanges, with the "N new" marker, and Summary) and the summary pane."""
        yield TabBar(
            [TabLabel(EXCHANGES_TAB, 'Exchanges'), TabLabel(SUMMARY_TAB, 'Summary')],
            active=EXCHANGES_TAB,
        )
        yield ExchangeView(id='exchanges', classes=EXCHANGES_TAB)
        yield NewExchangesMarker(classes=EXCHANGES_TAB)
        with TabbedPane(id=SUMMARY_TAB):
            yield SummaryView(id='summary')
        yield SummaryPane(self._first_summary, id='summary-pane')

    @property
    def view(self) -> ExchangeView:
        """The exchanges' view (whichever tab is shown)."""
        return self.query_one(ExchangeView)

    def exchanges(self) -> ExchangeView:
        """Shows the Exchanges tab.

        Returns:
            ExchangeView: Its view, where the exchange keys move.
        """
        self.active = EXCHANGES_TAB
        return self.view

    def focus_the_tab(self) -> None:
        """Focuses the view of the tab shown."""
        if self.active == EXCHANGES_TAB:
            self.view.focus()
        else:
            self.query_one(SummaryView).focus()

    def toggle_summary_pane(self) -> None:
        """Makes the summary pane under the exchanges taller, or short again."""
        pane = self.query_one(SummaryPane)
        pane.tall = not pane.tall

    async def show_line(self, wanted: SessionPlace, desk: Path) -> bool:
        """Shows the exchanges around a log line of the session shown (a damaged one).

        Args:
            wanted (SessionPlace): The session and its line.
            desk (Path): The desk folder.

        Returns:
            bool: False while the view does not show that session whole yet.
        """
        return await show_exchanges_around(self.exchanges(), wanted, desk)

    async def show_log_growth(self, growth: LogGrowth) -> None:
        """Shows what the followed log gained; the "N new" marker counts what is out of view."""
        await show_log_growth(self.view, self.query_one(NewExchangesMarker), growth)

    async def jump_to_new(self) -> None:
        """Shows the newest exchanges (where the "N new" marker points)."""
        await self.exchanges().go_to_end()
        self.query_one(NewExchangesMarker).count = 0

    @on(ExchangeView.EndShown)
    def new_exchanges_seen(self) -> None:
        """End or G in the exchanges showed their end: the "N new" marker has nothing left."""
        self.query_one(NewExchangesMarker).count = 0

    @on(NewExchangesMarker.Pressed)
    async def jump_from_marker(self) -> None:
        """A click on the "N new" marker shows the new exchanges."""
        await self.jump_to_new()

    # The day's summary.

    def show_first_summary_note(self, opened_day: str | None) -> None:
        """Says in the first frame that the day opened has no summary, with the pane short.

        Args:
            opened_day (str | None): The ISO day of the session opened first, if it has one.
        """
        summary, self._first_summary = self._first_summary, None
        pane = self.query_one(SummaryPane)
        shown = (
            summary is not None and summary.day == opened_day and summary_note(summary) is not None
        )
        if shown and not pane.shows_first(summary):
            assert summary is not None
            pane.show_summary(summary)
        elif not shown and pane.shows_first(summary):
            pane.show_nothing()  # Another session was opened (a day asked for, say).

    async def show_summary(self, summary: DaySummary) -> None:
        """Shows a day's summary in the pane and in the Summary tab."""
        self.query_one(SummaryPane).show_summary(summary)
        await self.query_one(SummaryView).show_summary(summary)

    async def show_summary_message(self, message: str) -> None:
        """Shows a sentence in place of a summary, in the pane and in the Summary tab."""
        self.query_one(SummaryPane).show_message(message)
        await self.query_one(SummaryView).show_message(message)

    @on(TabbedPanes.TabActivated)
    def hide_the_pane_under_the_summary_tab(self, event: TabbedPanes.TabActivated) -> None:
        """The summary pane makes way while the Summary tab shows the whole summary."""
        self.query_one(SummaryPane).set_class(event.pane.id == SUMMARY_TAB, '-under-summary-tab')

    # y and x.

    def copy(self, as_json: bool) -> None:
        """Copies the chosen exchange to the clipboard, as Markdown or as its JSON line.

        Args:
            as_json (bool): True for its JSON line, False for Markdown.
        """
        from desk_browser.ui import copy_export  # Deferred: the first screen does without it.

        view = self.view
        index = view.chosen_index()
        asked = view.asked_time(index) if index is not None else None
        found = copy_export.exchange_copy(view.shown_log, index, as_json, asked)
        copy_export.deliver_copy(self.screen, found)

    def export(self, services: DeskServices) -> None:
        """Writes the session shown to a Markdown file.

        Args:
            services (DeskServices): The desk's services (the export folder, the clock).
        """
        from desk_browser.ui import copy_export  # Deferred: the first screen does without it.

        view = self.view
        asked = [view.asked_time(index) for index in range(view.exchange_count)]
        found = copy_export.session_export(view.shown_log, asked)
        copy_export.deliver_export(self.screen, found, services)
