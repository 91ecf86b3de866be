"""Browsing without a terminal exits 2 at once with one line, instead of writing into a pipe.

The processes are real: `python -m desk_browser` with stdin or stdout a pipe, /dev/null or a
pseudo-terminal, as under cron, nohup or `ssh host desk-browser DESK` without -t.
"""

from __future__ import annotations

import io
import os
import pty
import subprocess
import sys
from pathlib import Path
from typing import IO

import pytest

from desk_browser import cli


class Terminal(io.StringIO):
    """A stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def _browse(
    arguments: list[str],
    tmp_path: Path,
    *,
    stdin: int | IO[bytes] | None = subprocess.DEVNULL,
    stdout: int | IO[bytes] | None = subprocess.PIPE,
) -> subprocess.CompletedProcess[bytes]:
    environment = {**os.environ, 'TMPDIR': str(tmp_path), 'XDG_CACHE_HOME': str(tmp_path / 'c')}
    environment.pop('TEXTUAL_DRIVER', None)
    return subprocess.run(
        [sys.executable, '-m', 'desk_browser', *arguments],
        stdin=stdin,
        stdout=stdout,
        stderr=subprocess.PIPE,
        timeout=120,  # A guard against the old spin, not a measure: it ends in well under 1 s.
        check=False,
        env=environment,
    )


@pytest.mark.parametrize('arguments', [['DESK'], ['--demo'], ['DESK', '--search', 'nifty']])
def test_no_terminal_at_all_exits_2_with_one_line(
    arguments: list[str], demo_desk: Path, tmp_path: Path
) -> None:
    arguments = [str(demo_desk) if argument == 'DESK' else argument for argument in arguments]
    finished = _browse(arguments, tmp_path)
    assert finished.returncode == 2
    assert finished.stdout == b''
    assert finished.stderr.decode() == cli.NO_TERMINAL_MESSAGE + '\n'


def test_the_line_says_why_what_to_do_over_ssh_and_the_commands_for_scripts() -> None:
    assert '\n' not in cli.NO_TERMINAL_MESSAGE
    assert 'needs a terminal' in cli.NO_TERMINAL_MESSAGE
    assert 'ssh -t' in cli.NO_TERMINAL_MESSAGE
    for command in ('state', 'search', 'sessions', 'show', 'check'):
        assert command in cli.NO_TERMINAL_MESSAGE


def test_demo_builds_nothing_without_a_terminal(tmp_path: Path) -> None:
    assert _browse(['--demo'], tmp_path).returncode == 2
    assert [path.name for path in tmp_path.iterdir()] == []


@pytest.mark.parametrize('side', ['stdin', 'stdout'])
def test_a_terminal_on_one_side_only_is_not_enough(
    side: str, demo_desk: Path, tmp_path: Path
) -> None:
    controller, terminal = pty.openpty()
    try:
        finished = _browse([str(demo_desk)], tmp_path, **{side: terminal})
    finally:
        os.close(terminal)
        os.close(controller)
    assert finished.returncode == 2
    assert b'needs a terminal' in finished.stderr


def test_a_missing_desk_is_named_before_the_terminal_is_asked_for(tmp_path: Path) -> None:
    finished = _browse([str(tmp_path / 'no-such-desk')], tmp_path)
    assert finished.returncode == 2
    assert b'no such folder' in finished.stderr
    assert b'needs a terminal' not in finished.stderr


def test_the_commands_for_scripts_need_no_terminal(demo_desk: Path, tmp_path: Path) -> None:
    finished = _browse(['sessions', str(demo_desk)], tmp_path)
    assert finished.returncode == 0
    assert finished.stdout


def test_terminals_on_both_sides_let_the_ui_start(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv('TEXTUAL_DRIVER', raising=False)
    monkeypatch.setattr(sys, 'stdin', Terminal())
    monkeypatch.setattr(sys, 'stdout', Terminal())
    assert cli.terminal_problem() is None
    monkeypatch.setattr(sys, 'stdin', None)  # Started with stdin closed.
    assert cli.terminal_problem() == cli.NO_TERMINAL_MESSAGE


def test_textual_serves_web_driver_needs_no_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, 'stdin', io.StringIO())
    monkeypatch.setenv('TEXTUAL_DRIVER', 'textual.drivers.web_driver:WebDriver')
    assert cli.terminal_problem() is None
    monkeypatch.setenv('TEXTUAL_DRIVER', 'textual.drivers.linux_driver:LinuxDriver')
    assert cli.terminal_problem() == cli.NO_TERMINAL_MESSAGE
