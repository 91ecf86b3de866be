"""The demo workspace: the same bytes for the same arguments, and its command line."""

from __future__ import annotations

from pathlib import Path

import pytest

from desk_browser.demo import DEMO_TODAY, build_demo_desk, build_demo_workspace, main
from tests.helpers.tree import snapshot_tree


def test_the_same_arguments_give_the_same_workspace(tmp_path: Path) -> None:
    first = build_demo_workspace(tmp_path / 'a', today=DEMO_TODAY, desks=6, days=3)
    build_demo_workspace(tmp_path / 'b', today=DEMO_TODAY, desks=6, days=3)
    assert [path.name for path in first] == [
        'main',
        'options',
        'hedging',
        'research',
        'desk-05',
        'desk-06',
    ]
    assert snapshot_tree(tmp_path / 'a') == snapshot_tree(tmp_path / 'b')


def test_the_default_desk_is_unchanged_by_the_behind_option(tmp_path: Path) -> None:
    build_demo_desk(tmp_path / 'a', today=DEMO_TODAY, days=3)
    build_demo_desk(tmp_path / 'b', today=DEMO_TODAY, days=3, behind=None)
    assert snapshot_tree(tmp_path / 'a') == snapshot_tree(tmp_path / 'b')


def test_the_command_builds_a_workspace(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status = main([str(tmp_path / 'desks'), '--desks', '4', '--days', '2', '--today', '2026-10-21'])
    assert status == 0
    assert sorted(path.name for path in (tmp_path / 'desks').iterdir()) == [
        'hedging',
        'main',
        'options',
        'research',
    ]
    assert 'workspace of 4 desks' in capsys.readouterr().out
    assert main([str(tmp_path / 'desks'), '--desks', '4', '--today', '2026-10-21']) == 2
