"""Every screen's footer offers its own copy and export (and Enter where a row opens; the
Problems view's footer is tested in test_ui_problems)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.screen import Screen

from desk_browser.ui.screens.day_screen import DayScreen
from desk_browser.ui.screens.main_screen import MainScreen
from desk_browser.ui.screens.record_screen import RecordScreen
from desk_browser.ui.screens.search_screen import SearchScreen
from tests.helpers.pilot import AppFor, open_day_view, open_search, settle, settled


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
