"""`desk-browser serve`: its arguments and the command textual-serve would run (no real server)."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest

from desk_browser import cli
from desk_browser.commands import serve
from desk_browser.commands.registry import SUBCOMMANDS, build_subcommand_parser


class FakeServer:
    """Records what serve asked for instead of listening."""

    def __init__(self, calls: list[tuple[str, str, int, str]]) -> None:
        self.calls = calls

    def serve(self) -> None:
        return None


def _run(argv: list[str]) -> tuple[int, list[tuple[str, str, int, str]]]:
    calls: list[tuple[str, str, int, str]] = []

    def make_server(command: str, host: str, port: int, title: str) -> FakeServer:
        calls.append((command, host, port, title))
        return FakeServer(calls)

    arguments = build_subcommand_parser('serve', SUBCOMMANDS['serve']).parse_args(argv)
    return serve.serve(arguments, make_server), calls


def test_serve_binds_to_localhost_port_8000_by_default(demo_desk: Path) -> None:
    status, calls = _run([str(demo_desk)])
    assert status == 0
    [(command, host, port, title)] = calls
    assert host == '127.0.0.1'
    assert port == 8000
    assert title == 'desk-browser — main'
    assert shlex.split(command) == [sys.executable, '-m', 'desk_browser', str(demo_desk.resolve())]


def test_serve_takes_a_port_and_a_host_and_warns_about_other_hosts(
    demo_desk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, calls = _run([str(demo_desk), '--port', '8123', '--host', '0.0.0.0'])
    assert status == 0
    assert calls[0][1:3] == ('0.0.0.0', 8123)
    assert 'anyone who reaches port 8123 can read the desk' in capsys.readouterr().err
    _run([str(demo_desk), '--host', 'localhost'])
    assert capsys.readouterr().err == ''


def test_the_command_quotes_a_desk_path_with_spaces(tmp_path: Path) -> None:
    desk = tmp_path / 'my desk; rm -rf ~'
    command = serve.app_command(desk, python='/usr/bin/python3')
    assert shlex.split(command) == ['/usr/bin/python3', '-m', 'desk_browser', str(desk.resolve())]


@pytest.mark.parametrize('port', ['0', '70000', 'http'])
def test_a_bad_port_is_a_usage_error(
    demo_desk: Path, port: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        cli.main(['serve', str(demo_desk), '--port', port])
    assert exit_info.value.code == 2
    assert 'port' in capsys.readouterr().err


def test_a_missing_desk_exits_2_without_serving(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, calls = _run([str(tmp_path / 'missing')])
    assert status == 2
    assert calls == []
    assert 'missing' in capsys.readouterr().err


def test_serve_is_listed_in_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(['--help'])
    assert 'serve' in capsys.readouterr().out
    with pytest.raises(SystemExit):
        cli.main(['serve', '--help'])
    out = capsys.readouterr().out
    assert '--port' in out
    assert '127.0.0.1' in out


def test_textual_serve_is_installed_and_takes_these_arguments() -> None:
    from textual_serve.server import Server

    server = Server('true', host='127.0.0.1', port=8000, title='t')
    assert server.host == '127.0.0.1'
    assert server.port == 8000
