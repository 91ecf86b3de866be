"""Every command's exit status on a missing path, a file, an empty folder and a desk.

EXPECTED is the table README.md's "Exit status" section shows; a change to either must change
both. A broken pipe is run for real: each command writes into a pipe whose reader has gone.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from desk_browser.commands import serve
from tests.helpers.commands import run_command

COMMANDS = ('state', 'search', 'sessions', 'orders', 'show', 'check', 'serve')

EXPECTED: dict[str, dict[str, int]] = {
    'a missing path': dict.fromkeys(COMMANDS, 2),
    'a file': dict.fromkeys(COMMANDS, 2),
    'an empty folder': dict.fromkeys(COMMANDS, 2),
    'a desk': dict.fromkeys(COMMANDS, 0),
    'a desk, nothing found': {
        'state': 1,
        'search': 1,
        'sessions': 1,
        'orders': 1,
        'show': 1,
        'check': 1,
    },
}
"""Exit status by what DESK is and by command: README.md's table, row for row."""

NOT_A_DESK = 'holds none of sessions/, journal/, notes/ so it is not a desk'


def _newest_session_id(desk: Path, capsys: pytest.CaptureFixture[str]) -> str:
    listed = run_command(['sessions', str(desk), '--json'], capsys)
    session_id: str = json.loads(listed.stdout)[0]['session_id']
    return session_id


def _arguments(command: str, desk: Path, session_id: str, *, found: bool) -> list[str]:
    """The command line of one command on DESK: one that finds something, or one that does not."""
    after_desk = {
        'search': ['nifty' if found else 'zebrafinch'],
        'show': [session_id if found else '1999-01-01-1'],
        'orders': [] if found else ['--day', '1999-01-01'],
    }
    return [command, str(desk), *after_desk.get(command, [])]


@pytest.fixture
def stopped_server(monkeypatch: pytest.MonkeyPatch) -> None:
    """Makes serve return at once, as after Ctrl+C, instead of listening."""

    class Stopped:
        link = 'http://127.0.0.1:8000/?token=t'

        def listen(self) -> None:
            return None

        def serve(self) -> None:
            return None

    original = serve.serve

    def serve_and_stop(arguments: argparse.Namespace) -> int:
        return original(arguments, lambda *_: Stopped())

    monkeypatch.setattr(serve, 'serve', serve_and_stop)


@pytest.fixture
def places(tmp_path: Path, demo_desk: Path) -> dict[str, Path]:
    file = tmp_path / 'state.json'
    file.write_text('{}', encoding='utf-8')
    empty = tmp_path / 'empty'
    empty.mkdir()
    return {
        'a missing path': tmp_path / 'no-such-desk',
        'a file': file,
        'an empty folder': empty,
        'a desk': demo_desk,
    }


@pytest.mark.usefixtures('stopped_server')
@pytest.mark.parametrize('command', COMMANDS)
@pytest.mark.parametrize('place', ['a missing path', 'a file', 'an empty folder', 'a desk'])
def test_every_command_exits_with_the_status_of_the_table(
    command: str,
    place: str,
    places: dict[str, Path],
    capsys: pytest.CaptureFixture[str],
) -> None:
    desk = places[place]
    session_id = _newest_session_id(places['a desk'], capsys)
    result = run_command(_arguments(command, desk, session_id, found=True), capsys)
    assert result.status == EXPECTED[place][command], result.stderr
    if result.status == 2:
        assert result.stdout == ''
        [note] = result.stderr.splitlines()
        assert note.startswith(f'desk-browser: {desk}: ')


@pytest.mark.parametrize('command', COMMANDS)
def test_a_folder_that_holds_no_desk_gets_the_same_note_from_every_command(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    result = run_command(_arguments(command, tmp_path, '2026-10-21-1', found=True), capsys)
    assert result.status == 2
    assert result.stderr == (
        f'desk-browser: {tmp_path}: {NOT_A_DESK}, and no subfolder of it is one. Give a desk '
        'folder, such as workspace/desks/main, or a folder of desks, such as workspace/desks.\n'
    )


def test_every_command_that_finds_nothing_exits_with_the_status_of_the_table(
    tmp_path: Path,
    demo_desk: Path,
    damaged_desk: Path,
    missing_state_desk: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    no_sessions = tmp_path / 'no-sessions'
    (no_sessions / 'sessions').mkdir(parents=True)
    desks = {'state': missing_state_desk, 'sessions': no_sessions, 'check': damaged_desk}
    for command, expected in EXPECTED['a desk, nothing found'].items():
        desk = desks.get(command, demo_desk)
        result = run_command(_arguments(command, desk, '', found=False), capsys)
        assert result.status == expected, command


BROKEN_PIPE = 141
"""The status README.md gives for a reader that stopped reading (128 + SIGPIPE)."""


@pytest.mark.parametrize('command', [name for name in COMMANDS if name != 'serve'])
def test_a_closed_pipe_ends_every_command_quietly_with_141(
    command: str,
    demo_desk: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    arguments = _arguments(command, demo_desk, _newest_session_id(demo_desk, capsys), found=True)
    read_end, write_end = os.pipe()
    os.close(read_end)  # The reader is gone before the first line, as `| head -0` would be.
    try:
        finished = subprocess.run(
            [sys.executable, '-m', 'desk_browser', *arguments],
            stdin=subprocess.DEVNULL,
            stdout=write_end,
            stderr=subprocess.PIPE,
            timeout=120,
            check=False,
            env={**os.environ, 'XDG_CACHE_HOME': str(tmp_path / 'cache')},
        )
    finally:
        os.close(write_end)
    assert finished.returncode == BROKEN_PIPE
    assert finished.stderr == b''
