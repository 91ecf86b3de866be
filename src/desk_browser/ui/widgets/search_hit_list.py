"""The list of search hits: kind, day, how many keywords, and the snippet with keywords marked.

The list is a RowList (Textual's Line API, like Toolong's log view): every hit is exactly
`HIT_HEIGHT` rows, so showing a search of 500 hits only stores them and sets the scrollable
height, and only the rows on screen are ever rendered. Typing in the search box replaces the
hits a few times a second; an OptionList measured and wrapped every hit on each replacement and
held up the event loop for a large part of a second.
"""

from __future__ import annotations

import functools
import re
from typing import ClassVar

from rich.cells import cell_len, chop_cells
from textual.content import Content
from textual.message import Message

from desk_browser.memory.session_search import SearchHit, SearchResult
from desk_browser.presentation.formatting import day_text, hit_label
from desk_browser.presentation.plain_text import plain_snippet
from desk_browser.presentation.safe_text import visible
from desk_browser.ui.highlight import KEYWORD_STYLE, keyword_pattern
from desk_browser.ui.widgets.row_list import HIGHLIGHTED_CLASS, PaintedRows, RowList, RowPainter

__all__ = ['HIT_HEIGHT', 'SearchHitList', 'hit_lines', 'paint_hits', 'snippet_breaks']

SNIPPET_LINES = 2
"""How many lines of its snippet a hit shows; a longer snippet is cut with "…"."""

HIT_HEIGHT = 1 + SNIPPET_LINES
"""Rows every hit takes: what and when, then the snippet."""

_KIND_WIDTH = 9
"""The kind column: wide enough for "exchange" and a space."""

_MOST_SNIPPET_CHARACTERS = 2_000
"""How much of a snippet is looked at: more than two lines of any terminal, so a hostile
megabyte-long snippet costs no more to draw than a short one."""

_CACHED_HITS = 400
"""How many rendered hits are kept (a few screens' worth, each in two looks at most)."""

_ELLIPSIS = '…'

_WORD = re.compile(r'\s*\S+\s*')
"""A word and the spaces around it: lines break before a word's leading spaces."""


def hit_lines(hit: SearchHit, result: SearchResult, width: int) -> list[Content]:
    """Writes one hit as its `HIT_HEIGHT` lines, each at most `width` cells.

    The first line says what and when and how well it matched; the snippet follows, its
    Markdown syntax dropped (`plain_snippet`), keywords marked, wrapped to `SNIPPET_LINES` lines
    and cut with "…" when it is longer. Desk text is made visible first (nothing in it is read
    as markup or reaches the terminal as a control).

    Args:
        hit (SearchHit): The hit.
        result (SearchResult): The search it came from.
        width (int): The width in cells.

    Returns:
        list[Content]: Exactly `HIT_HEIGHT` lines.
    """
    width = max(width, 1)
    kind = _one_line(hit.record.kind)
    day = _one_line(hit.record.day)
    header = Content.assemble(
        (f'{kind:<{_KIND_WIDTH}}', 'bold $text-accent'),
        (day_text(day), 'bold'),
        ('  ·  ', '$text-muted'),
        (hit_label(hit, result), '$text-muted'),
    ).truncate(width, ellipsis=True)
    snippet = Content(_one_line(plain_snippet(hit.record.text, tuple(result.words))))
    pattern = _pattern_for(tuple(result.words))
    if pattern is not None:
        snippet = snippet.highlight_regex(pattern, style=KEYWORD_STYLE)
    # Content.wrap would also do: wrapped this way, the few lines shown cost less to draw.
    wrapped = snippet.divide(snippet_breaks(snippet.plain, width)) if snippet else []
    lines = [line.rstrip() for line in wrapped[:SNIPPET_LINES]]
    if len(wrapped) > SNIPPET_LINES:
        last = lines[-1]
        if last.cell_length >= width:
            last = last.truncate(width - 1)
        lines[-1] = last + _ELLIPSIS
    lines.extend(Content('') for _ in range(SNIPPET_LINES - len(lines)))
    return [header, *lines]


def snippet_breaks(text: str, width: int) -> list[int]:
    """Says where a line of text breaks to fit a width: between words, and inside a long word.

    A word that does not fit on what is left of a line starts the next one (with the spaces
    before it); a word wider than a whole line is cut into pieces that fill lines. These are the
    breaks Rich's own wrapping makes (its private ``divide_line`` with folding), in cells, so
    wide characters take two.

    Args:
        text (str): One line of text.
        width (int): The width in cells (at least 1).

    Returns:
        list[int]: The offsets in `text` where lines start, after the first.
    """
    breaks: list[int] = []
    used = 0  # Cells taken on the current line.
    for word in _WORD.finditer(text):
        start = word.start()
        length = cell_len(word.group().rstrip())
        if width - used >= length:
            used += cell_len(word.group())
        elif length > width:
            *full, last = chop_cells(word.group(), width)
            for piece in full:
                if start:
                    breaks.append(start)
                start += len(piece)
            if start:
                breaks.append(start)
            used = cell_len(last)
        elif used and start:
            breaks.append(start)
            used = cell_len(word.group())
    return breaks


def _one_line(text: str) -> str:
    """Desk text made visible, cut to what two lines of any terminal can show, on one line."""
    return visible(text[:_MOST_SNIPPET_CHARACTERS]).replace('\n', ' ')


