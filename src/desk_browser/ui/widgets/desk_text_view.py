"""One piece of desk text, rendered as the exchange view renders answers, its keywords marked.

For the record view and the day view's detail. Keywords are marked on the lines as drawn, so
`n` and `N` step through the keywords the reader sees.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.binding import BindingType
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from desk_browser.presentation.safe_text import DEFAULT_LIMIT, capped, visible
from desk_browser.ui.keyword_hits import KeywordHits
from desk_browser.ui.later_css import add_later_css
from desk_browser.ui.widgets.desk_text_look import DESK_TEXT_COMPONENTS, card_styles
from desk_browser.ui.widgets.exchange_rendering import render_answer, render_lines
from desk_browser.ui.widgets.familiar_keys import SCROLL_KEYS

PLAIN_LIMIT = 64_000
"""How many characters of text that is not Markdown the view shows."""


def styled_part(strip: Strip, start: int, end: int, style: Style) -> Strip:
    """Lays a style over a line's characters (not cells) from `start` up to `end`."""
    segments: list[Segment] = []
    position = 0
    for segment in strip:
        text = segment.text
        after = position + len(text)
        if after <= start or position >= end or segment.control:
            segments.append(segment)
        else:
            cut_start = max(start - position, 0)
            cut_end = min(end - position, len(text))
            own = segment.style or Style()
            if cut_start:
                segments.append(Segment(text[:cut_start], segment.style))
            segments.append(Segment(text[cut_start:cut_end], own + style))
            if cut_end < len(text):
                segments.append(Segment(text[cut_end:], segment.style))
        position = after
    return Strip(segments, strip.cell_length)


class DeskTextView(ScrollView, can_focus=True):
    """Shows one piece of desk text, Markdown rendered, every keyword marked.

    With `labels_hits`, its border's subtitle counts the keywords and says which is current.
    """

    BINDINGS: ClassVar[list[BindingType]] = SCROLL_KEYS

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        *DESK_TEXT_COMPONENTS,
        'desk-text-view--keyword',
        'desk-text-view--current-keyword',
    }

    DEFAULT_CSS = """
    DeskTextView {
        overflow-x: hidden;
        & > .desk-text-view--keyword {
            color: $text-warning;
            background: $warning-muted;
            text-style: bold;
        }
        & > .desk-text-view--current-keyword {
            color: $text-accent;
            text-style: bold reverse;
        }
    }
    """

    def __init__(
        self, *, labels_hits: bool = False, id: str | None = None, classes: str | None = None
    ) -> None:
        """Prepares an empty view; `labels_hits`: the border's subtitle counts the keywords."""
        super().__init__(id=id, classes=classes)
        add_later_css(self)
        self.labels_hits = labels_hits
        """Whether the border's subtitle says how many keywords the text holds."""
        self._heading = ''
        self._text = ''
        self._words: list[str] = []
        self._markdown = True
        self._limit = DEFAULT_LIMIT
        self._width = 0
        """The width the lines were rendered at (0: not rendered)."""
        self._lines: list[Strip] = []
        self._hits = KeywordHits('')
        self._line_starts: list[int] = [0]
        """Where each line starts in the hits' text (the lines joined with newlines)."""

    def show(
        self,
        text: str,
        words: list[str],
        *,
        markdown: bool = True,
        limit: int | None = None,
        heading: str = '',
    ) -> None:
        """Shows a piece of desk text, from its top.

        Args:
            text: The text, as the desk holds it.
            words: The keywords to mark.
            markdown: Whether to render it as Markdown; else it is wrapped as it is.
            limit: The most characters to show (None: the default for the kind); a note says
                what was cut.
            heading: A line in bold above the text (made visible), or none.
        """
        self._heading = heading
        self._text = text
        self._words = list(words)
        self._markdown = markdown
        self._limit = limit if limit is not None else DEFAULT_LIMIT if markdown else PLAIN_LIMIT
        self._width = 0
        self._hits = KeywordHits('')
        self.scroll_to(y=0, animate=False)
        self._lay_out()

    # What the screen asks.

    @property
    def hits(self) -> KeywordHits:
        """The keywords on the lines as rendered, and which one is current."""
        return self._hits

    def rendered_text(self) -> str:
        """The lines as rendered, without trailing spaces (for tests and the screen's copy)."""
        return '\n'.join(strip.text.rstrip() for strip in self._lines)

    def step_hit(self, direction: int) -> bool:
        """Moves to the next (+1) or previous (-1) keyword, round, scrolling; False when none."""
        if self._hits.step(direction) is None:
            return False
        self._label()
        self.scroll_to(y=max(0, self._line_of_current() - 2), animate=False)
        self.refresh()
        return True

    def _line_of_current(self) -> int:
        current = self._hits.current
        if current is None:
            return 0
        return bisect_right(self._line_starts, self._hits.spans[current][0]) - 1

    def _label(self) -> None:
        if self.labels_hits:
            self.border_subtitle = self._hits.label()

    # Rendering.

    def _content_width(self) -> int:
        return self.scrollable_content_region.width

    def _lay_out(self) -> None:
        """Renders the lines at the view's width, when it changed, and sizes the view to them."""
        width = self._content_width()
        if width <= 0 or width == self._width:
            return
        self._width = width
        self._lines = self._render_at(width)
        current = self._hits.current
        joined = '\n'.join(strip.text for strip in self._lines)
        self._hits = KeywordHits.find(joined, self._words)
        if current is not None and current < len(self._hits.spans):
            self._hits.current = current
        starts = [0]
        for strip in self._lines[:-1]:
            starts.append(starts[-1] + len(strip.text) + 1)
        self._line_starts = starts
        self._label()
        self.virtual_size = Size(width, len(self._lines))
        self.refresh()

    def _render_at(self, width: int) -> list[Strip]:
        console = self.app.console
        styles = card_styles(self)
        lines = []
        if self._heading:
            lines = render_lines(console, Text(visible(self._heading), style='bold'), width)
        if self._markdown:
            return lines + render_answer(console, self._text, width, styles, self._limit)
        kept, note = capped(self._text, self._limit)
        lines.extend(render_lines(console, Text(visible(kept)), width))
        if note is not None:
            lines.extend(render_lines(console, Text(note, style=styles.muted), width))
        return lines

    def notify_style_update(self) -> None:
        """Renders again in a new theme's colours."""
        super().notify_style_update()
        if self._width:
            self._width = 0
            self.call_after_refresh(self._lay_out)

    def on_resize(self) -> None:
        """Renders again at the new width."""
        self._lay_out()

    def render_line(self, y: int) -> Strip:
        """Draws the line `y` lines below the view's top, its keywords marked."""
        width = self._content_width()
        base = self.rich_style
        if width != self._width:
            self.call_after_refresh(self._lay_out)
        line = round(self.scroll_y) + y
        if line >= len(self._lines):
            return Strip.blank(width, base)
        strip = self._lines[line]
        start = self._line_starts[line]
        end = start + len(strip.text)
        spans = self._hits.spans
        first = bisect_right(spans, (start, -1))
        for index in range(first, len(spans)):
            span_start, span_end = spans[index]
            if span_start >= end:
                break
            component = (
                'desk-text-view--current-keyword'
                if index == self._hits.current
                else 'desk-text-view--keyword'
            )
            style = self.get_component_rich_style('desk-text-view--keyword')
            if component != 'desk-text-view--keyword':
                style += self.get_component_rich_style(component)
            strip = styled_part(strip, span_start - start, span_end - start, style)
        return strip.apply_style(base).crop_extend(0, width, base)
