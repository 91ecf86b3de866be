"""The search hits: kind, when and who, how well it matched, and the snippet, keywords marked.

Each hit is `HIT_HEIGHT` lines of a RowList; its journal details are read as it comes on screen.
"""

from __future__ import annotations

import functools
import re
from typing import ClassVar

from rich.cells import cell_len, chop_cells
from textual.content import Content
from textual.message import Message

from desk_browser.memory.session_search import SearchHit, SearchResult
from desk_browser.presentation.formatting import (
    day_text,
    exchange_times,
    hit_label,
    india_time,
    kind_name,
)
from desk_browser.presentation.hit_details import HitDetails, HitDetailsReader
from desk_browser.presentation.plain_text import plain_snippet
from desk_browser.presentation.safe_text import visible
from desk_browser.ui.highlight import KEYWORD_STYLE, keyword_pattern
from desk_browser.ui.later_css import add_later_css
from desk_browser.ui.widgets.row_list import HIGHLIGHTED_CLASS, PaintedRows, RowList, RowPainter

__all__ = [
    'HIT_HEIGHT',
    'HitDetailsFound',
    'SearchHitList',
    'action_type',
    'first_details',
    'hit_header',
    'hit_lines',
    'paint_hits',
    'snippet_breaks',
    'snippet_source',
]

SNIPPET_LINES = 2
"""How many lines of its snippet a hit shows; a longer snippet is cut with "…"."""

HIT_HEIGHT = 1 + SNIPPET_LINES
"""Rows every hit takes: what and when, then the snippet."""

_KIND_WIDTH = 9
"""The kind column: wide enough for "exchange" and a space."""

_NAME_LIMIT = 40
"""The most characters of a session id, backend or event type a hit's first line shows."""

_DETAILS_AHEAD = 1
"""Screenfuls of hits above and below the screen whose details are read with the ones on it."""

HitDetailsFound = dict[int, HitDetails | None]
"""Some hits' details by their place in the list (None: the journal has none for that hit)."""

_MOST_SNIPPET_CHARACTERS = 2_000
"""How much of a snippet is looked at: more than two lines of any terminal, so a hostile
megabyte-long snippet costs no more to draw than a short one."""

_CACHED_HITS = 400
"""How many rendered hits are kept (a few screens' worth, each in two looks at most)."""

_ELLIPSIS = '…'

_WORD = re.compile(r'\s*\S+\s*')
"""A word and the spaces around it: lines break before a word's leading spaces."""


def _name(text: str) -> str:
    """A session id, backend or event type from the desk, made visible, on one short line."""
    flat = _one_line(text[: _NAME_LIMIT + 1])
    return flat if len(flat) <= _NAME_LIMIT else flat[: _NAME_LIMIT - 1] + _ELLIPSIS


def action_type(hit: SearchHit) -> str:
    """An action hit's event type in words ("order placed"), made visible and cut short."""
    return _name(hit.record.text.partition('\n')[0].replace('_', ' '))


def snippet_source(hit: SearchHit) -> str:
    """The part of a hit's text its snippet is cut from (an action's without its type)."""
    text = hit.record.text
    if hit.record.kind != 'journal':
        return text
    fields = text.partition('\n')[2]
    return fields.removeprefix('text: ')


def hit_header(
    hit: SearchHit, label: str, details: HitDetails | None, *, answered: bool = True
) -> Content:
    """Writes a hit's first line (not cut to a width): its kind, when, who, how well it matched.

    Such as ``exchange Wed 2026-10-21 asked 09:15 · answered 09:22 · session 2026-10-21-2 ·
    claude · 2 of 3 words``.

    Args:
        hit: The hit.
        label: How well it matched (hit_label), "" to say nothing.
        details: What its journal knows about it, or None.
        answered: Whether an exchange's answer time is said.
    """
    record = hit.record
    when = day_text(_one_line(record.day))
    time = india_time(details.time) if details is not None and details.time else None
    if details is not None and record.kind == 'exchange':
        times = exchange_times(details.time, details.answered if answered else None)
        when = f'{when} {times}' if times else when
    elif time is not None:
        when = f'{when} {time}'
    facts: list[str] = []
    if record.kind == 'journal':
        facts.append(action_type(hit))
    elif details is not None:
        if details.session_id:
            facts.append(f'session {_name(details.session_id)}')
        if details.backend:
            facts.append(_name(details.backend))
    if label:
        facts.append(label)
    parts: list[str | tuple[str, str]] = [
        (f'{_name(kind_name(record.kind)):<{_KIND_WIDTH}}', 'bold $text-accent'),
        (when, 'bold'),
    ]
    for fact in facts:
        parts.extend([(' · ', '$text-muted'), (fact, '$text-muted')])
    return Content.assemble(*parts)


def hit_lines(
    hit: SearchHit, result: SearchResult, width: int, details: HitDetails | None = None
) -> list[Content]:
    """Writes one hit as exactly `HIT_HEIGHT` lines of at most `width` cells: header, snippet."""
    width = max(width, 1)
    label = hit_label(hit, result)
    header = hit_header(hit, label, details)
    if header.cell_length > width and details is not None and details.answered:
        header = hit_header(hit, label, details, answered=False)
    header = header.truncate(width, ellipsis=True)
    snippet = Content(_one_line(plain_snippet(snippet_source(hit), tuple(result.words))))
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
    """The offsets where a line's later lines start when folded to `width` cells, as Rich folds."""
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


def paint_hits(
    painter: RowPainter, result: SearchResult, details: HitDetailsFound | None = None
) -> PaintedRows:
    """Draws a result's first screenful as `SearchHitList.show_result` would, for workers."""
    painted = PaintedRows(painter)
    known = details or {}
    for index, hit in enumerate(result.hits[: painter.rows_on_screen]):
        look = HIGHLIGHTED_CLASS if index == 0 else ''
        lines = hit_lines(hit, result, painter.width, known.get(index))
        key, strips = painter.paint(index, lines, look)
        painted.rows[key] = strips
    return painted


