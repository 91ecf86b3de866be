"""The live search: results update as the person types; Enter opens a whole record."""

from __future__ import annotations

import logging
import time
from typing import ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.widgets import Header, Input, Static
from textual.worker import get_current_worker

from desk_browser.export import export_file_name, search_markdown
from desk_browser.live.services import DeskServices
from desk_browser.memory.index.status import SearchCancelled
from desk_browser.memory.session_search import SearchHit, SearchResult, words_of
from desk_browser.presentation.formatting import plural
from desk_browser.presentation.navigation import DayPlace
from desk_browser.ui.copy_export import (
    COPY_EXPORT_BINDINGS,
    Export,
    deliver_copy,
    deliver_export,
    record_copy,
)
from desk_browser.ui.messages import SearchFinished, ShowPlace
from desk_browser.ui.screens.desk_screen import DeskScreen
from desk_browser.ui.screens.record_screen import RecordScreen
from desk_browser.ui.widgets.desk_footer import DeskFooter
from desk_browser.ui.widgets.row_list import RowPainter
from desk_browser.ui.widgets.search_box import SearchBox
from desk_browser.ui.widgets.search_hit_list import SearchHitList, paint_hits

_LOGGER = logging.getLogger(__name__)

SEARCH_LIMIT = 500
"""The most hits one search shows."""

_TYPING_PAUSE = 0.12
"""Seconds a search waits before it starts when the box changed less than this long before, so
a quick typist's older queries are dropped unread. A change after a pause (the first key, a paste,
--search) is searched at once."""

_PAUSE_STEP = 0.01
"""Seconds between two looks, during that pause, at whether the search was cancelled."""

_PROMPT = 'Type to search every exchange, action, summary and note. Enter opens a hit.'
"""The headline before the first search (one line at 80 columns)."""


def result_headline(result: SearchResult) -> str:
    """Says what a search found, such as "12 hits with every word".

    Args:
        result: The search's result.

    Returns:
        The headline.
    """
    count = len(result.hits)
    more = f' (the first {SEARCH_LIMIT})' if count >= SEARCH_LIMIT else ''
    if count == 0:
        return 'No hits'
    if result.matched_every_word:
        return f'{plural(count, "hit")} with every word{more}'
    return f'No record has every word · {plural(count, "partial hit")}{more}'


