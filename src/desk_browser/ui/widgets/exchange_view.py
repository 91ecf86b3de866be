"""The exchanges of the selected session: one scrolling view that draws only what is on screen.

A card is rendered only when about to be drawn (block_view.BlockView: estimated heights until
then, the place kept as exact ones arrive); how a block is drawn is exchange_cards'. This
module shows a session, keeps the place as its log grows or is read again, and moves between
its exchanges.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import events
from textual.binding import BindingType
from textual.geometry import Size
from textual.message import Message

from desk_browser.memory.desk_files import Problem
from desk_browser.memory.session_store import Exchange
from desk_browser.presentation.desk_data import SessionLog
from desk_browser.presentation.safe_text import markdown_source
from desk_browser.ui.widgets.exchange_cards import ExchangeCards
from desk_browser.ui.widgets.exchange_rendering import (
    estimate_card_height,
    estimate_card_heights,
    exchange_title,
    header_lines,
    trigger_text,
)
from desk_browser.ui.widgets.familiar_keys import SCROLL_KEYS

JUMP_SIZE = 25
"""How many exchanges N and P jump forward and back."""


class ExchangeView(ExchangeCards, can_focus=True):
    """Shows a session's exchanges, oldest first, rendering only the cards on screen."""

    BINDINGS: ClassVar[list[BindingType]] = SCROLL_KEYS

    DEFAULT_CSS = """
    ExchangeView {
        overflow-x: hidden;
    }
    """

    class EndShown(Message):
        """End or G showed the end of the session: any new exchanges below are seen now."""

    def __init__(self, *, id: str | None = None) -> None:
        """Prepares an empty view.

        Args:
            id (str | None): The widget's id.
        """
        super().__init__(id=id)
        self._end_wanted = False
        """Whether End was pressed while only the log's first exchanges were shown: the end
        of the whole log is shown once it comes."""
        self._index_wanted: int | None = None
        """The exchange n, N (and p, P) moved to past the first exchanges while only they were
        shown: it becomes current once the rest comes."""

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
        """The header's and every rendered card's words, unwrapped, one a line (for tests)."""
        styles = self._card_styles()
        if self._message is not None:
            return self._message.plain
        log = self._log
        if log is None:
            return ''
        parts = [line.plain for line in header_lines(log, styles)]
        for index in self.rendered_indexes:
            exchange = log.exchanges[index]
            asked = self.asked_time(index)
            parts.append(
                exchange_title(index + 1, exchange, styles, asked, self._body_width()).plain
            )
            parts.append(trigger_text(exchange.trigger_text, styles).plain)
            answer = exchange.answer
            parts.append(markdown_source(answer) if answer.strip() else '(no answer)')
        return '\n'.join(parts)

    def chosen_index(self) -> int | None:
        """The exchange copy acts on (current, else first at the top), from 0; None if none."""
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
        """Shows a session's exchanges from the top; the session shown, read again, where it was.

        A big log comes in two parts (SessionLog.complete): its first exchanges, then the rest
        added below, nothing on screen moving.

        Args:
            log (SessionLog): The session's log.
        """
        shown = self._log
        again = shown is not None and self._message is None and shown.session_id == log.session_id
        if again and shown is not None and not log.complete and shown.complete:
            return  # The whole log is shown: its first exchanges read again add nothing.
        if again and shown is not None and not shown.complete and _continues(shown, log):
            self._show_the_rest(log)
            return
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

    def _show_the_rest(self, log: SessionLog) -> None:
        """Adds the exchanges after the first ones shown, keeping the view still."""
        known = len(self._log.exchanges) if self._log is not None else 0
        at_end = self._end_wanted and self.shows_end()
        anchor = self._blocks.anchor_at(round(self.scroll_y)) if self._width else None
        self._log = log
        self._end_wanted = False
        # The header says the whole count (and the damaged lines) now.
        self._strips.discard(0)
        self._blocks.forget(0)
        if self._width:
            estimates = estimate_card_heights(log.exchanges[known:], self._body_width())
            self._blocks.extend([height + 1 for height in estimates])
        else:  # Not laid out yet: the first settle estimates every card.
            self._blocks.extend([0] * (len(log.exchanges) - known))
        self._settle(anchor=None if at_end else anchor, bottom=at_end)
        wanted, self._index_wanted = self._index_wanted, None
        if wanted is not None and self.current_index == known - 1:  # Still where it stopped.
            wanted = min(wanted, len(log.exchanges) - 1)
            self.current_index = wanted
            self._settle(anchor=(wanted + 1, 0))
        self.refresh()

    def _reset(self, blocks: int) -> None:
        self._end_wanted = False
        self._index_wanted = None
        self._plain_blocks.clear()
        self._blocks.reset(blocks)
        self._width = 0
        self._strips.clear()
        self.set_reactive(ExchangeView.current_index, None)
        self.scroll_to(y=0, animate=False)
        self._settle(anchor=(0, 0))
        self._show_the_scrollbar_before_the_first_layout()
        self.refresh()

    def _show_the_scrollbar_before_the_first_layout(self) -> None:
        """Shows the scrollbar before the first layout when the cards surely need it."""
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
        """Scrolls to the bottom, where the newest exchange is (of the whole log, once read)."""
        if self.exchange_count:
            self._want_the_end()
            self._settle(bottom=True)

    def _want_the_end(self) -> None:
        """Notes that the end is asked for, while only the log's first exchanges are shown."""
        self._end_wanted = self._log is not None and not self._log.complete
        self._index_wanted = None  # The end, not an exchange n or N moved to before.

    async def go_to(self, index: int) -> None:
        """Makes an exchange (place from 0, clamped) current and scrolls it to the view's top."""
        count = self.exchange_count
        if count == 0:
            return
        still_reading = self._log is not None and not self._log.complete
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

    # Heights and places.

    def _first_below_top(self) -> int:
        """The first exchange whose top is at or below the top of the view."""
        block = self._blocks.first_starting_at(round(self.scroll_y))
        return max(0, min(block - 1, self.exchange_count - 1))

    def _end_asked(self) -> None:
        """End or G: any new exchanges below are seen now, and the whole log's end is wanted."""
        self.post_message(self.EndShown())
        self._want_the_end()

    # Events.

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


def _continues(first: SessionLog, whole: SessionLog) -> bool:
    """Whether a complete whole log begins with the first exchanges shown of it."""
    known = len(first.exchanges)
    return whole.complete and whole.exchanges[:known] == first.exchanges
