"""What every command shares: the DESK checks, --help with examples, interruption, wiring."""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any

import pytest

from desk_browser.commands import common, registry
from tests.helpers.commands import run_command

COMMANDS = {
    'search': ['nifty'],
    'state': [],
    'sessions': [],
    'orders': [],
    'show': ['2026-10-21-1'],
    'check': [],
}
"""Each command with the arguments it needs after DESK."""


def test_registry_lists_the_seven_commands() -> None:
    assert list(registry.SUBCOMMANDS) == [
        'search',
        'state',
        'sessions',
        'orders',
        'show',
        'check',
        'serve',
    ]
    for subcommand in registry.SUBCOMMANDS.values():
        assert subcommand.help


def test_run_subcommand_returns_none_for_anything_else() -> None:
    assert registry.run_subcommand([]) is None
    assert registry.run_subcommand(['workspace/desks/main']) is None


@pytest.mark.parametrize('name', list(COMMANDS))
def test_a_missing_desk_exits_2_naming_the_path(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / 'no-such-desk'
    result = run_command([name, str(missing), *COMMANDS[name]], capsys)
    assert result.status == 2
    assert result.stdout == ''
    assert str(missing) in result.stderr
    assert 'no such folder' in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize('name', list(COMMANDS))
def test_a_file_given_as_desk_exits_2_naming_the_path(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / 'state.json'
    file.write_text('{}')
    result = run_command([name, str(file), *COMMANDS[name]], capsys)
    assert result.status == 2
    assert result.stdout == ''
    assert str(file) in result.stderr
    assert 'not a folder' in result.stderr


@pytest.mark.parametrize('name', list(COMMANDS))
def test_an_unreadable_desk_exits_2_naming_the_path(
    name: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Tests run as root, which reads any folder: simulate the refusal.
    desk = tmp_path / 'locked'
    desk.mkdir()

    def refuse(path: object) -> object:
        raise PermissionError(13, 'Permission denied', str(path))

    monkeypatch.setattr('desk_browser.commands.common.os.scandir', refuse)
    result = run_command([name, str(desk), *COMMANDS[name]], capsys)
    assert result.status == 2
    assert str(desk) in result.stderr
    assert 'cannot be read (Permission denied)' in result.stderr


@pytest.mark.parametrize('name', list(COMMANDS))
def test_help_shows_an_example(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        run_command([name, '--help'], capsys)
    assert exit_info.value.code == 0
    help_text = capsys.readouterr().out
    assert 'examples:' in help_text
    assert f'desk-browser {name} workspace/desks/main' in help_text
    assert 'exit status' in help_text


@pytest.mark.parametrize('name', list(COMMANDS))
def test_a_wrong_command_line_exits_2(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        run_command([name, '--no-such-option'], capsys)
    assert exit_info.value.code == 2


def test_interruption_exits_130(capsys: pytest.CaptureFixture[str]) -> None:
    @common.guarded
    def interrupted(arguments: argparse.Namespace) -> int:
        raise KeyboardInterrupt

    assert interrupted(argparse.Namespace()) == 130
    assert 'interrupted' in capsys.readouterr().err


@pytest.mark.parametrize('name', list(COMMANDS))
def test_every_command_exits_130_when_interrupted_while_reading(
    name: str,
    demo_desk: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def interrupt(path: Path) -> bytes:
        raise KeyboardInterrupt

    original_open = os.open

    def interrupted_open(path: Any, flags: int, *arguments: Any, **keywords: Any) -> int:
        if not flags & (os.O_WRONLY | os.O_RDWR):  # The core's readers open desk files so.
            raise KeyboardInterrupt
        return original_open(path, flags, *arguments, **keywords)

    monkeypatch.setattr(Path, 'read_bytes', interrupt)
    monkeypatch.setattr(os, 'open', interrupted_open)
    result = run_command([name, str(demo_desk), *COMMANDS[name]], capsys)
    assert result.status == 130