def first_details(
    reader: HitDetailsReader, painter: RowPainter, result: SearchResult
) -> HitDetailsFound:
    """Reads the details of the first screenful of a result's hits (in the search's worker)."""
    return reader.details_at(result.hits, range(painter.rows_on_screen))


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
            """Says which hit was chosen, and its place in the list."""
            super().__init__(hit_list, index)
            self.hit = hit
            """The hit."""

    class MoreWanted(Message):
        """Posted when the person nears the last hit shown while the search found more."""

        def __init__(self, everything: bool) -> None:
            """Says whether every hit is wanted (End) or the next batch (scrolling)."""
            super().__init__()
            self.everything = everything
            """Whether every hit is wanted."""

    class DetailsRead(Message):
        """The list's worker read some hits' details (handled by the list itself)."""

        def __init__(self, generation: int, details: HitDetailsFound) -> None:
            """Says for which result (`SearchHitList.generation`) and which hits, by place."""
            super().__init__()
            self.generation = generation
            self.details = details

    MORE_WITHIN: ClassVar[int] = 10
    """How near the last hit shown the highlight comes before more hits are asked for."""

    def __init__(
        self, *, id: str | None = None, details_reader: HitDetailsReader | None = None
    ) -> None:
        """Prepares an empty list; `details_reader` None shows the hits without journal details."""
        super().__init__(id=id)
        add_later_css(self)
        self._hits: list[SearchHit] = []
        self._empty = SearchResult(hits=[], matched_every_word=False, words=[])
        self.shown_result: SearchResult | None = None
        """The search whose hits are shown (for export), or None before the first."""
        self.more_to_load = False
        """Whether the search found more hits than are shown (the screen sets it)."""
        self._last_wanted = False
        self.details_reader = details_reader
        """Where the hits' details come from, or None."""
        self._details: HitDetailsFound = {}
        """The details read so far, by the hits' places (a place missing: not read yet)."""
        self.generation = 0
        """Counts the results shown, so details read for an older one are dropped."""
        self._details_planned = False

    @property
    def hit_count(self) -> int:
        """How many hits are shown."""
        return len(self._hits)

    @property
    def row_count(self) -> int:
        """How many hits are shown (each is a row of `HIT_HEIGHT` lines)."""
        return len(self._hits)

    def hit_at(self, index: int) -> SearchHit | None:
        """The hit at a place (from 0), or None when the index is out of range."""
        return self._hits[index] if 0 <= index < len(self._hits) else None

    def details_at(self, index: int) -> HitDetails | None:
        """What the journal says about a hit (by place), or None: not read yet, or none."""
        return self._details.get(index)

    def row_lines(self, index: int, width: int) -> list[Content]:
        """Writes one hit's `HIT_HEIGHT` lines (`hit_lines`), asking for unread details."""
        if index not in self._details:
            self._plan_details()
        details = self._details.get(index)
        return hit_lines(self._hits[index], self.shown_result or self._empty, width, details)

    def _plan_details(self) -> None:
        """Reads the details of the hits around the screen soon (once per burst of rows drawn)."""
        if self.details_reader is None or self._details_planned:
            return
        self._details_planned = True
        self.call_later(self._read_details_on_screen)

    def _read_details_on_screen(self) -> None:
        """Starts reading, in a worker, the details of the hits on screen and a screenful around."""
        self._details_planned = False
        reader = self.details_reader
        if reader is None or not self._hits:
            return
        page = max(1, self._rows_per_page())
        first = max(0, round(self.scroll_y) // self.ROW_HEIGHT - page * _DETAILS_AHEAD)
        last = min(len(self._hits), first + page * (1 + 2 * _DETAILS_AHEAD) + 1)
        wanted = [index for index in range(first, last) if index not in self._details]
        if not wanted:
            return
        hits, generation = list(self._hits), self.generation

        def read() -> None:
            found = reader.details_at(hits, wanted)
            self.post_message(self.DetailsRead(generation, found))

        self.run_worker(
            read,
            thread=True,
            exclusive=True,
            group='hit-details',
            exit_on_error=False,
            description="reading the hits' times and sessions",
        )

    def on_search_hit_list_details_read(self, message: DetailsRead) -> None:
        """Keeps the details read and draws their hits again (those of an older result dropped)."""
        message.stop()
        if message.generation != self.generation:
            return
        for index, details in message.details.items():
            if index not in self._details:
                self._details[index] = details
                if details is not None:
                    self.row_changed(index)

    def chosen_message(self, index: int) -> Message:
        """Makes the `HitChosen` posted when the hit at a place is chosen."""
        return self.HitChosen(self, index, self._hits[index])

    def show_result(
        self,
        result: SearchResult,
        painted: PaintedRows | None = None,
        details: HitDetailsFound | None = None,
    ) -> None:
        """Replaces the list with the hits of a search, the first highlighted.

        Args:
            result: The search's result.
            painted: Its first hits as `paint_hits` drew them, if they were.
            details: Its first hits' details, if read.
        """
        self._hits = list(result.hits)
        self.shown_result = result
        self.generation += 1
        self._details = dict(details or {})
        self.rows_changed()
        self.set_reactive(SearchHitList.highlighted, 0 if self._hits else None)
        if painted is not None:
            self.adopt_rows(painted)
        self.scroll_to(y=0, animate=False, force=True)
        self.refresh()

    def extend_result(self, result: SearchResult) -> None:
        """Shows the same search with a higher limit, keeping the highlight and the scroll."""
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
