"""Fixtures for the command tests: a copy of the demo desk to change (desks: tests/conftest.py)."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest


@pytest.fixture
def desk_copy(tmp_path: Path, demo_desk: Path) -> Callable[[], Path]:
    """Returns a function that copies the normal demo desk into tmp_path/copy/main, to change."""

    def copy() -> Path:
        target = tmp_path / 'copy' / 'main'
        shutil.copytree(demo_desk, target)
        return target

    return copy


@pytest.fixture(autouse=True)
def _own_cache_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Keeps the search index the commands may open out of the user's real cache folder."""
    monkeypatch.setenv('XDG_CACHE_HOME', str(tmp_path / 'cache-home'))
