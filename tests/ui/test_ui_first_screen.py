"""The first screen at a glance: the summary pane, the search line, layouts from 60 to 200 columns.

The 80x24 and 120x40 snapshots are test_ui_small_terminal's and test_ui_snapshots' first screens.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from pathlib import Path

import pytest

from desk_browser.demo import DEMO_TODAY, build_demo_desk
from desk_browser.ui.screens.search_screen import SearchScreen
from desk_browser.ui.widgets.desk_footer import DeskFooter, fitted
from desk_browser.ui.widgets.search_hit_list import SearchHitList
from desk_browser.ui.widgets.search_launcher import SEARCH_PLACEHOLDER, SearchLauncher
from desk_browser.ui.widgets.session_list import SessionList
from desk_browser.ui.widgets.state_pane import StatePane
from desk_browser.ui.widgets.summary_pane import SummaryPane
from desk_browser.ui.widgets.tabbed_panes import TabbedPanes
from tests.helpers.pilot import AppFor, main_screen, screen_text, settle, settled

SnapCompare = Callable[..., bool]


def _footer_keys(app: object) -> list[str]:
    footer = app.screen.query_one(DeskFooter)  # type: ignore[attr-defined]
    return [entry.key for entry in footer.shown_keys()]


async def test_the_summary_of_the_selected_day_is_under_its_exchanges(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with settled(app, (100, 30)) as pilot:
        pane = app.query_one(SummaryPane)
        assert main_screen(app).shown_day == '2026-10-21'  # Today's: not written until it ends.
        assert pane.has_class('-empty') and pane.region.height == 3  # One line says so.
        assert 'No summary for Wed 2026-10-21' in screen_text(pilot)
        app.query_one(SessionList).highlight_session('2026-10-20-1')
        await settle(pilot)
        assert pane.border_title == 'Summary of Tue 2026-10-20'
        assert not pane.has_class('-empty')
        assert pane.region.height >= 5  # Its first lines, with the exchanges above it.
        text = screen_text(pilot)
        assert 'Summary of Tue 2026-10-20' in text
        assert '#1' in text and 'IST' in text  # The exchanges, on the same screen.


async def test_z_makes_the_pane_taller_and_the_summary_tab_replaces_it(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with settled(app, (120, 40)) as pilot:
        app.query_one(SessionList).highlight_session('2026-10-20-1')
        await settle(pilot)
        pane = app.query_one(SummaryPane)
        short = pane.region.height
        await pilot.press('z')
        await settle(pilot)
        assert pane.tall and pane.region.height > short
        await pilot.press('z')
        await settle(pilot)
        assert not pane.tall and pane.region.height == short
        await pilot.press('s')
        await settle(pilot)
        assert app.query_one(TabbedPanes).active == 'summary-tab'
        assert not pane.display  # The tab shows the whole summary; the pane makes way.
        await pilot.press('e')
        await settle(pilot)
        assert pane.display


async def test_a_click_on_the_search_line_opens_the_search_and_typing_shows_hits(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with settled(app, (120, 40)) as pilot:
        assert SEARCH_PLACEHOLDER in screen_text(pilot)
        await pilot.click(SearchLauncher)
        await settle(pilot)
        assert isinstance(app.screen, SearchScreen)
        assert app.focused is app.screen.query_one('#query')
        await pilot.press(*'nifty')
        await settle(pilot)
        assert app.screen.query_one(SearchHitList).hit_count > 0


@pytest.mark.parametrize('size', [(80, 24), (100, 30), (60, 16)])
async def test_the_footer_keeps_search_help_and_quit_at_any_width(
    app_for: AppFor, demo_desk: Path, size: tuple[int, int]
) -> None:
    app = app_for(demo_desk)
    async with settled(app, size) as pilot:
        keys = _footer_keys(app)
        assert {'slash', 'question_mark', 'q'} <= set(keys)
        text = screen_text(pilot).splitlines()[-1]
        assert '/ Search' in text and '? Help' in text and 'q Quit' in text


async def test_a_wide_footer_shows_every_key_and_a_resize_fits_them_again(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with settled(app, (120, 40)) as pilot:
        wide = _footer_keys(app)
        assert 'f' in wide and not app.screen.query_one(DeskFooter).compact
        await pilot.resize_terminal(70, 24)
        await settle(pilot)
        narrow = _footer_keys(app)
        assert 'f' not in narrow and {'n', 'p', 'c', 'q'} <= set(narrow)
        assert app.screen.query_one(DeskFooter).compact
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        assert _footer_keys(app) == wide


def test_the_footer_keeps_the_screen_s_main_keys_then_its_others_then_the_app_s() -> None:
    keys = [
        ('f', 'f', 'Pause', False, False),
        ('n', 'n', 'Next', False, False),
        ('c', 'c', 'Current', False, False),
        ('y', 'y', 'Copy', False, False),
        ('slash', '/', 'Search', False, True),
        ('exclamation_mark', '!', 'Problems', False, True),
        ('q', 'q', 'Quit', False, True),
        ('d', 'd', 'Day', False, True),
        ('ctrl+p', '^p', 'palette', True, False),
    ]
    assert fitted(keys, 200) == (False, frozenset())
    # Copy first, then the app's Problems (Day, shorter, still fits), then the screen's keys
    # from the last one back; never search, quit or the palette.
    assert fitted(keys, 70) == (True, frozenset({3}))
    assert fitted(keys, 63) == (True, frozenset({3, 5}))
    assert fitted(keys, 50) == (True, frozenset({2, 3, 5}))
    assert fitted(keys, 20) == (True, frozenset({0, 1, 2, 3, 5, 7}))
    # The screen's main keys go last, in the order it names them.
    assert fitted(keys, 45, first=('c', 'n')) == (True, frozenset({0, 3, 5, 7}))
    assert fitted(keys, 42, first=('c', 'n')) == (True, frozenset({0, 1, 3, 5, 7}))


async def test_at_80x24_the_state_headline_fits_without_scrolling(
    app_for: AppFor, damaged_desk: Path
) -> None:
    app = app_for(damaged_desk)
    async with settled(app, (80, 24)) as pilot:
        state = app.query_one(StatePane)
        assert state.scroll_y == 0
        text = screen_text(pilot)  # What the screen shows: the headline's last lines too.
        for words in ('Session', 'Trading', 'claude', 'codex', '2 ahead', 'problems: press !'):
            assert words in text


async def test_at_80x24_an_old_trading_date_fits_its_line(app_for: AppFor, tmp_path: Path) -> None:
    desk = tmp_path / 'main'
    build_demo_desk(desk, today=DEMO_TODAY - datetime.timedelta(days=41), days=3)
    app = app_for(desk)
    async with settled(app, (80, 24)) as pilot:
        lines = screen_text(pilot).splitlines()
        trading = [line for line in lines if 'Trading' in line]
        assert len(trading) == 1
        assert '2026-09-10 · 41 days ago' in trading[0]  # On one line: no weekday beside it.
        below = lines[lines.index(trading[0]) + 1]
        assert 'ago' not in below


async def test_the_left_column_grows_with_the_width(app_for: AppFor, demo_desk: Path) -> None:
    app = app_for(demo_desk)
    async with settled(app, (200, 60)) as pilot:
        sidebar = app.query_one('#sidebar')
        assert sidebar.region.width == 64
        assert '"session_id": "d40aa3fe-8c4b-3552-f35d-3764062070d7"' in screen_text(pilot)


async def test_below_70_columns_the_panes_stack(app_for: AppFor, demo_desk: Path) -> None:
    app = app_for(demo_desk)
    async with settled(app, (60, 16)) as pilot:
        screen = main_screen(app)
        assert screen.has_class('-narrow')
        sidebar = app.query_one('#sidebar')
        reading = app.query_one('#tabs')
        assert reading.region.width >= 56  # Not 20 columns beside the sessions.
        assert reading.virtual_region.y > sidebar.virtual_region.y
        await pilot.resize_terminal(100, 30)
        await settle(pilot)
        assert screen.has_class('-wide') and reading.region.x > sidebar.region.x


def test_first_screen_at_200x60(
    snap_compare: SnapCompare, app_for: AppFor, demo_desk: Path
) -> None:
    """200x60: the left column at its widest (64), runner_state on its lines, the exchanges
    beside it, the day's summary pane (none for today: one line) under them."""
    assert snap_compare(app_for(demo_desk), run_before=settle, terminal_size=(200, 60))


def test_first_screen_at_60x16(snap_compare: SnapCompare, app_for: AppFor, demo_desk: Path) -> None:
    """60x16: the panes stacked, the state's headline on top; the footer keeps / ? q."""
    assert snap_compare(app_for(demo_desk), run_before=settle, terminal_size=(60, 16))
