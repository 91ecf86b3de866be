"""One whole search record, rendered as Markdown, every keyword marked, with a way to its day."""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.message import Message
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
from desk_browser.ui.later_css import add_later_css
from desk_browser.ui.messages import PlaceOpened, ShowPlace
from desk_browser.ui.screens.desk_screen import DeskScreen
from desk_browser.ui.widgets.desk_footer import DeskFooter
from desk_browser.ui.widgets.desk_header import DeskHeader
from desk_browser.ui.widgets.desk_text_view import DeskTextView
from desk_browser.ui.widgets.key_hints import key_hints_line
from desk_browser.ui.widgets.search_hit_list import hit_header

MARKDOWN_KINDS = frozenset({'exchange', 'summary', 'note'})
"""The kinds of record whose text is Markdown (an action's is its fields, one a line)."""


HEADING_PADDING = 4
"""The columns the heading's padding takes (``padding: 0 2`` in app.tcss)."""

KEY_HINTS = (
    ('d', 'the day view', 'day view', 'day'),
    ('e', "the day's sessions", "day's sessions", 'sessions'),
    ('s', "the day's summary", "day's summary", 'summary'),
    ('esc', 'back to the hits', 'back to the hits', 'back'),
)
"""The keys the line under the heading names: each key, then what it does in three lengths."""

BACK_HINT = ('esc', 'back', 'back', 'back')
"""The esc hint of a record opened with no hits under it (through back and forward): esc goes to
the screen below."""


def key_hints(width: int, *, from_hits: bool = True) -> Content:
    """The line naming the record's keys in `width`; `from_hits`: esc says it goes to the hits."""
    hints = KEY_HINTS if from_hits else (*KEY_HINTS[:-1], BACK_HINT)
    return key_hints_line(hints, width)


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
    FOOTER_FIRST = ('n',)  # The keyword hits; the line under the heading names d, e and s.

    class BackToHits(Message):
        """Esc or / on a record opened from the search across desks: the app goes back to it."""

        def __init__(self, *, into_box: bool) -> None:
            """Says where to land: in the search's box (`into_box`, /), else on its hits (esc)."""
            super().__init__()
            self.into_box = into_box

    def __init__(
        self,
        services: DeskServices,
        hit: SearchHit,
        words: list[str],
        details: HitDetails | None = None,
        *,
        from_hits: bool = False,
        hits_elsewhere: bool = False,
    ) -> None:
        """Prepares the screen for a hit's record, `words` marked.

        Args:
            services: The desk's services.
            hit: The hit whose record is shown.
            words: The keywords to mark.
            details: What the journal says about it (time, session, line), or None.
            from_hits: Whether it is opened over the desk's search, whose hits esc goes back to.
            hits_elsewhere: Whether its hits are the search across desks' (BackToHits).
        """
        super().__init__()
        add_later_css(self)
        self.services = services
        """The desk's services."""
        self.hit = hit
        """The hit shown."""
        self.words = words
        """The keywords marked."""
        self.details = details
        """What the journal says about the hit, or None."""
        self._label = match_label(hit.matched_words, len(words))
        self._hint_width = 0
        self._from_hits = from_hits or hits_elsewhere
        self._hits_elsewhere = hits_elsewhere

    def compose(self) -> ComposeResult:
        """Builds the record's heading and its text."""
        yield DeskHeader()
        self._hint_width = self.app.size.width - HEADING_PADDING
        yield Static(self._heading_text(), id='record-heading')
        yield DeskTextView(labels_hits=True, id='record')
        yield DeskFooter(first=self.FOOTER_FIRST)

    def _heading_text(self) -> Content:
        """The hit's heading line and the keys line under it, fitted to the width as in the hits."""
        heading = hit_header(self.hit, self._label, self.details)
        details = self.details
        if heading.cell_length > self._hint_width and details is not None and details.answered:
            heading = hit_header(self.hit, self._label, details, answered=False)
        if self._hint_width > 0:
            heading = heading.truncate(self._hint_width, ellipsis=True)
        return Content.assemble(
            heading, '\n', key_hints(self._hint_width, from_hits=self._from_hits)
        )

    def on_resize(self, event: events.Resize) -> None:
        """Fits the keys line to the new width (shorter words on a narrow terminal)."""
        width = event.size.width - HEADING_PADDING
        if width != self._hint_width:
            self._hint_width = width
            self.query_one('#record-heading', Static).update(self._heading_text())

    def on_mount(self) -> None:
        """Shows the record's text and lets the keyboard scroll it."""
        record = self.query_one('#record', DeskTextView)
        text = self.hit.record
        record.show(text.text, self.words, markdown=text.kind in MARKDOWN_KINDS)
        record.focus()
        self.post_message(PlaceOpened(RecordPlace(self.hit, tuple(self.words))))

    def action_step_hit(self, direction: int) -> None:
        """Moves to the next (+1) or previous (-1) keyword hit in the record and scrolls to it."""
        if not self.query_one('#record', DeskTextView).step_hit(direction):
            self.notify('No keyword occurs in this record.')

    def action_day_view(self) -> None:
        """Opens the day view of the record's day (d, as on every screen)."""
        if parse_day(self.hit.record.day) is None:
            self.notify('This record has no day to show.')
            return
        line = self.details.line_number if self.details is not None else None
        self.post_message(ShowPlace(DayPlace(self.hit.record.day, line)))

    def orders_day(self) -> str | None:
        """The day whose Orders view `o` opens: the record's, when it has one."""
        day = self.hit.record.day
        return day if parse_day(day) is not None else None

    def action_back(self) -> None:
        """Goes back to the hits (or, with none under it, to the screen below)."""
        if self._hits_elsewhere:
            self.post_message(self.BackToHits(into_box=False))
            return
        self.dismiss(None)

    def action_show_day(self, tab: str) -> None:
        """Leaves the search and shows the record's day in the main screen, on tab `tab`."""
        if parse_day(self.hit.record.day) is None:
            self.notify('This record has no day to show.')
            return
        chosen: TabName = SUMMARY_TAB if tab == SUMMARY_TAB else EXCHANGES_TAB
        self.post_message(ShowPlace(DayRequest(self.hit.record.day, chosen)))

    def take_search_key(self) -> bool:
        """Sends the search key back to the search below, into its box; False when there is none."""
        if self._hits_elsewhere:
            self.post_message(self.BackToHits(into_box=True))
            return True
        stack = self.app.screen_stack
        below = stack[-2] if len(stack) > 1 else None
        if isinstance(below, DeskScreen) and below.take_search_key():
            self.dismiss(None)
            return True
        return False

    def action_copy(self, as_json: bool) -> None:
        """Copies the record as Markdown, or (`as_json`) as its JSON line."""
        deliver_copy(self, record_copy(self.hit, as_json, self.details))

    def action_export(self) -> None:
        """Writes the record to a Markdown file, headed by how many keywords it holds."""
        words = self.words
        single = SearchResult(hits=[self.hit], matched_every_word=False, words=list(words))
        name = export_file_name('record', f'{self.hit.record.day}-{"-".join(words)}')
        document = record_markdown(self.hit.record, hit_label(self.hit, single), self.details)
        found = Export(name, document)
        deliver_export(self, found, self.services)
