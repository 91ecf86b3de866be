"""Pilot tests of the app-wide keys: help, command palette, quit; and of the state's wording."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.command import CommandList, CommandPalette

from desk_browser.live.live_desk import LiveDesk
from desk_browser.ui.screens.help_screen import HelpScreen
from desk_browser.ui.screens.main_screen import MainScreen
from desk_browser.ui.screens.search_screen import SearchScreen
from desk_browser.ui.widgets.exchange_view import ExchangeView
from desk_browser.ui.widgets.session_list import SessionList
from tests.helpers.desks import exchange, write_lines, write_state
from tests.helpers.pilot import AppFor, screen_text, settle, settled, widget_texts


async def test_question_mark_and_f1_open_the_help_and_escape_closes_it(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with settled(app) as pilot:
        await pilot.press('question_mark')
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert 'Next / previous exchange' in widget_texts(pilot)
        await pilot.press('escape')
        await pilot.pause()
        assert isinstance(app.screen, MainScreen)
        await pilot.press('f1')
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press('f1')
        await pilot.pause()
        assert isinstance(app.screen, MainScreen)


async def test_the_help_at_80x24_breaks_a_long_meaning_under_itself_and_lists_the_desks_keys(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with settled(app, (80, 24)) as pilot:
        await pilot.press('question_mark')
        await settle(pilot)
        lines = screen_text(pilot).splitlines()
        [first] = [place for place, line in enumerate(lines) if 'Search everything' in line]
        column = lines[first].index('Search everything')
        assert lines[first + 1][column:].startswith('its line)')  # Under its meaning, not the keys.
        assert not lines[first + 1][:column].strip('│ ')
        text = widget_texts(pilot)
        for meaning in (
            'Open the highlighted desk',
            'Search every desk at once',
            'Read every desk',
        ):
            assert meaning in text


async def test_command_palette_offers_the_apps_actions(app_for: AppFor, demo_desk: Path) -> None:
    app = app_for(demo_desk)
    async with settled(app) as pilot:
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert titles[:3] == ['Current session', 'Search', 'Help']
        assert any('theme' in title.lower() for title in titles)
        await pilot.press('ctrl+p')
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
        await pilot.press(*'search')
        commands = app.screen.query_one(CommandList)
        for _ in range(200):
            if commands.option_count:
                break
            await pilot.pause(0.01)
        await pilot.press('enter')
        await settle(pilot)
        assert isinstance(app.screen, SearchScreen)


async def test_palette_current_session_comes_back_to_the_current_session(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with settled(app) as pilot:
        app.query_one(SessionList).highlight_session('2026-10-19-2')
        await settle(pilot)
        await app.action_search()
        await settle(pilot)
        app.action_current_session()
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, MainScreen)
        assert screen.selected_session == '2026-10-21-3'


async def test_q_quits(app_for: AppFor, demo_desk: Path) -> None:
    app = app_for(demo_desk)
    async with settled(app) as pilot:
        await pilot.press('q')
        await pilot.pause()
        assert not app.is_running
    assert app.return_code == 0


async def test_ctrl_q_quits_even_from_the_search_box(app_for: AppFor, demo_desk: Path) -> None:
    app = app_for(demo_desk)
    async with settled(app) as pilot:
        await pilot.press('slash', 'q')
        await pilot.pause()
        assert app.is_running  # q is typed into the box, not a quit
        await pilot.press('ctrl+q')
        await pilot.pause()
        assert not app.is_running


async def test_damaged_state_says_the_desk_will_start_a_new_session(
    app_for: AppFor, damaged_state_desk: Path
) -> None:
    app = app_for(damaged_state_desk)
    async with settled(app) as pilot:
        text = widget_texts(pilot)
        assert 'state.json is unreadable' in text
        assert 'The desk will start a new session when it next runs.' in text
        screen = app.screen
        assert isinstance(screen, MainScreen)
        assert screen.selected_session == '2026-10-21-3'  # the newest, with no state


async def test_missing_state_says_no_state_yet(app_for: AppFor, missing_state_desk: Path) -> None:
    app = app_for(missing_state_desk)
    async with settled(app) as pilot:
        assert 'No state yet' in widget_texts(pilot)


async def test_damaged_desk_shows_skipped_lines_and_a_backend_ahead(
    app_for: AppFor, damaged_desk: Path
) -> None:
    app = app_for(damaged_desk)
    async with settled(app) as pilot:
        text = widget_texts(pilot)
        assert 'ahead of the log (the log lost lines)' in text
        # The current log ends with a line with no newline: it may still be being written, so it
        # is not called damaged here; the Problems view (check_desk) lists it as cut short.
        assert 'Its last line has no end yet' in text
        assert '7 problems: press !' in text


async def test_empty_folder_says_what_a_desk_holds(app_for: AppFor, empty_desk: Path) -> None:
    app = app_for(empty_desk)
    async with settled(app) as pilot:
        text = widget_texts(pilot)
        assert 'This folder is not a desk (yet).' in text
        assert 'sessions/, journal/, notes/' in text
        assert 'following · no desk here' in text
        assert 'no damage found' not in text
        await pilot.press('n', 'p', 'c', 's', 'e')  # nothing to move through; nothing breaks
        await pilot.press('slash', *'nifty')
        await settle(pilot)
        assert 'No hits' in widget_texts(pilot)


async def test_current_session_without_a_log_is_called_out(app_for: AppFor, tmp_path: Path) -> None:
    desk = tmp_path / 'main'
    write_lines(desk / 'sessions' / '2026-10-20-1.jsonl', [exchange('t', 'a')])
    write_state(desk, '2026-10-21-1', {'claude': {'exchanges_seen': 3, 'runner_state': None}})
    app = app_for(desk)
    async with settled(app) as pilot:
        text = widget_texts(pilot)
        assert 'The current session has no log yet.' in text
        assert 'no log to compare' in text
        screen = app.screen
        assert isinstance(screen, MainScreen)
        assert screen.selected_session == '2026-10-20-1'


async def test_a_log_that_vanishes_is_a_note_not_a_crash(app_for: AppFor, tmp_path: Path) -> None:
    desk = tmp_path / 'main'
    write_lines(desk / 'sessions' / '2026-10-21-1.jsonl', [exchange('t', 'first answer')])
    write_lines(desk / 'sessions' / '2026-10-20-1.jsonl', [exchange('t', 'older answer')])
    write_state(desk, '2026-10-21-1', {'claude': {'exchanges_seen': 1, 'runner_state': None}})
    app = app_for(desk)
    async with settled(app) as pilot:
        (desk / 'sessions' / '2026-10-20-1.jsonl').unlink()
        app.query_one(SessionList).highlight_session('2026-10-20-1')
        await settle(pilot)
        assert 'The log could not be read' in widget_texts(pilot)
        await pilot.press('r')
        await settle(pilot)
        assert app.is_running
        assert app.query_one(ExchangeView).exchange_count  # back on a session with a log


async def test_a_failing_read_is_a_note_on_screen_not_a_crash(
    app_for: AppFor, demo_desk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def vanish(live_desk: LiveDesk, session_id: str, *arguments: object, **options: object) -> None:
        raise FileNotFoundError(2, 'No such file or directory', session_id)

    app = app_for(demo_desk)
    async with settled(app, notifications=True) as pilot:
        monkeypatch.setattr(LiveDesk, 'open_session', vanish)
        app.query_one(SessionList).highlight_session('2026-10-20-1')
        await settle(pilot)
        assert app.is_running
        [note] = list(app._notifications)
        assert note.severity == 'error'
        assert "reading a session's log" in note.message
        assert 'FileNotFoundError' in note.message


async def test_a_trading_date_after_today_is_called_out(app_for: AppFor, tmp_path: Path) -> None:
    desk = tmp_path / 'main'
    write_lines(desk / 'sessions' / '2026-12-01-1.jsonl', [exchange('t', 'a')])
    write_state(desk, '2026-12-01-1', {'claude': {'exchanges_seen': 1, 'runner_state': None}})
    app = app_for(desk)
    async with settled(app) as pilot:
        text = widget_texts(pilot)
        assert '2026-12-01 · in 41 days' in text
        assert "after India's today" in text
