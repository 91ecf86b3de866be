"""The exchanges of the selected session: one scrolling view that draws only what is on screen.

The view holds every exchange of the session but renders a card (title, trigger, Markdown answer)
only when it is about to be drawn, at the view's width, and keeps the last cards it rendered.
Cards never rendered count with an estimated height; once rendered, the exact height replaces
the estimate, and the view keeps its place so nothing on screen moves.
"""

from __future__ import annotations

from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.actions import SkipAction
from textual.binding import BindingType
from textual.cache import LRUCache
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from desk_browser.memory.desk_files import Problem
from desk_browser.memory.session_store import Exchange
from desk_browser.presentation.desk_data import SessionLog
from desk_browser.presentation.safe_text import markdown_source
from desk_browser.ui.widgets.block_heights import BlockHeights
from desk_browser.ui.widgets.desk_text_look import DESK_TEXT_COMPONENTS, card_styles
from desk_browser.ui.widgets.exchange_rendering import (
    CardStyles,
    estimate_card_height,
    estimate_card_heights,
    exchange_title,
    header_lines,
    render_card,
    render_header,
    render_message,
    trigger_text,
)
from desk_browser.ui.widgets.familiar_keys import SCROLL_KEYS
from desk_browser.ui.widgets.scroll_size import set_scroll_size

JUMP_SIZE = 25
"""How many exchanges N and P jump forward and back."""

CARD_BAR = '▌ '
"""What stands before each line of a card: the bar (coloured) and a space."""

_CACHED_BLOCKS = 96
"""How many rendered cards the view keeps; a screen rarely shows more than a dozen."""

_SETTLE_ROUNDS = 8
"""How many times the view re-renders its window while exact heights replace estimates."""

_AHEAD_DELAY = 0.01
"""Seconds after a page is drawn before the next page's cards are rendered (the frame is on its
way to the terminal first)."""


