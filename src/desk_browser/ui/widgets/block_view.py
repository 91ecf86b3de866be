"""A scrolling view of blocks rendered only when about to be drawn, keeping still meanwhile.

The exchange view is built on `BlockView`. It keeps each block's height (`BlockHeights`: an
estimate until rendered), the last blocks rendered, and the place on screen while exact
heights replace estimates (`_settle`). Home, End and the page keys jump at once, then render
the page ahead. A subclass renders a block and estimates every block's height.
"""

from __future__ import annotations

from textual.actions import SkipAction
from textual.cache import LRUCache
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from desk_browser.ui.widgets.block_heights import BlockHeights
from desk_browser.ui.widgets.scroll_size import set_scroll_size

_CACHED_BLOCKS = 96
"""How many rendered blocks the view keeps; a screen rarely shows more than a dozen."""

_SETTLE_ROUNDS = 8
"""How many times the view re-renders its window while exact heights replace estimates."""

_AHEAD_DELAY = 0.01
"""Seconds after a page is drawn before the next page's blocks are rendered (the frame is on its
way to the terminal first)."""


class BlockView(ScrollView):
    """Scrolls through blocks, rendering only those about to be drawn (see the module's doc)."""

    def __init__(self, *, id: str | None = None) -> None:
        """Prepares an empty view.

        Args:
            id (str | None): The widget's id.
        """
        super().__init__(id=id)
        self._width = 0
        """The width the blocks were rendered and measured at (0: not laid out yet)."""
        self._blocks = BlockHeights()
        """Each block's height, and which are exact."""
        self._strips: LRUCache[int, list[Strip]] = LRUCache(_CACHED_BLOCKS)
        self._settling = False
        self._correction_scheduled = False

    # What a subclass says.

    def _render_block(self, block: int) -> list[Strip]:
        """Renders a block's lines at the current width (`_width`)."""
        raise NotImplementedError

    def _estimated_heights(self) -> list[int]:
        """Every block's estimated height at the current width (`_width`), in order."""
        raise NotImplementedError

    def _gap_after(self, block: int) -> int:
        """How many blank lines follow a block's lines (drawn by the subclass; none here)."""
        return 0

    def _end_asked(self) -> None:
        """Called when End (or G) is pressed, before the view moves."""

    # Heights and places.

    def _content_width(self) -> int:
        return self.scrollable_content_region.width

    def _rewrap(self, width: int) -> None:
        """Starts over at a new width: every height is an estimate again."""
        self._width = width
        self._strips.clear()
        self._blocks.estimate_all(self._estimated_heights())

    def _settle(
        self, anchor: tuple[int, int] | None = None, *, bottom: bool = False, now: bool = True
    ) -> None:
        """Renders the blocks in view, so their exact heights replace estimates, and keeps still.

        Args:
            anchor (tuple[int, int] | None): A block and a line within it to show at the top of the
                view; by default the line at the top now.
            bottom (bool): Show the end of the content instead (following a log).
            now (bool): Scroll to keep still at once; False (from a scroll watcher) scrolls once
                the current message is handled and no scroll animation runs.
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
        """Renders the unmeasured blocks between two lines; True when any height changed."""
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
            self._blocks.measured(block, len(strips) + self._gap_after(block))
        return strips

    # Keys. Home, End and the page keys jump at once: Textual animates them (End and Home over
    # a second, a page at 50 lines a second), drawing, and rendering the blocks of, every step on
    # the way through a long log.

    def action_scroll_home(self) -> None:
        """Shows the top of the content at once.

        Raises:
            SkipAction: Everything fits; the key is left to others.
        """
        if not self.allow_vertical_scroll:
            raise SkipAction()
        self._settle(anchor=(0, 0))
        self.refresh()
        self._plan_render_ahead(1)

    def action_scroll_end(self) -> None:
        """Shows the end of the content at once (End or G).

        Raises:
            SkipAction: Everything fits; the key is left to others.
        """
        self._end_asked()
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
        """Renders the next page's blocks (direction 1 below, -1 above) once this page is drawn."""
        self.call_after_refresh(self.set_timer, _AHEAD_DELAY, lambda: self._render_ahead(direction))

    def _render_ahead(self, direction: int) -> None:
        """Renders the page below (1) or above (-1) the view, keeping the view still."""
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
        """Renders the blocks that scrolled into view."""
        super().watch_scroll_y(old_value, new_value)
        self._settle(now=False)

    def on_resize(self) -> None:
        """Renders again at the new width, keeping the same block at the top."""
        self._settle()
