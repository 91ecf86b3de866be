"""Finding the desks of a workspace: what is a desk, a workspace, or neither, and odd entries."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from desk_browser.memory.workspace import REMOVED, entry_problem, find_desks, is_desk
from tests.helpers.desks import entry_named


def _desk(path: Path, folder: str = 'sessions') -> Path:
    (path / folder).mkdir(parents=True)
    return path


def test_a_desk_is_a_folder_holding_any_desk_folder(tmp_path: Path) -> None:
    for folder in ('sessions', 'journal', 'notes'):
        assert is_desk(_desk(tmp_path / folder, folder))
    assert not is_desk(tmp_path / 'missing')
    (tmp_path / 'plain').mkdir()
    assert not is_desk(tmp_path / 'plain')


def test_a_desk_path_is_read_as_that_one_desk(tmp_path: Path) -> None:
    desk = _desk(tmp_path / 'main')
    workspace = find_desks(desk)
    assert workspace.kind == 'desk'
    assert workspace.names == ['main']
    assert workspace.desks[0].problem is None


def test_a_folder_of_desks_is_a_workspace_by_name(tmp_path: Path) -> None:
    desks = tmp_path / 'workspace' / 'desks'
    for name in ('options', 'main', 'hedging'):
        _desk(desks / name)
    (desks / 'README.md').write_text('notes about the desks')
    (desks / '.hidden').mkdir()
    (desks / 'shared').mkdir()  # A folder that holds no desk is left out.
    workspace = find_desks(desks)
    assert workspace.kind == 'workspace'
    assert workspace.names == ['hedging', 'main', 'options']
    assert workspace.desks_folder == desks


def test_a_workspace_folder_is_read_through_its_desks_folder(tmp_path: Path) -> None:
    root = tmp_path / 'workspace'
    _desk(root / 'desks' / 'main')
    workspace = find_desks(root)
    assert workspace.kind == 'workspace'
    assert workspace.names == ['main']
    assert workspace.desks_folder == root / 'desks'


def test_odd_entries_are_entries_that_say_so(tmp_path: Path) -> None:
    desks = tmp_path / 'desks'
    _desk(desks / 'main')
    (desks / 'loop').symlink_to(desks / 'loop')
    (desks / 'nowhere').symlink_to(desks / 'gone')
    (desks / 'flat').write_text('a file where a desk should be')
    workspace = find_desks(desks)
    problems = {entry.name: entry.problem for entry in workspace.desks}
    assert problems == {
        'flat': 'a file, not a desk folder',
        'loop': 'a symlink loop',
        'main': None,
        'nowhere': 'a link to nothing',
    }


def test_an_unreadable_desk_folder_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    desks = tmp_path / 'desks'
    _desk(desks / 'main')
    _desk(desks / 'locked')
    real_scandir = os.scandir

    def scandir(path: Any) -> Any:  # Tests run as root, where permissions stop nothing.
        if Path(path).name == 'locked':
            raise PermissionError(13, 'Permission denied', str(path))
        return real_scandir(path)

    monkeypatch.setattr(os, 'scandir', scandir)
    workspace = find_desks(desks)
    assert entry_named(workspace, 'locked').problem == 'cannot read: permission denied'
    assert entry_problem(desks / 'locked') == 'cannot read: permission denied'


def test_a_desk_removed_meanwhile_says_so(tmp_path: Path) -> None:
    desks = tmp_path / 'desks'
    _desk(desks / 'main')
    _desk(desks / 'gone')
    workspace = find_desks(desks)
    shutil.rmtree(desks / 'gone')
    assert entry_problem(entry_named(workspace, 'gone').path) == REMOVED
    assert entry_problem(entry_named(workspace, 'main').path) is None


def test_neither_a_desk_nor_a_workspace_says_what_to_do(tmp_path: Path) -> None:
    (tmp_path / 'empty').mkdir()
    (tmp_path / 'file').write_text('x')
    for path in (tmp_path / 'empty', tmp_path / 'file', tmp_path / 'missing'):
        workspace = find_desks(path)
        assert workspace.kind == 'none'
        assert workspace.desks == []
        assert str(path) in (workspace.problem or '')


def test_a_folder_of_only_broken_entries_holds_no_desk(tmp_path: Path) -> None:
    (tmp_path / 'loop').symlink_to(tmp_path / 'loop')
    assert find_desks(tmp_path).kind == 'none'
