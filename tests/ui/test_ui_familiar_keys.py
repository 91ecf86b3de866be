"""Pilot tests of the keys people know from less and vim: j/k, g/G in every list and view."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from desk_browser.ui.screens.day_screen import DayScreen
from desk_browser.ui.screens.main_screen import MainScreen
from desk_browser.ui.screens.problems_screen import ProblemsScreen
from desk_browser.ui.screens.record_screen import RecordScreen
from desk_browser.ui.widgets.desk_text_view import DeskTextView
from desk_browser.ui.widgets.exchange_view import ExchangeView
from desk_browser.ui.widgets.kind_filter import KindFilter
from desk_browser.ui.widgets.problem_list import ProblemList
from desk_browser.ui.widgets.row_list import RowList
from desk_browser.ui.widgets.search_hit_list import SearchHitList
from desk_browser.ui.widgets.session_list import SessionList
from desk_browser.ui.widgets.timeline import Timeline
from tests.helpers.pilot import AppFor, open_search, settle, settled


async def _check_list_keys(pilot: Pilot[Any], rows: RowList) -> None:
    """g, G, k and j move the highlight to the first row, the last, up one and down one."""
    rows.focus()
    await pilot.pause()
    last = rows.row_count - 1
    assert last >= 2, 'the list needs three rows to tell the keys apart'
    await pilot.press('G')
    await pilot.pause()
    assert rows.highlighted == last
    await pilot.press('k')
    assert rows.highlighted == last - 1
    await pilot.press('g')
    await pilot.pause()
    assert rows.highlighted == 0
    await pilot.press('j', 'j')
    assert rows.highlighted == 2
    await pilot.press('k')
    assert rows.highlighted == 1


async def test_j_k_g_and_g_move_in_the_sessions_list(app_for: AppFor, demo_desk: Path) -> None:
    app = app_for(demo_desk)
    async with settled(app) as pilot:
        await _check_list_keys(pilot, app.screen.query_one(SessionList))
        assert isinstance(app.screen, MainScreen)


async def test_j_k_g_and_g_scroll_the_exchanges(app_for: AppFor, demo_desk: Path) -> None:
    app = app_for(demo_desk)
    async with settled(app) as pilot:
        view = app.screen.query_one(ExchangeView)
        view.focus()
        await pilot.pause()
        assert view.max_scroll_y > 2
        await pilot.press('G')
        await pilot.pause()
        assert view.shows_end()
        await pilot.press('g')
        await pilot.pause()
        assert view.scroll_y == 0
        await pilot.press('j', 'j')
        await pilot.pause()
        assert view.scroll_y == 2
        await pilot.press('k')
        await pilot.pause()
        assert view.scroll_y == 1


async def test_j_k_g_and_g_move_in_the_hits(app_for: AppFor, demo_desk: Path) -> None:
    app = app_for(demo_desk)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_search(pilot, 'nifty')
        await _check_list_keys(pilot, app.screen.query_one(SearchHitList))


async def test_j_k_g_and_g_move_in_the_timeline(app_for: AppFor, demo_desk: Path) -> None:
    app = app_for(demo_desk)
    async with settled(app) as pilot:
        await pilot.press('d')
        await settle(pilot)
        assert isinstance(app.screen, DayScreen)
        await _check_list_keys(pilot, app.screen.query_one(Timeline))


async def test_j_k_g_and_g_move_in_the_problems(app_for: AppFor, damaged_desk: Path) -> None:
    app = app_for(damaged_desk)
    async with settled(app) as pilot:
        await pilot.press('exclamation_mark')
        await settle(pilot)
        assert isinstance(app.screen, ProblemsScreen)
        table = app.screen.query_one(ProblemList)
        table.focus()
        await pilot.pause()
        await pilot.press('G')
        assert table.cursor_row == table.row_count - 1
        await pilot.press('k')
        assert table.cursor_row == table.row_count - 2
        await pilot.press('g')
        assert table.cursor_row == 0
        await pilot.press('j', 'j')
        assert table.cursor_row == 2


async def test_in_a_record_j_and_g_scroll_and_d_opens_the_day_view(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with app.run_test(size=(80, 16)) as pilot:
        await open_search(pilot, 'nifty')
        hits = app.screen.query_one(SearchHitList)
        assert hits.shown_result is not None
        lengths = [len(hit.record.text) for hit in hits.shown_result.hits]
        hits.highlighted = lengths.index(max(lengths))
        hits.focus()
        await pilot.press('enter')
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, RecordScreen)
        record = screen.query_one(DeskTextView)
        assert record.max_scroll_y > 1
        await pilot.press('G')
        await pilot.pause()
        assert record.scroll_y == record.max_scroll_y
        await pilot.press('g', 'j')
        await pilot.pause()
        assert record.scroll_y == 1
        day = screen.hit.record.day
        await pilot.press('d')
        await settle(pilot)
        day_screen = app.screen
        assert isinstance(day_screen, DayScreen)
        assert day_screen.day == day


async def test_j_k_g_and_g_move_in_the_day_views_filter(app_for: AppFor, demo_desk: Path) -> None:
    app = app_for(demo_desk)
    async with settled(app) as pilot:
        await pilot.press('d')
        await settle(pilot)
        assert isinstance(app.screen, DayScreen)
        filter_list = app.screen.query_one(KindFilter)
        await pilot.press('f')
        await pilot.pause()
        assert filter_list.has_focus
        last = filter_list.option_count - 1
        await pilot.press('G')
        assert filter_list.highlighted == last
        await pilot.press('k')
        assert filter_list.highlighted == last - 1
        await pilot.press('g')
        assert filter_list.highlighted == 0
        await pilot.press('j', 'j')
        assert filter_list.highlighted == 2
        assert filter_list.has_focus
