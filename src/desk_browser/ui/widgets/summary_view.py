"""The summary of the selected session's day, rendered as Markdown."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.widgets import Static

from desk_browser.presentation.desk_data import DaySummary
from desk_browser.presentation.formatting import day_text
from desk_browser.presentation.problem_explanations import why_not_read
from desk_browser.presentation.safe_text import visible
from desk_browser.ui.widgets.familiar_keys import SCROLL_KEYS


def summary_note(summary: DaySummary) -> tuple[str, str] | None:
    """Why a day has no summary and the look to say it in (``-error`` or ``-explain``), or None."""
    if summary.text is not None:
        return None
    day = day_text(summary.day)
    unreadable = [problem for problem in summary.problems if problem.line_number is None]
    if unreadable:
        reason = why_not_read(unreadable[0].reason)
        return f'The summary for {day} could not be read: {visible(reason)}', '-error'
    return f'No summary for {day}', '-explain'


class SummaryView(VerticalScroll):
    """Shows one day's summary, or says there is none; while hidden it only keeps the summary."""

    BINDINGS: ClassVar[list[BindingType]] = SCROLL_KEYS

    _waiting: DaySummary | None = None
    _rendered: DaySummary | None = None

    @property
    def waiting_summary(self) -> DaySummary | None:
        """The summary kept to render once the view is shown, or None."""
        return self._waiting

    async def show_message(self, message: str) -> None:
        """Shows a sentence (the UI's own words, as plain text) instead of a summary."""
        self._waiting = None
        self._rendered = None
        await self.remove_children()
        await self.mount(Static(Content(message), classes='summary-header -explain'))

    async def show_summary(self, summary: DaySummary) -> None:
        """Shows a day's summary just read (when the view is hidden, once it is shown)."""
        if not self._displayed():
            self._waiting = summary
            self._rendered = None
            await self.remove_children()  # Never shows an older day's summary, even for a frame.
            return
        self._waiting = None
        if summary != self._rendered:  # The same summary read again keeps its scroll.
            await self._render_summary(summary)

    async def on_show(self) -> None:
        """Renders the summary kept while the view was hidden."""
        summary, self._waiting = self._waiting, None
        if summary is not None:
            await self._render_summary(summary)

    def _displayed(self) -> bool:
        """Whether the view and every container around it are displayed."""
        return self.display and all(node.display for node in self.ancestors if node is not self.app)

    async def _render_summary(self, summary: DaySummary) -> None:
        """Replaces what the view shows with a day's summary."""
        # Imported here: the first screen shows exchanges, without the Markdown widget.
        from desk_browser.ui.widgets.safe_markdown import SafeMarkdown

        await self.remove_children()
        self._rendered = summary
        self.scroll_home(animate=False)
        note = summary_note(summary)
        if note is not None:
            text, look = note
            await self.mount(Static(Content(text), classes=f'summary-header {look}'))
            return
        assert summary.text is not None
        day = day_text(summary.day)
        await self.mount_all(
            [
                Static(
                    Content.assemble(('Summary of ', '$text-muted'), (day, 'bold')),
                    classes='summary-header',
                ),
                SafeMarkdown(summary.text, classes='summary-text'),
            ]
        )
