"""SVG snapshots of every screen state, on the demo desk at 120x40 with a fixed today and theme.

Each test builds a fresh app (snap_compare runs it in its own event loop). Look at the report's
pictures before approving a change with --snapshot-update.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from desk_browser.ui.widgets.exchange_view import ExchangeView
from desk_browser.ui.widgets.session_list import SessionList
from tests.helpers.desks import build_trading_desk
from tests.helpers.pilot import AppFor, open_day_view, open_search, settle

SIZE = (120, 40)
SMALL = (80, 24)
SnapCompare = Callable[..., bool]


@pytest.fixture(scope='module')
def trading_desk(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fixed desk: three backends, a damaged log, a position table (build_trading_desk)."""
    return build_trading_desk(tmp_path_factory.mktemp('trading') / 'main')


def test_first_screen(snap_compare: SnapCompare, app_for: AppFor, demo_desk: Path) -> None:
    """State (2 behind, up to date), sessions with the current one marked, its exchanges."""
    assert snap_compare(app_for(demo_desk), run_before=settle, terminal_size=SIZE)


def test_another_session_selected(
    snap_compare: SnapCompare, app_for: AppFor, demo_desk: Path
) -> None:
    """Three rows down the sessions list: Tue 2026-10-20 #2 and its exchanges."""

    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        pilot.app.query_one(SessionList).focus()
        await pilot.press('down', 'down', 'down')
        await settle(pilot)

    assert snap_compare(app_for(demo_desk), run_before=run_before, terminal_size=SIZE)


def test_summary_tab(snap_compare: SnapCompare, app_for: AppFor, demo_desk: Path) -> None:
    """Yesterday's session with the Summary tab: the day's summary as Markdown."""

    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        pilot.app.query_one(SessionList).highlight_session('2026-10-20-2')
        await settle(pilot)
        await pilot.press('s')
        await settle(pilot)

    assert snap_compare(app_for(demo_desk), run_before=run_before, terminal_size=SIZE)


def test_search_before_typing(snap_compare: SnapCompare, app_for: AppFor, demo_desk: Path) -> None:
    """The search just opened: the box focused, the prompt, an empty list with its scrollbar."""

    async def run_before(pilot: Pilot[Any]) -> None:
        await open_search(pilot)

    assert snap_compare(app_for(demo_desk), run_before=run_before, terminal_size=SIZE)


def test_search_without_hits(snap_compare: SnapCompare, app_for: AppFor, demo_desk: Path) -> None:
    """'zzqx': "No hits" as a warning, the list empty."""

    async def run_before(pilot: Pilot[Any]) -> None:
        await open_search(pilot, 'zzqx')

    assert snap_compare(app_for(demo_desk), run_before=run_before, terminal_size=SIZE)


def test_full_hit_search(snap_compare: SnapCompare, app_for: AppFor, demo_desk: Path) -> None:
    """'nifty gap': "37 hits with every word", keywords marked in each snippet."""

    async def run_before(pilot: Pilot[Any]) -> None:
        await open_search(pilot, 'nifty gap')

    assert snap_compare(app_for(demo_desk), run_before=run_before, terminal_size=SIZE)


def test_partial_hit_search(snap_compare: SnapCompare, app_for: AppFor, demo_desk: Path) -> None:
    """'rbi policy crude': "No record has every word · 27 partial hits", "2 of 3 words"."""

    async def run_before(pilot: Pilot[Any]) -> None:
        await open_search(pilot, 'rbi policy crude')

    assert snap_compare(app_for(demo_desk), run_before=run_before, terminal_size=SIZE)


def test_day_view_opened_from_a_hit(
    snap_compare: SnapCompare, app_for: AppFor, demo_desk: Path
) -> None:
    """d on the 'roll the tcs futures' hit: its day, its trigger (11:33) highlighted mid-view."""

    async def run_before(pilot: Pilot[Any]) -> None:
        await open_search(pilot, 'roll the tcs futures')
        await open_day_view(pilot, 'down', 'd')

    assert snap_compare(app_for(demo_desk), run_before=run_before, terminal_size=SIZE)


def test_record_opened(snap_compare: SnapCompare, app_for: AppFor, demo_desk: Path) -> None:
    """The first 'rbi policy' hit opened whole, every keyword marked."""

    async def run_before(pilot: Pilot[Any]) -> None:
        await open_search(pilot, 'rbi policy')
        await pilot.press('enter')
        await settle(pilot)

    assert snap_compare(app_for(demo_desk), run_before=run_before, terminal_size=SIZE)


