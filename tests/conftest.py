"""Fixtures every test folder shares: the demo desks, built once a session or one per test.

The shared desks are always named "main", so what a command prints or a screen shows never
depends on the temporary folder. Tests must not change a session desk: copy it first
(`shutil.copytree`) or build one of their own with `make_demo_desk`.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from desk_browser.demo import DEMO_TODAY, build_demo_desk, build_demo_workspace
from tests.helpers.desks import MakeDemoDesk


def _build(root: Path, *, damaged: bool = False, state: str = 'normal') -> Path:
    desk = root / 'main'
    build_demo_desk(desk, today=DEMO_TODAY, seed=7, days=10, damaged=damaged, state=state)
    return desk


@pytest.fixture(scope='session')
def demo_desk(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The ten-day demo desk with a normal state."""
    return _build(tmp_path_factory.mktemp('demo-normal'))


@pytest.fixture(scope='session')
def damaged_desk(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The ten-day demo desk with typical damage: cut lines, a backend ahead of its log."""
    return _build(tmp_path_factory.mktemp('demo-damaged'), damaged=True)


@pytest.fixture(scope='session')
def damaged_state_desk(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The ten-day demo desk whose state.json is not JSON."""
    return _build(tmp_path_factory.mktemp('demo-damaged-state'), state='damaged')


@pytest.fixture(scope='session')
def missing_state_desk(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The ten-day demo desk with no state.json."""
    return _build(tmp_path_factory.mktemp('demo-missing-state'), state='missing')


@pytest.fixture
def make_demo_desk(tmp_path: Path) -> MakeDemoDesk:
    """Builds a small demo desk of its own at tmp_path/main (default seed), for a test to change."""

    def build(days: int, *, damaged: bool = False, state: str = 'normal') -> Path:
        desk = tmp_path / 'main'
        build_demo_desk(desk, today=DEMO_TODAY, days=days, damaged=damaged, state=state)
        return desk

    return build


@pytest.fixture(scope='session')
def demo_workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The four-desk demo workspace (main, options, hedging, research) at .../workspace/desks."""
    desks = tmp_path_factory.mktemp('demo-workspace') / 'workspace' / 'desks'
    build_demo_workspace(desks, today=DEMO_TODAY, desks=4)
    return desks


@pytest.fixture(autouse=True)
def _own_state_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Keeps the search history the app writes out of the user's real state folder."""
    monkeypatch.setenv('XDG_STATE_HOME', str(tmp_path / 'state-home'))
