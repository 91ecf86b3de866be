"""The live search: results update as the person types; Enter opens a whole record.

Qualifiers show as chips; after the first hits the worker counts them all and names the words no
record holds. `up` in an empty box recalls the last searches.
"""

from __future__ import annotations

import functools
import time
from typing import ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.widgets import Input, Static
from textual.worker import Worker, WorkerState, get_current_worker

from desk_browser.live.services import DeskServices
from desk_browser.memory.index.status import SearchCancelled
from desk_browser.memory.search_scope import ParsedQuery, SearchScope, parse_query
from desk_browser.memory.session_search import SearchHit, SearchResult, words_of
from desk_browser.presentation.documents import search_markdown
from desk_browser.presentation.exports import export_file_name
from desk_browser.presentation.formatting import parse_day
from desk_browser.presentation.hit_details import HitDetailsReader
from desk_browser.presentation.navigation import DayPlace
from desk_browser.presentation.order_story import order_id_of_record
from desk_browser.presentation.search_headlines import (
    PROMPT,
    loading_headline,
    result_headline,
    totals_headline,
    unread_files_note,
    with_suggestions,
)
from desk_browser.presentation.search_history import HistoryCursor
from desk_browser.ui.copy_export import (
    Export,
    deliver_copy,
    deliver_export,
    record_copy,
)
from desk_browser.ui.copy_keys import shown_copy_export_bindings
from desk_browser.ui.later_css import add_later_css
from desk_browser.ui.messages import ShowPlace
from desk_browser.ui.screens.desk_screen import DeskScreen
from desk_browser.ui.screens.record_screen import RecordScreen
from desk_browser.ui.search_messages import (
    MoreHitsFound,
    SearchFinished,
    SearchTotalsFound,
    UnreadFilesFound,
)
from desk_browser.ui.widgets.desk_footer import DeskFooter
from desk_browser.ui.widgets.desk_header import DeskHeader
from desk_browser.ui.widgets.row_list import RowPainter
from desk_browser.ui.widgets.scope_chips import ScopeChips
from desk_browser.ui.widgets.search_box import SearchBox
from desk_browser.ui.widgets.search_hit_list import SearchHitList, first_details, paint_hits

SEARCH_LIMIT = 500
"""The most hits one search shows."""

_TYPING_PAUSE = 0.12
"""Seconds a search waits before it starts when the box changed less than this long before, so
a quick typist's older queries are dropped unread. A change after a pause (the first key, a paste,
--search) is searched at once."""

_PAUSE_STEP = 0.01
"""Seconds between two looks, during that pause, at whether the search was cancelled."""

_COUNT_PAUSE = 0.25
"""Seconds after the first hits are shown before the unread files are looked for and every hit
is counted, so a person still typing cancels both before they read."""

_BUILD_STEP = 0.05
"""Seconds between two looks, while the index builds, at whether the count can start."""

_EVERY_HIT = 2**31 - 1
"""The limit that asks for every hit, for End before the hits are counted."""

SearchKey = tuple[tuple[str, ...], SearchScope]
"""What a search looks for: its keywords and its scope (equal keys find the same hits)."""


def _search_document(query: str, result: SearchResult, reader: HitDetailsReader) -> str:
    """The search's hits as Markdown (documents.search_markdown), each headed by when and who."""
    return search_markdown(query, result, reader.details_of(result.hits))


