"""Fixtures for the command tests: demo desks named main, built once or per test."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from desk_browser.demo import DEMO_TODAY, build_demo_desk


def _build(root: Path, **options: object) -> Path:
    desk = root / 'main'
    build_demo_desk(desk, today=DEMO_TODAY, seed=7, days=10, **options)  # type: ignore[arg-type]
    return desk


@pytest.fixture(scope='session')
def demo_desk(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo desk with a normal state. Tests must not change it."""
    return _build(tmp_path_factory.mktemp('commands-normal'))


@pytest.fixture(scope='session')
def damaged_desk(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo desk with typical damage (damaged=True). Tests must not change it."""
    return _build(tmp_path_factory.mktemp('commands-damaged'), damaged=True)


@pytest.fixture(scope='session')
def damaged_state_desk(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo desk whose state.json is not JSON. Tests must not change it."""
    return _build(tmp_path_factory.mktemp('commands-damaged-state'), state='damaged')


@pytest.fixture(scope='session')
def missing_state_desk(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo desk with no state.json. Tests must not change it."""
    return _build(tmp_path_factory.mktemp('commands-missing-state'), state='missing')


@pytest.fixture
def desk_copy(tmp_path: Path, demo_desk: Path) -> Callable[[], Path]:
    """Returns a function that copies the normal demo desk into tmp_path/copy/main, to change."""

    def copy() -> Path:
        target = tmp_path / 'copy' / 'main'
        shutil.copytree(demo_desk, target)
        return target

    return copy
