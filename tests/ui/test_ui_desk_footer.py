"""The footer shows each screen's keys, and is rebuilt only when they change."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from desk_browser.ui.app import DeskBrowser
from desk_browser.ui.widgets.desk_footer import DeskFooter
from tests.helpers.pilot import AppFor, settle, settled


def _keys(app: DeskBrowser) -> list[Any]:
    # FooterKey by its CSS type name: Textual exports it only from its private module (so Any).
    return list(app.screen.query_one(DeskFooter).query('FooterKey'))


async def test_binding_refreshes_that_change_nothing_leave_the_footer_alone(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with settled(app) as pilot:
        shown = _keys(app)
        assert shown
        for _ in range(3):
            app.screen.refresh_bindings()
        await settle(pilot)
        assert _keys(app) == shown  # The very same widgets: not rebuilt.


async def test_a_key_that_changes_meaning_is_shown_at_once(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with settled(app) as pilot:
        assert 'Pause' in [key.description for key in _keys(app)]
        await pilot.press('f')
        await settle(pilot)
        descriptions = [key.description for key in _keys(app)]
        assert 'Follow' in descriptions and 'Pause' not in descriptions


async def test_each_screen_shows_its_own_keys(app_for: AppFor, demo_desk: Path) -> None:
    app = app_for(demo_desk)
    async with settled(app) as pilot:
        main_keys = [key.description for key in _keys(app)]
        await pilot.press('slash')
        await settle(pilot)
        search_keys = [key.description for key in _keys(app)]
        assert 'Clear / back' in search_keys and 'Clear / back' not in main_keys
        await pilot.press('escape')
        await settle(pilot)
        assert [key.description for key in _keys(app)] == main_keys


async def test_moving_the_focus_between_panes_rebuilds_nothing(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with settled(app) as pilot:
        shown = _keys(app)
        focused = app.focused
        await pilot.press('tab')
        await settle(pilot)
        assert app.focused is not focused  # The focus moved, with its own hidden keys...
        assert _keys(app) == shown  # ...and the very same key widgets are shown.
