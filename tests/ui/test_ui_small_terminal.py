"""Comfort: an 80x24 terminal, NO_COLOR, and the theme remembered in the user's config folder."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.filter import Monochrome, NoColor
from textual.pilot import Pilot
from textual.widget import Widget

from desk_browser.presentation.settings import (
    Settings,
    default_settings_path,
    load_settings,
    save_settings,
)
from desk_browser.ui.screens.day_screen import DayScreen
from desk_browser.ui.widgets.session_list import SessionList
from desk_browser.ui.widgets.state_pane import StatePane
from tests.helpers.desks import build_trading_desk
from tests.helpers.pilot import AppFor, deterministic_app, screen_text, settle, settled

SnapCompare = Callable[..., bool]
SMALL = (80, 24)


def test_main_screen_at_80x24(snap_compare: SnapCompare, app_for: AppFor, demo_desk: Path) -> None:
    """80x24: state and sessions on the left, the current session's exchanges on the right,
    the footer's keys still readable."""
    assert snap_compare(app_for(demo_desk), run_before=settle, terminal_size=SMALL)


def test_day_view_at_80x24(snap_compare: SnapCompare, app_for: AppFor, demo_desk: Path) -> None:
    """80x24 day view: heading and glance line, sparkline, filter beside a timeline of at least
    a few rows, the highlighted event below."""

    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await pilot.press('d')
        await settle(pilot)

    assert snap_compare(app_for(demo_desk), run_before=run_before, terminal_size=SMALL)


async def test_three_backends_and_a_damaged_log_show_every_backend_on_the_first_screen(
    app_for: AppFor, tmp_path: Path
) -> None:
    app = app_for(build_trading_desk(tmp_path / 'main'))
    async with settled(app, SMALL) as pilot:
        shown = screen_text(pilot)
        assert '1 damaged line skipped in its log.' in shown
        for line in ('claude   up to date', 'codex    1 behind', 'gemini   3 behind'):
            assert line in shown
        sessions = app.screen.query_one(SessionList)
        assert sessions.content_region.height >= 1  # The sessions keep a row.


def focused(app: App[Any]) -> Widget | None:
    """The focused widget, read afresh (an assert on app.focused narrows it for mypy)."""
    return app.focused


async def test_tab_reaches_the_state_pane_and_its_keys_scroll_it_at_80x24(
    app_for: AppFor, tmp_path: Path
) -> None:
    app = app_for(build_trading_desk(tmp_path / 'main'))
    async with settled(app, SMALL) as pilot:
        assert focused(app) is app.screen.query_one(SessionList)  # Where the first keys go.
        state = app.screen.query_one(StatePane)
        for _ in range(10):
            await pilot.press('tab')
            if focused(app) is state:
                break
        assert focused(app) is state
        assert 'runner_state' not in screen_text(pilot)  # Below the fold at first.
        assert state.max_scroll_y > 0
        await pilot.press('end')
        await settle(pilot)
        assert state.scroll_y == state.max_scroll_y
        assert "'cursor': 'b81d'" not in screen_text(pilot)  # As JSON, made readable:
        assert '"cursor": "b81d"' in screen_text(pilot)
        await pilot.press('g')
        await settle(pilot)
        assert state.scroll_y == 0
        await pilot.press('j', 'j')
        await settle(pilot)
        assert state.scroll_y == 2
        await pilot.press('shift+tab', 'tab')  # Back out and in again.
        assert focused(app) is state


async def test_the_day_view_at_80x24_shows_timeline_rows(app_for: AppFor, demo_desk: Path) -> None:
    app = app_for(demo_desk)
    async with settled(app, SMALL) as pilot:
        await pilot.press('d')
        await settle(pilot)
        assert isinstance(app.screen, DayScreen)
        timeline = app.screen.query_one('#timeline')
        assert timeline.content_region.height >= 5
        assert 'trigger' in screen_text(pilot)


async def test_no_color_turns_the_screen_monochrome(
    demo_desk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv('NO_COLOR', '1')
    app = deterministic_app(demo_desk)
    assert app.no_color
    assert any(isinstance(line_filter, Monochrome | NoColor) for line_filter in app._filters)
    async with settled(app, SMALL) as pilot:
        assert 'Sessions' in screen_text(pilot)


def test_the_settings_file_is_in_the_xdg_config_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv('XDG_CONFIG_HOME', str(tmp_path / 'xdg'))
    assert default_settings_path() == tmp_path / 'xdg' / 'desk-browser' / 'settings.json'


def test_damaged_or_missing_settings_read_as_defaults(tmp_path: Path) -> None:
    path = tmp_path / 'settings.json'
    assert load_settings(path) == Settings()
    path.write_text('not json', encoding='utf-8')
    assert load_settings(path) == Settings()
    path.write_text('{"theme": 7}', encoding='utf-8')
    assert load_settings(path) == Settings()
    assert save_settings(path, Settings(theme='nord'))
    assert load_settings(path) == Settings(theme='nord')


def test_settings_that_cannot_be_written_leave_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / 'settings.json'
    assert save_settings(path, Settings(theme='nord'))

    def full_disk(source: object, target: object) -> None:
        raise OSError('no space left on device')

    monkeypatch.setattr('os.replace', full_disk)
    assert not save_settings(path, Settings(theme='dracula'))
    assert [entry.name for entry in tmp_path.iterdir()] == ['settings.json']
    assert load_settings(path) == Settings(theme='nord')


async def test_a_chosen_theme_is_remembered_for_the_next_run(
    demo_desk: Path, tmp_path: Path
) -> None:
    path = tmp_path / 'config' / 'desk-browser' / 'settings.json'
    app = deterministic_app(demo_desk, theme=None, settings_path=path)
    async with settled(app, SMALL) as pilot:
        app.theme = 'nord'
        await pilot.pause()
    assert json.loads(path.read_text(encoding='utf-8')) == {'theme': 'nord'}
    again = deterministic_app(demo_desk, theme=None, settings_path=path)
    assert again.theme == 'nord'
    fixed = deterministic_app(demo_desk, settings_path=path)  # Tests and snapshots fix the theme.
    assert fixed.theme == 'textual-dark'


async def test_without_a_settings_path_nothing_is_written(
    demo_desk: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv('XDG_CONFIG_HOME', str(tmp_path / 'xdg'))
    app = deterministic_app(demo_desk, theme=None)
    async with settled(app, SMALL) as pilot:
        app.theme = 'nord'
        await pilot.pause()
    assert not (tmp_path / 'xdg').exists()


def test_an_unknown_remembered_theme_is_ignored(demo_desk: Path, tmp_path: Path) -> None:
    path = tmp_path / 'settings.json'
    save_settings(path, Settings(theme='no-such-theme'))
    assert deterministic_app(demo_desk, theme=None, settings_path=path).theme != 'no-such-theme'
