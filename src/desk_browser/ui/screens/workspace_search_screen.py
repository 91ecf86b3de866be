"""Search every desk at once, from the Desks screen: the same words and scopes, plus `desk:`.

Each desk is searched by its own index in a thread worker; the first screenful is merged newest
day first, then by desk name (first_hits), each hit led by its desk's chip. Enter opens the
record in its desk.
"""

from __future__ import annotations

import time
from functools import partial
from pathlib import Path
from typing import ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.message import Message
from textual.timer import Timer
from textual.widgets import Input, Static
from textual.worker import get_current_worker

from desk_browser.live.workspace_searching import (
    DesksTotals,
    FirstHits,
    counted_from,
    desk_suggestions,
    desk_totals,
    first_hits,
)
from desk_browser.live.workspace_services import WorkspaceServices
from desk_browser.memory.index.status import SearchCancelled
from desk_browser.memory.problems import Problem
from desk_browser.memory.search_scope import SearchScope, parse_query
from desk_browser.memory.session_search import words_of
from desk_browser.presentation.formatting import plural
from desk_browser.presentation.hit_details import HitDetails, HitDetailsReader
from desk_browser.presentation.safe_text import visible
from desk_browser.presentation.search_headlines import (
    totals_headline,
    unread_files_note,
    with_suggestions,
)
from desk_browser.presentation.workspace_search import (
    DeskHit,
    DesksFound,
    desk_qualifiers,
    desks_query,
)
from desk_browser.ui.screens.desk_screen import DeskScreen
from desk_browser.ui.widgets.desk_footer import DeskFooter
from desk_browser.ui.widgets.desk_header import DeskHeader
from desk_browser.ui.widgets.desk_hit_list import DeskHitList
from desk_browser.ui.widgets.scope_chips import ScopeChips
from desk_browser.ui.widgets.search_hit_list import SearchHitList

FIRST_HITS = 12
"""How many hits a keystroke's search finds: a screenful at 40 rows (each hit takes 3); more come
as the person scrolls."""

MORE_HITS = 200
"""How many more hits each load asks for, as the person scrolls."""

_TYPING_PAUSE = 0.12
"""Seconds a search waits when the box changed less than this long before (a quick typist's
older queries are never searched); a change after a pause is searched at once."""

_COUNT_PAUSE = 0.25
"""Seconds after the first hits are shown before every hit is counted (a person still typing
cancels the count before it reads)."""


