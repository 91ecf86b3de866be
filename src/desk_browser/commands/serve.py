"""`desk-browser serve DESK [--port N] [--host H] [--token-file PATH]`: the app in a web browser.

Only whoever holds the printed link gets in (`serve_access`); it listens on 127.0.0.1 by default.
"""

from __future__ import annotations

import argparse
import shlex
import stat
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from desk_browser.commands.common import (
    EXIT_FOUND,
    EXIT_USAGE,
    add_desk_argument,
    checked_desk,
    describe,
    guarded,
    workspace_of,
)
from desk_browser.commands.output import print_note
from desk_browser.presentation.safe_text import visible_field

HELP = 'serve the browser to a web browser (textual-serve), to whoever holds the link it prints'

DEFAULT_HOST = '127.0.0.1'
DEFAULT_PORT = 8000
_LOCAL_HOSTS = frozenset({'127.0.0.1', 'localhost', '::1'})

_EPILOG = """\
It prints one link, http://127.0.0.1:PORT/?token=SECRET, on stdout: open it in a web browser;
each tab runs its own desk-browser on DESK, which only reads the desk. The secret is new each
run (--token-file PATH reads a fixed one, for scripts); the browser trades it for a cookie and
the address loses it. Without the cookie or the token every address answers 403, as does a
request whose Host is not this machine or --host (DNS rebinding) and a page of another site
(a WebSocket from a foreign Origin). There is no way to turn the check off.

It listens on 127.0.0.1, this machine only. From another machine, forward the port over SSH
(ssh -L 8000:127.0.0.1:8000 HOST) and open the same link there. --host NAME listens on that
name's address and lets other machines reach the port: their browsers must use that NAME, as
the link does (Host is checked), and the link travels unencrypted (http).

exit status: 0 after the server stops (Ctrl+C), 2 bad usage, a DESK that is missing,
unreadable or no desk, a --token-file that cannot be used or an address that cannot be used

examples:
  desk-browser serve workspace/desks/main
  desk-browser serve workspace/desks/main --port 8080
  desk-browser serve workspace/desks/main --port 0 --token-file ~/.desk-token
"""


class Server(Protocol):
    """What serve needs of serve_server.LinkServer."""

    @property
    def link(self) -> str:
        """The one address that opens the app (known once listening)."""

    def listen(self) -> None:
        """Binds the socket; raises OSError when the address cannot be used."""

    def serve(self) -> None:
        """Runs until interrupted."""


@dataclass(frozen=True)
class ServePlan:
    """What to serve, and to whom.

    Attributes:
        command: The shell command textual-serve runs for each browser tab.
        host: The address to listen on.
        port: The port; 0 for any free one.
        title: The page's title.
        token: The secret the link carries.
    """

    command: str
    host: str
    port: int
    title: str
    token: str


ServerFactory = Callable[[ServePlan, Callable[[str], None]], Server]
"""Builds a server from a plan and what to call with the link once it listens."""


def _port(text: str) -> int:
    """Reads a TCP port number for argparse; 0 asks for any free port."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f'{text!r} is not a port number') from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f'{port} is not a port number (0-65535)')
    return port


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Adds the serve command's arguments to its parser."""
    add_desk_argument(parser)
    parser.add_argument(
        '--port',
        type=_port,
        default=DEFAULT_PORT,
        help=f'the port (default {DEFAULT_PORT}; 0 for any free one, the link says which)',
    )
    parser.add_argument(
        '--host',
        default=DEFAULT_HOST,
        help=f'the address to listen on (default {DEFAULT_HOST}, this machine only)',
    )
    parser.add_argument(
        '--token-file',
        type=Path,
        metavar='PATH',
        help='read the secret from this file instead of making a new one (at least 22 letters, '
        'digits, - or _; such as python3 -c "import secrets; print(secrets.token_urlsafe())")',
    )
    describe(parser, _EPILOG)


def app_command(desk: Path, python: str | None = None) -> str:
    """The shell command textual-serve runs for each tab, quoted (`python` None: this one)."""
    interpreter = python or sys.executable
    return shlex.join([interpreter, '-m', 'desk_browser', str(desk.resolve())])


def read_token_file(path: Path) -> str | None:
    """Reads a fixed secret; None after a one-line note on stderr saying why it cannot be used."""
    from desk_browser.commands.serve_access import token_problem  # Deferred: loads aiohttp.

    shown = visible_field(str(path))
    try:
        token = path.read_text(encoding='utf-8').strip()
        mode = path.stat().st_mode
    except (OSError, UnicodeDecodeError, ValueError) as error:
        reason = getattr(error, 'strerror', None) or str(error)
        print_note(f'--token-file {shown}: cannot be read ({reason}).')
        return None
    problem = token_problem(token)
    if problem is not None:
        print_note(
            f'--token-file {shown}: {problem}. Make one with: python3 -c '
            f'"import secrets; print(secrets.token_urlsafe())" > {shown}'
        )
        return None
    if mode & (stat.S_IRWXG | stat.S_IRWXO):
        print_note(f'--token-file {shown}: other users may read it; chmod 600 {shown}.')
    return token


def _link_server(plan: ServePlan, show_link: Callable[[str], None]) -> Server:
    from desk_browser.commands.serve_server import LinkServer  # Deferred: only serve needs it.

    return LinkServer(plan, show_link)


def serve(arguments: argparse.Namespace, make_server: ServerFactory | None = None) -> int:
    """Serves the browser until interrupted.

    Args:
        arguments: desk, port, host and token_file.
        make_server: Builds the server (None: serve_server's LinkServer; tests pass a stand-in).

    Returns:
        0 after the server stops; 2 for a desk, token file or address that cannot be used.
    """
    # A folder of desks is served as its Desks screen, behind the same token.
    desk = arguments.desk if workspace_of(arguments) is not None else checked_desk(arguments)
    if desk is None:
        return EXIT_USAGE
    if arguments.token_file is not None:
        token = read_token_file(arguments.token_file)
        if token is None:
            return EXIT_USAGE
    else:
        from desk_browser.commands.serve_access import new_token  # Deferred: loads aiohttp.

        token = new_token()
    host: str = arguments.host
    if host not in _LOCAL_HOSTS:
        port = f'port {arguments.port}' if arguments.port else 'its port'
        print_note(
            f'listening on {visible_field(host)}: other machines can reach {port}; the link '
            'lets them in, and it travels unencrypted (http).'
        )
    title = f'desk-browser — {desk.resolve().name}'
    plan = ServePlan(app_command(desk), host, arguments.port, title, token)

    def show_link(link: str) -> None:
        print_note(
            f'serving {visible_field(str(desk))}; open this link in a web browser (it holds '
            'the secret that lets a browser in). Ctrl+C stops.'
        )
        from desk_browser.commands.serve_server import print_link

        print_link(link)

    server = (make_server or _link_server)(plan, show_link)
    try:
        server.listen()
    except OSError as error:
        reason = error.strerror or str(error)
        print_note(
            f'cannot listen on {visible_field(host)} port {arguments.port} ({reason}). '
            'Give another --port, or --port 0 for any free one.'
        )
        return EXIT_USAGE
    server.serve()
    return EXIT_FOUND


@guarded
def run(arguments: argparse.Namespace) -> int:
    """Serves the browser until interrupted: 0 after it stops, 2 for bad usage, 130 interrupted."""
    return serve(arguments)