class SearchScreen(DeskScreen[None]):
    """Searches the desk as the person types; a hit opens its record."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding('escape', 'clear_or_leave', 'Clear / back', key_display='esc', id='search-back'),
        Binding('down', 'focus_hits', 'Hits', show=False),
        # Enter opens the highlighted hit from the box or the list alike (priority: before the
        # box's own Enter), so the footer can say so wherever the focus is.
        Binding('enter', 'open', 'Open', key_display='enter', priority=True, id='search-open'),
        # Shown here: every hit can be copied, and the hits exported (the footer never changes,
        # so it is never rebuilt while the person types).
        *shown_copy_export_bindings(),
        Binding('up', 'older_search', 'Older search', show=False),
    ]

    OFFERS_DAY_VIEW = True
    FOOTER_FIRST = ('enter', 'y', 'x')  # Open, copy or export the hits.
    HELP_SECTION = 'search'

    def __init__(self, services: DeskServices, *, cursor_blink: bool = True) -> None:
        """Prepares the search; `cursor_blink` is off in tests."""
        super().__init__()
        add_later_css(self)
        self.services = services
        """The desk's services."""
        self.desk = services.desk
        """The desk folder."""
        self._cursor_blink = cursor_blink
        self._words: list[str] = []
        self._searched_key: SearchKey | None = None
        """The key of the latest search started (None after the box was cleared)."""
        self._shown_query = ''
        """The query whose hits are shown."""
        self._total: int | None = None
        self._suggestions: dict[str, str] = {}
        self._loading_more = False
        self._more_limit = SEARCH_LIMIT
        """The limit of the last search for more hits."""
        self._headline = (PROMPT, '-explain')
        """The headline shown (text, look)."""
        self._headline_after_loading: tuple[str, str] | None = None
        """While every hit is loaded (End), the headline to show again once they are."""
        self._changed_at = -_TYPING_PAUSE
        """When the box last changed (time.monotonic)."""
        self._history: HistoryCursor | None = None
        """Walks the last searches while `up` and `down` recall them, else None."""
        self._recalled = ''
        self._unread = services.unread_files
        """Finds the files a search reads that cannot be read (looked at after its hits)."""
        self._unread_note: str | None = None
        """What the headline says of the files the shown search could not read, or None."""

    def compose(self) -> ComposeResult:
        """Builds the search box, the scope's chips, the headline and the hits."""
        yield DeskHeader()
        search_box = SearchBox(placeholder='Search the desk', id='query')
        search_box.cursor_blink = self._cursor_blink
        yield search_box
        yield ScopeChips(id='scope')
        yield Static(Content(PROMPT), id='headline', classes='-explain')
        yield SearchHitList(id='hits', details_reader=self.services.hit_details)
        yield DeskFooter(first=self.FOOTER_FIRST)

    def on_mount(self) -> None:
        """Puts the cursor in the search box."""
        self.query_one('#query', Input).focus()

    def parsed(self, value: str) -> ParsedQuery:
        """Reads a query's words and qualifiers (today is India's, from the services)."""
        return parse_query(value, self.services.today())

    @staticmethod
    def key_of(parsed: ParsedQuery) -> SearchKey:
        """What a read query looks for: its keywords and scope."""
        return tuple(words_of(parsed.words_text)), parsed.scope

    @on(Input.Changed, '#query')
    def search_as_typed(self, event: Input.Changed) -> None:
        """Starts a search for what the box now holds, unless it looks for what is already shown."""
        now = time.monotonic()
        typing = now - self._changed_at < _TYPING_PAUSE
        self._changed_at = now
        if event.value != self._recalled:
            self._history = None  # Typing ends a walk through the history.
        parsed = self.parsed(event.value)
        self.query_one(ScopeChips).show_query(parsed)
        key = self.key_of(parsed)
        if not key[0]:
            self.workers.cancel_group(self, 'search')
            self._searched_key = None
            self._suggestions = {}
            self._headline_after_loading = None
            self._loading_more = False
            self.workers.cancel_group(self, 'more')
            self._show_headline(PROMPT, '-explain')
            hits = self.query_one(SearchHitList)
            hits.more_to_load = False
            hits.show_result(SearchResult(hits=[], matched_every_word=False, words=[]))
            return
        if key == self._searched_key:
            return
        self._searched_key = key
        # After the key is drawn: a search thread started now would share the interpreter with
        # drawing the key, and the box would answer the key late.
        self.call_after_refresh(self._start_search, event.value, typing)

    def _start_search(self, query: str, typing: bool) -> None:
        """Starts the search for a query (after a pause when `typing`), unless the box changed."""
        if self.app.screen is not self or self.key_of(self.parsed(query)) != self._searched_key:
            return
        painter = self.query_one(SearchHitList).row_painter()
        self.run_search(query, _TYPING_PAUSE if typing else 0.0, painter)

    def _wait(self, seconds: float) -> bool:
        """Waits `seconds` in a worker; False when the worker was cancelled meanwhile."""
        worker = get_current_worker()
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline and not worker.is_cancelled:
            time.sleep(_PAUSE_STEP)
        return not worker.is_cancelled

    def _wait_for_a_pause(self, seconds: float) -> bool:
        """Waits in a worker until the box has not changed for `seconds`; False when cancelled.

        A key that leaves the search as it was (a space) cancels no worker, but is typing still.
        """
        while self._wait(seconds):
            if time.monotonic() - self._changed_at >= seconds:
                return True
        return False

    @work(
        thread=True,
        exclusive=True,
        group='search',
        exit_on_error=False,
        description='searching the desk',
    )
    def run_search(self, query: str, pause: float = 0.0, painter: RowPainter | None = None) -> None:
        """Searches the desk and posts the result back, then what it found in all.

        `pause` seconds are waited first (a newer key cancels it); `painter` draws the first hits.
        """
        worker = get_current_worker()
        if not self._wait(pause):
            return
        parsed = self.parsed(query)
        search = self.services.search
        try:
            with self.services.foreground.busy():  # Background reading waits for it.
                result = search.search(
                    parsed.words_text,
                    SEARCH_LIMIT,
                    cancelled=lambda: worker.is_cancelled,
                    scope=parsed.scope,
                )
        except SearchCancelled:
            return  # A newer query replaced this one.
        if worker.is_cancelled:
            return
        painted = details = None
        if painter is not None:
            with self.services.foreground.busy():
                details = first_details(self.services.hit_details, painter, result)
            if worker.is_cancelled:
                return
            painted = paint_hits(painter, result, details)
        if worker.is_cancelled:
            return
        self.post_message(SearchFinished(query, result, painted, details))
        if not self._wait_for_a_pause(_COUNT_PAUSE):
            return  # Typed on: the next query's search looks, not this one's.
        unread = self._unread.find(parsed.scope)  # No hit may be missing in silence.
        if worker.is_cancelled:
            return
        self.post_message(UnreadFilesFound(query, unread))
        self._count(query, parsed, result)

    def _count(self, query: str, parsed: ParsedQuery, result: SearchResult) -> None:
        """Counts every hit and names the missing words, in the search's worker, once it is idle.

        Nothing is read when the first hits are all; while the index is built, the count waits.
        """
        worker = get_current_worker()
        total = len(result.hits)
        missing: list[str] = []
        if total < SEARCH_LIMIT:
            if not result.matched_every_word:
                lowered = [hit.record.text.lower() for hit in result.hits]
                missing = [word for word in result.words if not any(word in t for t in lowered)]
            if not missing:
                return
        elif worker.is_cancelled:  # run_search paused for _COUNT_PAUSE already.
            return
        search = self.services.search
        while search.building:
            time.sleep(_BUILD_STEP)  # Not _wait's steps: 20 wake-ups a second, not 100.
            if worker.is_cancelled:
                return
        try:
            if total >= SEARCH_LIMIT:
                totals = search.totals(
                    parsed.words_text, cancelled=lambda: worker.is_cancelled, scope=parsed.scope
                )
                total, missing = totals.hits, totals.missing_words
            suggestions = search.suggestions(missing) if missing else {}
        except SearchCancelled:
            return
        if not result.hits and not suggestions:
            return  # "No hits" says all there is to say.
        if not worker.is_cancelled:
            self.post_message(SearchTotalsFound(query, total, missing, suggestions))

    @work(thread=True, exclusive=True, group='more', exit_on_error=False, description='more hits')
    def load_more(self, query: str, limit: int) -> None:
        """Searches the query again with a higher `limit` (the person nears the last hit)."""
        worker = get_current_worker()
        parsed = self.parsed(query)
        try:
            result = self.services.search.search(
                parsed.words_text, limit, cancelled=lambda: worker.is_cancelled, scope=parsed.scope
            )
        except SearchCancelled:
            return
        if not worker.is_cancelled:
            self.post_message(MoreHitsFound(query, result))

    def _is_current(self, query: str) -> bool:
        """Whether a query's hits still belong in the list (the box seeks the same)."""
        box = self.query_one('#query', Input).value
        return self.key_of(self.parsed(query)) == self.key_of(self.parsed(box))

    @on(SearchFinished)
    def show_result(self, message: SearchFinished) -> None:
        """Shows a search's hits, unless the box already holds other keywords."""
        if not self._is_current(message.query):
            return
        self._shown_query = message.query
        self._total = None
        self._suggestions = {}
        self._loading_more = False
        self._headline_after_loading = None
        self.workers.cancel_group(self, 'more')
        self._show_headline(
            result_headline(message.result, SEARCH_LIMIT),
            '-explain' if message.result.hits else '-warning',
        )
        hits = self.query_one(SearchHitList)
        # A full first page may have more behind it: scrolling loads them before the count
        # (which waits for an index build) says how many there are.
        hits.more_to_load = len(message.result.hits) >= SEARCH_LIMIT
        hits.show_result(message.result, message.painted, message.details)
        self._words = list(message.result.words)

    @on(UnreadFilesFound)
    def show_unread(self, message: UnreadFilesFound) -> None:
        """Says in the headline how many files the search could not read (Problems lists them)."""
        if message.query != self._shown_query or not self._is_current(message.query):
            return
        note = unread_files_note(message.problems)
        if note == self._unread_note:
            return
        self._unread_note = note
        if self._headline_after_loading is None:
            self._show_headline(*self._headline)

    @on(SearchTotalsFound)
    def show_totals(self, message: SearchTotalsFound) -> None:
        """Writes what the search found in all into the headline."""
        if message.query != self._shown_query or not self._is_current(message.query):
            return
        hits = self.query_one(SearchHitList)
        result = hits.shown_result
        if result is None:
            return
        self._total = message.hits
        self._suggestions = dict(message.suggestions)
        hits.more_to_load = message.hits > hits.hit_count
        headline = totals_headline(result, message.hits, message.missing_words, self._suggestions)
        look = '-explain' if result.hits else '-warning'
        if self._headline_after_loading is not None:  # Shown once every hit is loaded.
            self._headline_after_loading = (headline, look)
            return
        self._show_headline(headline, look)

    @on(SearchHitList.MoreWanted)
    def want_more(self, event: SearchHitList.MoreWanted) -> None:
        """Loads the next hits (or all of them, for End) while the search found more."""
        event.stop()
        hits = self.query_one(SearchHitList)
        if self._loading_more or not hits.more_to_load:
            return
        self._loading_more = True
        if event.everything:  # End: every hit, however many the count (if any yet) found.
            limit = self._total if self._total is not None else _EVERY_HIT
            # Reading every hit can take seconds (a big result, or a desk not indexed yet).
            self._headline_after_loading = self._headline
            self._show_headline(loading_headline(hits.hit_count, self._total), '-explain')
        else:
            limit = hits.hit_count + SEARCH_LIMIT
        self._more_limit = limit
        self.load_more(self._shown_query, limit)

    @on(MoreHitsFound)
    def show_more(self, message: MoreHitsFound) -> None:
        """Shows the longer result, keeping the place in the list."""
        self._loading_more = False
        if message.query != self._shown_query or not self._is_current(message.query):
            return
        hits = self.query_one(SearchHitList)
        self._stop_loading_headline()
        if self._total is not None:
            hits.more_to_load = self._total > len(message.result.hits)
        else:  # Not counted yet: a full page may have more behind it, and says how many it has.
            hits.more_to_load = len(message.result.hits) >= self._more_limit
            self._show_headline(
                result_headline(message.result, self._more_limit),
                '-explain' if message.result.hits else '-warning',
            )
        hits.extend_result(message.result)

    @on(Worker.StateChanged)
    def more_failed(self, event: Worker.StateChanged) -> None:
        """Lets the person ask again for more hits when loading them failed (noted as any read)."""
        if event.worker.group == 'more' and event.state == WorkerState.ERROR:
            self._loading_more = False
            self._stop_loading_headline()

    def _stop_loading_headline(self) -> None:
        """Shows again the headline the loading of every hit replaced (if it did)."""
        if self._headline_after_loading is not None:
            text, look = self._headline_after_loading
            self._headline_after_loading = None
            self._show_headline(text, look)

    def _show_headline(self, text: str, look: str) -> None:
        """Writes the one-line headline above the hits, ``-explain`` (muted) or ``-warning``."""
        self._headline = (text, look)
        if self._unread_note is not None and text != PROMPT:
            text = f'{text} · {self._unread_note}'
            look = '-warning'
        headline = self.query_one('#headline', Static)
        headline.update(Content(text), layout=False)
        headline.set_class(look == '-warning', '-warning')
        headline.set_class(look == '-explain', '-explain')

    def action_open(self) -> None:
        """Enter: in the box, takes the suggested words, or opens the highlighted hit."""
        box = self.query_one('#query', Input)
        if box.has_focus and self._suggestions and self._is_current(self._shown_query):
            box.value = with_suggestions(box.value, self._suggestions)
            box.cursor_position = len(box.value)
            self._suggestions = {}
            return
        hits = self.query_one(SearchHitList)
        if hits.highlighted is not None:
            self._open(hits.highlighted)
        elif self.key_of(self.parsed(box.value))[0]:
            self.notify('No hit to open.')

    def action_focus_hits(self) -> None:
        """Moves from the search box to the hits, or to a newer search while recalling them."""
        if self._history is not None and self.query_one('#query', Input).has_focus:
            newer = self._history.newer()
            if newer is not None:
                self._recall(newer)
                return
        hits = self.query_one(SearchHitList)
        hits.focus()
        if hits.hit_count and hits.highlighted is None:
            hits.highlighted = 0

    def action_older_search(self) -> None:
        """`up` in an empty box (or while recalling) puts the previous search back in it."""
        box = self.query_one('#query', Input)
        if not box.has_focus or (box.value and self._history is None):
            return
        if self._history is None:
            self._history = HistoryCursor(self.services.search_history.queries())
        older = self._history.older()
        if older is not None:
            self._recall(older)

    def _recall(self, query: str) -> None:
        """Puts a recalled search in the box ("" for an empty box again)."""
        box = self.query_one('#query', Input)
        self._recalled = query
        box.value = query
        box.cursor_position = len(query)

    def _remember(self) -> None:
        """Adds what the box holds to the search history (a query with keywords only)."""
        value = self.query_one('#query', Input).value
        if words_of(self.parsed(value).words_text):
            self.services.search_history.add(value)

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
        self._remember()
        # Coming back from the record lands on the hits, where Escape goes back, not in the box.
        hits.focus()
        order_id = order_id_of_record(hit.record.kind, hit.record.text)
        if order_id is not None:  # An order's event: its story, from the trigger to the fill.
            from desk_browser.ui.screens.order_story_screen import OrderStoryScreen  # Deferred.

            story = OrderStoryScreen(self.services, None, day=hit.record.day, order_id=order_id)
            self.app.push_screen(story)
            return
        details = hits.details_at(index)
        self.app.push_screen(
            RecordScreen(self.services, hit, list(self._words), details, from_hits=True)
        )

    def action_clear_or_leave(self) -> None:
        """Escape: clears a box with text, else goes back; the search stays in the history."""
        search_box = self.query_one('#query', Input)
        self._remember()
        if search_box.has_focus and search_box.value:
            search_box.value = ''
        else:
            self.dismiss(None)

    def search_again(self, query: str) -> None:
        """Puts a query in the box (the palette's "Search again"), which searches it."""
        box = self.query_one('#query', Input)
        box.value = query
        box.cursor_position = len(query)
        box.focus()

    def take_search_key(self) -> bool:
        """The search key in the search puts the cursor back in the box (True: no other opens)."""
        self.query_one('#query', Input).focus()
        return True

    def search_for(self, words: str) -> None:
        """Types words into the search box (--search), which searches for them."""
        self.query_one('#query', Input).value = words

    def _highlighted_hit(self) -> SearchHit | None:
        """The hit highlighted; None before the hit list is composed (the footer may ask)."""
        found = self.query(SearchHitList)
        if not found:
            return None
        hits = found.first()
        return hits.hit_at(hits.highlighted) if hits.highlighted is not None else None

    def orders_day(self) -> str | None:
        """The day whose Orders view `o` opens: the highlighted hit's (none without one)."""
        hit = self._highlighted_hit()
        if hit is None or parse_day(hit.record.day) is None:
            return None
        return hit.record.day

    def action_day_view(self) -> None:
        """Opens the day view of the highlighted hit's day, at its event."""
        hits = self.query_one(SearchHitList)
        result, index = hits.shown_result, hits.highlighted
        if result is not None and index is not None and 0 <= index < len(result.hits):
            self.open_day_of(result.hits, index)

    @work(thread=True, exclusive=True, group='day-of-hit', exit_on_error=False)
    def open_day_of(self, hits: list[SearchHit], index: int) -> None:
        """Opens the day of the hit at a place among those shown, at its journal line."""
        details = self.services.hit_details.details_at(hits, [index]).get(index)
        line = details.line_number if details is not None else None
        self.post_message(ShowPlace(DayPlace(hits[index].record.day, line)))

    def action_copy(self, as_json: bool) -> None:
        """Copies the highlighted hit's record as Markdown, or (`as_json`) as its JSON line."""
        hits = self.query_one(SearchHitList)
        hit = self._highlighted_hit()
        if hit is None or hits.highlighted is None:
            deliver_copy(self, 'No hit is highlighted to copy.')
            return
        deliver_copy(self, record_copy(hit, as_json, hits.details_at(hits.highlighted)))

    def action_export(self) -> None:
        """Writes the search's hits to a Markdown file."""
        result = self.query_one(SearchHitList).shown_result
        query = self.query_one('#query', Input).value
        if result is None or not result.hits:
            found: Export | str = 'No search results to export: type some words first.'
        else:
            # Each heading says when and who (the hits' journals, read in the writing thread).
            reader = self.services.hit_details
            document = functools.partial(_search_document, query, result, reader)
            found = Export(export_file_name('search', query), document)
        deliver_export(self, found, self.services)
