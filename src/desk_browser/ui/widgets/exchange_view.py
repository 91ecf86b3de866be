"""The exchanges of the selected session: one scrolling view that draws only what is on screen.

A Line-API view over `ExchangeCards`; it keeps its place while exact heights replace estimates
(`_settle`) and as the log grows or is read again.
"""

from __future__ import annotations

import sys
from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual import events, work
from textual.actions import SkipAction
from textual.binding import BindingType
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from desk_browser.memory.desk_files import Problem
from desk_browser.memory.session_store import Exchange
from desk_browser.presentation.desk_data import SessionLog
from desk_browser.ui.widgets.desk_text_look import DESK_TEXT_COMPONENTS, card_styles
from desk_browser.ui.widgets.exchange_cards import ExchangeCards
from desk_browser.ui.widgets.exchange_rendering import card_line, estimate_card_height
from desk_browser.ui.widgets.familiar_keys import SCROLL_KEYS
from desk_browser.ui.widgets.scroll_size import set_scroll_size

JUMP_SIZE = 25
"""How many exchanges N and P jump forward and back."""

MARKDOWN_MODULE = 'desk_browser.ui.widgets.safe_rich_markdown'
"""The module whose import loads Rich's Markdown (the answers' renderer)."""

_SETTLE_ROUNDS = 8
"""How many times the view re-renders its window while exact heights replace estimates."""

_AHEAD_DELAY = 0.01
"""Seconds after a page is drawn before the next page's blocks are rendered."""


