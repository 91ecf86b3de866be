"""Where each block of a lazily rendered view starts, its height estimated until measured.

`BlockHeights` says which block holds a line and which line an anchor (a block, a line in it)
puts at the top.
"""

from __future__ import annotations

import itertools
from bisect import bisect_right


class BlockHeights:
    """The heights of a view's blocks, each estimated until it is measured."""

    def __init__(self, blocks: int = 1) -> None:
        """Starts with `blocks` blocks of no height, none measured."""
        self.heights: list[int] = [0] * blocks
        """Each block's height, in lines (an estimate until measured)."""
        self.exact: list[bool] = [False] * blocks
        """Whether each block's height was measured by rendering it at the current width."""
        self._offsets: list[int] | None = None

    def reset(self, blocks: int) -> None:
        """Starts over with `blocks` blocks of no height, none measured."""
        self.heights = [0] * blocks
        self.exact = [False] * blocks
        self._offsets = None

    def estimate_all(self, heights: list[int]) -> None:
        """Replaces every height with an estimate, one a block, in order (a new width)."""
        self.heights = list(heights)
        self.exact = [False] * len(heights)
        self._offsets = None

    def append(self, height: int) -> None:
        """Adds a block at the end, with an estimated height."""
        self.heights.append(height)
        self.exact.append(False)
        self._offsets = None

    def extend(self, heights: list[int]) -> None:
        """Adds blocks at the end, with estimated heights, in order."""
        self.heights.extend(heights)
        self.exact.extend([False] * len(heights))
        self._offsets = None

    def forget(self, block: int) -> None:
        """Counts a block's height as an estimate again (it will be rendered again)."""
        self.exact[block] = False

    def measured(self, block: int, height: int) -> None:
        """Records a block's exact height, once rendered."""
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
        """The block holding a line (from 0) of the whole content; the last block past the end."""
        return max(0, min(bisect_right(self.offsets, line) - 1, len(self.heights) - 1))

    def first_starting_at(self, line: int) -> int:
        """The first block whose top is at or below a line (one past the last when none is)."""
        block = self.block_at(line)
        return block + 1 if self.offsets[block] < line else block

    def anchor_at(self, line: int) -> tuple[int, int]:
        """Names a line as (block, line within it), to find it again after heights change."""
        block = self.block_at(line)
        return block, line - self.offsets[block]

    def top(self, anchor: tuple[int, int] | None, height: int) -> int:
        """The line to show at the top of a view of `height` for an anchor (None: the end)."""
        total = self.total
        if anchor is None:
            return max(0, total - height)
        block, within = anchor
        top = self.offsets[block] + min(within, max(0, self.heights[block] - 1))
        return max(0, min(top, total - height))
