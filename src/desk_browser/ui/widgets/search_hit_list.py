"""The list of search hits: kind, day, how many keywords, and the snippet with keywords marked.

The list draws with Textual's Line API (like Toolong's log view): every hit is exactly
`HIT_HEIGHT` rows, so showing a search of 500 hits only stores them and sets the scrollable
height, and only the rows on screen are ever rendered. Typing in the search box replaces the
hits a few times a second; an OptionList measured and wrapped every hit on each replacement and
held up the event loop for a large part of a second.
"""

from __future__ import annotations

import functools
import logging
import re
from typing import ClassVar

from rich._wrap import divide_line
from rich.segment import Segment
from textual import events
from textual.binding import Binding, BindingType
from textual.cache import LRUCache
from textual.content import Content
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.style import Style
from textual.theme import Theme

from desk_browser.memory.session_search import SearchHit, SearchResult
from desk_browser.ui.formatting import day_text, hit_label
from desk_browser.ui.highlight import KEYWORD_STYLE, keyword_pattern
from desk_browser.ui.safe_text import visible

_LOGGER = logging.getLogger(__name__)

__all__ = ['HIT_HEIGHT', 'SearchHitList', 'hit_label', 'hit_lines']

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


def hit_lines(hit: SearchHit, result: SearchResult, width: int) -> list[Content]:
    """Writes one hit as its `HIT_HEIGHT` lines, each at most `width` cells.

    The first line says what and when and how well it matched; the snippet follows, keywords
    marked, wrapped to `SNIPPET_LINES` lines and cut with "…" when it is longer. Desk text is
    made visible first (nothing in it is read as markup or reaches the terminal as a control).

    Args:
        hit: The hit.
        result: The search it came from.
        width: The width in cells.

    Returns:
        Exactly `HIT_HEIGHT` lines.
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
    snippet = Content(_one_line(hit.snippet))
    pattern = _pattern_for(tuple(result.words))
    if pattern is not None:
        snippet = snippet.highlight_regex(pattern, style=KEYWORD_STYLE)
    # Content.wrap would also do: wrapped this way, the few lines shown cost less to draw.
    wrapped = snippet.divide(divide_line(snippet.plain, width, fold=True)) if snippet else []
    lines = [line.rstrip() for line in wrapped[:SNIPPET_LINES]]
    if len(wrapped) > SNIPPET_LINES:
        last = lines[-1]
        if last.cell_length >= width:
            last = last.truncate(width - 1)
        lines[-1] = last + _ELLIPSIS
    lines.extend(Content('') for _ in range(SNIPPET_LINES - len(lines)))
    return [header, *lines]


def _one_line(text: str) -> str:
    """Desk text made visible, cut to what two lines of any terminal can show, on one line."""
    return visible(text[:_MOST_SNIPPET_CHARACTERS]).replace('\n', ' ')


@functools.lru_cache(maxsize=8)
def _pattern_for(words: tuple[str, ...]) -> re.Pattern[str] | None:
    """The keyword pattern of a search, built once for all its hits."""
    return keyword_pattern(list(words))


class SearchHitList(ScrollView, can_focus=True):
    """Lists the hits of one search; Enter or a click on a hit posts `HitChosen`."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding('down', 'cursor_down', 'Down', show=False),
        Binding('up', 'cursor_up', 'Up', show=False),
        Binding('pagedown', 'page_down', 'Page down', show=False),
        Binding('pageup', 'page_up', 'Page up', show=False),
        Binding('home', 'first', 'First', show=False),
        Binding('end', 'last', 'Last', show=False),
        Binding('enter', 'choose', 'Open', show=False),
    ]

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        'search-hit-list--hit',
        'search-hit-list--highlighted',
        'search-hit-list--hover',
    }
    """
    | Class | Description |
    | :- | :- |
    | `search-hit-list--hit` | Every hit. |
    | `search-hit-list--highlighted` | The highlighted hit (Enter opens it). |
    | `search-hit-list--hover` | The hit under the mouse. |
    """

    DEFAULT_CSS = """
    SearchHitList {
        overflow-x: hidden;
        padding: 0 1;
        background: $surface;
        &:focus {
            background-tint: $foreground 5%;
        }
    }
    """

    highlighted: reactive[int | None] = reactive(None, init=False)
    """The place of the highlighted hit (from 0), or None when there are no hits."""

    class HitChosen(Message):
        """Posted when Enter or a click chooses a hit."""

        def __init__(self, hit_list: SearchHitList, index: int, hit: SearchHit) -> None:
            """Says which hit was chosen.

            Args:
                hit_list: The list the hit is in.
                index: The hit's place in the list.
                hit: The hit.
            """
            super().__init__()
            self.hit_list = hit_list
            """The list the hit is in."""
            self.index = index
            """The hit's place in the list (from 0)."""
            self.hit = hit
            """The hit."""

        @property
        def control(self) -> SearchHitList:
            """The list the hit is in (for `@on(..., selector)`)."""
            return self.hit_list

    def __init__(self, *, id: str | None = None) -> None:
        """Prepares an empty list.

        Args:
            id: The widget's id.
        """
        super().__init__(id=id)
        self._hits: list[SearchHit] = []
        self._empty = SearchResult(hits=[], matched_every_word=False, words=[])
        self.shown_result: SearchResult | None = None
        """The search whose hits are shown (for export), or None before the first."""
        self._rendered: LRUCache[tuple[int, int, str], list[Strip]] = LRUCache(_CACHED_HITS)
        """Each rendered hit's strips, by (place, width, look)."""
        self._hover: int | None = None
        self._drawing_width = 0
        """The width of the lines being drawn, measured once a draw."""

    # What the rest of the app asks.

    @property
    def hit_count(self) -> int:
        """How many hits are shown."""
        return len(self._hits)

    @property
    def rendered_indexes(self) -> list[int]:
        """The hits (places from 0) rendered and kept since the hits or the looks last changed."""
        kept = self._rendered.keys()  # LRUCache cannot be iterated itself.
        return sorted({index for index, _width, _look in kept})

    def hit_at(self, index: int) -> SearchHit | None:
        """Returns the hit shown at a place in the list.

        Args:
            index: The hit's place, from 0.

        Returns:
            The hit, or None when the index is out of range.
        """
        return self._hits[index] if 0 <= index < len(self._hits) else None

    def rendered_text(self) -> str:
        """The text of every rendered hit, as drawn at the current width (for tests).

        Returns:
            The hits' lines, one a line, trailing spaces removed.
        """
        result = self.shown_result or self._empty
        width = self._content_width()
        return '\n'.join(
            line.plain.rstrip()
            for index in self.rendered_indexes
            for line in hit_lines(self._hits[index], result, width)
        )

    # Showing hits.

    def show_result(self, result: SearchResult) -> None:
        """Replaces the list with the hits of a search, the first highlighted.

        Costs the same for 5 hits or 500: the hits are kept, and only the rows that come on
        screen are rendered when the screen is next drawn.

        Args:
            result: The search's result.
        """
        self._hits = list(result.hits)
        self.shown_result = result
        self._rendered.clear()
        self._hover = None
        self._update_virtual_size()
        self.set_reactive(SearchHitList.highlighted, 0 if self._hits else None)
        self.scroll_to(y=0, animate=False, force=True)
        self.refresh()

    def _content_width(self) -> int:
        """The width the hits are drawn at: the widget's inside, less any scrollbar."""
        return self.scrollable_content_region.width

    def _update_virtual_size(self) -> None:
        """Sets the scrollable size: every hit's rows, at the current width.

        Setting `virtual_size` lays out the whole screen again, which costs more than drawing
        the hits. The list's place and size do not depend on how many hits it holds, so only
        the scrollbars are updated; they ask for a layout themselves when one appears or goes.
        """
        size = Size(self._content_width(), len(self._hits) * HIT_HEIGHT)
        if size != self.virtual_size:
            self.set_reactive(SearchHitList.virtual_size, size)
            self._scroll_update(size)

    # Drawing.

    def render_lines(self, crop: Region) -> list[Strip]:
        """Draws the rows in a region of the list (measuring the width once, not every row).

        Args:
            crop: The region to draw.

        Returns:
            The rows.
        """
        self._drawing_width = self._content_width()
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        """Draws one row of the list.

        Args:
            y: The row's place in the view, from its top.

        Returns:
            The row.
        """
        width = self._drawing_width or self._content_width()
        line = round(self.scroll_y) + y
        index, row = divmod(line, HIT_HEIGHT)
        if not 0 <= index < len(self._hits):
            return Strip.blank(width, self.get_visual_style('search-hit-list--hit').rich_style)
        return self._hit_strips(index, width)[row]

    def _hit_strips(self, index: int, width: int) -> list[Strip]:
        """Renders one hit (or takes it from the cache) in its current look."""
        look = self._look_of(index)
        key = (index, width, look)
        strips = self._rendered.get(key)
        if strips is None:
            if look:
                style = self.get_visual_style('search-hit-list--hit', look)
            else:
                style = self.get_visual_style('search-hit-list--hit')
            lines = hit_lines(self._hits[index], self.shown_result or self._empty, width)
            strips = [self._strip_of(line, style, width) for line in lines]
            self._rendered[key] = strips
        return strips

    def _look_of(self, index: int) -> str:
        """The component class a hit is drawn with beyond the plain look ('' for none)."""
        if index == self.highlighted:
            return 'search-hit-list--highlighted'
        if index == self._hover:
            return 'search-hit-list--hover'
        return ''

    def _strip_of(self, line: Content, style: Style, width: int) -> Strip:
        """Renders one line of content on a style, padded to the width."""
        segments = [
            Segment(text, text_style.rich_style)
            for text, text_style in line.render(style, end='', parse_style=self._get_style)
        ]
        # One Strip a line (each Strip builds several caches): padded here, not by crop_extend.
        padding = width - line.cell_length
        if padding > 0:
            segments.append(Segment(' ' * padding, style.rich_style))
        elif padding < 0:
            return Strip(segments).crop(0, width)
        return Strip(segments, width)

    def _refresh_hit(self, index: int | None) -> None:
        """Draws one hit again (after its look changed)."""
        if index is not None and 0 <= index < len(self._hits):
            self.refresh_lines(index * HIT_HEIGHT, HIT_HEIGHT)

    def _forget_renders(self) -> None:
        """Drops every rendered hit, so the next draw uses the current styles."""
        self._rendered.clear()
        self.refresh()

    def notify_style_update(self) -> None:
        """Renders the hits again with the new styles (a theme, focus or class change)."""
        super().notify_style_update()
        self._forget_renders()

    def _theme_changed(self, _theme: Theme) -> None:
        """Renders the hits again in the new theme's colours."""
        self._forget_renders()

    # Events.

    def on_mount(self) -> None:
        """Follows theme changes (keyword and accent colours come from the theme)."""
        self.app.theme_changed_signal.subscribe(self, self._theme_changed)

    def on_resize(self) -> None:
        """Fits the hits to the new width and keeps the highlighted one in view."""
        self._update_virtual_size()
        self._forget_renders()
        self.scroll_to_highlight()

    def on_show(self) -> None:
        """Keeps the highlighted hit in view when the list comes back on screen."""
        self.scroll_to_highlight()

    def _index_at(self, event: events.MouseEvent) -> int | None:
        """The hit under the mouse, or None."""
        offset = event.get_content_offset(self)
        if offset is None:
            return None
        index = (round(self.scroll_y) + offset.y) // HIT_HEIGHT
        return index if 0 <= index < len(self._hits) else None

    async def _on_click(self, event: events.Click) -> None:
        """Chooses the clicked hit."""
        index = self._index_at(event)
        if index is None:
            return
        event.stop()
        self.highlighted = index
        self.action_choose()

    def _on_mouse_move(self, event: events.MouseMove) -> None:
        """Marks the hit under the mouse."""
        self._set_hover(self._index_at(event))

    def _on_leave(self, _event: events.Leave) -> None:
        """Unmarks the hit the mouse left."""
        self._set_hover(None)

    def _set_hover(self, index: int | None) -> None:
        """Moves the mouse's mark to another hit."""
        if index == self._hover:
            return
        previous, self._hover = self._hover, index
        self._refresh_hit(previous)
        self._refresh_hit(index)

    # The highlight.

    def validate_highlighted(self, index: int | None) -> int | None:
        """Keeps the highlight on a hit: None when there are none, else within the list."""
        if index is None or not self._hits:
            return None
        return max(0, min(index, len(self._hits) - 1))

    def watch_highlighted(self, previous: int | None, index: int | None) -> None:
        """Redraws the two hits whose look changed and brings the new one into view."""
        self._refresh_hit(previous)
        self._refresh_hit(index)
        self.scroll_to_highlight()

    def scroll_to_highlight(self) -> None:
        """Scrolls just enough to show the whole highlighted hit."""
        if self.highlighted is None or not self.is_mounted:
            return
        region = Region(0, self.highlighted * HIT_HEIGHT, self._content_width(), HIT_HEIGHT)
        self.scroll_to_region(region, animate=False, force=True, immediate=True)

    def _hits_per_page(self) -> int:
        """How many whole hits fit on screen (at least one)."""
        return max(1, self.scrollable_content_region.height // HIT_HEIGHT)

    def action_cursor_down(self) -> None:
        """Highlights the next hit (the first, when none is)."""
        self.highlighted = 0 if self.highlighted is None else self.highlighted + 1

    def action_cursor_up(self) -> None:
        """Highlights the previous hit (the first, when none is)."""
        self.highlighted = 0 if self.highlighted is None else self.highlighted - 1

    def action_page_down(self) -> None:
        """Highlights the hit a screenful below."""
        current = self.highlighted if self.highlighted is not None else -1
        self.highlighted = current + self._hits_per_page()

    def action_page_up(self) -> None:
        """Highlights the hit a screenful above."""
        current = self.highlighted if self.highlighted is not None else 0
        self.highlighted = current - self._hits_per_page()

    def action_first(self) -> None:
        """Highlights the first hit."""
        self.highlighted = 0

    def action_last(self) -> None:
        """Highlights the last hit."""
        self.highlighted = len(self._hits) - 1

    def action_choose(self) -> None:
        """Posts `HitChosen` for the highlighted hit."""
        index = self.highlighted
        hit = self.hit_at(index) if index is not None else None
        if index is not None and hit is not None:
            self.post_message(self.HitChosen(self, index, hit))
