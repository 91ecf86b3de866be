"""The hits of a search across desks: each as the one-desk search shows it, led by its desk's chip.

Each hit's details come from its own desk's journal (DeskHitDetails).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Sequence

from textual.content import Content

from desk_browser.memory.session_search import SearchHit, SearchResult
from desk_browser.presentation.hit_details import HitDetails, HitDetailsReader
from desk_browser.presentation.safe_text import visible
from desk_browser.presentation.workspace_search import DeskHit
from desk_browser.ui.widgets.search_hit_list import SearchHitList

CHIP_WIDTH = 12
"""Cells the desk's chip and the space after it take."""


def desk_chip(name: str) -> Content:
    """Writes a desk's name as a chip of CHIP_WIDTH cells (space included), cut with "…"."""
    shown = visible(name).replace('\n', ' ')
    if len(shown) > CHIP_WIDTH - 3:
        shown = shown[: CHIP_WIDTH - 4] + '…'
    return Content.assemble(
        (f' {shown} ', 'reverse $text-accent'), ' ' * (CHIP_WIDTH - len(shown) - 2)
    )


class DeskHitDetails(HitDetailsReader):
    """Reads the details of hits merged from several desks, each from its own desk's reader."""

    def __init__(self, reader_of: Callable[[str], HitDetailsReader | None]) -> None:
        """Prepares the reader; `reader_of` gives a desk's reader by name (None: not known)."""
        self._reader_of = reader_of
        self._lock = threading.Lock()
        self._desk_of: dict[int, str] = {}

    def note_hits(self, hits: Sequence[DeskHit]) -> None:
        """Says which desk each hit shown comes from."""
        desk_of = {id(found.hit): found.desk for found in hits}
        with self._lock:
            self._desk_of = desk_of

    def details_at(
        self, hits: Sequence[SearchHit], indexes: Iterable[int]
    ) -> dict[int, HitDetails | None]:
        """Finds some hits' details (of desks still known), each desk's asked of its own reader."""
        with self._lock:
            desk_of = self._desk_of
        places: dict[str, list[int]] = {}  # Each desk's hits' places in the merged list, in order.
        for index, hit in enumerate(hits):
            desk = desk_of.get(id(hit))
            if desk is not None:
                places.setdefault(desk, []).append(index)
        wanted = set(indexes)
        found: dict[int, HitDetails | None] = {}
        for desk, desk_places in places.items():
            reader = self._reader_of(desk)
            asked = [position for position, index in enumerate(desk_places) if index in wanted]
            if reader is None or not asked:
                continue
            details = reader.details_at([hits[index] for index in desk_places], asked)
            found.update({desk_places[position]: value for position, value in details.items()})
        return found


class DeskHitList(SearchHitList):
    """Lists the hits of a search across desks; Enter or a click posts SearchHitList.HitChosen."""

    def __init__(
        self,
        *,
        id: str | None = None,
        reader_of: Callable[[str], HitDetailsReader | None] | None = None,
    ) -> None:
        """Prepares an empty list; `reader_of` gives a desk's details reader by name."""
        self.desk_details = DeskHitDetails(reader_of or (lambda _name: None))
        """Reads each hit's details from its desk."""
        super().__init__(id=id, details_reader=self.desk_details)
        self.hits: list[DeskHit] = []
        """The hits shown, in order, each with its desk."""
        self.total: int | None = None
        """How many hits the search found in all, once counted."""

    def row_lines(self, index: int, width: int) -> list[Content]:
        """Writes one hit: the desk's chip, then the hit as the one-desk search writes it."""
        header, *snippet = super().row_lines(index, width)
        chip = desk_chip(self.hits[index].desk)
        return [Content.assemble(chip, header).truncate(width, ellipsis=True), *snippet]

    def show_desk_hits(self, hits: list[DeskHit], every_word: bool, words: list[str]) -> None:
        """Replaces the hits with merged ones, the first highlighted, `words` marked."""
        self.hits = list(hits)
        self.desk_details.note_hits(hits)
        self.total = None
        self.more_to_load = False
        self.show_result(self._result(hits, every_word, words))

    def set_total(self, total: int) -> None:
        """Says how many hits the search found in all (more are loaded while there are more)."""
        self.total = total
        self.more_to_load = total > len(self.hits)

    def next_limit(self, everything: bool, step: int) -> int | None:
        """The limit to ask for when more are wanted (all, or `step` more); None when no more."""
        if self.total is None or not self.more_to_load:
            return None
        return self.total if everything else len(self.hits) + step

    def extend_desk_hits(self, hits: list[DeskHit], words: list[str]) -> None:
        """Shows more hits of the same search (its first ones those shown), keeping the place."""
        every_word = self.shown_result is not None and self.shown_result.matched_every_word
        self.hits = list(hits)
        self.desk_details.note_hits(hits)
        self.more_to_load = self.total is not None and self.total > len(hits)
        self.extend_result(self._result(hits, every_word, words))

    @staticmethod
    def _result(hits: list[DeskHit], every_word: bool, words: list[str]) -> SearchResult:
        return SearchResult(
            hits=[found.hit for found in hits], matched_every_word=every_word, words=list(words)
        )
