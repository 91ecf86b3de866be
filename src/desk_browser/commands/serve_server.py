"""textual-serve's server with the link's check in front of every route (`serve_access`).

`LinkServer` adds the check, a socket bound before anything is printed, the printed link and
the page from `serve_page/`. It relies on textual-serve 1.1.3 internals (pinned exactly):
`_make_app()`, `public_url`, `console`, `initialize_logging()`, `host`, `port`,
`request_exit()` and `on_startup`; `serve()` is replaced (it would log the token).
"""

from __future__ import annotations

import asyncio
import signal
import socket
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from aiohttp import web
from rich.console import Console
from textual_serve.server import Server

from desk_browser.commands.serve import ServePlan
from desk_browser.commands.serve_access import (
    TOKEN_PARAMETER,
    ServeAccess,
    access_middleware,
    add_safety_headers,
    url_host,
)
from desk_browser.commands.serve_log import install_log

LONGEST_HEADER = 64 * 1024
"""The longest header line a request may carry (aiohttp's default is 8190 bytes): a browser with
many cookies for localhost sends a longer Cookie header, and Jupyter's Tornado takes 64 KiB."""
PAGE_TEMPLATES = Path(__file__).with_name('serve_page')
"""The page's template (app_index.html): textual-serve's, asking nothing of any other host."""


def bind(host: str, port: int) -> socket.socket:
    """Opens the listening socket (port 0: any free one); OSError when the address is unusable."""
    family, _, _, _, address = socket.getaddrinfo(
        host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
    )[0]
    listening = socket.create_server(address[:2], family=family)
    listening.setblocking(False)
    return listening


class LinkServer(Server):
    """Serves the app only to whoever holds the link it prints."""

    def __init__(self, plan: ServePlan, show_link: Callable[[str], None]):
        """Creates the server for `plan`; once it listens, `show_link` is given the link."""
        super().__init__(
            plan.command,
            host=plan.host,
            port=plan.port,
            title=plan.title,
            templates_path=PAGE_TEMPLATES,
        )
        self.console = Console(stderr=True)
        self.token = plan.token
        self._show_link = show_link
        self.socket: socket.socket | None = None
        """The listening socket, once listen has bound it."""

    @property
    def access(self) -> ServeAccess:
        """What lets a request in for the address bound: the token, the Host names, the origin."""
        return ServeAccess(
            token=self.token, host=self.host, port=self.port, canonical_host=self.host
        )

    @property
    def link(self) -> str:
        """The one address that opens the app, such as ``http://127.0.0.1:8000/?token=...``."""
        return f'{self.public_url}/?{TOKEN_PARAMETER}={self.token}'

    def listen(self) -> None:
        """Binds the socket, so the port is known before anything is printed (OSError: unusable)."""
        self.socket = bind(self.host, self.port)
        self.port = self.socket.getsockname()[1]
        self.public_url = f'http://{url_host(self.host)}:{self.port}'

    async def make_application(self) -> web.Application:
        """Builds textual-serve's application with the check in front, for a runner of one's own."""
        return await self._make_app()

    async def _make_app(self) -> web.Application:
        """Builds textual-serve's application with the check in front of every route."""
        app = await super()._make_app()
        app.middlewares.append(access_middleware(self.access))
        app.on_response_prepare.append(add_safety_headers)
        return app

    def initialize_logging(self) -> None:
        """Writes the log on stderr in plain lines, a client's malformed request in one."""
        install_log(self.debug)

    async def on_startup(self, app: web.Application) -> None:
        """Replaces textual-serve's banner, which shows the address without the token."""

    def serve(self, debug: bool = False) -> None:
        """Serves on the bound socket until Ctrl+C or SIGTERM (`debug`: textual-serve's debug)."""
        if self.socket is None:
            self.listen()
        self.debug = debug
        self.initialize_logging()
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        try:
            for signal_number in (signal.SIGINT, signal.SIGTERM):
                loop.add_signal_handler(signal_number, self.request_exit)
        except (NotImplementedError, RuntimeError):  # Windows, or not the main thread.
            pass
        try:
            web.run_app(
                self._make_app(),
                sock=self.socket,
                handle_signals=False,
                loop=loop,
                access_log=None,
                max_field_size=LONGEST_HEADER,
                print=lambda _message: self._show_link(self.link),
            )
        finally:
            loop.close()
            asyncio.set_event_loop(None)


def print_link(link: str, stream: TextIO | None = None) -> None:
    """Writes the link on a line of its own to `stream` (None: stdout) and flushes."""
    target = stream or sys.stdout
    target.write(link + '\n')
    target.flush()