class WorkspaceSearchScreen(DeskScreen[None]):
    """A search box over every desk of the workspace, and the merged hits."""

    DEFAULT_CSS = """
    WorkspaceSearchScreen #workspace-search-status {
        height: 1;
        padding: 0 1;
        color: $text-muted;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    WorkspaceSearchScreen #workspace-search-status.-warning {
        color: $text-warning;
    }
    WorkspaceSearchScreen ScopeChips {
        padding: 0 1;  /* In line with the status and the hits. */
    }
    WorkspaceSearchScreen DeskHitList {
        height: 1fr;
    }
    """

    HELP_SECTION = 'desks'

    BINDINGS: ClassVar[list[BindingType]] = [
        # As in a desk's search: a box with words is cleared first.
        Binding('escape', 'clear_or_leave', 'Clear / back', key_display='esc', id='back-to-desks'),
        Binding('down', 'into_hits', 'Hits', show=False),
        # Enter opens the highlighted hit from the box or the list alike, as in a desk's search
        # (priority: before the box's own Enter), so the footer can say so wherever the focus is.
        Binding('enter', 'open', 'Open', key_display='enter', priority=True, id='desks-open'),
    ]

    FOOTER_FIRST = ('enter',)

    class Searched(Message):
        """A search across desks found its first hits."""

        def __init__(self, query: str, found: DesksFound) -> None:
            super().__init__()
            self.query = query
            self.found = found

    class Counted(Message):
        """Every hit of the search shown was counted, and the missing words named."""

        def __init__(
            self,
            query: str,
            totals: DesksTotals,
            suggestions: dict[str, str],
            unread: dict[str, list[Problem]],
        ) -> None:
            super().__init__()
            self.query = query
            self.totals = totals
            self.suggestions = suggestions
            self.unread = unread
            """Each desk's files the search could not read (only desks with some)."""

    class MoreFound(Message):
        """More hits of the search shown, for a person scrolling past the last one."""

        def __init__(self, query: str, found: DesksFound) -> None:
            super().__init__()
            self.query = query
            self.found = found

    class HitChosen(Message):
        """The person chose a hit to open in its desk."""

        def __init__(
            self,
            desk: Path,
            name: str,
            found: DeskHit,
            words: tuple[str, ...],
            details: HitDetails | None = None,
        ):
            super().__init__()
            self.desk = desk
            self.name = name
            self.found = found
            self.words = words
            self.details = details

    def __init__(self, services: WorkspaceServices, desks: dict[str, Path], **options: bool):
        """Prepares the screen.

        Args:
            services (WorkspaceServices): The workspace's services.
            desks (dict[str, Path]): The readable desks, by name, newest first.
            **options (bool): cursor_blink.
        """
        super().__init__()
        self.services = services
        self.desks = desks
        self.cursor_blink = bool(options.get('cursor_blink', True))
        self._words: tuple[str, ...] = ()
        self._shown_query = ''
        self._suggestions: dict[str, str] = {}
        self._loading_more = False
        self._changed_at = -_TYPING_PAUSE
        self._search_timer: Timer | None = None
        self._count_timer: Timer | None = None
        self._first_hits = FirstHits(services)

    def compose(self) -> ComposeResult:
        """The box, a status line, the hits and the keys."""
        yield DeskHeader()
        box = Input(placeholder='Search every desk: words, day: kind: backend: desk:', id='box')
        box.cursor_blink = self.cursor_blink
        yield box
        yield ScopeChips(id='scope')
        yield Static(self._prompt(), id='workspace-search-status', markup=False)
        yield DeskHitList(id='desk-hits', reader_of=self._details_reader)
        yield DeskFooter(first=self.FOOTER_FIRST)

    def _details_reader(self, name: str) -> HitDetailsReader | None:
        desk = self.desks.get(name)
        return None if desk is None else self.services.services_for(desk).hit_details

    def _prompt(self) -> str:
        return f'Searching {plural(len(self.desks), "desk")}.'

    def on_mount(self) -> None:
        """Focuses the box."""
        self.query_one('#box', Input).focus()

    def _read(self, query: str) -> tuple[str, dict[str, Path], SearchScope]:
        """Reads a query: its words, the desks it names (else every desk), its scope."""
        words, named, _unknown = desk_qualifiers(query, list(self.desks))
        parsed = parse_query(words, self.services.today())
        desks = {name: self.desks[name] for name in named} if named else dict(self.desks)
        return parsed.words_text, desks, parsed.scope

    @on(Input.Changed, '#box')
    def search_as_typed(self, event: Input.Changed) -> None:
        """Searches again for what the box holds, after a short pause the next key restarts."""
        now = time.monotonic()
        typing = now - self._changed_at < _TYPING_PAUSE
        self._changed_at = now
        self.query_one(ScopeChips).show_query(
            desks_query(event.value, list(self.desks), self.services.today())
        )
        for timer in (self._search_timer, self._count_timer):
            if timer is not None:
                timer.stop()
        self._search_timer = self._count_timer = None
        self.workers.cancel_group(self, 'count')
        if typing:
            self._search_timer = self.set_timer(
                _TYPING_PAUSE, partial(self.search, event.value), name='search when typing stops'
            )
        else:
            self.search(event.value)

    @work(thread=True, exclusive=True, group='workspace-search', description='searching')
    def search(self, query: str) -> None:
        """Finds the first hits across desks for the box's words and qualifiers."""
        worker = get_current_worker()
        words, desks, scope = self._read(query)
        found = DesksFound([], False, {}, ())
        if words_of(words):
            try:
                found = self._first_hits.find(
                    desks, words, scope, FIRST_HITS, lambda: worker.is_cancelled
                )
            except SearchCancelled:
                return
        if not worker.is_cancelled:
            self.post_message(self.Searched(query, found))

    @work(thread=True, exclusive=True, group='count', description='counting the hits')
    def count(self, query: str, found: DesksFound) -> None:
        """Counts every hit of the search shown and names the words no desk holds.

        Args:
            query (str): The query as typed.
            found (DesksFound): Its first hits.
        """
        worker = get_current_worker()
        words, desks, scope = self._read(query)
        try:
            if len(found.hits) < FIRST_HITS:
                totals = counted_from(found, words_of(words))
            else:
                totals = desk_totals(
                    self.services, desks, words, scope, lambda: worker.is_cancelled
                )
            newest = [desks[name] for name in (*found.results, *found.left_out)]
            suggestions = desk_suggestions(
                self.services, newest, totals.missing_words, lambda: worker.is_cancelled
            )
        except SearchCancelled:
            return
        unread = {}
        for name, desk in desks.items():  # No hit may be missing in silence.
            if worker.is_cancelled:
                return
            problems = self.services.services_for(desk).unread_files.find(scope)
            if problems:
                unread[name] = problems
        if not worker.is_cancelled:
            self.post_message(self.Counted(query, totals, suggestions, unread))

    @work(thread=True, exclusive=True, group='more', exit_on_error=False, description='more hits')
    def load_more(self, query: str, limit: int) -> None:
        """Finds the first `limit` hits of the query shown (the first ones are those shown)."""
        worker = get_current_worker()
        words, desks, scope = self._read(query)
        try:
            found = first_hits(
                self.services, desks, words, scope, limit, lambda: worker.is_cancelled
            )
        except SearchCancelled:
            return
        if not worker.is_cancelled:
            self.post_message(self.MoreFound(query, found))

    def _is_current(self, query: str) -> bool:
        return query == self.query_one('#box', Input).value

    @on(Searched)
    def show_hits(self, message: Searched) -> None:
        """Shows the first hits; the headline says how many until every hit is counted."""
        if not self._is_current(message.query):
            return
        self._shown_query = message.query
        self._suggestions = {}
        self._loading_more = False
        self.workers.cancel_group(self, 'more')
        found = message.found
        self._words = tuple(words_of(self._read(message.query)[0]))
        self.query_one(DeskHitList).show_desk_hits(found.hits, found.every_word, list(self._words))
        if not self._words:
            self._show_status(self._prompt())
        elif not found.hits:
            self._show_status('No hits in any desk', warning=True)
        else:
            kind = 'with every word' if found.every_word else 'with some of the words'
            more = '+' if len(found.hits) >= FIRST_HITS else ''
            self._show_status(f'{len(found.hits):,}{more} hits {kind}, newest first · counting…')
        if self._words:
            self._count_timer = self.set_timer(
                _COUNT_PAUSE, partial(self.count, message.query, found), name='count the hits'
            )

    @on(Counted)
    def show_count(self, message: Counted) -> None:
        """Writes every hit's count, and the missing words with their suggestions."""
        hits = self.query_one(DeskHitList)
        result = hits.shown_result
        if result is None or not self._is_shown(message.query):
            return
        totals = message.totals
        hits.set_total(totals.hits)
        self._suggestions = dict(message.suggestions)
        text = totals_headline(result, totals.hits, totals.missing_words, self._suggestions)
        if result.hits:
            desks = len(totals.desks_with_hits)
            first, _, rest = text.partition(' · ')
            text = ' · '.join(
                part for part in (f'{first} in {plural(desks, "desk")}', rest) if part
            )
        for name, problems in message.unread.items():  # Its Problems view lists them.
            text = f'{text} · {visible(name)}: {unread_files_note(problems)}'
        self._show_status(text, warning=not result.hits or bool(message.unread))

    def _is_shown(self, query: str) -> bool:
        return query == self._shown_query and self._is_current(query)

    @on(SearchHitList.MoreWanted)
    def want_more(self, event: SearchHitList.MoreWanted) -> None:
        """Loads the next hits (or all of them, for End) while the search found more."""
        event.stop()
        wanted = self.query_one(DeskHitList).next_limit(event.everything, MORE_HITS)
        if wanted is not None and not self._loading_more:
            self._loading_more = True
            self.load_more(self._shown_query, wanted)

    @on(MoreFound)
    def show_more(self, message: MoreFound) -> None:
        """Shows the longer list, keeping the place in it."""
        self._loading_more = False
        if self._is_shown(message.query):
            self.query_one(DeskHitList).extend_desk_hits(message.found.hits, list(self._words))

    def _show_status(self, text: str, *, warning: bool = False) -> None:
        """Writes the line above the hits (a bad qualifier is said in the chips, not here)."""
        status = self.query_one('#workspace-search-status', Static)
        status.update(Content(text), layout=False)
        status.set_class(warning, '-warning')

    def action_into_hits(self) -> None:
        """Moves from the box into the hits."""
        hits = self.query_one(DeskHitList)
        if hits.row_count:
            hits.focus()

    def search_for(self, words: str) -> None:
        """Types words into the box (--search), which searches for them."""
        box = self.query_one('#box', Input)
        box.value = words
        box.cursor_position = len(words)

    def take_search_key(self) -> bool:
        """The search key in the hits puts the cursor back in the box (True: no other opens)."""
        self.query_one('#box', Input).focus()
        return True

    def action_clear_or_leave(self) -> None:
        """Escape: in a box with text, clears it; anywhere else, back to the Desks screen."""
        box = self.query_one('#box', Input)
        if box.has_focus and box.value:
            box.value = ''
        else:
            self.dismiss(None)

    @on(SearchHitList.HitChosen)
    def choose_hit(self, message: SearchHitList.HitChosen) -> None:
        """Opens the chosen hit's record in its desk."""
        message.stop()
        self._open(message.index)

    def _open(self, index: int) -> None:
        hit_list = self.query_one(DeskHitList)
        hits = hit_list.hits
        if 0 <= index < len(hits):
            found = hits[index]
            # Coming back from the record lands on the hits, where esc goes back, as in a
            # desk's search.
            hit_list.focus()
            self.post_message(
                self.HitChosen(
                    self.desks[found.desk],
                    found.desk,
                    found,
                    self._words,
                    hit_list.details_at(index),
                )
            )

    def action_open(self) -> None:
        """Enter: in the box, takes the suggested words; else opens the highlighted hit."""
        box = self.query_one('#box', Input)
        hits = self.query_one(DeskHitList)
        if box.has_focus and self._suggestions and self._is_current(self._shown_query):
            box.value = with_suggestions(box.value, self._suggestions)
            self._suggestions = {}
            box.cursor_position = len(box.value)
        elif hits.row_count:
            self._open(hits.highlighted or 0)
        elif box.value.strip():
            self.notify('No hit to open.')
