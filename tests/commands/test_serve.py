"""`desk-browser serve`: its arguments, its secret and the command textual-serve runs.

A stand-in server records what serve asked for; test_serve_access.py checks the real server's
refusals over a socket, and test_serve_browser.py opens the link in a real browser.
"""

from __future__ import annotations

import shlex
import socket
import stat
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from desk_browser import cli
from desk_browser.commands import serve
from desk_browser.commands.registry import SUBCOMMANDS, build_subcommand_parser

GOOD_TOKEN = 'fixed-secret-for-scripts-0123456789'


class FakeServer:
    """Records what serve asked for instead of listening."""

    def __init__(self, plan: serve.ServePlan, show_link: Callable[[str], None]) -> None:
        self.plan = plan
        self.show_link = show_link
        self.served = False

    @property
    def link(self) -> str:
        return f'http://{self.plan.host}:{self.plan.port}/?token={self.plan.token}'

    def listen(self) -> None:
        return None

    def serve(self) -> None:
        self.show_link(self.link)
        self.served = True


def _run(argv: list[str]) -> tuple[int, list[FakeServer]]:
    servers: list[FakeServer] = []

    def make_server(plan: serve.ServePlan, show_link: Callable[[str], None]) -> FakeServer:
        servers.append(FakeServer(plan, show_link))
        return servers[-1]

    arguments = build_subcommand_parser('serve', SUBCOMMANDS['serve']).parse_args(argv)
    return serve.serve(arguments, make_server), servers


def test_serve_binds_to_localhost_port_8000_by_default(demo_desk: Path) -> None:
    status, [server] = _run([str(demo_desk)])
    assert status == 0
    assert server.served
    plan = server.plan
    assert (plan.host, plan.port, plan.title) == ('127.0.0.1', 8000, 'desk-browser — main')
    assert shlex.split(plan.command) == [
        sys.executable,
        '-m',
        'desk_browser',
        str(demo_desk.resolve()),
    ]


def test_every_run_makes_a_fresh_secret_of_at_least_128_bits(demo_desk: Path) -> None:
    tokens = {_run([str(demo_desk)])[1][0].plan.token for _ in range(5)}
    assert len(tokens) == 5
    for token in tokens:
        assert len(token) >= 22  # 22 URL-safe characters hold 132 bits; a fresh one has 43.
        assert token not in serve.app_command(demo_desk)


def test_the_link_is_alone_on_stdout_and_the_notes_on_stderr(
    demo_desk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, [server] = _run([str(demo_desk)])
    assert status == 0
    captured = capsys.readouterr()
    assert captured.out == server.link + '\n'
    assert captured.out.startswith('http://127.0.0.1:8000/?token=')
    assert 'open this link in a web browser' in captured.err


def test_serve_takes_a_port_and_a_host_and_warns_about_other_hosts(
    demo_desk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, [server] = _run([str(demo_desk), '--port', '8123', '--host', '0.0.0.0'])
    assert status == 0
    assert (server.plan.host, server.plan.port) == ('0.0.0.0', 8123)
    err = capsys.readouterr().err
    assert 'other machines can reach port 8123' in err
    assert 'unencrypted' in err
    _run([str(demo_desk), '--host', 'localhost'])
    assert 'other machines' not in capsys.readouterr().err


def test_port_0_asks_for_any_free_port(demo_desk: Path) -> None:
    assert _run([str(demo_desk), '--port', '0'])[1][0].plan.port == 0


def test_a_token_file_gives_the_secret(
    demo_desk: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    token_file = tmp_path / 'token'
    token_file.write_text(GOOD_TOKEN + '\n', encoding='utf-8')
    token_file.chmod(0o600)
    status, [server] = _run([str(demo_desk), '--token-file', str(token_file)])
    assert status == 0
    assert server.plan.token == GOOD_TOKEN
    assert 'other users' not in capsys.readouterr().err


def test_a_token_file_others_can_read_is_used_with_a_warning(
    demo_desk: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    token_file = tmp_path / 'token'
    token_file.write_text(GOOD_TOKEN, encoding='utf-8')
    token_file.chmod(stat.S_IRUSR | stat.S_IWUSR | stat.S_IRGRP | stat.S_IROTH)
    status, [server] = _run([str(demo_desk), '--token-file', str(token_file)])
    assert status == 0
    assert server.plan.token == GOOD_TOKEN
    assert f'chmod 600 {token_file}' in capsys.readouterr().err


@pytest.mark.parametrize(
    ('content', 'said'),
    [
        ('short', 'at least 22'),
        ('', 'at least 22'),
        ('has spaces inside it, which a URL cannot carry', 'only letters, digits'),
        ('%2F' * 10, 'only letters, digits'),
    ],
)
def test_a_token_file_that_cannot_be_used_exits_2_without_serving(
    content: str, said: str, demo_desk: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    token_file = tmp_path / 'token'
    token_file.write_text(content, encoding='utf-8')
    status, servers = _run([str(demo_desk), '--token-file', str(token_file)])
    assert status == 2
    assert servers == []
    [note] = capsys.readouterr().err.splitlines()
    assert str(token_file) in note
    assert said in note
    assert 'secrets.token_urlsafe' in note


def test_a_missing_token_file_exits_2(
    demo_desk: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, servers = _run([str(demo_desk), '--token-file', str(tmp_path / 'nothing')])
    assert (status, servers) == (2, [])
    assert 'cannot be read' in capsys.readouterr().err


def test_a_port_in_use_exits_2_saying_what_to_do(
    demo_desk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with socket.create_server(('127.0.0.1', 0)) as taken:
        port = taken.getsockname()[1]
        status = cli.main(['serve', str(demo_desk), '--port', str(port)])
    assert status == 2
    [note] = capsys.readouterr().err.splitlines()
    assert f'cannot listen on 127.0.0.1 port {port}' in note
    assert '--port 0' in note


def test_the_command_quotes_a_desk_path_with_spaces(tmp_path: Path) -> None:
    desk = tmp_path / 'my desk; rm -rf ~'
    command = serve.app_command(desk, python='/usr/bin/python3')
    assert shlex.split(command) == ['/usr/bin/python3', '-m', 'desk_browser', str(desk.resolve())]


@pytest.mark.parametrize('port', ['-1', '70000', 'http'])
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
    status, servers = _run([str(tmp_path / 'missing')])
    assert status == 2
    assert servers == []
    assert 'missing' in capsys.readouterr().err


def test_serve_is_listed_in_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(['--help'])
    assert 'serve' in capsys.readouterr().out
    with pytest.raises(SystemExit):
        cli.main(['serve', '--help'])
    out = capsys.readouterr().out
    assert '--port' in out
    assert '--token-file' in out
    assert '127.0.0.1' in out
    assert '?token=' in out


def test_textual_serve_is_the_pinned_version() -> None:
    from importlib.metadata import version

    assert version('textual-serve') == '1.1.3'  # serve_server relies on its internals.
