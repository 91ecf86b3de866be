"""Honest feedback: the screenshot's folder and whole path (never a desk), r's toast and place."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from xml.etree import ElementTree

import pytest

from desk_browser.live import services
from desk_browser.memory import workspace
from desk_browser.memory.workspace import Workspace
from desk_browser.ui.app import DeskBrowser
from desk_browser.ui.copy_export import screenshot_folder
from desk_browser.ui.screens.desks_screen import DesksScreen
from desk_browser.ui.screens.main_screen import MainScreen
from desk_browser.ui.widgets.exchange_view import ExchangeView
from desk_browser.ui.widgets.session_list import SessionList
from desk_browser.ui.widgets.summary_view import SummaryView
from tests.helpers.pilot import (
    AppFor,
    deterministic_workspace_app,
    settle,
    settled,
    wait_for_note,
    wait_until,
)
from tests.helpers.tree import snapshot_tree, tree_differences

SIZE = (120, 40)


def _messages(app: DeskBrowser) -> list[str]:
    return [note.message for note in app._notifications]


def _said(app: DeskBrowser, count: int) -> Callable[[], bool]:
    """Whether the app has said `count` things (a file written in a thread is said after)."""
    return lambda: len(_messages(app)) == count


@pytest.fixture
def places(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Path]:
    """A current folder and a home without Downloads, and no XDG_DOWNLOAD_DIR."""
    found = {name: tmp_path / name for name in ('here', 'home', 'downloads')}
    found['here'].mkdir()
    found['home'].mkdir()
    monkeypatch.chdir(found['here'])
    monkeypatch.setenv('HOME', str(found['home']))
    monkeypatch.delenv('XDG_DOWNLOAD_DIR', raising=False)
    return found


def test_the_screenshot_goes_to_xdg_download_dir_when_it_exists_else_the_current_folder(
    places: dict[str, Path], demo_desk: Path
) -> None:
    downloads = places['downloads']
    assert screenshot_folder((demo_desk,), {}) == places['here'].resolve()
    assert screenshot_folder((demo_desk,), {'XDG_DOWNLOAD_DIR': str(downloads)}) == (
        places['here'].resolve()  # Named but missing.
    )
    downloads.mkdir()
    assert screenshot_folder((demo_desk,), {'XDG_DOWNLOAD_DIR': str(downloads)}) == (
        downloads.resolve()
    )


def test_the_screenshot_never_goes_into_the_desk(
    places: dict[str, Path], demo_desk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(demo_desk / 'sessions')
    assert screenshot_folder((demo_desk,), {'XDG_DOWNLOAD_DIR': str(demo_desk)}) == (
        places['home'].resolve()
    )
    monkeypatch.setenv('HOME', str(demo_desk))
    assert screenshot_folder((demo_desk,), {}) is None


async def test_the_palettes_screenshot_saves_in_the_current_folder_and_shows_the_whole_path(
    app_for: AppFor, demo_desk: Path, places: dict[str, Path]
) -> None:
    app = app_for(demo_desk)
    async with settled(app, SIZE, notifications=True) as pilot:
        await app.run_action('screenshot')
        await wait_for_note(pilot, 'Saved the screen')  # Written in a thread, then said.
        [saved] = list(places['here'].iterdir())
        assert saved.suffix == '.svg'
        svg = saved.read_text()
        assert svg.startswith('<svg xml:space="preserve" ')  # Every renderer keeps its spaces.
        ElementTree.fromstring(svg)  # Still well-formed XML.
        here = places['here'].resolve()
        assert f'Saved the screen as {saved.name} in {here}' in _messages(app)
        assert not (places['home'] / 'Downloads').exists()


async def test_the_desks_screens_screenshot_keeps_out_of_every_desk_and_shows_the_whole_path(
    places: dict[str, Path], workspace_copy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = snapshot_tree(workspace_copy)
    app = deterministic_workspace_app(workspace_copy)
    async with settled(app, SIZE, notifications=True) as pilot:
        assert isinstance(app.screen, DesksScreen)
        await app.run_action('screenshot')  # From the current folder, as a desk's screen does.
        await wait_for_note(pilot, 'Saved the screen')
        [saved] = list(places['here'].iterdir())
        assert saved.read_text().startswith('<svg')
        # Neither inside a desk that is not the first, nor in the folder of desks (the Desks
        # screen would show the file as an entry): the home folder then.
        for count, inside in enumerate((workspace_copy / 'options' / 'notes', workspace_copy), 2):
            monkeypatch.chdir(inside)
            await app.run_action('screenshot')
            await wait_until(pilot, _said(app, count))
        home = list(places['home'].iterdir())
        assert len(home) == 2
        messages = _messages(app)
        assert messages[0] == f'Saved the screen as {saved.name} in {places["here"].resolve()}'
        assert sorted(messages[1:]) == sorted(
            f'Saved the screen as {path.name} in {places["home"].resolve()}' for path in home
        )
    assert tree_differences(before, snapshot_tree(workspace_copy)) == []


async def test_an_export_from_a_workspaces_desk_keeps_out_of_its_other_desks_goes_home(
    places: dict[str, Path], workspace_copy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = snapshot_tree(workspace_copy)
    monkeypatch.chdir(workspace_copy / 'options' / 'journal')
    app = deterministic_workspace_app(workspace_copy)
    async with settled(app, SIZE, notifications=True) as pilot:
        await app.open_desk_at(workspace_copy / 'hedging', 'hedging')
        await settle(pilot)
        assert isinstance(app.screen, MainScreen)
        await pilot.press('x')
        await wait_for_note(pilot, 'Wrote')
        await app.run_action('screenshot')
        await wait_for_note(pilot, 'Saved the screen')
    written, saved = _messages(app)
    # The home folder, as the screenshot's, and the toast says why.
    [exported] = [path for path in places['home'].iterdir() if path.suffix == '.md']
    assert written == (
        f'Wrote {exported.name} in {places["home"].resolve()} (the current folder is inside the '
        'workspace of desks)'
    )
    assert saved.startswith('Saved the screen as desk-browser-')
    assert saved.endswith(f'.svg in {places["home"].resolve()}')
    assert tree_differences(before, snapshot_tree(workspace_copy)) == []


async def test_x_and_screenshot_from_a_workspace_list_its_desks_off_the_event_loop(
    places: dict[str, Path], workspace_copy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    listed_on_the_loop: list[bool] = []

    def find_desks(path: Path) -> Workspace:
        listed_on_the_loop.append(threading.current_thread() is threading.main_thread())
        return workspace.find_desks(path)

    app = deterministic_workspace_app(workspace_copy)
    async with settled(app, SIZE, notifications=True) as pilot:
        await app.open_desk_at(workspace_copy / 'hedging', 'hedging')
        await settle(pilot)
        monkeypatch.setattr(services, 'find_desks', find_desks)
        await pilot.press('x')
        await wait_for_note(pilot, 'Wrote')
        await app.run_action('screenshot')
        await wait_for_note(pilot, 'Saved the screen')
    assert listed_on_the_loop == [False, False]  # Each listed the desks, in a thread.
    assert len(list(places['here'].iterdir())) == 2


async def test_r_says_it_read_the_desk_again_and_keeps_the_session_and_the_place_in_it(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with settled(app, SIZE, notifications=True) as pilot:
        screen = app.screen
        assert isinstance(screen, MainScreen)
        app.query_one(SessionList).highlight_session('2026-10-20-2')
        await settle(pilot)
        await pilot.press('n', 'n', 'n')
        await settle(pilot)
        view = app.query_one(ExchangeView)
        before = (view.current_index, view.scroll_y)
        assert before[0] == 2 and before[1] > 0
        await pilot.press('r')
        await settle(pilot)
        assert _messages(app).count('Read the desk again.') == 1
        assert screen.selected_session == '2026-10-20-2'
        assert (view.current_index, view.scroll_y) == before
        # The follower's reload (the desk folder back) reads again without a toast.
        screen.action_reload()
        await settle(pilot)
        assert _messages(app).count('Read the desk again.') == 1
        assert (view.current_index, view.scroll_y) == before


async def test_r_keeps_the_summarys_scroll(app_for: AppFor, demo_desk: Path) -> None:
    app = app_for(demo_desk)
    async with settled(app, (80, 24)) as pilot:
        app.query_one(SessionList).highlight_session('2026-10-20-2')
        await settle(pilot)
        await pilot.press('s')
        await settle(pilot)
        summary = app.query_one(SummaryView)
        assert summary.max_scroll_y > 3
        summary.focus()
        await pilot.press('j', 'j', 'j')
        await settle(pilot)
        assert summary.scroll_y == 3
        await pilot.press('r')
        await settle(pilot)
        assert summary.scroll_y == 3