def paint_hits(painter: RowPainter, result: SearchResult) -> PaintedRows:
    """Draws the hits a result shows first, the way `SearchHitList.show_result` shows them.

    Called by the search's worker, so the event loop only copies the strips to the screen:
    drawing a screenful of new hits there took most of a frame at every keystroke.

    Args:
        painter (RowPainter): What drawing takes, copied from the list
            (`SearchHitList.row_painter`).
        result (SearchResult): The search's result.

    Returns:
        PaintedRows: The first screenful of hits, the first one highlighted.
    """
    painted = PaintedRows(painter)
    for index, hit in enumerate(result.hits[: painter.rows_on_screen]):
        look = HIGHLIGHTED_CLASS if index == 0 else ''
        key, strips = painter.paint(index, hit_lines(hit, result, painter.width), look)
        painted.rows[key] = strips
    return painted


@functools.lru_cache(maxsize=8)
def _pattern_for(words: tuple[str, ...]) -> re.Pattern[str] | None:
    """The keyword pattern of a search, built once for all its hits."""
    return keyword_pattern(list(words))


class SearchHitList(RowList):
    """Lists the hits of one search; Enter or a click on a hit posts `HitChosen`."""

    ROW_HEIGHT: ClassVar[int] = HIT_HEIGHT

    DEFAULT_CSS = """
    SearchHitList {
        padding: 0 1;
    }
    """

    class HitChosen(RowList.Chosen):
        """Posted when Enter or a click chooses a hit."""

        def __init__(self, hit_list: SearchHitList, index: int, hit: SearchHit) -> None:
            """Says which hit was chosen.

            Args:
                hit_list (SearchHitList): The list the hit is in.
                index (int): The hit's place in the list.
                hit (SearchHit): The hit.
            """
            super().__init__(hit_list, index)
            self.hit = hit
            """The hit."""

    class MoreWanted(Message):
        """Posted when the person nears the last hit shown while the search found more."""

        def __init__(self, everything: bool) -> None:
            """Says how many more are wanted.

            Args:
                everything (bool): Whether every hit is wanted (End), or the next batch (scrolling).
            """
            super().__init__()
            self.everything = everything
            """Whether every hit is wanted."""

    MORE_WITHIN: ClassVar[int] = 10
    """How near the last hit shown the highlight comes before more hits are asked for."""

    def __init__(self, *, id: str | None = None) -> None:
        """Prepares an empty list.

        Args:
            id (str | None): The widget's id.
        """
        super().__init__(id=id)
        self._hits: list[SearchHit] = []
        self._empty = SearchResult(hits=[], matched_every_word=False, words=[])
        self.shown_result: SearchResult | None = None
        """The search whose hits are shown (for export), or None before the first."""
        self.more_to_load = False
        """Whether the search found more hits than are shown (the screen sets it)."""
        self._last_wanted = False

    @property
    def hit_count(self) -> int:
        """How many hits are shown."""
        return len(self._hits)

    @property
    def row_count(self) -> int:
        """How many hits are shown (each is a row of `HIT_HEIGHT` lines)."""
        return len(self._hits)

    def hit_at(self, index: int) -> SearchHit | None:
        """Returns the hit shown at a place in the list.

        Args:
            index (int): The hit's place, from 0.

        Returns:
            SearchHit | None: The hit, or None when the index is out of range.
        """
        return self._hits[index] if 0 <= index < len(self._hits) else None

    def row_lines(self, index: int, width: int) -> list[Content]:
        """Writes one hit's lines (see `hit_lines`).

        Args:
            index (int): The hit's place, from 0.
            width (int): The width in cells.

        Returns:
            list[Content]: Its `HIT_HEIGHT` lines.
        """
        return hit_lines(self._hits[index], self.shown_result or self._empty, width)

    def chosen_message(self, index: int) -> Message:
        """Makes the `HitChosen` posted when a hit is chosen.

        Args:
            index (int): The hit's place, from 0.

        Returns:
            Message: The message, with the hit.
        """
        return self.HitChosen(self, index, self._hits[index])

    def show_result(self, result: SearchResult, painted: PaintedRows | None = None) -> None:
        """Replaces the list with the hits of a search, the first highlighted.

        Costs the same for 5 hits or 500: the hits are kept, and only the rows that come on
        screen are rendered when the screen is next drawn (or were drawn already, by
        `paint_hits`, in the search's worker).

        Args:
            result (SearchResult): The search's result.
            painted (PaintedRows | None): Its first hits as `paint_hits` drew them, if they were.
        """
        self._hits = list(result.hits)
        self.shown_result = result
        self.rows_changed()
        self.set_reactive(SearchHitList.highlighted, 0 if self._hits else None)
        if painted is not None:
            self.adopt_rows(painted)
        self.scroll_to(y=0, animate=False, force=True)
        self.refresh()

    def extend_result(self, result: SearchResult) -> None:
        """Shows a longer result of the same search, keeping the highlight and the scroll.

        Args:
            result (SearchResult): The same search with a higher limit (its first hits are the ones
                shown).
        """
        self._hits = list(result.hits)
        self.shown_result = result
        self.rows_changed()
        if self._last_wanted and self._hits:
            self._last_wanted = False
            self.highlighted = len(self._hits) - 1

    def action_last(self) -> None:
        """End: highlights the last hit, asking for every hit first when more were found."""
        if self.more_to_load:
            self._last_wanted = True
            self.post_message(self.MoreWanted(everything=True))
        super().action_last()

    def watch_highlighted(self, previous: int | None, index: int | None) -> None:
        """Moves the highlight, and asks for more hits when it nears the last one shown."""
        super().watch_highlighted(previous, index)
        if index is not None and self.more_to_load and index >= len(self._hits) - self.MORE_WITHIN:
            self.post_message(self.MoreWanted(everything=False))

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        """Scrolls, and asks for more hits when the last page comes into view."""
        super().watch_scroll_y(old_value, new_value)
        if self.more_to_load and new_value >= self.max_scroll_y - self.size.height:
            self.post_message(self.MoreWanted(everything=False))
