"""Fixtures for the desk browser's app tests: demo desks built once, and a deterministic app."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from desk_browser.demo import DEMO_NOW, DEMO_TODAY, build_demo_desk
from desk_browser.ui.app import DeskBrowser, make_app

SNAPSHOT_SIZE = (120, 40)


@pytest.fixture(autouse=True)
def _plain_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """NO_COLOR is read in App.__init__ and would turn every snapshot grey."""
    monkeypatch.delenv('NO_COLOR', raising=False)


@pytest.fixture(autouse=True)
def _own_config_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A person's remembered theme (XDG_CONFIG_HOME) never decides what a test sees or writes."""
    monkeypatch.setenv('XDG_CONFIG_HOME', str(tmp_path / 'config-home'))


@pytest.fixture(autouse=True)
def _own_cache_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Every app test keeps its search index in its own cache folder, never the person's."""
    monkeypatch.setenv('XDG_CACHE_HOME', str(tmp_path / 'cache-home'))


def _build(root: Path, *, damaged: bool = False, state: str = 'normal') -> Path:
    # The desk is always named "main", so the title on screen never depends on tmp paths.
    desk = root / 'main'
    build_demo_desk(desk, today=DEMO_TODAY, seed=7, days=10, damaged=damaged, state=state)
    return desk


@pytest.fixture(scope='session')
def demo_desk(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo desk with a normal state. Tests must not change it."""
    return _build(tmp_path_factory.mktemp('demo-normal'))


@pytest.fixture(scope='session')
def damaged_state_desk(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo desk whose state.json is damaged."""
    return _build(tmp_path_factory.mktemp('demo-damaged-state'), state='damaged')


@pytest.fixture(scope='session')
def missing_state_desk(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo desk with no state.json."""
    return _build(tmp_path_factory.mktemp('demo-missing-state'), state='missing')


@pytest.fixture(scope='session')
def damaged_desk(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo desk with typical damage: cut lines, a backend ahead of its log."""
    return _build(tmp_path_factory.mktemp('demo-damaged'), damaged=True)


@pytest.fixture
def empty_desk(tmp_path: Path) -> Path:
    """A folder that holds no desk."""
    desk = tmp_path / 'main'
    desk.mkdir()
    return desk


@pytest.fixture
def app_for() -> Callable[[Path], DeskBrowser]:
    """Builds the app the deterministic way: fixed today, no blink, no animation, fixed theme."""

    def build(desk: Path) -> DeskBrowser:
        return make_app(
            desk,
            today=lambda: DEMO_TODAY,
            cursor_blink=False,
            animation_level='none',
            theme='textual-dark',
            clock=lambda: DEMO_NOW,
        )

    return build
