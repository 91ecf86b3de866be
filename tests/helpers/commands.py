"""Helpers for the command tests: running a command, hostile text that must not reach stdout."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from desk_browser import cli
from desk_browser.commands.registry import SUBCOMMANDS, run_subcommand

HOSTILE_PIECES = ('\x1b]52;c;aGVsbG8=\x07', '\x1b[31m', '\u202e', '\x9b2J', '\x7f')
"""An OSC 52 clipboard write, a colour change, a right-to-left override, a C1 CSI and DEL."""
HOSTILE_TEXT = 'hostile ' + ' '.join(HOSTILE_PIECES) + ' zebrafinch end'
"""Desk text carrying every hostile piece and a word no demo record contains."""
RAW_CONTROLS = ('\x1b', '\x07', '\u202e', '\x9b', '\x7f')
"""Characters that must never reach stdout raw."""


@dataclass(frozen=True)
class CommandResult:
    """What one command run left behind."""

    status: int
    stdout: str
    stderr: str

    @property
    def lines(self) -> list[str]:
        return self.stdout.splitlines()


def run_command(argv: list[str], capsys: pytest.CaptureFixture[str]) -> CommandResult:
    """Runs `desk-browser ARGV` through cli.main once cli lists the commands, else the registry."""
    capsys.readouterr()
    if 'search' in SUBCOMMANDS:
        status = cli.main(argv)
    else:
        found = run_subcommand(argv)
        assert found is not None, f'{argv[0]} is not a subcommand'
        status = found
    captured = capsys.readouterr()
    return CommandResult(status, captured.out, captured.err)


def assert_no_raw_controls(text: str) -> None:
    for character in RAW_CONTROLS:
        assert character not in text, f'{character!r} reached the output raw'
