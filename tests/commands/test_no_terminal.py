"""Browsing without a terminal exits 2 at once with one line, instead of writing into a pipe.

The processes are real: `python -m desk_browser` with stdin or stdout a pipe, /dev/null or a
pseudo-terminal, as under cron, nohup or `ssh host desk-browser DESK` without -t; and in a tmux
pane with stderr sent to a file (`desk-browser DESK 2>errors.log`), which must still show the app.
"""

from __future__ import annotations

import io
import os
import pty
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
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


class Pane:
    """A tmux pane of its own server (a socket in the test's folder), running one command."""

    def __init__(self, folder: Path, command: str) -> None:
        self.socket = folder / 'tmux.socket'
        self.status = folder / 'status'
        environment = {**os.environ, 'XDG_CACHE_HOME': str(folder / 'cache')}
        environment['XDG_CONFIG_HOME'] = str(folder / 'config')
        environment.pop('TEXTUAL_DRIVER', None)
        environment['TERM'] = 'xterm-256color'
        self.environment = environment
        whole = f'{command}; echo $? > {shlex.quote(str(self.status))}; sleep 600'
        self.tmux('new-session', '-d', '-x', '100', '-y', '30', whole)

    def tmux(self, *arguments: str) -> str:
        return subprocess.run(
            ['tmux', '-S', str(self.socket), *arguments],
            capture_output=True,
            text=True,
            check=True,
            env=self.environment,
            timeout=30,
        ).stdout

    def screen(self) -> str:
        """The pane's text, a line the pane wrapped joined back into one."""
        return self.tmux('capture-pane', '-p', '-J')

    def wait_for(self, text: str, guard: float = 90.0) -> str:
        """The screen once it shows the text; the guard is against a hang, not a measure."""
        deadline = time.monotonic() + guard
        while text not in (screen := self.screen()):
            if time.monotonic() > deadline:
                raise AssertionError(f'the pane never showed {text!r}; it shows:\n{screen}')
            time.sleep(0.2)
        return screen

    def exit_status(self, guard: float = 60.0) -> int:
        deadline = time.monotonic() + guard
        while not self.status.exists() or not self.status.read_text().strip():
            if time.monotonic() > deadline:
                raise AssertionError(f'the command did not end; the pane shows:\n{self.screen()}')
            time.sleep(0.2)
        return int(self.status.read_text())

    def close(self) -> None:
        subprocess.run(
            ['tmux', '-S', str(self.socket), 'kill-server'], check=False, capture_output=True
        )


@pytest.fixture
def pane_for(tmp_path: Path) -> Iterator[Callable[[str], Pane]]:
    if shutil.which('tmux') is None:
        pytest.skip('tmux is not installed, so no terminal can be driven: apt-get install tmux')
    panes: list[Pane] = []

    def start(command: str) -> Pane:
        panes.append(Pane(tmp_path, command))
        return panes[-1]

    yield start
    for pane in panes:
        pane.close()


def _browse_command(desk: Path) -> str:
    return shlex.join([sys.executable, '-m', 'desk_browser', str(desk)])


def test_stderr_sent_to_a_file_still_draws_on_the_terminal(
    pane_for: Callable[[str], Pane], demo_desk: Path, tmp_path: Path
) -> None:
    errors = tmp_path / 'errors.log'
    pane = pane_for(f'{_browse_command(demo_desk)} 2>{shlex.quote(str(errors))}')
    screen = pane.wait_for('Sessions')
    assert '2026-10-21-3' in screen  # The demo desk's current session, on the first screen.
    pane.tmux('send-keys', 'q')
    assert pane.exit_status() == 0
    assert b'\x1b' not in errors.read_bytes()  # Not one byte of the screen went into the file.


def test_stderr_sent_to_a_file_still_gets_what_is_written_to_stderr(tmp_path: Path) -> None:
    """Once the screen is on the terminal, sys.stderr (notes, a crash's traceback) is the file."""
    controller, terminal = pty.openpty()
    script = (
        'import sys\n'
        'from desk_browser import cli\n'
        'assert cli.draw_on_the_terminal() is None\n'
        'print("a note", file=sys.stderr)\n'
        'sys.__stderr__.write("drawn")\n'
        'sys.__stderr__.flush()\n'
    )
    errors = tmp_path / 'errors.log'
    try:
        with errors.open('wb') as stream:
            subprocess.run(
                [sys.executable, '-c', script],
                stdin=terminal,
                stdout=terminal,
                stderr=stream,
                timeout=120,
                check=True,
            )
        drawn = os.read(controller, 1024)
    finally:
        os.close(terminal)
        os.close(controller)
    assert errors.read_text() == 'a note\n'
    assert drawn == b'drawn'


def test_stderr_closed_exits_2_with_the_line_on_the_terminal(
    pane_for: Callable[[str], Pane], demo_desk: Path
) -> None:
    pane = pane_for(f'{_browse_command(demo_desk)} 2>&-')
    assert pane.exit_status() == 2
    assert cli.STDERR_CLOSED_MESSAGE in pane.screen()