class ExchangeView(ScrollView, can_focus=True):
    """Shows a session's exchanges, oldest first, rendering only the cards on screen.

    The first block is the header (the session, its count and problems); then one card an
    exchange. The current exchange's card is drawn with an accent bar on a lighter background.
    """

    BINDINGS: ClassVar[list[BindingType]] = SCROLL_KEYS

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        'exchange-view--bar',
        'exchange-view--bar-current',
        'exchange-view--current',
        *DESK_TEXT_COMPONENTS,
    }

    DEFAULT_CSS = """
    ExchangeView {
        overflow-x: hidden;
    }
    """

    current_index: reactive[int | None] = reactive(None, init=False)
    """The current exchange's place in the session (from 0), or None before any move."""

    class EndShown(Message):
        """End or G showed the end of the session: any new exchanges below are seen now."""

    def __init__(self, *, id: str | None = None) -> None:
        """Prepares an empty view.

        Args:
            id (str | None): The widget's id.
        """
        super().__init__(id=id)
        self._log: SessionLog | None = None
        self._message: Text | None = None
        self._width = 0
        """The width the cards were rendered and measured at (0: not laid out yet)."""
        self._blocks = BlockHeights()
        """Each block's height: the header's first, then each card's (with its blank line)."""
        self._strips: LRUCache[int, list[Strip]] = LRUCache(_CACHED_BLOCKS)
        self._styles: CardStyles | None = None
        self._rendered_with: CardStyles | None = None
        """The styles the kept cards were rendered with."""
        self._settling = False
        self._correction_scheduled = False
        self._line_style: Style | None = None
        """The view's own style while render_lines draws (None outside it)."""
        self._line_width: int | None = None
        """The content's width while render_lines draws (None outside it)."""

    # What the rest of the app asks.

    @property
    def exchange_count(self) -> int:
        """How many exchanges the session shown has."""
        return len(self._log.exchanges) if self._log is not None else 0

    @property
    def shown_log(self) -> SessionLog | None:
        """The session log shown, or None when a sentence is shown instead."""
        return self._log

    @property
    def rendered_indexes(self) -> list[int]:
        """The exchanges (places from 0) whose cards are rendered and kept right now."""
        kept = self._strips.keys()  # LRUCache cannot be iterated itself.
        return sorted(block - 1 for block in kept if block > 0)

    def rendered_text(self) -> str:
        """The words of the header and of every card rendered now, unwrapped (for tests).

        Returns:
            str: The sentence or the header's lines, then each rendered card's title, trigger and
                answer (the Markdown source as rendered: made visible and capped), one a line.
        """
        styles = self._card_styles()
        if self._message is not None:
            return self._message.plain
        log = self._log
        if log is None:
            return ''
        parts = [line.plain for line in header_lines(log, styles)]
        for index in self.rendered_indexes:
            exchange = log.exchanges[index]
            parts.append(exchange_title(index + 1, exchange, styles).plain)
            parts.append(trigger_text(exchange.trigger_text, styles).plain)
            answer = exchange.answer
            parts.append(markdown_source(answer) if answer.strip() else '(no answer)')
        return '\n'.join(parts)

    def chosen_index(self) -> int | None:
        """The exchange copy acts on: the current one, else the first at the top of the view.

        Returns:
            int | None: Its place in the session (from 0), or None when no exchange is shown.
        """
        if not self.exchange_count:
            return None
        return self.current_index if self.current_index is not None else self._first_below_top()

    def shows_end(self) -> bool:
        """Whether the view is scrolled to the bottom, where the newest exchange is."""
        return self._log is None or self.scroll_y >= self.max_scroll_y - 1

    # Showing things.

    async def show_message(self, message: str, classes: str = '-explain') -> None:
        """Shows a sentence instead of exchanges.

        Args:
            message (str): The sentence (the UI's own words, shown as plain text).
            classes (str): ``-warning`` or ``-error`` for a sentence in those colours; else muted.
        """
        styles = self._card_styles()
        style = styles.muted
        if '-warning' in classes.split():
            style = styles.warning
        elif '-error' in classes.split():
            style = styles.error
        self._log = None
        self._message = Text(message, style=style)
        self._reset(blocks=1)

    async def show_log(self, log: SessionLog) -> None:
        """Shows a session's exchanges, from the top; the session shown, read again, where it was.

        The exchange at the top stays at the top (the bottom stays the bottom), and the current
        exchange stays current, so reading the desk again (r) moves nothing.

        Args:
            log (SessionLog): The session's log.
        """
        shown = self._log
        again = shown is not None and self._message is None and shown.session_id == log.session_id
        blocks = 1 + len(log.exchanges)
        anchor = self._blocks.anchor_at(round(self.scroll_y)) if again and self._width else None
        at_end = again and self.shows_end() and self.max_scroll_y > 0
        current = self.current_index if again else None
        self._log = log
        self._message = None
        self._reset(blocks=blocks)
        if anchor is not None and (anchor[0] < blocks or at_end):
            if current is not None and current < len(log.exchanges):
                self.set_reactive(ExchangeView.current_index, current)
            self._settle(anchor=None if at_end else anchor, bottom=at_end)

    def _reset(self, blocks: int) -> None:
        self._blocks.reset(blocks)
        self._width = 0
        self._strips.clear()
        self.set_reactive(ExchangeView.current_index, None)
        self.scroll_to(y=0, animate=False)
        self._settle(anchor=(0, 0))
        self._show_the_scrollbar_before_the_first_layout()
        self.refresh()

    def _show_the_scrollbar_before_the_first_layout(self) -> None:
        """Shows the scrollbar before the first layout when the cards surely need it.

        The cards rendered for the first frame then keep their width (else it appears once they
        are measured: a second layout). Estimated at the screen's whole width: the fewest lines.
        """
        if self.size or self._log is None:
            return
        width, height = self.app.size
        total = 2  # The header's lines, then each card's until they overflow the screen.
        for exchange in self._log.exchanges:
            total += estimate_card_height(exchange, width) + 1
            if total > height:
                self.set_reactive(ExchangeView.virtual_size, Size(width, total))
                self.show_vertical_scrollbar = True
                return

    async def add_exchanges(
        self,
        session_id: str,
        exchanges: list[Exchange],
        problems: list[Problem],
        pending_bytes: int,
    ) -> int:
        """Adds what the shown session's log gained, following it when the view is at its end.

        Args:
            session_id (str): The session the lines belong to; ignored unless it is the one shown.
            exchanges (list[Exchange]): The new exchanges, oldest first.
            problems (list[Problem]): The damaged lines among the new lines.
            pending_bytes (int): How many bytes of an unfinished last line the log now holds.

        Returns:
            int: How many of the new exchanges are out of view (for the "N new" marker).
        """
        log = self._log
        if log is None or log.session_id != session_id:
            return 0
        at_end = self.shows_end()
        self._log = SessionLog(
            session_id=session_id,
            exchanges=[*log.exchanges, *exchanges],
            problems=[*log.problems, *problems],
            pending_bytes=pending_bytes,
        )
        # The header (count, problems) is rendered again; the new cards count with estimates.
        self._strips.discard(0)
        self._blocks.forget(0)
        for exchange in exchanges:
            self._blocks.append(self._estimate(exchange))
        if at_end:
            self._settle(bottom=True)
            return 0
        self._settle()
        return len(exchanges)

    async def go_to_end(self) -> None:
        """Scrolls to the bottom, where the newest exchange is."""
        if self.exchange_count:
            self._settle(bottom=True)

    async def go_to(self, index: int) -> None:
        """Makes an exchange current and scrolls it to the top of the view.

        Args:
            index (int): The exchange's place in the session, from 0; clamped to the session.
        """
        count = self.exchange_count
        if count == 0:
            return
        index = max(0, min(index, count - 1))
        self.current_index = index
        self._settle(anchor=(index + 1, 0))
        self.refresh()

    async def next_exchange(self) -> None:
        """Moves to the next exchange (the first in view when none is current)."""
        if not self.exchange_count:
            return
        if self.current_index is None:
            await self.go_to(self._first_below_top())
        else:
            await self.go_to(self.current_index + 1)

    async def previous_exchange(self) -> None:
        """Moves to the previous exchange (the first in view when none is current)."""
        if not self.exchange_count:
            return
        if self.current_index is None:
            await self.go_to(self._first_below_top())
        else:
            await self.go_to(self.current_index - 1)

    async def jump_forward(self) -> None:
        """Moves JUMP_SIZE exchanges on (from the first in view when none is current)."""
        if self.exchange_count:
            start = self.current_index
            await self.go_to((start if start is not None else self._first_below_top()) + JUMP_SIZE)

    async def jump_back(self) -> None:
        """Moves JUMP_SIZE exchanges back (from the first in view when none is current)."""
        if self.exchange_count:
            start = self.current_index
            await self.go_to((start if start is not None else self._first_below_top()) - JUMP_SIZE)

    def watch_current_index(self) -> None:
        """Redraws the view with the new current exchange marked (nothing is rendered again)."""
        self.refresh()

    # Heights and places.

    def _estimate(self, exchange: Exchange) -> int:
        return estimate_card_height(exchange, self._body_width()) + 1

    def _body_width(self) -> int:
        return max(1, self._width - len(CARD_BAR))

    def _first_below_top(self) -> int:
        """The first exchange whose top is at or below the top of the view."""
        block = self._blocks.first_starting_at(round(self.scroll_y))
        return max(0, min(block - 1, self.exchange_count - 1))

    def _content_width(self) -> int:
        return self.scrollable_content_region.width

    def _rewrap(self, width: int) -> None:
        """Starts over at a new width: every height is an estimate again."""
        self._width = width
        self._strips.clear()
        cards = self._blocks.heights[1:]
        if self._log is not None:
            estimates = estimate_card_heights(self._log.exchanges, self._body_width())
            cards = [height + 1 for height in estimates]
        self._blocks.estimate_all([2, *cards])

    def _settle(
        self, anchor: tuple[int, int] | None = None, *, bottom: bool = False, now: bool = True
    ) -> None:
        """Renders the blocks in view, so their exact heights replace estimates, and keeps still.

        Args:
            anchor (tuple[int, int] | None): A block and a line within it to show at the top of the
                view; by default the line at the top now.
            bottom (bool): Show the end of the content instead (following a log).
            now (bool): Scroll to keep still at once; False (from a scroll watcher, maybe inside an
                animation's step) scrolls once the current message is handled and no scroll
                animation runs.
        """
        if self._settling:
            return
        if now and self.app.animator.is_being_animated(self, 'scroll_y'):
            now = False
        width = self._content_width()
        height = self.scrollable_content_region.height
        if width <= 0 or height <= 0:
            return
        self._settling = True
        try:
            if anchor is None and not bottom:
                if not self._width:
                    anchor = (0, 0)  # Nothing was laid out yet: start at the top.
                elif self.max_scroll_y > 0 and self.scroll_y >= self.max_scroll_y:
                    bottom = True  # At the end (End, G, following): stay there.
                else:
                    anchor = self._blocks.anchor_at(round(self.scroll_y))
            if width != self._width:
                self._rewrap(width)
            for _ in range(_SETTLE_ROUNDS):
                top = self._blocks.top(anchor, height)
                if not self._measure(top, top + height):
                    break
            top = self._blocks.top(anchor, height)
            set_scroll_size(self, Size(width, self._blocks.total))
            if round(self.scroll_y) != top:
                if now:
                    self.scroll_to(y=top, animate=False)
                elif not self._correction_scheduled:
                    self._correction_scheduled = True
                    self.call_next(self._correct_scroll, anchor, bottom)
        finally:
            self._settling = False

    def _correct_scroll(self, anchor: tuple[int, int] | None, bottom: bool) -> None:
        """Scrolls to keep still after a scroll step, unless a scroll animation is under way."""
        self._correction_scheduled = False
        if not self.app.animator.is_being_animated(self, 'scroll_y'):
            self._settle(anchor, bottom=bottom)

    def _measure(self, top: int, bottom: int) -> bool:
        """Renders the blocks between two lines that are not measured yet.

        Returns:
            bool: Whether any height changed.
        """
        changed = False
        blocks = self._blocks
        block = blocks.block_at(top)
        line = blocks.offsets[block]
        while block < len(blocks.heights) and line < bottom:
            if not blocks.exact[block]:
                before = blocks.heights[block]
                self._block_strips(block)
                changed = changed or blocks.heights[block] != before
            line += blocks.heights[block]
            block += 1
        return changed

    # Rendering.

    def _block_strips(self, block: int) -> list[Strip]:
        """A block's lines at the current width, rendered now unless kept from before."""
        strips = self._strips.get(block)
        if strips is None:
            strips = self._render_block(block)
            self._strips.set(block, strips)
            self._blocks.measured(block, len(strips) + (1 if block > 0 else 0))
        return strips

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
        return render_card(console, block, log.exchanges[block - 1], self._body_width(), styles)

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

    # Keys. Home, End and the page keys jump at once: Textual animates them (End and Home over
    # a second, a page at 50 lines a second), drawing, and rendering the cards of, every step on
    # the way through a long log.

    def action_scroll_home(self) -> None:
        """Shows the top of the session at once.

        Raises:
            SkipAction: Everything fits; the key is left to others.
        """
        if not self.allow_vertical_scroll:
            raise SkipAction()
        self._settle(anchor=(0, 0))
        self.refresh()
        self._plan_render_ahead(1)

    def action_scroll_end(self) -> None:
        """Shows the end of the session, its newest exchange, at once (End or G).

        Raises:
            SkipAction: Everything fits; the key is left to others.
        """
        self.post_message(self.EndShown())
        if not self.allow_vertical_scroll:
            raise SkipAction()
        self._settle(bottom=True)
        self.refresh()
        self._plan_render_ahead(-1)

    def action_page_down(self) -> None:
        """Scrolls a page down at once.

        Raises:
            SkipAction: Everything fits; the key is left to others.
        """
        self._page(1)

    def action_page_up(self) -> None:
        """Scrolls a page up at once.

        Raises:
            SkipAction: Everything fits; the key is left to others.
        """
        self._page(-1)

    def _page(self, direction: int) -> None:
        if not self.allow_vertical_scroll:
            raise SkipAction()
        page = self.scrollable_content_region.height
        self.scroll_to(y=self.scroll_y + direction * page, animate=False, immediate=True)
        self._plan_render_ahead(direction)

    def _plan_render_ahead(self, direction: int) -> None:
        """Renders the next page's cards once this page is drawn, so the next key only draws.

        Rendering a card (its Markdown) was most of a page key's time on a long log; the page
        after is rendered while the person reads this one. Cards are kept as for any other
        render (the last _CACHED_BLOCKS).

        Args:
            direction (int): 1 for the page below, -1 for the page above.
        """
        self.call_after_refresh(self.set_timer, _AHEAD_DELAY, lambda: self._render_ahead(direction))

    def _render_ahead(self, direction: int) -> None:
        """Renders the cards of the page below (or above) the view, keeping the view still.

        Args:
            direction (int): 1 for the page below, -1 for the page above.
        """
        height = self.scrollable_content_region.height
        if self._settling or not self._width or height <= 0 or not self.is_attached:
            return
        top = round(self.scroll_y)
        anchor = self._blocks.anchor_at(top)
        if direction > 0:
            changed = self._measure(top + height, top + 2 * height)
        else:
            changed = self._measure(max(0, top - height), top)
        if changed:
            set_scroll_size(self, Size(self._width, self._blocks.total))
            still = self._blocks.top(anchor, height)  # Cards above changed: the same lines.
            if still != top:
                self.scroll_to(y=still, animate=False)

    # Events.

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        """Renders the cards that scrolled into view."""
        super().watch_scroll_y(old_value, new_value)
        self._settle(now=False)

    def on_resize(self) -> None:
        """Renders again at the new width, keeping the same exchange at the top."""
        self._settle()

    def on_click(self, event: events.Click) -> None:
        """Makes the clicked exchange current."""
        offset = event.get_content_offset(self)
        if offset is None or not self.exchange_count:
            return
        line = round(self.scroll_y) + offset.y
        if line < self._blocks.total:
            block = self._blocks.block_at(line)
            if block > 0:
                self.current_index = block - 1
