"""The summary pane under the exchanges: the selected day's summary at a glance, first screen.

Rendered through the exchanges' safe Markdown (`SafeRichMarkdown`); the Summary tab shows it all.
"""

from __future__ import annotations

from typing import ClassVar

from rich.console import RenderableType
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.reactive import reactive
from textual.widgets import Static

from desk_browser.presentation.desk_data import DaySummary
from desk_browser.presentation.formatting import day_text
from desk_browser.presentation.safe_text import markdown_source
from desk_browser.ui.widgets.familiar_keys import SCROLL_KEYS
from desk_browser.ui.widgets.summary_view import summary_note


class SummaryPane(VerticalScroll):
    """Shows the first lines of a day's summary (all of it when scrolled or made taller).

    ``z`` toggles the ``-tall`` class; with no summary, the pane is one line high (``-empty``).
    """

    BINDINGS: ClassVar[list[BindingType]] = SCROLL_KEYS

    tall: reactive[bool] = reactive(False, init=False)
    """Whether the pane takes more of the column (the person asked with z)."""

    def __init__(self, first: DaySummary | None = None, *, id: str | None = None) -> None:
        """Makes the pane; a day read `first` with no summary says why from the first frame."""
        self._first = first if first is not None and summary_note(first) is not None else None
        super().__init__(id=id, classes='-empty' if self._first is not None else None)

    def compose(self) -> ComposeResult:
        """The one Static that holds the summary or the sentence in its place."""
        note = _note_content(self._first) if self._first is not None else None
        yield Static(note if note is not None else '', id='summary-text')

    def on_mount(self) -> None:
        """Names the pane (and the day it was made with)."""
        first = self._first
        self.border_title = 'Summary' if first is None else _title(first)
        self.border_subtitle = 's full view · z taller'

    def shows_first(self, summary: DaySummary | None) -> bool:
        """Whether the pane was made showing this (summary-less) day's sentence (see `__init__`)."""
        return self._first is not None and self._first == summary

    def show_nothing(self) -> None:
        """Shows nothing, as a pane made without a summary does, until the next one is shown."""
        self.border_title = 'Summary'
        self._show('', empty=False)

    def show_message(self, message: str) -> None:
        """Shows a sentence (the UI's own words, as plain text) instead of a summary."""
        self.border_title = 'Summary'
        self._show(Content.styled(message, '$text-muted'), empty=True)

    def show_summary(self, summary: DaySummary) -> None:
        """Shows a day's summary just read, or says why there is none."""
        self.border_title = _title(summary)
        note = _note_content(summary)
        if note is not None:
            self._show(note, empty=True)
            return
        assert summary.text is not None
        from desk_browser.ui.widgets.safe_rich_markdown import SafeRichMarkdown  # After paint.

        self._show(SafeRichMarkdown(markdown_source(summary.text)), empty=False)

    def _show(self, renderable: Content | RenderableType, *, empty: bool) -> None:
        """Shows a summary, or a sentence in one line of a pane made short (``-empty``)."""
        self.set_class(empty, '-empty')
        self.scroll_home(animate=False)
        self.query_one('#summary-text', Static).update(renderable)

    def watch_tall(self, tall: bool) -> None:
        """Makes the pane taller or shorter."""
        self.set_class(tall, '-tall')
        self.border_subtitle = 's full view · z shorter' if tall else 's full view · z taller'


def _title(summary: DaySummary) -> str:
    """The pane's title for a day's summary (or the sentence in its place)."""
    return f'Summary of {day_text(summary.day)}'


def _note_content(summary: DaySummary) -> Content | None:
    """The sentence saying why a day has no summary, styled; None when it has one."""
    note = summary_note(summary)
    if note is None:
        return None
    text, look = note
    return Content.styled(text, '$text-error' if look == '-error' else '$text-muted')