def test_help(snap_compare: SnapCompare, app_for: AppFor, demo_desk: Path) -> None:
    """The help over the first screen: every key."""

    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await pilot.press('question_mark')
        await settle(pilot)

    assert snap_compare(app_for(demo_desk), run_before=run_before, terminal_size=SIZE)


def test_damaged_state(
    snap_compare: SnapCompare, app_for: AppFor, damaged_state_desk: Path
) -> None:
    """state.json unreadable, in the error colour; the newest session is opened."""
    assert snap_compare(app_for(damaged_state_desk), run_before=settle, terminal_size=SIZE)


def test_no_state(snap_compare: SnapCompare, app_for: AppFor, missing_state_desk: Path) -> None:
    """No state.json yet, in the warning colour; the newest session is opened."""
    assert snap_compare(app_for(missing_state_desk), run_before=settle, terminal_size=SIZE)


def test_damaged_desk(snap_compare: SnapCompare, app_for: AppFor, damaged_desk: Path) -> None:
    """A backend ahead of the log (error colour) and a damaged line skipped (warning colour)."""
    assert snap_compare(app_for(damaged_desk), run_before=settle, terminal_size=SIZE)


def test_empty_desk(snap_compare: SnapCompare, app_for: AppFor, empty_desk: Path) -> None:
    """A folder with no desk: what a desk holds and what to do."""
    assert snap_compare(app_for(empty_desk), run_before=settle, terminal_size=SIZE)


def test_problems_view(snap_compare: SnapCompare, app_for: AppFor, damaged_desk: Path) -> None:
    """! on the damaged demo desk: 7 problems, each with its path, line, kind and reason; the
    cut-short line highlighted, with what it means and the line as written below; the footer's
    Open, Copy and Export."""

    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await pilot.press('exclamation_mark')
        await settle(pilot)
        await pilot.press('j', 'j', 'j', 'j', 'j')
        await settle(pilot)

    assert snap_compare(app_for(damaged_desk), run_before=run_before, terminal_size=SIZE)


def test_problems_counted_and_paused(
    snap_compare: SnapCompare, app_for: AppFor, damaged_desk: Path
) -> None:
    """State pane: "written 14 s ago · paused" and "7 problems: press !"."""

    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await pilot.press('f')
        await settle(pilot)

    assert snap_compare(app_for(damaged_desk), run_before=run_before, terminal_size=SIZE)


def test_search_with_scope_chips_and_a_bad_qualifier(
    snap_compare: SnapCompare, app_for: AppFor, demo_desk: Path
) -> None:
    """'nifty day:yesterday kind:exchange day:2026-13-01': two chips, the bad one in red, the
    hits of Tue 2026-10-20's exchanges only."""

    async def run_before(pilot: Pilot[Any]) -> None:
        await open_search(pilot, 'nifty day:yesterday kind:exchange day:2026-13-01')

    assert snap_compare(app_for(demo_desk), run_before=run_before, terminal_size=SIZE)


def test_search_naming_a_missing_word(
    snap_compare: SnapCompare, app_for: AppFor, demo_desk: Path
) -> None:
    """'nifty rollver': partial hits, "rollver: in no record, did you mean rollover?"."""

    async def run_before(pilot: Pilot[Any]) -> None:
        await open_search(pilot, 'nifty rollver')

    assert snap_compare(app_for(demo_desk), run_before=run_before, terminal_size=SIZE)


def test_a_position_table_at_80x24(
    snap_compare: SnapCompare, app_for: AppFor, trading_desk: Path
) -> None:
    """The exchanges pane's 36 columns: the table folded, a block a row, no cell cut ("1,5…")."""

    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        pilot.app.query_one(ExchangeView).focus()
        await pilot.press('n')  # The table's exchange at the top of the pane.
        await pilot.press('down', 'down', 'down', 'down', 'down', 'down')
        await settle(pilot)

    assert snap_compare(app_for(trading_desk), run_before=run_before, terminal_size=SMALL)


def test_three_backends_and_a_damaged_log_at_80x24(
    snap_compare: SnapCompare, app_for: AppFor, trading_desk: Path
) -> None:
    """The state's headline whole on the first screen: the damaged line and every backend."""
    assert snap_compare(app_for(trading_desk), run_before=settle, terminal_size=SMALL)
