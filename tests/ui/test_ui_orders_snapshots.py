"""SVG snapshots of the Orders view and an order's story on the demo desk, at 80x24 and 120x40.

The demo's yesterday (Tue 2026-10-20) is shown: the first screen's `[` then `o`, as a trader
would reach it, the highlight on the day's first order (two of the day before, filled and
cancelled that day, are listed above it); the story is of its SELL of NIFTY options, two rows on.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from tests.helpers.pilot import AppFor, settle

SnapCompare = Callable[..., bool]
SIZES = [(80, 24), (120, 40)]


async def _open_orders(pilot: Pilot[Any]) -> None:
    await settle(pilot)
    await pilot.press('left_square_bracket')
    await settle(pilot)
    await pilot.press('o')
    await settle(pilot)


@pytest.mark.parametrize('size', SIZES, ids=['80x24', '120x40'])
def test_orders_view(
    snap_compare: SnapCompare, app_for: AppFor, demo_desk: Path, size: tuple[int, int]
) -> None:
    """Yesterday's orders and its rejection, the counts and positions on top."""
    assert snap_compare(app_for(demo_desk), run_before=_open_orders, terminal_size=size)


@pytest.mark.parametrize('size', SIZES, ids=['80x24', '120x40'])
def test_order_story(
    snap_compare: SnapCompare, app_for: AppFor, demo_desk: Path, size: tuple[int, int]
) -> None:
    """The SELL of NIFTY options: its trigger, tool calls and answer first."""

    async def run_before(pilot: Pilot[Any]) -> None:
        await _open_orders(pilot)
        await pilot.press('down', 'down', 'enter')
        await settle(pilot)

    assert snap_compare(app_for(demo_desk), run_before=run_before, terminal_size=size)