class ExchangeView(ScrollView, can_focus=True):
    """Shows a session's exchanges, oldest first, rendering only the cards on screen."""

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

    class _MarkdownLoaded(Message):
        """Rich's Markdown is loaded: the answers drawn as plain text can be rendered."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        """Prepares an empty view with the widget's `id` and `classes`."""
        super().__init__(id=id, classes=classes)
        self._cards = ExchangeCards()
        self._read_styles = True
        """Whether the cards' styles are to be read again (a new theme, say)."""
        self._line_style: Style | None = None
        """The view's own style while render_lines draws (None outside it)."""
        self._line_width: int | None = None
        """The content's width while render_lines draws (None outside it)."""
        self._settling = False
        self._correction_scheduled = False
        self._end_wanted = False
        """Whether End was pressed while only the log's first exchanges were shown."""
        self._index_wanted: int | None = None
        """The exchange n or N moved to past the first exchanges shown, current once they come."""

    # What the rest of the app asks.

    @property
    def exchange_count(self) -> int:
        """How many exchanges the session shown has."""
        log = self._cards.log
        return len(log.exchanges) if log is not None else 0

    @property
    def shown_log(self) -> SessionLog | None:
        """The session log shown, or None when a sentence is shown instead."""
        return self._cards.log

    @property
    def rendered_indexes(self) -> list[int]:
        """The exchanges (places from 0) whose cards are rendered and kept right now."""
        return self._cards.rendered_indexes

    def rendered_text(self) -> str:
        """The header's and every rendered card's words, unwrapped, one a line (for tests)."""
        return self._styled_cards().rendered_text()

    def chosen_index(self) -> int | None:
        """The exchange copy acts on (current, else first at the top), from 0; None if none."""
        if not self.exchange_count:
            return None
        return self.current_index if self.current_index is not None else self._first_below_top()

    def shows_end(self) -> bool:
        """Whether the view is scrolled to the bottom, where the newest exchange is."""
        return self._cards.log is None or self.scroll_y >= self.max_scroll_y - 1

    def asked_time(self, index: int) -> str | None:
        """When the exchange at a place (from 0) was asked (its trigger's ISO time), or None."""
        return self._cards.asked_time(index)

    # Showing things.

    def show_asked_times(self, session_id: str, asked: list[str | None]) -> None:
        """Shows in the titles when the shown session's exchanges were asked (ISO, by place)."""
        if self._cards.show_asked_times(session_id, asked):
            self.refresh()

    def draw_first_answers_plainly(self) -> None:
        """Draws the next frame's answers as plain text if Rich's Markdown is not loaded yet."""
        self._cards.plain_first = MARKDOWN_MODULE not in sys.modules

    async def show_message(self, message: str, classes: str = '-explain') -> None:
        """Shows a sentence instead of exchanges, muted unless `classes` has -warning or -error."""
        styles = self._styled_cards().styles
        style = styles.muted
        if '-warning' in classes.split():
            style = styles.warning
        elif '-error' in classes.split():
            style = styles.error
        self._reset(None, Text(message, style=style), blocks=1)

    async def show_log(self, log: SessionLog) -> None:
        """Shows a session's exchanges from the top; the session shown, read again, where it was.

        A big log's rest (SessionLog.complete) is added below its first part, nothing moving.
        """
        cards = self._cards
        shown = cards.log
        again = shown is not None and cards.message is None and shown.session_id == log.session_id
        if again and shown is not None and not log.complete and shown.complete:
            return  # The whole log is shown: its first exchanges read again add nothing.
        if again and shown is not None and not shown.complete and _continues(shown, log):
            self._show_the_rest(log)
            return
        blocks = 1 + len(log.exchanges)
        anchor = cards.heights.anchor_at(round(self.scroll_y)) if again and cards.width else None
        at_end = again and self.shows_end() and self.max_scroll_y > 0
        current = self.current_index if again else None
        self._reset(log, None, blocks=blocks)
        if anchor is not None and (anchor[0] < blocks or at_end):
            if current is not None and current < len(log.exchanges):
                self.set_reactive(ExchangeView.current_index, current)
            self._settle(anchor=None if at_end else anchor, bottom=at_end)

    def _show_the_rest(self, log: SessionLog) -> None:
        """Adds the exchanges after the first ones shown, keeping the view still."""
        cards = self._cards
        known = self.exchange_count
        at_end = self._end_wanted and self.shows_end()
        anchor = cards.heights.anchor_at(round(self.scroll_y)) if cards.width else None
        self._end_wanted = False
        cards.grow(log)
        if cards.width:
            cards.heights.extend(cards.estimates(log.exchanges[known:]))
        else:  # Not laid out yet: the first settle estimates every card.
            cards.heights.extend([0] * (len(log.exchanges) - known))
        self._settle(anchor=None if at_end else anchor, bottom=at_end)
        wanted, self._index_wanted = self._index_wanted, None
        if wanted is not None and self.current_index == known - 1:  # Still where it stopped.
            wanted = min(wanted, len(log.exchanges) - 1)
            self.current_index = wanted
            self._settle(anchor=(wanted + 1, 0))
        self.refresh()

    def _reset(self, log: SessionLog | None, message: Text | None, blocks: int) -> None:
        self._end_wanted = False
        self._index_wanted = None
        self._cards.show(log, message, blocks)
        self.set_reactive(ExchangeView.current_index, None)
        self.scroll_to(y=0, animate=False)
        self._settle(anchor=(0, 0))
        self._show_the_scrollbar_before_the_first_layout()
        self.refresh()

    def _show_the_scrollbar_before_the_first_layout(self) -> None:
        """Shows the scrollbar before the first layout when the cards surely need it."""
        log = self._cards.log
        if self.size or log is None:
            return
        width, height = self.app.size
        total = 2  # The header's lines, then each card's until they overflow the screen.
        for exchange in log.exchanges:
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

        Ignored unless `session_id` is shown; `pending_bytes` is its unfinished last line's length.

        Returns:
            int: How many of the new exchanges are out of view (for the "N new" marker).
        """
        cards = self._cards
        log = cards.log
        if log is None or log.session_id != session_id:
            return 0
        at_end = self.shows_end()
        cards.grow(
            SessionLog(
                session_id=session_id,
                exchanges=[*log.exchanges, *exchanges],
                problems=[*log.problems, *problems],
                pending_bytes=pending_bytes,
            )
        )
        cards.heights.extend([cards.estimate(exchange) for exchange in exchanges])
        if at_end:
            self._settle(bottom=True)
            return 0
        self._settle()
        return len(exchanges)

    # Moves.

    async def go_to_end(self) -> None:
        """Scrolls to the bottom, where the newest exchange is (of the whole log, once read)."""
        if self.exchange_count:
            self._want_the_end()
            self._settle(bottom=True)

    def _want_the_end(self) -> None:
        """Notes that the end is asked for, while only the log's first exchanges are shown."""
        log = self._cards.log
        self._end_wanted = log is not None and not log.complete
        self._index_wanted = None  # The end, not an exchange n or N moved to before.

    async def go_to(self, index: int) -> None:
        """Makes an exchange (place from 0, clamped) current and scrolls it to the view's top."""
        count = self.exchange_count
        if count == 0:
            return
        log = self._cards.log
        still_reading = log is not None and not log.complete
        self._index_wanted = index if still_reading and index >= count else None
        index = max(0, min(index, count - 1))
        self.current_index = index
        self._settle(anchor=(index + 1, 0))
        self.refresh()

    async def next_exchange(self) -> None:
        """Moves to the next exchange (the first in view when none is current)."""
        if not self.exchange_count:
            return
        if self._place is None:
            await self.go_to(self._first_below_top())
        else:
            await self.go_to(self._place + 1)

    async def previous_exchange(self) -> None:
        """Moves to the previous exchange (the first in view when none is current)."""
        if not self.exchange_count:
            return
        if self._place is None:
            await self.go_to(self._first_below_top())
        else:
            await self.go_to(self._place - 1)

    async def jump_forward(self) -> None:
        """Moves JUMP_SIZE exchanges on (from the first in view when none is current)."""
        if self.exchange_count:
            start = self._place
            await self.go_to((start if start is not None else self._first_below_top()) + JUMP_SIZE)

    async def jump_back(self) -> None:
        """Moves JUMP_SIZE exchanges back (from the first in view when none is current)."""
        if self.exchange_count:
            start = self._place
            await self.go_to((start if start is not None else self._first_below_top()) - JUMP_SIZE)

    @property
    def _place(self) -> int | None:
        """Where n, p, N and P move from: the current exchange, or the one wanted past it."""
        return self._index_wanted if self._index_wanted is not None else self.current_index

    def _first_below_top(self) -> int:
        """The first exchange whose top is at or below the top of the view."""
        block = self._cards.heights.first_starting_at(round(self.scroll_y))
        return max(0, min(block - 1, self.exchange_count - 1))

    # Keeping still while heights are measured.

    def _content_width(self) -> int:
        return self.scrollable_content_region.width

    def _styled_cards(self) -> ExchangeCards:
        """The cards, given the styles again first if they may have changed."""
        if self._read_styles:
            self._read_styles = False
            self._cards.use_styles(card_styles(self))
        return self._cards

    def _settle(
        self, anchor: tuple[int, int] | None = None, *, bottom: bool = False, now: bool = True
    ) -> None:
        """Renders the blocks in view, so their exact heights replace estimates, and keeps still.

        `anchor` (a block, a line in it; by default the top line now) stays at the top, or the end
        with `bottom`; `now=False` scrolls once the message is handled and no animation runs.
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
            cards = self._styled_cards()
            heights = cards.heights
            if anchor is None and not bottom:
                if not cards.width:
                    anchor = (0, 0)  # Nothing was laid out yet: start at the top.
                elif self.max_scroll_y > 0 and self.scroll_y >= self.max_scroll_y:
                    bottom = True  # At the end (End, G, following): stay there.
                else:
                    anchor = heights.anchor_at(round(self.scroll_y))
            if width != cards.width:
                cards.rewrap(width)
            console = self.app.console
            for _ in range(_SETTLE_ROUNDS):
                top = heights.top(anchor, height)
                if not cards.measure(top, top + height, console):
                    break
            top = heights.top(anchor, height)
            set_scroll_size(self, Size(width, heights.total))
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

    def _plan_render_ahead(self, direction: int) -> None:
        """Renders the next page's blocks (direction 1 below, -1 above) once this page is drawn."""
        self.call_after_refresh(self.set_timer, _AHEAD_DELAY, lambda: self._render_ahead(direction))

    def _render_ahead(self, direction: int) -> None:
        """Renders the page below (1) or above (-1) the view, keeping the view still."""
        height = self.scrollable_content_region.height
        if self._settling or not self._cards.width or height <= 0 or not self.is_attached:
            return
        cards = self._styled_cards()
        heights = cards.heights
        console = self.app.console
        top = round(self.scroll_y)
        anchor = heights.anchor_at(top)
        if direction > 0:
            changed = cards.measure(top + height, top + 2 * height, console)
        else:
            changed = cards.measure(max(0, top - height), top, console)
        if changed:
            set_scroll_size(self, Size(cards.width, heights.total))
            still = heights.top(anchor, height)  # Cards above changed: the same lines.
            if still != top:
                self.scroll_to(y=still, animate=False)

    # Keys. Home, End and the page keys jump at once: animated, every step between is rendered.

    def action_scroll_home(self) -> None:
        """Shows the top at once (SkipAction when everything fits: the key is left to others)."""
        if not self.allow_vertical_scroll:
            raise SkipAction()
        self._settle(anchor=(0, 0))
        self.refresh()
        self._plan_render_ahead(1)

    def action_scroll_end(self) -> None:
        """Shows the end at once (End or G): new exchanges below are seen now (see Home)."""
        self.post_message(self.EndShown())
        self._want_the_end()
        if not self.allow_vertical_scroll:
            raise SkipAction()
        self._settle(bottom=True)
        self.refresh()
        self._plan_render_ahead(-1)

    def action_page_down(self) -> None:
        """Scrolls a page down at once (see Home)."""
        self._page(1)

    def action_page_up(self) -> None:
        """Scrolls a page up at once (see Home)."""
        self._page(-1)

    def _page(self, direction: int) -> None:
        if not self.allow_vertical_scroll:
            raise SkipAction()
        page = self.scrollable_content_region.height
        self.scroll_to(y=self.scroll_y + direction * page, animate=False, immediate=True)
        self._plan_render_ahead(direction)

    # Drawing.

    def watch_current_index(self) -> None:
        """Redraws the view with the new current exchange marked (nothing is rendered again)."""
        self.refresh()

    def notify_style_update(self) -> None:
        """Looks at the styles again: a new theme's colours render the cards again."""
        super().notify_style_update()
        self._read_styles = True
        self.refresh()

    def render_lines(self, crop: Region) -> list[Strip]:
        """Draws the lines of a region of the view, looking the style and width up once."""
        if self._cards.width != self._content_width():
            # Laid out at a new width (the first time too): the cards are rendered for this
            # frame, not the next (the Resize event comes once this frame is drawn).
            self._settle()
        # Looked up once a redraw: the style walks every ancestor's styles.
        self._line_style = self.rich_style
        self._line_width = self._content_width()
        try:
            return super().render_lines(crop)
        finally:
            self._line_style = None
            self._line_width = None
            if self._cards.frame_drawn():
                self.call_after_refresh(self._load_markdown)

    def render_line(self, y: int) -> Strip:
        """Draws the line `y` lines below the view's top."""
        width = self._line_width if self._line_width is not None else self._content_width()
        base = self._line_style if self._line_style is not None else self.rich_style
        cards = self._styled_cards()
        heights = cards.heights
        if width != cards.width and not self._settling:
            self.call_after_refresh(self._settle)
        line = round(self.scroll_y) + y
        offsets = heights.offsets
        if line >= offsets[-1]:
            return Strip.blank(width, base)
        block = heights.block_at(line)
        strips = cards.block_strips(block, self.app.console)
        if not self._settling and heights.moved:
            self.call_after_refresh(self._settle)  # An evicted card came back another height.
        row = line - offsets[block]
        if block == 0 or cards.log is None:
            strip = strips[row] if row < len(strips) else Strip.blank(width)
            return strip.apply_style(base).crop_extend(0, width, base)
        if row >= len(strips):
            return Strip.blank(width, base)  # The blank line after a card.
        if self.current_index == block - 1:
            bar = self.get_component_rich_style('exchange-view--bar-current')
            current = self.get_component_rich_style('exchange-view--current')
            return card_line(strips[row], bar, current, base, width)
        bar = self.get_component_rich_style('exchange-view--bar')
        return card_line(strips[row], bar, None, base, width)

    @work(thread=True, group='first-answers')
    def _load_markdown(self) -> None:
        """Loads Rich's Markdown off the event loop, then has the plain answers drawn again."""
        __import__(MARKDOWN_MODULE)
        self.post_message(self._MarkdownLoaded())

    def on_exchange_view__markdown_loaded(self, message: _MarkdownLoaded) -> None:
        """Renders the cards drawn as plain text again, as Markdown; draws any that differs."""
        message.stop()
        if self._styled_cards().render_plain_again(self.app.console):
            self._settle()
            self.refresh()

    # Events.

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        """Renders the blocks that scrolled into view."""
        super().watch_scroll_y(old_value, new_value)
        self._settle(now=False)

    def on_resize(self) -> None:
        """Renders again at the new width, keeping the same block at the top."""
        self._settle()

    def on_click(self, event: events.Click) -> None:
        """Makes the clicked exchange current."""
        offset = event.get_content_offset(self)
        if offset is None or not self.exchange_count:
            return
        heights = self._cards.heights
        line = round(self.scroll_y) + offset.y
        if line < heights.total:
            block = heights.block_at(line)
            if block > 0:
                self.current_index = block - 1


def _continues(first: SessionLog, whole: SessionLog) -> bool:
    """Whether a complete whole log begins with the first exchanges shown of it."""
    known = len(first.exchanges)
    return whole.complete and whole.exchanges[:known] == first.exchanges
