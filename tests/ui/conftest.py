"""Fixtures for the app tests: a plain environment, an empty folder and a deterministic app.

The demo desks come from tests/conftest.py.
"""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest
import textual.css.stylesheet
from textual.css.parse import parse
from textual.css.stylesheet import Stylesheet

from tests.helpers.pilot import AppFor, deterministic_app

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


@pytest.fixture
def empty_desk(tmp_path: Path) -> Path:
    """A folder that holds no desk."""
    desk = tmp_path / 'main'
    desk.mkdir()
    return desk


@pytest.fixture
def app_for() -> AppFor:
    """Builds the app the deterministic way: fixed today, no blink, no animation, fixed theme."""
    return deterministic_app


@pytest.fixture
def workspace_copy(tmp_path: Path, demo_workspace: Path) -> Path:
    """A copy of the demo workspace's folder of desks, that a test may change."""
    desks = tmp_path / 'workspace' / 'desks'
    shutil.copytree(demo_workspace, desks)
    return desks


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Counts the CSS sources Textual parses (`parse`) and its full re-parses (`reparse`)."""
    counted: Counter[str] = Counter()
    reparse = Stylesheet.reparse

    def counting_parse(*arguments: object, **options: object) -> object:
        counted['parse'] += 1
        return parse(*arguments, **options)  # type: ignore[arg-type]

    def counting_reparse(stylesheet: Stylesheet) -> None:
        counted['reparse'] += 1
        reparse(stylesheet)

    monkeypatch.setattr(textual.css.stylesheet, 'parse', counting_parse)
    monkeypatch.setattr(Stylesheet, 'reparse', counting_reparse)
    return counted
