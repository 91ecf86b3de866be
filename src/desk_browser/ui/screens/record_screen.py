"""One whole search record, rendered as Markdown, every keyword marked, with a way to its day.

An exchange, a summary paragraph and a note are Markdown, rendered as the Exchanges tab renders
answers; an action's fields are shown as they are, one a line.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.widgets import Static

from desk_browser.live.services import DeskServices
from desk_browser.memory.session_search import SearchHit, SearchResult
from desk_browser.presentation.documents import record_markdown
from desk_browser.presentation.exports import export_file_name
from desk_browser.presentation.formatting import hit_label, match_label, parse_day
from desk_browser.presentation.hit_details import HitDetails
from desk_browser.presentation.navigation import (
    EXCHANGES_TAB,
    SUMMARY_TAB,
    DayPlace,
    DayRequest,
    RecordPlace,
    TabName,
)
from desk_browser.ui.copy_export import (
    Export,
    deliver_copy,
    deliver_export,
    record_copy,
)
from desk_browser.ui.copy_keys import shown_copy_export_bindings
from desk_browser.ui.messages import PlaceOpened, ShowPlace
from desk_browser.ui.screens.desk_screen import DeskScreen
from desk_browser.ui.widgets.desk_footer import DeskFooter
from desk_browser.ui.widgets.desk_header import DeskHeader
from desk_browser.ui.widgets.desk_text_view import DeskTextView
from desk_browser.ui.widgets.search_hit_list import hit_header

MARKDOWN_KINDS = frozenset({'exchange', 'summary', 'note'})
"""The kinds of record whose text is Markdown (an action's is its fields, one a line)."""


class RecordScreen(DeskScreen[None]):
    """Shows a hit's whole record, with keys to its day's view, sessions and summary."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding('escape', 'back', 'Back', key_display='esc', id='record-back'),
        Binding('e', 'show_day("exchanges-tab")', "Day's sessions", id='record-day'),
        Binding('s', 'show_day("summary-tab")', "Day's summary", id='record-summary'),
        Binding('n', 'step_hit(1)', 'Next hit', id='record-next-hit'),
        Binding('N', 'step_hit(-1)', 'Previous hit', show=False, id='record-previous-hit'),
        *shown_copy_export_bindings(),
    ]

    OFFERS_DAY_VIEW = True

    def __init__(
        self,
        services: DeskServices,
        hit: SearchHit,
        words: list[str],
        details: HitDetails | None = None,
    ) -> None:
        """Prepares the screen.

        Args:
            services (DeskServices): The desk's services.
            hit (SearchHit): The hit whose record is shown.
            words (list[str]): The keywords to mark.
            details (HitDetails | None): What the journal says about it (its time, session and
                line, for the heading and the day view), or None.
        """
        super().__init__()
        self.services = services
        """The desk's services."""
        self.hit = hit
        """The hit shown."""
        self.words = words
        """The keywords marked."""
        self.details = details
        """What the journal says about the hit, or None."""

    def compose(self) -> ComposeResult:
        """Builds the record's heading and its text."""
        label = match_label(self.hit.matched_words, len(self.words))
        yield DeskHeader()
        yield Static(
            Content.assemble(
                hit_header(self.hit, label, self.details),
                '\n',
                ('d', 'bold $text-accent'),
                (' the day view    ', '$text-muted'),
                ('e', 'bold $text-accent'),
                (" the day's sessions    ", '$text-muted'),
                ('s', 'bold $text-accent'),
                (" the day's summary    ", '$text-muted'),
                ('esc', 'bold $text-accent'),
                (' back to the hits', '$text-muted'),
            ),
            id='record-heading',
        )
        yield DeskTextView(labels_hits=True, id='record')
        yield DeskFooter()

    def on_mount(self) -> None:
        """Shows the record's text and lets the keyboard scroll it."""
        record = self.query_one('#record', DeskTextView)
        text = self.hit.record
        record.show(text.text, self.words, markdown=text.kind in MARKDOWN_KINDS)
        record.focus()
        self.post_message(PlaceOpened(RecordPlace(self.hit, tuple(self.words))))

    def action_step_hit(self, direction: int) -> None:
        """Moves to the next or previous keyword hit in the record and scrolls to it.

        Args:
            direction (int): +1 for the next hit, -1 for the previous.
        """
        if not self.query_one('#record', DeskTextView).step_hit(direction):
            self.notify('No keyword occurs in this record.')

    def action_day_view(self) -> None:
        """Opens the day view of the record's day (d, as on every screen)."""
        if parse_day(self.hit.record.day) is None:
            self.notify('This record has no day to show.')
            return
        line = self.details.line_number if self.details is not None else None
        self.post_message(ShowPlace(DayPlace(self.hit.record.day, line)))

    def action_back(self) -> None:
        """Goes back to the hits."""
        self.dismiss(None)

    def action_show_day(self, tab: str) -> None:
        """Leaves the search and shows the record's day in the main screen.

        Args:
            tab (str): Which tab to show.
        """
        if parse_day(self.hit.record.day) is None:
            self.notify('This record has no day to show.')
            return
        chosen: TabName = SUMMARY_TAB if tab == SUMMARY_TAB else EXCHANGES_TAB
        self.post_message(ShowPlace(DayRequest(self.hit.record.day, chosen)))

    def take_search_key(self) -> bool:
        """The search key does nothing in a record (Escape goes back to the search).

        Returns:
            bool: True: the app opens no other search.
        """
        return True

    def action_copy(self, as_json: bool) -> None:
        """Copies the record, as Markdown or as its JSON line.

        Args:
            as_json (bool): True for its JSON line, False for Markdown.
        """
        deliver_copy(self, record_copy(self.hit, as_json))

    def action_export(self) -> None:
        """Writes the record to a Markdown file, headed by how many keywords it holds."""
        words = self.words
        single = SearchResult(hits=[self.hit], matched_every_word=False, words=list(words))
        name = export_file_name('record', f'{self.hit.record.day}-{"-".join(words)}')
        found = Export(name, record_markdown(self.hit.record, hit_label(self.hit, single)))
        deliver_export(self, found, self.services)