class SearchScreen(DeskScreen[None]):
    """Searches the desk as the person types; a hit opens its record."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding('escape', 'clear_or_leave', 'Clear / back', key_display='esc', id='search-back'),
        Binding('down', 'focus_hits', 'Hits', show=False),
        *COPY_EXPORT_BINDINGS,
    ]

    OFFERS_DAY_VIEW = True

    def __init__(self, services: DeskServices, *, cursor_blink: bool = True) -> None:
        """Prepares the search.

        Args:
            services: The desk's services (its search and the foreground).
            cursor_blink: Whether the search box's cursor blinks (off in tests).
        """
        super().__init__()
        self.services = services
        """The desk's services."""
        self.desk = services.desk
        """The desk folder."""
        self._cursor_blink = cursor_blink
        self._words: list[str] = []
        self._searched_words: list[str] = []
        """The keywords of the latest search started (none after the box was cleared)."""
        self._changed_at = -_TYPING_PAUSE
        """When the box last changed (time.monotonic)."""

    def compose(self) -> ComposeResult:
        """Builds the search box, the headline and the hits."""
        yield Header()
        search_box = SearchBox(placeholder='Search the desk', id='query')
        search_box.cursor_blink = self._cursor_blink
        yield search_box
        yield Static(Content(_PROMPT), id='headline', classes='-explain')
        yield SearchHitList(id='hits')
        yield DeskFooter()

    def on_mount(self) -> None:
        """Puts the cursor in the search box."""
        self.query_one('#query', Input).focus()

    @on(Input.Changed, '#query')
    def search_as_typed(self, event: Input.Changed) -> None:
        """Starts a search for what the box now holds (a newer search cancels an older one).

        The same keywords as the search under way or shown (a space typed between words, a
        letter made a capital) find the same hits, so they start no search and redraw nothing.
        """
        now = time.monotonic()
        typing = now - self._changed_at < _TYPING_PAUSE
        self._changed_at = now
        words = words_of(event.value)
        if not words:
            self.workers.cancel_group(self, 'search')
            self._searched_words = []
            self._show_headline(_PROMPT, '-explain')
            self.query_one(SearchHitList).show_result(
                SearchResult(hits=[], matched_every_word=False, words=[])
            )
            return
        if words == self._searched_words:
            return
        self._searched_words = words
        # After the key is drawn: a search thread started now would share the interpreter with
        # drawing the key, and the box would answer the key late.
        self.call_after_refresh(self._start_search, event.value, typing)

    def _start_search(self, query: str, typing: bool) -> None:
        """Starts the search for a query, unless the box changed or the search was left meanwhile.

        Args:
            query: The words as typed.
            typing: Whether the box changed moments before (the search then waits a little).
        """
        if self.app.screen is not self or words_of(query) != self._searched_words:
            return
        painter = self.query_one(SearchHitList).row_painter()
        self.run_search(query, _TYPING_PAUSE if typing else 0.0, painter)

    @work(
        thread=True,
        exclusive=True,
        group='search',
        exit_on_error=False,
        description='searching the desk',
    )
    def run_search(self, query: str, pause: float = 0.0, painter: RowPainter | None = None) -> None:
        """Searches the desk and posts the result back.

        Args:
            query: The words as typed.
            pause: Seconds to wait first, so a newer key can cancel it before it reads.
            painter: The hits list's, to draw the first hits here rather than on the event loop.
        """
        worker = get_current_worker()
        deadline = time.monotonic() + pause
        while time.monotonic() < deadline and not worker.is_cancelled:
            time.sleep(_PAUSE_STEP)
        if worker.is_cancelled:
            return
        try:
            with self.services.foreground.busy():  # Background reading waits for it.
                result = self.services.search.search(
                    query, SEARCH_LIMIT, cancelled=lambda: worker.is_cancelled
                )
        except SearchCancelled:
            return  # A newer query replaced this one.
        if worker.is_cancelled:
            return
        painted = paint_hits(painter, result) if painter is not None else None
        if not worker.is_cancelled:
            self.post_message(SearchFinished(query, result, painted))

    @on(SearchFinished)
    def show_result(self, message: SearchFinished) -> None:
        """Shows a search's hits, unless the box already holds other keywords."""
        if words_of(message.query) != words_of(self.query_one('#query', Input).value):
            return
        self._show_headline(
            result_headline(message.result), '-explain' if message.result.hits else '-warning'
        )
        self.query_one(SearchHitList).show_result(message.result, message.painted)
        self._words = words_of(message.query)

    def _show_headline(self, text: str, look: str) -> None:
        """Writes the line above the hits, muted (``-explain``) or as a warning (``-warning``).

        The headline is one line high (app.tcss), so writing it only repaints that line; a
        layout of the whole screen on every keystroke would hold up typing.
        """
        headline = self.query_one('#headline', Static)
        headline.update(Content(text), layout=False)
        headline.set_class(look == '-warning', '-warning')
        headline.set_class(look == '-explain', '-explain')

    @on(Input.Submitted, '#query')
    def open_first_hit(self) -> None:
        """Enter in the box opens the highlighted hit (the first, until the person moves)."""
        hits = self.query_one(SearchHitList)
        if hits.highlighted is not None:
            self._open(hits.highlighted)

    def action_focus_hits(self) -> None:
        """Moves from the search box to the hits (even before the first ones arrive)."""
        hits = self.query_one(SearchHitList)
        hits.focus()
        if hits.hit_count and hits.highlighted is None:
            hits.highlighted = 0

    @on(SearchHitList.HitChosen, '#hits')
    def open_hit(self, event: SearchHitList.HitChosen) -> None:
        """Opens the whole record of the chosen hit (Enter or a click in the hits)."""
        event.stop()
        self._open(event.index)

    def _open(self, index: int) -> None:
        """Opens the record of the hit at a place in the list."""
        hits = self.query_one(SearchHitList)
        hit = hits.hit_at(index)
        if hit is None:
            return
        # Coming back from the record lands on the hits, where Escape goes back, not in the box.
        hits.focus()
        self.app.push_screen(RecordScreen(self.services, hit, list(self._words)))

    def action_clear_or_leave(self) -> None:
        """Escape: in a box with text, clears it; anywhere else, goes back to the main screen."""
        search_box = self.query_one('#query', Input)
        if search_box.has_focus and search_box.value:
            search_box.value = ''
        else:
            self.dismiss(None)

    def take_search_key(self) -> bool:
        """The search key in the search puts the cursor back in the search box.

        Returns:
            True: the app opens no other search.
        """
        self.query_one('#query', Input).focus()
        return True

    def search_for(self, words: str) -> None:
        """Types words into the search box (desk-browser --search), which searches for them.

        Args:
            words: The words.
        """
        self.query_one('#query', Input).value = words

    def _highlighted_hit(self) -> SearchHit | None:
        hits = self.query_one(SearchHitList)
        return hits.hit_at(hits.highlighted) if hits.highlighted is not None else None

    def action_day_view(self) -> None:
        """Opens the day view of the highlighted hit's day."""
        hit = self._highlighted_hit()
        if hit is not None:
            self.post_message(ShowPlace(DayPlace(hit.record.day)))

    def action_copy(self, as_json: bool) -> None:
        """Copies the highlighted hit's record, as Markdown or as its JSON line.

        Args:
            as_json: True for its JSON line, False for Markdown.
        """
        hit = self._highlighted_hit()
        deliver_copy(
            self, 'No hit is highlighted to copy.' if hit is None else record_copy(hit, as_json)
        )

    def action_export(self) -> None:
        """Writes the search's hits to a Markdown file."""
        result = self.query_one(SearchHitList).shown_result
        query = self.query_one('#query', Input).value
        if result is None or not result.hits:
            found: Export | str = 'No search results to export: type some words first.'
        else:
            found = Export(export_file_name('search', query), search_markdown(query, result))
        deliver_export(self, found, self.services)
