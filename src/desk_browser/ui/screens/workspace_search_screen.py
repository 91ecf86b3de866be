"""Search every desk at once, from the Desks screen: the same words and scopes, plus `desk:`.

Each desk is searched by its own index (its DeskServices' search, in the cache folder) in a
thread worker, a new query cancelling the last; the hits are merged newest day first, then by
desk name (presentation.workspace_search), each led by its desk's name. Enter opens the record
in its desk; Esc goes back to the Desks screen.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import Header, Input, Static
from textual.worker import get_current_worker

from desk_browser.live.workspace_services import WorkspaceServices
from desk_browser.memory.search_scope import parse_query
from desk_browser.memory.session_search import SearchResult, words_of
from desk_browser.presentation.formatting import plural
from desk_browser.presentation.workspace_search import (
    DeskHit,
    desk_qualifiers,
    merge_desk_results,
)
from desk_browser.ui.screens.desk_screen import DeskScreen
from desk_browser.ui.widgets.desk_footer import DeskFooter
from desk_browser.ui.widgets.desk_hit_list import DeskHitList

HIT_LIMIT = 200
"""The most hits shown (each desk is asked for as many)."""


class WorkspaceSearchScreen(DeskScreen[None]):
    """A search box over every desk of the workspace, and the merged hits."""

    DEFAULT_CSS = """
    WorkspaceSearchScreen #workspace-search-status {
        height: 1;
        padding: 0 1;
        color: $text-muted;
    }
    WorkspaceSearchScreen DeskHitList {
        height: 1fr;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding('escape', 'back', 'Back', id='back-to-desks'),
        Binding('down', 'into_hits', 'Hits', show=False),
    ]

    class Searched(Message):
        """A search across desks finished."""

        def __init__(self, query: str, hits: list[DeskHit], every_word: bool, notes: list[str]):
            super().__init__()
            self.query = query
            self.hits = hits
            self.every_word = every_word
            self.notes = notes

    class HitChosen(Message):
        """The person chose a hit to open in its desk."""

        def __init__(self, desk: Path, name: str, found: DeskHit, words: tuple[str, ...]):
            super().__init__()
            self.desk = desk
            self.name = name
            self.found = found
            self.words = words

    def __init__(self, services: WorkspaceServices, desks: dict[str, Path], **options: bool):
        """Prepares the screen.

        Args:
            services (WorkspaceServices): The workspace's services.
            desks (dict[str, Path]): The readable desks, by name.
            **options (bool): cursor_blink.
        """
        super().__init__()
        self.services = services
        self.desks = desks
        self.cursor_blink = bool(options.get('cursor_blink', True))
        self._words: tuple[str, ...] = ()

    def compose(self) -> ComposeResult:
        """The box, a status line, the hits and the keys."""
        yield Header()
        box = Input(placeholder='Search every desk: words, day: kind: backend: desk:', id='box')
        box.cursor_blink = self.cursor_blink
        yield box
        yield Static(f'Searching {plural(len(self.desks), "desk")}.', id='workspace-search-status')
        yield DeskHitList(id='desk-hits')
        yield DeskFooter()

    def on_mount(self) -> None:
        """Focuses the box."""
        self.query_one('#box', Input).focus()

    @on(Input.Changed, '#box')
    def search_as_typed(self, event: Input.Changed) -> None:
        """Searches again for what the box holds."""
        self.search(event.value)

    @work(thread=True, exclusive=True, group='workspace-search', description='searching')
    def search(self, query: str) -> None:
        """Searches every desk and merges the hits.

        Args:
            query (str): The box's words and qualifiers.
        """
        worker = get_current_worker()
        words, named, notes = desk_qualifiers(query, sorted(self.desks))
        parsed = parse_query(words, self.services.today())
        notes = [*notes, *(problem.reason for problem in parsed.problems)]
        if not words_of(parsed.words_text):
            self.post_message(self.Searched(query, [], True, notes))
            return
        results: dict[str, SearchResult] = {}
        for name in named or sorted(self.desks):
            if worker.is_cancelled:
                return
            search = self.services.services_for(self.desks[name]).search
            results[name] = search.search(
                parsed.words_text,
                HIT_LIMIT,
                cancelled=lambda: worker.is_cancelled,
                scope=parsed.scope,
            )
        hits, every_word = merge_desk_results(results, HIT_LIMIT)
        if not worker.is_cancelled:
            self.post_message(self.Searched(query, hits, every_word, notes))

    @on(Searched)
    def show_hits(self, message: Searched) -> None:
        """Shows the merged hits and what they are."""
        if message.query != self.query_one('#box', Input).value:
            return
        self._words = tuple(words_of(desk_qualifiers(message.query, [])[0]))
        self.query_one(DeskHitList).show_hits(message.hits)
        status = self.query_one('#workspace-search-status', Static)
        if not message.query.strip():
            text = f'Searching {plural(len(self.desks), "desk")}.'
        elif not message.hits:
            text = 'No hits in any desk.'
        else:
            desks = len({found.desk for found in message.hits})
            kind = 'with every word' if message.every_word else 'with some of the words'
            text = f'{plural(len(message.hits), "hit")} {kind}, in {plural(desks, "desk")}'
        if message.notes:
            text += ' · ' + '; '.join(message.notes)
        status.update(text)

    def action_into_hits(self) -> None:
        """Moves from the box into the hits."""
        hits = self.query_one(DeskHitList)
        if hits.row_count:
            hits.focus()

    def action_back(self) -> None:
        """Back to the Desks screen."""
        self.dismiss(None)

    @on(DeskHitList.Chosen)
    def choose_hit(self, message: DeskHitList.Chosen) -> None:
        """Opens the chosen hit's record in its desk."""
        message.stop()
        found = self.query_one(DeskHitList).hits[message.index]
        self.post_message(self.HitChosen(self.desks[found.desk], found.desk, found, self._words))

    @on(Input.Submitted, '#box')
    def open_first(self) -> None:
        """Enter in the box opens the first hit."""
        hits = self.query_one(DeskHitList)
        if hits.row_count:
            found = hits.hits[0]
            self.post_message(
                self.HitChosen(self.desks[found.desk], found.desk, found, self._words)
            )
