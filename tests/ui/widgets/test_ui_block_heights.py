"""BlockHeights: where the blocks of a lazily rendered view start, as heights are measured."""

from __future__ import annotations

from desk_browser.ui.widgets.block_heights import BlockHeights


def test_places_follow_the_heights_and_a_measure_moves_the_blocks_below() -> None:
    blocks = BlockHeights()
    blocks.estimate_all([2, 5, 5, 5])
    assert blocks.offsets == [0, 2, 7, 12, 17]
    assert (blocks.block_at(0), blocks.block_at(6), blocks.block_at(7)) == (0, 1, 2)
    assert blocks.block_at(99) == 3  # Past the end: the last block.
    assert blocks.anchor_at(9) == (2, 2)
    blocks.measured(1, 8)
    assert blocks.moved and blocks.exact == [False, True, False, False]
    assert blocks.total == 20 and not blocks.moved
    assert blocks.top((2, 2), height=5) == 12  # The same line of the same block, lower now.
    assert blocks.top(None, height=5) == 15  # The bottom.
    assert blocks.top((3, 99), height=5) == 15  # Never past the end.


def test_first_block_starting_at_a_line_and_blocks_added_at_the_end() -> None:
    blocks = BlockHeights(2)
    blocks.estimate_all([2, 4])
    assert blocks.first_starting_at(2) == 1
    assert blocks.first_starting_at(3) == 2  # One past the last: none starts there.
    blocks.append(3)
    blocks.measured(0, 2)
    blocks.forget(0)
    assert blocks.exact == [False, False, False] and blocks.total == 9
    blocks.reset(1)
    assert blocks.heights == [0] and blocks.total == 0
