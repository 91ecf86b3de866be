"""Navigation: open at a view, [ and ] for days, n/N for keyword hits, Go to day, back/forward."""

from __future__ import annotations

import argparse
import datetime
from pathlib import Path

import pytest
from textual.widgets import Input, Static

from desk_browser import cli
from desk_browser.memory.search_scope import parse_day
from desk_browser.presentation.navigation import (
    DayPlace,
    History,
    SessionPlace,
    neighbour_day,
    parse_day_words,
)
from desk_browser.presentation.start_view import StartView
from desk_browser.ui.keyword_hits import KeywordHits
from desk_browser.ui.screens.day_screen import DayScreen
from desk_browser.ui.screens.go_to_day_screen import GoToDayScreen
from desk_browser.ui.screens.main_screen import MainScreen
from desk_browser.ui.screens.record_screen import RecordScreen
from desk_browser.ui.screens.search_screen import SearchScreen
from desk_browser.ui.widgets.desk_text_view import DeskTextView
from desk_browser.ui.widgets.search_hit_list import SearchHitList
from tests.helpers.pilot import AppFor, deterministic_app, open_search, settle, settled

SIZE = (120, 40)


# Days in words.


def test_day_words_accept_dates_today_and_yesterday() -> None:
    today = datetime.date(2026, 10, 21)
    assert parse_day_words('2026-10-19', today) == datetime.date(2026, 10, 19)
    assert parse_day_words(' Today ', today) == today
    assert parse_day_words('yesterday', today) == datetime.date(2026, 10, 20)
    for bad in ('2026-13-01', '21-10-2026', 'tomorrow', '', '2026-10-1'):
        assert parse_day_words(bad, today) is None


def test_day_words_are_the_day_qualifiers_words_weekdays_too() -> None:
    today = datetime.date(2026, 10, 21)  # A Wednesday.
    assert parse_day_words('monday', today) == datetime.date(2026, 10, 19)
    assert parse_day_words(' Mon ', today) == datetime.date(2026, 10, 19)
    assert parse_day_words('wednesday', today) == today
    assert parse_day_words('thu', today) == datetime.date(2026, 10, 15)
    for words in ('2026-10-19', 'today', 'yesterday', 'monday', 'fri', 'Sunday', 'nonday'):
        try:
            qualified: datetime.date | None = parse_day(words, today)
        except ValueError:
            qualified = None
        assert parse_day_words(words, today) == qualified, words


def test_neighbour_day_skips_days_without_anything() -> None:
    days = ['2026-10-16', '2026-10-19', '2026-10-21', '2026-10-19']
    assert neighbour_day(days, '2026-10-21', -1) == '2026-10-19'
    assert neighbour_day(days, '2026-10-17', 1) == '2026-10-19'
    assert neighbour_day(days, '2026-10-21', 1) is None
    assert neighbour_day(days, '2026-10-16', -1) is None


def test_history_goes_back_and_forward_and_forgets_what_was_ahead() -> None:
    history = History()
    history.visit(SessionPlace('a'))
    history.visit(SessionPlace('a'))  # The same place twice is one visit.
    history.visit(DayPlace('2026-10-21'))
    history.visit(SessionPlace('b'))
    assert history.back() == DayPlace('2026-10-21')
    assert history.back() == SessionPlace('a')
    assert history.back() is None
    assert history.forward() == DayPlace('2026-10-21')
    history.visit(SessionPlace('c'))
    assert history.forward() is None
    assert history.places == [SessionPlace('a'), DayPlace('2026-10-21'), SessionPlace('c')]


def test_keyword_hits_step_around() -> None:
    text = 'alpha beta\n' + 'filler words ' * 20 + '\nbeta again'
    hits = KeywordHits.find(text, ['beta'])
    assert len(hits.spans) == 2
    assert hits.step(1) == 0
    assert hits.step(1) == 1
    assert hits.step(1) == 0  # Wraps around.
    assert hits.step(-1) == 1
    assert hits.label() == 'hit 2 of 2 · n next, N previous'
    assert KeywordHits.find('nothing here', ['beta']).step(1) is None


def test_keyword_hits_count_one_hit_in_the_singular() -> None:
    assert KeywordHits.find('one beta here', ['beta']).label() == (
        '1 keyword hit · n next, N previous'
    )
    many = KeywordHits.find('beta ' * 1200, ['beta'])
    assert many.label() == '1,200 keyword hits · n next, N previous'


# Opening at a view.


async def test_start_at_a_session_selects_it(demo_desk: Path) -> None:
    app = deterministic_app(demo_desk, start=StartView(session_id='2026-10-19-2'))
    async with settled(app, SIZE):
        assert app.main_screen.selected_session == '2026-10-19-2'
        assert app.main_screen.shown_day == '2026-10-19'


async def test_start_at_an_unknown_session_says_so_and_opens_the_current(
    demo_desk: Path,
) -> None:
    app = deterministic_app(demo_desk, start=StartView(session_id='1999-01-01-1'))
    async with settled(app, SIZE, notifications=True):
        assert app.main_screen.selected_session == '2026-10-21-3'
        assert any('No session 1999-01-01-1' in note.message for note in app._notifications)


async def test_start_at_a_day_opens_its_day_view(demo_desk: Path) -> None:
    app = deterministic_app(demo_desk, start=StartView(day='2026-10-20'))
    async with settled(app, SIZE):
        assert isinstance(app.screen, DayScreen)
        assert app.screen.day == '2026-10-20'


async def test_start_with_a_search_shows_its_hits(demo_desk: Path) -> None:
    app = deterministic_app(demo_desk, start=StartView(search='nifty gap'))
    async with settled(app, SIZE):
        assert isinstance(app.screen, SearchScreen)
        assert app.screen.query_one('#query', Input).value == 'nifty gap'
        assert app.screen.query_one(SearchHitList).hit_count > 0


