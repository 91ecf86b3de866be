"""`desk-browser serve DESK [--port N] [--host H]`: the same app in a web browser.

textual-serve runs `desk-browser DESK` once for each browser tab that connects and relays its
screen over a web socket. It listens on 127.0.0.1 unless told otherwise, since anyone who reaches
the port can read the desk.
"""

from __future__ import annotations

import argparse
import logging
import shlex
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from desk_browser.commands.common import (
    EXIT_FOUND,
    EXIT_USAGE,
    add_desk_argument,
    checked_desk,
    describe,
    guarded,
)
from desk_browser.commands.output import print_note

_LOGGER = logging.getLogger(__name__)

HELP = 'serve the browser to a web browser (textual-serve), on 127.0.0.1 by default'

DEFAULT_HOST = '127.0.0.1'
DEFAULT_PORT = 8000
_LOCAL_HOSTS = frozenset({'127.0.0.1', 'localhost', '::1'})

_EPILOG = """\
Open the address it prints in a web browser; each tab runs its own desk-browser on DESK. It only
reads the desk. Bound to 127.0.0.1 unless --host says otherwise: anyone who can reach the port can
read the desk, so put it behind a proxy with a login before using --host 0.0.0.0.

exit status: 0 after the server stops, 2 bad usage or a DESK that is missing, unreadable or
no desk, 130 interrupted

examples:
  desk-browser serve workspace/desks/main
  desk-browser serve workspace/desks/main --port 8080
"""


class Server(Protocol):
    """What serve needs of textual_serve.server.Server."""

    def serve(self) -> None:
        """Runs until interrupted."""


ServerFactory = Callable[[str, str, int, str], Server]
"""Builds a server from (command, host, port, title)."""


def _port(text: str) -> int:
    """Reads a TCP port number for argparse."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f'{text!r} is not a port number') from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f'{port} is not a port number (1-65535)')
    return port


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Adds the serve command's arguments.

    Args:
        parser (argparse.ArgumentParser): The command's parser.
    """
    add_desk_argument(parser)
    parser.add_argument(
        '--port', type=_port, default=DEFAULT_PORT, help=f'the port (default {DEFAULT_PORT})'
    )
    parser.add_argument(
        '--host',
        default=DEFAULT_HOST,
        help=f'the address to listen on (default {DEFAULT_HOST}, this machine only)',
    )
    describe(parser, _EPILOG)


def app_command(desk: Path, python: str | None = None) -> str:
    """Writes the shell command textual-serve runs for each browser tab.

    Args:
        desk (Path): The desk folder.
        python (str | None): The Python interpreter; None uses the one running now.

    Returns:
        str: Such as ``/usr/bin/python3 -m desk_browser /path/to/desk``, every part quoted.
    """
    interpreter = python or sys.executable
    return shlex.join([interpreter, '-m', 'desk_browser', str(desk.resolve())])


def _textual_server(command: str, host: str, port: int, title: str) -> Server:
    from textual_serve.server import Server as TextualServer  # Deferred: only serve needs it.

    return TextualServer(command, host=host, port=port, title=title)


def serve(arguments: argparse.Namespace, make_server: ServerFactory = _textual_server) -> int:
    """Serves the browser until interrupted.

    Args:
        arguments (argparse.Namespace): desk, port and host.
        make_server (ServerFactory): Builds the server (tests pass a stand-in).

    Returns:
        int: 0 after the server stops, 2 for an unreadable desk.
    """
    desk = checked_desk(arguments)
    if desk is None:
        return EXIT_USAGE
    host: str = arguments.host
    if host not in _LOCAL_HOSTS:
        print_note(
            f'listening on {host}: anyone who reaches port {arguments.port} can read the desk.'
        )
    title = f'desk-browser — {desk.resolve().name}'
    server = make_server(app_command(desk), host, arguments.port, title)
    server.serve()
    return EXIT_FOUND


@guarded
def run(arguments: argparse.Namespace) -> int:
    """Serves the browser with textual-serve until interrupted.

    Args:
        arguments (argparse.Namespace): desk, port and host.

    Returns:
        int: 0 after the server stops, 2 for an unreadable desk, 130 interrupted.
    """
    return serve(arguments)
