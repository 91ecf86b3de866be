"""Every screen's footer offers its own copy and export (and Enter where a row opens; the
Problems view's footer is tested in test_ui_problems); an empty desk's main screen offers none."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.screen import Screen

from desk_browser.ui.screens.day_screen import DayScreen
from desk_browser.ui.screens.main_screen import MainScreen
from desk_browser.ui.screens.record_screen import RecordScreen
from desk_browser.ui.screens.search_screen import SearchScreen
from desk_browser.ui.widgets.exchange_view import ExchangeView
from desk_browser.ui.widgets.session_list import SessionList
from tests.helpers.desks import SMALL_DESK_ROUTES, exchange, write_lines, write_state
from tests.helpers.pilot import (
    AppFor,
    open_day_view,
    open_search,
    screen_text,
    settle,
    settled,
    wait_until,
)


def shown_keys(screen: Screen[Any]) -> dict[str, str]:
    """The keys the footer is given to show, each with its description."""
    return {
        key: binding.description
        for key, (_node, binding, _enabled, _tooltip) in screen.active_bindings.items()
        if binding.show
    }


async def test_main_screen_day_view_record_and_search_show_copy_and_export(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with settled(app) as pilot:
        assert isinstance(app.screen, MainScreen)
        keys = shown_keys(app.screen)
        assert (keys['y'], keys['x']) == ('Copy', 'Export')
        assert 'Y' not in keys  # Its JSON twin stays in the help, to save room.
        day = await open_day_view(pilot)
        assert isinstance(day, DayScreen)
        assert {'y', 'x'} <= set(shown_keys(day))
        await pilot.press('escape')
        await open_search(pilot, 'nifty')
        assert isinstance(app.screen, SearchScreen)
        assert 'y' not in shown_keys(app.screen)  # Typed into the box while it has the focus.
        await pilot.press('down')  # Into the hits.
        await settle(pilot)
        assert {'enter', 'y', 'x'} <= set(shown_keys(app.screen))
        await pilot.press('enter')
        await settle(pilot)
        assert isinstance(app.screen, RecordScreen)
        assert {'y', 'x'} <= set(shown_keys(app.screen))


def _footer(pilot: Pilot[Any]) -> str:
    """The footer as drawn (the screen's last line)."""
    return screen_text(pilot).splitlines()[-1]


@pytest.mark.parametrize('kind', ['no desk', 'no session yet'])
async def test_an_empty_desk_offers_no_moves_copy_or_export_and_says_so_if_copied(
    app_for: AppFor, empty_desk: Path, kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if kind == 'no session yet':
        write_state(empty_desk, '2026-10-21-1', SMALL_DESK_ROUTES)
    here = tmp_path / 'here'
    here.mkdir()
    monkeypatch.chdir(here)
    app = app_for(empty_desk)
    async with settled(app, notifications=True) as pilot:
        assert isinstance(app.screen, MainScreen)
        footer = _footer(pilot)
        assert 'Search' in footer
        for words in ('n Next', 'p Previous', 'y Copy', 'x Export'):
            assert words not in footer
        assert not {'n', 'p', 'y', 'x'} & set(shown_keys(app.screen))
        # c Current only where there can be a current session: in a desk (state.json is in it).
        assert ('c Current' in footer) == (kind == 'no session yet')
        await pilot.press('n', 'p', 'N', 'P', 'y', 'x')
        await pilot.pause()
        assert [note.message for note in app._notifications][-2:] == [
            'Nothing here to copy.',
            'Nothing here to export.',
        ]
    assert list(here.iterdir()) == []


async def test_moves_copy_and_export_appear_once_the_desks_first_exchange_is_shown(
    app_for: AppFor, empty_desk: Path
) -> None:
    write_state(empty_desk, '2026-10-21-1', SMALL_DESK_ROUTES)
    app = app_for(empty_desk)
    async with settled(app) as pilot:
        assert 'y Copy' not in _footer(pilot)
        write_lines(empty_desk / 'sessions' / '2026-10-21-1.jsonl', [exchange('first', 'answer')])
        sessions = app.query_one(SessionList)
        await wait_until(pilot, lambda: sessions.row_count == 1)
        sessions.highlight_session('2026-10-21-1')  # A new session is listed, not opened.
        view = app.query_one(ExchangeView)
        await wait_until(pilot, lambda: view.exchange_count == 1)
        await settle(pilot)
        footer = _footer(pilot)
        assert 'y Copy' in footer and 'x Export' in footer
        assert {'n', 'p', 'y', 'x'} <= set(shown_keys(app.screen))


async def test_a_folder_that_becomes_a_desk_says_so_and_offers_c_current(
    app_for: AppFor, empty_desk: Path
) -> None:
    app = app_for(empty_desk)
    async with settled(app) as pilot:
        assert 'This folder is not a desk' in screen_text(pilot)
        assert 'c' not in shown_keys(app.screen)
        write_lines(empty_desk / 'sessions' / '2026-10-21-1.jsonl', [exchange('first', 'answer')])
        view = app.query_one(ExchangeView)
        await wait_until(pilot, lambda: view.exchange_count == 1)
        await settle(pilot)
        text = screen_text(pilot)
        assert 'not a desk' not in text and 'no desk here' not in text
        assert 'c Current' in _footer(pilot)


async def test_a_maximized_pane_keeps_the_footer_and_offers_esc_restore(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with settled(app, (80, 24)) as pilot:
        assert 'esc Restore' not in _footer(pilot)
        app.query_one(ExchangeView).focus()
        await pilot.pause()
        app.screen.action_maximize()  # ctrl+p, Maximize.
        await settle(pilot)
        maximized = app.screen.maximized
        assert maximized is not None and maximized.id == 'tabs'  # The tab bar and the panes.
        assert app.query_one(ExchangeView).size.width >= 76  # The whole width of 80 columns.
        assert not app.query_one('#summary-pane').display  # Docked under them, it makes way.
        assert 'esc Restore' in _footer(pilot)
        await pilot.press('escape')
        await settle(pilot)
        assert app.screen.maximized is None
        assert 'esc Restore' not in _footer(pilot)
        assert isinstance(app.screen, MainScreen)  # esc restored; it did not leave the screen.