def _parse(argv: list[str]) -> argparse.Namespace:
    return cli.build_parser().parse_args(argv)


def test_the_command_line_reads_the_open_at_flags() -> None:
    start = cli.start_view(_parse(['desk', '--session', '2026-10-21-2', '--search', 'a b']))
    assert start == StartView(session_id='2026-10-21-2', day=None, search='a b')
    start = cli.start_view(_parse(['desk', '--day', '2026-10-19']))
    assert start == StartView(day='2026-10-19')
    yesterday = cli.start_view(_parse(['desk', '--day', 'yesterday']))
    assert isinstance(yesterday, StartView)
    assert yesterday.day is not None
    # The search on that day, rather than the day view with the words left unsearched.
    start = cli.start_view(_parse(['desk', '--search', 'nifty', '--day', '2026-10-19']))
    assert start == StartView(day=None, search='nifty day:2026-10-19')


def test_a_malformed_day_exits_2_with_a_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main([str(tmp_path), '--day', '2026-13-40']) == 2
    captured = capsys.readouterr()
    assert captured.out == ''
    assert "--day '2026-13-40'" in captured.err
    assert 'yesterday' in captured.err


# Days, hits, Go to day, back and forward.


async def test_brackets_in_the_main_screen_select_the_day_before_and_after(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with settled(app, SIZE) as pilot:
        main = app.main_screen
        assert main.shown_day == '2026-10-21'
        await pilot.press('left_square_bracket')
        await settle(pilot)
        assert main.shown_day == '2026-10-20'
        assert main.selected_session == '2026-10-20-1'
        await pilot.press('left_square_bracket', 'left_square_bracket')
        await settle(pilot)
        assert main.shown_day == '2026-10-16'  # The weekend has no sessions.
        await pilot.press('right_square_bracket')
        await settle(pilot)
        assert main.shown_day == '2026-10-19'
        await pilot.press('n')  # n stays next exchange.
        await settle(pilot)
        assert isinstance(app.screen, MainScreen)


async def test_n_and_shift_n_move_between_keyword_hits_in_a_record(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with app.run_test(size=SIZE) as pilot:
        await open_search(pilot, 'rbi policy')
        await pilot.press('enter')
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, RecordScreen)
        record = screen.query_one('#record')
        total = len(KeywordHits.find(screen.hit.record.text, screen.words).spans)
        assert total >= 2
        await pilot.press('n')
        assert record.border_subtitle == f'hit 1 of {total} · n next, N previous'
        await pilot.press('n')
        assert record.border_subtitle == f'hit 2 of {total} · n next, N previous'
        await pilot.press('N', 'N')
        assert record.border_subtitle == f'hit {total} of {total} · n next, N previous'
        view = screen.query_one('#record', DeskTextView)
        drawn = [view.render_line(y) for y in range(view.size.height)]
        assert any(segment.style and segment.style.reverse for line in drawn for segment in line)


async def test_go_to_day_accepts_yesterday_and_refuses_a_non_day(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with settled(app, SIZE) as pilot:
        app.action_go_to_day()
        await settle(pilot)
        assert isinstance(app.screen, GoToDayScreen)
        await pilot.press(*'someday', 'enter')
        await settle(pilot)
        assert isinstance(app.screen, GoToDayScreen)
        hint = app.screen.query_one('#go-to-day-hint', Static)
        assert 'Not a day' in str(hint.content)
        app.screen.query_one(Input).value = 'yesterday'
        await pilot.press('enter')
        await settle(pilot)
        assert isinstance(app.screen, DayScreen)
        assert app.screen.day == '2026-10-20'


async def test_go_to_day_accepts_a_weekday_as_day_monday_does_in_search(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with settled(app, SIZE) as pilot:
        app.action_go_to_day()
        await settle(pilot)
        assert isinstance(app.screen, GoToDayScreen)
        await pilot.press(*'monday', 'enter')
        await settle(pilot)
        assert isinstance(app.screen, DayScreen)
        assert app.screen.day == '2026-10-19'  # The demo's today is Wednesday 2026-10-21.


async def test_go_to_day_is_in_the_command_palette(app_for: AppFor, demo_desk: Path) -> None:
    app = app_for(demo_desk)
    async with settled(app, SIZE):
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert 'Go to day…' in titles
        assert 'Day view' in titles
        assert 'Export as Markdown' in titles


async def test_back_and_forward_retrace_sessions_and_days(app_for: AppFor, demo_desk: Path) -> None:
    app = app_for(demo_desk)
    async with settled(app, SIZE) as pilot:
        main = app.main_screen
        await pilot.press('left_square_bracket')  # 2026-10-20-1
        await settle(pilot)
        await pilot.press('d')
        await settle(pilot)
        await pilot.press('left_square_bracket')  # Day view of 2026-10-19.
        await settle(pilot)
        assert isinstance(app.screen, DayScreen)
        await pilot.press('backspace')
        await settle(pilot)
        assert isinstance(app.screen, DayScreen)
        assert app.screen.day == '2026-10-20'
        await pilot.press('alt+left')
        await settle(pilot)
        assert isinstance(app.screen, MainScreen)
        assert main.selected_session == '2026-10-20-1'
        await pilot.press('backspace')
        await settle(pilot)
        assert main.selected_session == '2026-10-21-3'
        await pilot.press('alt+right', 'alt+right')
        await settle(pilot)
        assert isinstance(app.screen, DayScreen)
        assert app.screen.day == '2026-10-20'
        await pilot.press('ctrl+f')
        await settle(pilot)
        assert app.screen.day == '2026-10-19'
