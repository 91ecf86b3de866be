"""How the exchange view draws: a session's header and its exchanges' cards, as blocks.

`ExchangeCards`, the drawing half of `ExchangeView`, renders a block at the view's width,
estimates unrendered cards' heights, and draws each line with the card's bar, the current
card marked. The first frame's answers are drawn as plain text when Rich's Markdown is not
loaded yet; it then loads on a worker, and cards that differ are drawn again.
"""

from __future__ import annotations

import sys
from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import work
from textual.geometry import Region
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip

from desk_browser.memory.session_store import Exchange
from desk_browser.presentation.desk_data import SessionLog
from desk_browser.ui.widgets.block_view import BlockView
from desk_browser.ui.widgets.desk_text_look import DESK_TEXT_COMPONENTS, card_styles
from desk_browser.ui.widgets.exchange_rendering import (
    CardStyles,
    estimate_card_height,
    estimate_card_heights,
    render_card,
    render_header,
    render_message,
)

CARD_BAR = '▌ '
"""What stands before each line of a card: the bar (coloured) and a space."""

MARKDOWN_MODULE = 'desk_browser.ui.widgets.safe_rich_markdown'
"""The module whose import loads Rich's Markdown (the answers' renderer)."""


class ExchangeCards(BlockView):
    """Draws a session's header and its exchanges' cards (the current one marked), or a sentence."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        'exchange-view--bar',
        'exchange-view--bar-current',
        'exchange-view--current',
        *DESK_TEXT_COMPONENTS,
    }

    current_index: reactive[int | None] = reactive(None, init=False)
    """The current exchange's place in the session (from 0), or None before any move."""

    class _MarkdownLoaded(Message):
        """Rich's Markdown is loaded: the answers drawn as plain text can be rendered."""

    def __init__(self, *, id: str | None = None) -> None:
        """Prepares an empty view.

        Args:
            id (str | None): The widget's id.
        """
        super().__init__(id=id)
        self._log: SessionLog | None = None
        """The session shown (None: a sentence, or nothing yet)."""
        self._message: Text | None = None
        """The sentence shown instead of exchanges (None: the session's exchanges)."""
        # Its blocks: the header first, then each card (with its blank line after it).
        self._styles: CardStyles | None = None
        self._rendered_with: CardStyles | None = None
        """The styles the kept cards were rendered with."""
        self._line_style: Style | None = None
        """The view's own style while render_lines draws (None outside it)."""
        self._line_width: int | None = None
        """The content's width while render_lines draws (None outside it)."""
        self._plain_first = False
        """Whether the answers are drawn as plain text until the first frame is drawn."""
        self._plain_blocks: set[int] = set()
        """The cards whose answers were drawn as plain text, to render once Markdown loads."""
        self._asked: tuple[str, list[str | None]] | None = None
        """When the exchanges of a session were asked (their triggers' times, by place)."""

    # When the exchanges were asked.

    def show_asked_times(self, session_id: str, asked: list[str | None]) -> None:
        """Shows when the session's exchanges were asked, in their titles, once the journal is read.

        Args:
            session_id (str): The session the times are of; ignored unless it is the one shown.
            asked (list[str | None]): Each exchange's trigger time (ISO 8601) or None, by place.
        """
        log = self._log
        if log is None or log.session_id != session_id:
            return
        if self._asked == (session_id, asked):
            return
        self._asked = (session_id, asked)
        self._strips.clear()  # Each title is one line still: no card moves.
        self.refresh()

    def asked_time(self, index: int) -> str | None:
        """When the exchange at a place (from 0) was asked (its trigger's ISO time), or None."""
        asked = self._asked
        log = self._log
        if asked is None or log is None or asked[0] != log.session_id:
            return None
        times = asked[1]
        return times[index] if 0 <= index < len(times) else None

    # The first frame's answers.

    def draw_first_answers_plainly(self) -> None:
        """Draws the next frame's answers as plain text if Rich's Markdown is not loaded yet."""
        self._plain_first = MARKDOWN_MODULE not in sys.modules

    def watch_current_index(self) -> None:
        """Redraws the view with the new current exchange marked (nothing is rendered again)."""
        self.refresh()

    # Heights.

    def _estimate(self, exchange: Exchange) -> int:
        return estimate_card_height(exchange, self._body_width()) + 1

    def _body_width(self) -> int:
        return max(1, self._width - len(CARD_BAR))

    def _estimated_heights(self) -> list[int]:
        """The header's height and each card's, estimated at the current width."""
        cards = self._blocks.heights[1:]
        if self._log is not None:
            estimates = estimate_card_heights(self._log.exchanges, self._body_width())
            cards = [height + 1 for height in estimates]
        return [2, *cards]

    def _gap_after(self, block: int) -> int:
        """A card is followed by a blank line; the header is not."""
        return 1 if block > 0 else 0

    # Rendering.

    def _render_block(self, block: int) -> list[Strip]:
        console = self.app.console
        styles = self._card_styles()
        if self._message is not None:
            return render_message(console, self._message, self._width)
        log = self._log
        if log is None:
            return []
        if block == 0:
            return render_header(console, log, self._width, styles)
        plain = self._plain_first
        exchange = log.exchanges[block - 1]
        strips = render_card(
            console,
            block,
            exchange,
            self._body_width(),
            styles,
            plain=plain,
            asked=self.asked_time(block - 1),
        )
        if plain:
            self._plain_blocks.add(block)
        return strips

    def _card_styles(self) -> CardStyles:
        """The styles from the component classes; a change (a new theme) renders cards again."""
        if self._styles is None:
            rendered_with = self._rendered_with
            self._styles = card_styles(self)
            if self._styles != rendered_with:
                self._strips.clear()
                self._rendered_with = self._styles
        return self._styles

    def notify_style_update(self) -> None:
        """Looks at the styles again: a new theme's colours render the cards again."""
        super().notify_style_update()
        self._styles = None
        self.refresh()

    def render_lines(self, crop: Region) -> list[Strip]:
        """Draws the lines of a region of the view, looking the style and width up once."""
        if self._width != self._content_width():
            # Laid out at a new width (the first time too): the cards are rendered for this
            # frame, not the next (the Resize event comes once this frame is drawn).
            self._settle()
        # The style walks every ancestor's styles: once a line, it was a third of a redraw.
        self._line_style = self.rich_style
        self._line_width = self._content_width()
        try:
            return super().render_lines(crop)
        finally:
            self._line_style = None
            self._line_width = None
            if self._plain_first and self._log is not None and self._strips.keys():
                self._plain_first = False  # Drawn: Markdown from now on.
                if self._plain_blocks:
                    self.call_after_refresh(self._load_markdown)

    @work(thread=True, group='first-answers')
    def _load_markdown(self) -> None:
        """Loads Rich's Markdown off the event loop, then has the plain answers drawn again."""
        __import__(MARKDOWN_MODULE)
        self.post_message(self._MarkdownLoaded())

    def on_exchange_cards__markdown_loaded(self, message: _MarkdownLoaded) -> None:
        """Renders the cards drawn as plain text again, as Markdown; draws any that differs."""
        message.stop()
        changed = False
        for block in sorted(self._plain_blocks):
            kept = self._strips.get(block)
            if kept is None or self._log is None or block > len(self._log.exchanges):
                continue
            rendered = self._render_block(block)
            if not _same_lines(kept, rendered):
                self._strips.discard(block)  # LRUCache.set keeps a value it holds.
                self._strips.set(block, rendered)
                self._blocks.measured(block, len(rendered) + self._gap_after(block))
                changed = True
        self._plain_blocks.clear()
        if changed:
            self._settle()
            self.refresh()

    def render_line(self, y: int) -> Strip:
        """Draws the line `y` lines below the view's top."""
        width = self._line_width if self._line_width is not None else self._content_width()
        base = self._line_style if self._line_style is not None else self.rich_style
        self._card_styles()
        if width != self._width and not self._settling:
            self.call_after_refresh(self._settle)
        line = round(self.scroll_y) + y
        offsets = self._blocks.offsets
        if line >= offsets[-1]:
            return Strip.blank(width, base)
        block = self._blocks.block_at(line)
        strips = self._block_strips(block)
        if not self._settling and self._blocks.moved:
            self.call_after_refresh(self._settle)  # An evicted card came back another height.
        row = line - offsets[block]
        if block == 0 or self._log is None:
            strip = strips[row] if row < len(strips) else Strip.blank(width)
            return strip.apply_style(base).crop_extend(0, width, base)
        if row >= len(strips):
            return Strip.blank(width, base)  # The blank line after a card.
        current = self.current_index == block - 1
        bar_style = self.get_component_rich_style(
            'exchange-view--bar-current' if current else 'exchange-view--bar'
        )
        strip = Strip([Segment(CARD_BAR, bar_style), *strips[row]])
        if current:
            strip = strip.apply_style(self.get_component_rich_style('exchange-view--current'))
        return strip.apply_style(base).crop_extend(0, width, base)


def _same_lines(first: list[Strip], second: list[Strip]) -> bool:
    """Says whether two renderings are the same lines: the same runs, text and styles."""
    return len(first) == len(second) and all(
        a.cell_length == b.cell_length and list(a) == list(b)
        for a, b in zip(first, second, strict=True)
    )
