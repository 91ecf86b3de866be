"""Where each block of a lazily rendered view starts: estimated heights, measured ones, places.

The exchange view draws a session as blocks (its header, then a card an exchange) and renders
a block only when it is about to be drawn. Until then the block counts with an estimated height;
once rendered, its exact height replaces the estimate. `BlockHeights` keeps those heights, which
of them are exact, and where each block starts, and answers the questions scrolling asks: which
block holds a line, which line to show at the top for an anchor. It knows nothing of Textual.
"""

from __future__ import annotations

import itertools
from bisect import bisect_right


class BlockHeights:
    """The heights of a view's blocks, each estimated until it is measured."""

    def __init__(self, blocks: int = 1) -> None:
        """Starts with blocks of no height, none measured.

        Args:
            blocks (int): How many blocks.
        """
        self.heights: list[int] = [0] * blocks
        """Each block's height, in lines (an estimate until measured)."""
        self.exact: list[bool] = [False] * blocks
        """Whether each block's height was measured by rendering it at the current width."""
        self._offsets: list[int] | None = None

    def reset(self, blocks: int) -> None:
        """Starts over with a number of blocks of no height, none measured.

        Args:
            blocks (int): How many blocks.
        """
        self.heights = [0] * blocks
        self.exact = [False] * blocks
        self._offsets = None

    def estimate_all(self, heights: list[int]) -> None:
        """Replaces every height with an estimate (a new width).

        Args:
            heights (list[int]): One height a block, in order.
        """
        self.heights = list(heights)
        self.exact = [False] * len(heights)
        self._offsets = None

    def append(self, height: int) -> None:
        """Adds a block at the end, with an estimated height.

        Args:
            height (int): Its estimated height.
        """
        self.heights.append(height)
        self.exact.append(False)
        self._offsets = None

    def extend(self, heights: list[int]) -> None:
        """Adds blocks at the end, with estimated heights.

        Args:
            heights (list[int]): Their estimated heights, in order.
        """
        self.heights.extend(heights)
        self.exact.extend([False] * len(heights))
        self._offsets = None

    def forget(self, block: int) -> None:
        """Counts a block's height as an estimate again (it will be rendered again).

        Args:
            block (int): The block.
        """
        self.exact[block] = False

    def measured(self, block: int, height: int) -> None:
        """Records a block's exact height.

        Args:
            block (int): The block.
            height (int): Its height once rendered.
        """
        if self.heights[block] != height:
            self.heights[block] = height
            self._offsets = None
        self.exact[block] = True

    @property
    def moved(self) -> bool:
        """Whether a height changed since the places were last asked for."""
        return self._offsets is None

    @property
    def offsets(self) -> list[int]:
        """Where each block starts, and last the total height."""
        if self._offsets is None:
            self._offsets = list(itertools.accumulate(self.heights, initial=0))
        return self._offsets

    @property
    def total(self) -> int:
        """The height of every block together."""
        return self.offsets[-1]

    def block_at(self, line: int) -> int:
        """The block that holds a line of the whole content (the last block past the end).

        Args:
            line (int): The line, from 0.

        Returns:
            int: The block.
        """
        return max(0, min(bisect_right(self.offsets, line) - 1, len(self.heights) - 1))

    def first_starting_at(self, line: int) -> int:
        """The first block whose top is at or below a line.

        Args:
            line (int): The line, from 0.

        Returns:
            int: The block (one past the last when none is).
        """
        block = self.block_at(line)
        return block + 1 if self.offsets[block] < line else block

    def anchor_at(self, line: int) -> tuple[int, int]:
        """Names a line as a block and a line within it, to find it again after heights change.

        Args:
            line (int): The line, from 0.

        Returns:
            tuple[int, int]: The block and the line within it.
        """
        block = self.block_at(line)
        return block, line - self.offsets[block]

    def top(self, anchor: tuple[int, int] | None, height: int) -> int:
        """The line to show at the top of a view for an anchor (None for the bottom).

        Args:
            anchor (tuple[int, int] | None): A block and a line within it, or None for the end.
            height (int): The view's height.

        Returns:
            int: The line, kept within the content.
        """
        total = self.total
        if anchor is None:
            return max(0, total - height)
        block, within = anchor
        top = self.offsets[block] + min(within, max(0, self.heights[block] - 1))
        return max(0, min(top, total - height))
