"""The workspace re-parses no CSS for the desks opened, and follows a theme change."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from textual.theme import BUILTIN_THEMES

from desk_browser.ui import workspace_app
from desk_browser.ui.screens.desks_screen import DesksScreen
from desk_browser.ui.screens.main_screen import MainScreen
from tests.helpers.pilot import deterministic_workspace_app, settle, settled


def _background(theme: str) -> str:
    return (BUILTIN_THEMES[theme].background or '').lower()


async def test_opening_desks_and_coming_back_re_parses_no_css(
    demo_workspace: Path, parses: Counter[str]
) -> None:
    app = deterministic_workspace_app(demo_workspace)
    async with settled(app) as pilot:
        for _desk in range(2):
            await pilot.press('down', 'enter')
            await settle(pilot)
            assert isinstance(app.screen, MainScreen)
            await pilot.press('escape')
            await settle(pilot)
            assert isinstance(app.screen, DesksScreen)
    # The one at the start, as the Desks screen is made; Textual's way: also twice a desk opened.
    assert parses['reparse'] == 1


async def test_a_desk_opened_after_a_theme_change_has_the_new_theme(
    demo_workspace: Path, parses: Counter[str]
) -> None:
    app = deterministic_workspace_app(demo_workspace)
    async with settled(app) as pilot:
        app.theme = 'nord'
        await settle(pilot)
        await pilot.press('enter')
        await settle(pilot)
        assert isinstance(app.screen, MainScreen)
        assert app.screen.styles.background.hex.lower() == _background('nord')
        app.theme = 'gruvbox'
        await settle(pilot)
        await pilot.press('escape')
        await settle(pilot)
        assert isinstance(app.screen, DesksScreen)
        assert app.screen.styles.background.hex.lower() == _background('gruvbox')
    # The start's, each theme change's, and the Desks screen's that missed the second change.
    assert parses['reparse'] == 4


async def test_a_desk_and_the_desks_screen_look_as_with_textuals_refreshes(
    demo_workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    screens: list[list[str]] = []
    for hooked in (True, False):
        if not hooked:
            monkeypatch.setattr(
                workspace_app, 'styled_with_the_apps_css', lambda _app, screen: screen
            )
        app = deterministic_workspace_app(demo_workspace)
        shots = []
        async with settled(app) as pilot:
            for _desk in range(2):
                await pilot.press('down', 'enter')
                await settle(pilot)
                shots.append(app.export_screenshot())
                await pilot.press('escape')
                await settle(pilot)
                shots.append(app.export_screenshot())
        screens.append(shots)
    assert screens[0] == screens[1]
