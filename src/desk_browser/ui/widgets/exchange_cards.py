"""How the exchange view draws: a session's header and its exchanges' cards, as blocks.

`ExchangeCards` is the drawing half of `ExchangeView` (exchange_view.py, which shows a session,
moves between its exchanges and answers the rest of the app): it renders a block (the header, a
card, or a sentence in place of exchanges) at the view's width, estimates the heights of cards not
rendered yet, and draws each line with the card's bar, the current card marked. It also draws the
first frame's answers from the lines kept at the last start, then checks them once Rich's Markdown
has loaded (answer_drawings).
"""

from __future__ import annotations

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
from desk_browser.presentation.drawn_answers import KeptDrawings
from desk_browser.ui.widgets.answer_drawings import AnswerDrawings, same_lines
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


class ExchangeCards(BlockView):
    """Draws a session's header and its exchanges' cards (the current one marked), or a sentence.

    The first block is the header (the session, its count and problems); then one card an
    exchange. The current exchange's card is drawn with an accent bar on a lighter background.
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        'exchange-view--bar',
        'exchange-view--bar-current',
        'exchange-view--current',
        *DESK_TEXT_COMPONENTS,
    }

    current_index: reactive[int | None] = reactive(None, init=False)
    """The current exchange's place in the session (from 0), or None before any move."""

    class _MarkdownLoaded(Message):
        """Rich's Markdown is loaded: the answers drawn from kept lines can be checked."""

        def __init__(self, drawings: AnswerDrawings) -> None:
            super().__init__()
            self.drawings = drawings

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
        self._drawings: AnswerDrawings | None = None
        """The first frame's answers, drawn from the last start's lines (answer_drawings)."""
        self._recalled_blocks: set[int] = set()
        """The cards whose answers were drawn from kept lines, to check once Markdown loads."""
        self._first_drawn: AnswerDrawings | None = None
        """The first frame's answers once it is drawn, until they are kept (or unmounted)."""

    # The first frame's answers.

    def draw_first_answers_from(self, kept: KeptDrawings) -> None:
        """Draws the first frame's answers from the lines kept at the last start, where it can.

        Once that frame is drawn they are checked against their rendering, and what this start
        rendered is kept for the next (see answer_drawings).

        Args:
            kept (KeptDrawings): The lines kept, as the first read found them.
        """
        self._drawings = AnswerDrawings(kept)

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
        drawings = self._drawings
        recalled = drawings.recalled if drawings is not None else 0
        exchange = log.exchanges[block - 1]
        strips = render_card(console, block, exchange, self._body_width(), styles, drawings)
        if drawings is not None and drawings.recalled != recalled:
            self._recalled_blocks.add(block)
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
        """Draws the lines asked for, with the view's style and width looked up once for all.

        Args:
            crop (Region): The part of the view to draw.

        Returns:
            list[Strip]: The lines.
        """
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
            if self._drawings is not None and self._log is not None and self._strips.keys():
                drawings, self._drawings = self._drawings, None  # Once drawn: check, keep.
                self._first_drawn = drawings
                self.call_after_refresh(self._check_the_first_answers, drawings)

    def _check_the_first_answers(self, drawings: AnswerDrawings) -> None:
        """Once the first frame is drawn: checks the answers drawn from kept lines, keeps these."""
        drawings.stop_recalling()
        if self._recalled_blocks:
            self._load_markdown_then_check(drawings)
        else:
            self._keep_the_first_answers(drawings)

    @work(thread=True, group='first-answers')
    def _load_markdown_then_check(self, drawings: AnswerDrawings) -> None:
        """Loads Rich's Markdown off the event loop, then checks the recalled answers."""
        import desk_browser.ui.widgets.safe_rich_markdown  # noqa: F401  (See answer_drawings.)

        self.post_message(self._MarkdownLoaded(drawings))

    def on_exchange_cards__markdown_loaded(self, message: _MarkdownLoaded) -> None:
        """Renders the cards drawn from kept lines again; draws again any that differs."""
        message.stop()
        drawings = message.drawings
        changed = False
        for block in sorted(self._recalled_blocks):
            kept = self._strips.get(block)
            if kept is None or self._log is None or block > len(self._log.exchanges):
                continue
            self._drawings = drawings  # Notes what is rendered (recalling has ended).
            try:
                rendered = self._render_block(block)
            finally:
                self._drawings = None
            if not same_lines(kept, rendered):
                self._strips.discard(block)  # LRUCache.set keeps a value it holds.
                self._strips.set(block, rendered)
                self._blocks.measured(block, len(rendered) + self._gap_after(block))
                changed = True
        self._recalled_blocks.clear()
        if changed:
            self._settle()
            self.refresh()
        self._keep_the_first_answers(drawings)

    @work(thread=True, group='first-answers')
    def _keep_the_first_answers(self, drawings: AnswerDrawings) -> None:
        """Keeps the answers this start rendered for the next one (a file write: a thread)."""
        drawings.keep()

    def on_unmount(self) -> None:
        """Keeps the first frame's answers now if the app quits before its thread has kept them.

        The thread comes tens of milliseconds after the first frame, and a quit (q pressed as
        soon as the screen shows) cancels it or stops it with the process: nothing was kept, and
        the next start loaded Rich's Markdown to draw its answers again. Not while answers drawn
        from kept lines wait for their check: what this start rendered is then only part of
        what the next one needs, and the file already holds those lines.
        """
        drawings, self._first_drawn = self._first_drawn, None
        if drawings is not None and not self._recalled_blocks:
            drawings.keep()

    def render_line(self, y: int) -> Strip:
        """Draws one line of the view.

        Args:
            y (int): The line's place in the view, from its top.

        Returns:
            Strip: The line.
        """
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
