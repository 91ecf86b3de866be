"""SVG snapshots of the Desks screen on the demo workspace, with a fixed today, clock and theme."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from tests.helpers.pilot import deterministic_workspace_app, settle
from tests.ui.test_ui_workspace import search_every_desk

SnapCompare = Callable[..., bool]


def test_desks_screen(snap_compare: SnapCompare, demo_workspace: Path) -> None:
    """Four desks, those needing a look first: options (damaged state) in red, research (quiet)."""
    assert snap_compare(
        deterministic_workspace_app(demo_workspace), run_before=settle, terminal_size=(120, 40)
    )


def test_desks_screen_small(snap_compare: SnapCompare, demo_workspace: Path) -> None:
    """The same at 80x24: each row cut at the width, nothing wrapped."""
    assert snap_compare(
        deterministic_workspace_app(demo_workspace), run_before=settle, terminal_size=(80, 24)
    )


def test_damaged_desk_row(snap_compare: SnapCompare, demo_workspace: Path) -> None:
    """The highlight moved off options: its row stands out in the theme's error colour."""

    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await pilot.press('down', 'down')
        await settle(pilot)

    assert snap_compare(
        deterministic_workspace_app(demo_workspace), run_before=run_before, terminal_size=(120, 40)
    )


def test_search_across_desks(snap_compare: SnapCompare, demo_workspace: Path) -> None:
    """'/ nifty gap' on the Desks screen: hits of every desk, newest day first, desk chips,
    keywords marked, every hit counted."""

    async def run_before(pilot: Pilot[Any]) -> None:
        await search_every_desk(pilot, 'nifty gap')

    assert snap_compare(
        deterministic_workspace_app(demo_workspace), run_before=run_before, terminal_size=(120, 40)
    )
