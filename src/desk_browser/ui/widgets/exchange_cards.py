"""The exchange view's blocks: a session's header and its cards, rendered at a width and kept.

Block 0 is the header (or a sentence), block n the card of exchange n - 1 and a blank line.
`ExchangeCards` renders a block when asked and keeps every block's height; it reads no widget.
"""

from __future__ import annotations

from rich.console import Console
from rich.text import Text
from textual.cache import LRUCache
from textual.strip import Strip

from desk_browser.memory.session_store import Exchange
from desk_browser.presentation.desk_data import SessionLog
from desk_browser.presentation.safe_text import markdown_source
from desk_browser.ui.widgets.block_heights import BlockHeights
from desk_browser.ui.widgets.exchange_rendering import (
    CARD_BAR,
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

_CACHED_BLOCKS = 96
"""How many rendered blocks are kept; a screen rarely shows more than a dozen."""


class ExchangeCards:
    """A session's header and cards (or a sentence), their heights and the last ones rendered."""

    def __init__(self) -> None:
        """Starts with nothing shown."""
        self.log: SessionLog | None = None
        """The session shown (None: a sentence, or nothing yet)."""
        self.message: Text | None = None
        """The sentence shown instead of exchanges (None: the session's exchanges)."""
        self.heights = BlockHeights()
        """Each block's height, and which are exact."""
        self.width = 0
        """The width blocks are rendered at (0: not laid out yet)."""
        self.strips: LRUCache[int, list[Strip]] = LRUCache(_CACHED_BLOCKS)
        """The blocks rendered and kept, by block."""
        self.styles = CardStyles()
        """The styles blocks are rendered with (see `use_styles`)."""
        self.plain_first = False
        """Whether answers are rendered as plain text until the first frame is drawn."""
        self.plain_blocks: set[int] = set()
        """The cards whose answers were rendered as plain text, to render again as Markdown."""
        self._asked: tuple[str, list[str | None]] | None = None

    # What is shown.

    def show(self, log: SessionLog | None, message: Text | None, blocks: int) -> None:
        """Starts over with a log or a sentence, as `blocks` blocks of no height."""
        self.log = log
        self.message = message
        self.plain_blocks.clear()
        self.heights.reset(blocks)
        self.width = 0
        self.strips.clear()

    def grow(self, log: SessionLog) -> None:
        """Shows the log shown with exchanges added at its end (their heights the caller's)."""
        self.log = log
        self.strips.discard(0)  # The header says the new count (and damaged lines).
        self.heights.forget(0)

    def show_asked_times(self, session_id: str, asked: list[str | None]) -> bool:
        """Notes when the shown session's exchanges were asked; True when the titles change."""
        log = self.log
        if log is None or log.session_id != session_id or self._asked == (session_id, asked):
            return False
        self._asked = (session_id, asked)
        self.strips.clear()  # Each title is one line still: no card moves.
        return True

    def asked_time(self, index: int) -> str | None:
        """When the exchange at a place (from 0) was asked (its trigger's ISO time), or None."""
        asked = self._asked
        log = self.log
        if asked is None or log is None or asked[0] != log.session_id:
            return None
        times = asked[1]
        return times[index] if 0 <= index < len(times) else None

    # Heights.

    @property
    def body_width(self) -> int:
        """The width of a card's text: the blocks' width less the card's bar."""
        return max(1, self.width - len(CARD_BAR))

    def estimate(self, exchange: Exchange) -> int:
        """A card's estimated height at the current width, with its blank line."""
        return estimate_card_height(exchange, self.body_width) + 1

    def estimates(self, exchanges: list[Exchange]) -> list[int]:
        """Each card's `estimate`, in one loop."""
        return [height + 1 for height in estimate_card_heights(exchanges, self.body_width)]

    def rewrap(self, width: int) -> None:
        """Starts over at a new width: every height is an estimate again."""
        self.width = width
        self.strips.clear()
        cards = self.heights.heights[1:]
        if self.log is not None:
            cards = self.estimates(self.log.exchanges)
        self.heights.estimate_all([2, *cards])

    def measure(self, top: int, bottom: int, console: Console) -> bool:
        """Renders the unmeasured blocks between two lines; True when any height changed."""
        changed = False
        heights = self.heights
        block = heights.block_at(top)
        line = heights.offsets[block]
        while block < len(heights.heights) and line < bottom:
            if not heights.exact[block]:
                before = heights.heights[block]
                self.block_strips(block, console)
                changed = changed or heights.heights[block] != before
            line += heights.heights[block]
            block += 1
        return changed

    # Rendering.

    def use_styles(self, styles: CardStyles) -> None:
        """Renders with these styles from now on; other styles than before drop the kept blocks."""
        if styles != self.styles:
            self.strips.clear()
            self.styles = styles

    def block_strips(self, block: int, console: Console) -> list[Strip]:
        """A block's lines at the current width, rendered now unless kept from before."""
        strips = self.strips.get(block)
        if strips is None:
            strips = self.render_block(block, console)
            self.strips.set(block, strips)
            self.heights.measured(block, len(strips) + (1 if block > 0 else 0))
        return strips

    def render_block(self, block: int, console: Console) -> list[Strip]:
        """Renders a block's lines at the current width."""
        styles = self.styles
        if self.message is not None:
            return render_message(console, self.message, self.width)
        log = self.log
        if log is None:
            return []
        if block == 0:
            return render_header(console, log, self.width, styles)
        plain = self.plain_first
        strips = render_card(
            console,
            block,
            log.exchanges[block - 1],
            self.body_width,
            styles,
            plain=plain,
            asked=self.asked_time(block - 1),
        )
        if plain:
            self.plain_blocks.add(block)
        return strips

    def frame_drawn(self) -> bool:
        """Notes a frame drawn: answers are Markdown from now on. True when some were plain."""
        if self.plain_first and self.log is not None and self.strips.keys():
            self.plain_first = False
            return bool(self.plain_blocks)
        return False

    def render_plain_again(self, console: Console) -> bool:
        """Renders the cards drawn as plain text again; True when any of them differs."""
        changed = False
        log = self.log
        for block in sorted(self.plain_blocks):
            kept = self.strips.get(block)
            if kept is None or log is None or block > len(log.exchanges):
                continue
            rendered = self.render_block(block, console)
            if not _same_lines(kept, rendered):
                self.strips.discard(block)  # LRUCache.set keeps a value it holds.
                self.strips.set(block, rendered)
                self.heights.measured(block, len(rendered) + 1)
                changed = True
        self.plain_blocks.clear()
        return changed

    @property
    def rendered_indexes(self) -> list[int]:
        """The exchanges (places from 0) whose cards are rendered and kept right now."""
        kept = self.strips.keys()  # LRUCache cannot be iterated itself.
        return sorted(block - 1 for block in kept if block > 0)

    def rendered_text(self) -> str:
        """The header's and every rendered card's words, unwrapped, one a line (for tests)."""
        styles = self.styles
        if self.message is not None:
            return self.message.plain
        log = self.log
        if log is None:
            return ''
        parts = [line.plain for line in header_lines(log, styles)]
        for index in self.rendered_indexes:
            exchange = log.exchanges[index]
            asked = self.asked_time(index)
            parts.append(exchange_title(index + 1, exchange, styles, asked, self.body_width).plain)
            parts.append(trigger_text(exchange.trigger_text, styles).plain)
            answer = exchange.answer
            parts.append(markdown_source(answer) if answer.strip() else '(no answer)')
        return '\n'.join(parts)


def _same_lines(first: list[Strip], second: list[Strip]) -> bool:
    """Whether two renderings are the same lines: the same runs, text and styles."""
    return len(first) == len(second) and all(
        a.cell_length == b.cell_length and list(a) == list(b)
        for a, b in zip(first, second, strict=True)
    )
