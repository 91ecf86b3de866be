"""textual-serve's server with the link's check in front of every route (`serve_access`).

`LinkServer` is textual-serve's `Server`, subclassed, so the WebSocket that runs the app,
downloads and static files are textual-serve's own; what it adds is the check, a socket bound
before anything is printed (so a port in use is a clear error and `--port 0` works), the printed
link, and the page: textual-serve's, from `serve_page/` (its public `templates_path`), with the
font from this server instead of an outside host, so the page works with no internet and tells
no one else it is open.

What it relies on in textual-serve 1.1.3 (pinned exactly in pyproject.toml, since these are not
its documented API):

- `Server._make_app()`, a coroutine building the aiohttp `web.Application` with the routes
  `/`, `/ws`, `/download/{key}` and `/static`; the middleware and a response signal are added
  to the application it returns, before aiohttp freezes it at start-up.
- `Server.public_url`, the base of the page's WebSocket and static addresses: set here to the
  bound address, so the page's requests go where its cookie was set.
- `Server.console`, where textual-serve prints: replaced by one on stderr, so stdout holds only
  the link. `Server.initialize_logging()` ("may be overridden in a subclass") is replaced by
  `serve_log`'s plain lines on stderr: textual-serve's own logging printed a client's malformed
  request as a traceback with its local variables, the request's bytes and the token among them.
- `Server.host` and `Server.port`, `Server.request_exit()`
  (raises aiohttp's GracefulExit) and the `Server.on_startup` hook `_make_app` registers (its
  banner, which would print the address without the token, is replaced by the link).
- `Server.serve()` is replaced, not called: it would bind by itself and log every request line,
  token included, through aiohttp's access log.
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
    """Opens the listening socket.

    Args:
        host (str): The address or name to listen on.
        port (int): The port; 0 lets the system pick a free one.

    Returns:
        socket.socket: The socket, listening.

    Raises:
        OSError: The address cannot be used (such as a port in use or a name that does not
            resolve).
    """
    family, _, _, _, address = socket.getaddrinfo(
        host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
    )[0]
    listening = socket.create_server(address[:2], family=family)
    listening.setblocking(False)
    return listening


class LinkServer(Server):
    """Serves the app only to whoever holds the link it prints."""

    def __init__(self, plan: ServePlan, show_link: Callable[[str], None]):
        """Creates the server; nothing listens until serve.

        Args:
            plan (ServePlan): What to serve (the command each browser tab runs, its title), where
                (the address and port) and to whom (the token).
            show_link (Callable[[str], None]): Called with the link once the server listens.
        """
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
        """What lets a request in, for the address bound.

        Returns:
            ServeAccess: The token, the Host names and the origin.
        """
        return ServeAccess(
            token=self.token, host=self.host, port=self.port, canonical_host=self.host
        )

    @property
    def link(self) -> str:
        """The one address that opens the app.

        Returns:
            str: Such as ``http://127.0.0.1:8000/?token=...``.
        """
        return f'{self.public_url}/?{TOKEN_PARAMETER}={self.token}'

    def listen(self) -> None:
        """Binds the socket, so the port is known (and taken) before anything is printed.

        Raises:
            OSError: The address cannot be used.
        """
        self.socket = bind(self.host, self.port)
        self.port = self.socket.getsockname()[1]
        self.public_url = f'http://{url_host(self.host)}:{self.port}'

    async def make_application(self) -> web.Application:
        """Builds the application serve runs, for a runner of one's own (as tests do).

        Returns:
            web.Application: textual-serve's application with the check in front.
        """
        return await self._make_app()

    async def _make_app(self) -> web.Application:
        """Builds textual-serve's application with the check in front of every route.

        Returns:
            web.Application: The application.
        """
        app = await super()._make_app()
        app.middlewares.append(access_middleware(self.access))
        app.on_response_prepare.append(add_safety_headers)
        return app

    def initialize_logging(self) -> None:
        """Writes the log on stderr in plain lines, a client's malformed request in one."""
        install_log(self.debug)

    async def on_startup(self, app: web.Application) -> None:
        """Replaces textual-serve's banner, which shows the address without the token.

        Args:
            app (web.Application): The application.
        """

    def serve(self, debug: bool = False) -> None:
        """Serves until interrupted (Ctrl+C or SIGTERM), on the socket listen bound.

        Args:
            debug (bool): textual-serve's debug mode (Textual's devtools in each app).

        Raises:
            OSError: The address cannot be used.
        """
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
    """Writes the link on a line of its own and flushes, for a script reading the output.

    Args:
        link (str): The link.
        stream (TextIO | None): Where to; None is stdout.
    """
    target = stream or sys.stdout
    target.write(link + '\n')
    target.flush()
