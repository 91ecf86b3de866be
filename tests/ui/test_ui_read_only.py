"""Read-only, proven: every interaction of the app, `check` and search leave the desk's tree
unchanged, byte for byte and mtime for mtime, and create nothing in it.

Tests run as root, so permissions prove nothing: the tree is fingerprinted before and after.
"""

from __future__ import annotations

import contextlib
import shutil
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from desk_browser.cli import main
from desk_browser.memory.session_search import SessionSearch
from desk_browser.ui.screens.main_screen import MainScreen
from desk_browser.ui.widgets.exchange_view import ExchangeView
from desk_browser.ui.widgets.session_list import SessionList
from tests.helpers.pilot import AppFor, settle
from tests.helpers.tree import snapshot_tree, tree_differences


async def press(pilot: Pilot[Any], *keys: str) -> None:
    await pilot.press(*keys)
    await settle(pilot)


async def back_to_main(pilot: Pilot[Any]) -> None:
    for _ in range(6):
        if isinstance(pilot.app.screen, MainScreen):
            return
        await press(pilot, 'escape')
    assert isinstance(pilot.app.screen, MainScreen)


async def drive_every_interaction(pilot: Pilot[Any]) -> None:
    """Selects sessions, scrolls, moves, switches tabs, searches, opens hits and every view."""
    app = pilot.app
    await settle(pilot)
    sessions = app.query_one(SessionList)
    sessions.focus()
    await press(pilot, 'down', 'down', 'down', 'up')
    await pilot.click(SessionList, offset=(5, 3))
    await settle(pilot)
    app.query_one(ExchangeView).focus()
    await press(pilot, 'pagedown', 'end', 'home')
    await press(pilot, 'n', 'n', 'p', 'N', 'P')
    await press(pilot, 's', 'e', 'c')
    await press(pilot, 'slash', *'nifty gap')  # Every word.
    await press(pilot, 'enter')  # Open the first hit.
    await press(pilot, 'd')  # Go to its day.
    await back_to_main(pilot)
    await press(pilot, 'slash', *'rbi policy crude')  # Partial hits.
    await press(pilot, 'down', 'down', 'enter', 's')
    await back_to_main(pilot)
    await press(pilot, 'question_mark')
    await back_to_main(pilot)
    await press(pilot, 'ctrl+p')
    await press(pilot, *'problems', 'escape')
    await back_to_main(pilot)
    await press(pilot, 'exclamation_mark', 'down', 'r')
    await back_to_main(pilot)
    await press(pilot, 'f')
    await pilot.pause(0.6)
    await press(pilot, 'f')
    await pilot.pause(1.1)  # A few polls and a tick of the state's age.
    await press(pilot, 'd')  # The day view.
    await back_to_main(pilot)
    await press(pilot, 'r')
    assert app.is_running


@pytest.mark.parametrize('damaged', [False, True])
async def test_every_interaction_check_and_search_leave_the_desk_unchanged(
    app_for: AppFor,
    demo_desk: Path,
    damaged_desk: Path,
    tmp_path: Path,
    damaged: bool,
    capsys: pytest.CaptureFixture[str],
) -> None:
    desk = tmp_path / 'main'
    shutil.copytree(damaged_desk if damaged else demo_desk, desk, symlinks=True)
    before = snapshot_tree(desk)
    app = app_for(desk)
    async with app.run_test(size=(120, 40)) as pilot:
        await drive_every_interaction(pilot)
    for arguments in (['check', str(desk)], ['check', str(desk), '--json']):
        with contextlib.suppress(SystemExit):
            main(arguments)
    with contextlib.suppress(SystemExit):
        main(['search', str(desk), 'nifty', 'gap'])
    for query in ('nifty', 'rbi policy crude', 'zzzz-nothing'):
        SessionSearch(desk).search(query, 50)
    capsys.readouterr()
    assert tree_differences(before, snapshot_tree(desk)) == []
