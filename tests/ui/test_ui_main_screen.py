"""Pilot tests of the main screen: state, sessions, exchanges, summary."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual.widgets import TabbedContent
from ui_helpers import exchange, settle, widget_texts, write_lines, write_state

from desk_browser.ui.app import DeskBrowser
from desk_browser.ui.screens.main_screen import MainScreen
from desk_browser.ui.widgets.exchange_view import PAGE_SIZE, ExchangeView
from desk_browser.ui.widgets.session_list import SessionList

AppFor = Callable[[Path], DeskBrowser]


def main_screen(app: DeskBrowser) -> MainScreen:
    screen = app.screen
    assert isinstance(screen, MainScreen)
    return screen


async def test_opens_on_the_current_session_with_the_state_in_words(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = main_screen(app)
        assert screen.selected_session == '2026-10-21-3'
        text = widget_texts(pilot)
        assert 'Wed 2026-10-21' in text
        assert 'today' in text
        assert 'up to date' in text
        assert '2 behind: it gets 2 exchanges on its next turn' in text
        assert '"session_id": "d40aa3fe' in text
        assert app.query_one(TabbedContent).active == 'exchanges-tab'
        assert '#1' in text and 'IST' in text


async def test_moving_in_the_sessions_list_selects_that_session(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = main_screen(app)
        app.query_one(SessionList).focus()
        await pilot.press('down', 'down')
        await settle(pilot)
        assert screen.selected_session == '2026-10-21-1'
        assert '2026-10-21-1  ·  ' in widget_texts(pilot)


async def test_clicking_a_session_selects_it(app_for: AppFor, demo_desk: Path) -> None:
    app = app_for(demo_desk)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        sessions = app.query_one(SessionList)
        index = sessions.get_option_index('2026-10-20-1')
        await pilot.click(SessionList, offset=(10, index + 1))
        await settle(pilot)
        assert main_screen(app).selected_session == '2026-10-20-1'


async def test_exchanges_scroll_with_page_keys(app_for: AppFor, demo_desk: Path) -> None:
    app = app_for(demo_desk)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        view = app.query_one(ExchangeView)
        view.focus()
        await pilot.press('pagedown')
        await pilot.pause()
        assert view.scroll_y > 0
        await pilot.press('end')
        await pilot.pause()
        assert view.scroll_y == view.max_scroll_y
        await pilot.press('home')
        await pilot.pause()
        assert view.scroll_y == 0


async def test_next_and_previous_exchange_move_and_mark_the_exchange(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        view = app.query_one(ExchangeView)
        await pilot.press('n')
        await pilot.pause()
        assert view.current_index == 0
        await pilot.press('n', 'n')
        await pilot.pause()
        assert view.current_index == 2
        assert view.cards[2].has_class('-current')
        assert not view.cards[0].has_class('-current')
        assert view.scroll_y > 0
        await pilot.press('p')
        await pilot.pause()
        assert view.current_index == 1
        await pilot.press('n')
        await pilot.pause()
        assert view.current_index == 2


async def test_summary_tab_shows_the_selected_sessions_day(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press('s')
        await settle(pilot)
        assert app.query_one(TabbedContent).active == 'summary-tab'
        assert 'No summary for Wed 2026-10-21' in widget_texts(pilot)
        app.query_one(SessionList).highlight_session('2026-10-20-1')
        await settle(pilot)
        text = widget_texts(pilot)
        assert 'Summary of Tue 2026-10-20' in text
        await pilot.press('e')
        await pilot.pause()
        assert app.query_one(TabbedContent).active == 'exchanges-tab'


async def test_current_session_key_goes_back_to_the_current_session(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        app.query_one(SessionList).highlight_session('2026-10-19-1')
        await settle(pilot)
        assert main_screen(app).selected_session == '2026-10-19-1'
        await pilot.press('c')
        await settle(pilot)
        assert main_screen(app).selected_session == '2026-10-21-3'


async def test_a_long_session_is_shown_a_page_at_a_time(app_for: AppFor, tmp_path: Path) -> None:
    desk = tmp_path / 'main'
    write_lines(
        desk / 'sessions' / '2026-10-21-1.jsonl',
        [exchange(f'trigger {number}', f'## Answer {number}') for number in range(1, 61)],
    )
    write_state(desk, '2026-10-21-1', {'claude': {'exchanges_seen': 60, 'runner_state': None}})
    app = app_for(desk)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        view = app.query_one(ExchangeView)
        assert len(view.cards) == PAGE_SIZE
        assert 'showing 1-25' in widget_texts(pilot)
        view.focus()
        await pilot.press('end')
        await settle(pilot)
        assert any(card.answer_rendered for card in view.cards[-3:])  # rendered once in view
        await pilot.press('N')
        await settle(pilot)
        assert view.page_start == PAGE_SIZE
        assert view.current_index == PAGE_SIZE
        assert view.cards[0].number == PAGE_SIZE + 1
        await pilot.press('p')
        await settle(pilot)
        assert view.page_start == 0
        assert view.current_index == PAGE_SIZE - 1
        assert view.cards[-1].has_class('-current')
        await pilot.press('n')
        await settle(pilot)
        assert view.current_index == PAGE_SIZE
        await pilot.press('P')
        await settle(pilot)
        assert view.page_start == 0


async def test_a_session_named_without_a_date_shows_no_other_days_summary(
    app_for: AppFor, tmp_path: Path
) -> None:
    desk = tmp_path / 'main'
    write_lines(desk / 'sessions' / '2026-10-21-1.jsonl', [exchange('t', 'dated answer')])
    write_lines(desk / 'sessions' / 'scratch.jsonl', [exchange('t', 'undated answer')])
    (desk / 'sessions' / 'summaries').mkdir()
    (desk / 'sessions' / 'summaries' / '2026-10-21.md').write_text('Dated summary', 'utf-8')
    app = app_for(desk)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert main_screen(app).selected_session == '2026-10-21-1'
        assert app.query_one(SessionList).highlight_session('scratch')
        await settle(pilot)
        text = widget_texts(pilot)
        assert 'Dated summary' not in text
        assert 'no day summary' in text
        assert 'undated answer' in text
