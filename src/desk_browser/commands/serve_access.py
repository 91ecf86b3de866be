"""Who may use a served desk: only whoever holds the link `desk-browser serve` printed.

Every request is checked, as Jupyter Server does: the token is swapped for an HttpOnly,
SameSite=Strict cookie; the Host and Origin headers must name this server. Refusals are 403.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
from dataclasses import dataclass
from urllib.parse import urlsplit

from aiohttp import web
from aiohttp.typedefs import Handler, Middleware

from desk_browser.presentation.safe_text import visible_field

_LOGGER = logging.getLogger(__name__)

TOKEN_PARAMETER = 'token'
"""The query parameter of the link that carries the secret."""
TOKEN_BYTES = 32
"""Random bytes in a fresh token: 256 bits, written as 43 URL-safe characters."""
SHORTEST_TOKEN = 22
"""The fewest characters a --token-file secret may have (22 URL-safe characters hold 128 bits)."""
TOKEN_ALPHABET = frozenset('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.~')
"""Characters a token may hold: those a URL carries as they are."""
LOCAL_HOSTS = frozenset({'127.0.0.1', 'localhost', '::1'})
"""Names of this machine that a Host header may give."""
WEBSOCKET_PATH = '/ws'
"""textual-serve's WebSocket route: the one that runs the app."""

_COOKIE_PURPOSE = b'desk-browser serve cookie'


def new_token() -> str:
    """Makes a fresh secret for one `serve` run: 43 URL-safe random characters."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_problem(token: str) -> str | None:
    """Says what is wrong with a secret read from --token-file, or None when it can be used."""
    if len(token) < SHORTEST_TOKEN:
        return f'it holds {len(token)} characters; a token needs at least {SHORTEST_TOKEN}'
    if not set(token) <= TOKEN_ALPHABET:
        return 'a token holds only letters, digits and - _ . ~'
    return None


def host_name(host_header: str) -> str:
    """The name a Host header gives, lowered, without port, brackets or final dot."""
    text = host_header.strip().lower()
    if text.startswith('['):
        name, _, _ = text[1:].partition(']')
    elif text.count(':') == 1:
        name = text.partition(':')[0]
    else:
        name = text
    return name.rstrip('.')


def url_host(host: str) -> str:
    """Writes a host for a URL: an IPv6 address in brackets (``[::1]``), a name as it is."""
    return f'[{host}]' if ':' in host else host


def cookie_value(token: str) -> str:
    """The cookie for a token: HMAC-SHA256 of a fixed purpose under it, in hex (never the token)."""
    return hmac.new(token.encode(), _COOKIE_PURPOSE, hashlib.sha256).hexdigest()


def _same_secret(given: str, expected: str) -> bool:
    """Whether two secrets are the same, compared in constant time."""
    return hmac.compare_digest(given.encode('utf-8', 'replace'), expected.encode())


def _bare_name(host: str) -> str:
    """A --host as a Host header's name would be read: lowered, without brackets."""
    return host.strip().lower().removeprefix('[').removesuffix(']').rstrip('.')


def _redirect(location: str) -> web.Response:
    """A 302 redirect that no cache keeps."""
    return web.Response(
        status=302, headers={'Location': str(location), 'Cache-Control': 'no-store'}
    )


def refused(reason: str) -> web.Response:
    """The 403 plain-text answer: `reason` (revealing nothing of the desk) and what to do."""
    text = (
        f'403 Forbidden: {reason}.\n'
        'Open the link desk-browser serve printed (it ends in ?token=...), on this machine.\n'
    )
    return web.Response(status=403, text=text, headers={'Cache-Control': 'no-store'})


@dataclass(frozen=True)
class ServeAccess:
    """What lets a request into one served desk.

    Attributes:
        token: The secret the link carries.
        host: The address given with --host, whose name the Host header may also give.
        port: The port the server listens on, part of its origin.
        canonical_host: The name in the printed link, where other local names are sent.
    """

    token: str
    host: str
    port: int
    canonical_host: str

    @property
    def cookie_name(self) -> str:
        """The cookie's name, such as ``desk-browser-8000`` (cookies ignore ports)."""
        return f'desk-browser-{self.port}'

    @property
    def hosts(self) -> frozenset[str]:
        """The names a Host or Origin header may give: this machine's names and --host, lowered."""
        return LOCAL_HOSTS | {_bare_name(self.host)}

    def is_own_origin(self, origin: str) -> bool:
        """Whether an Origin header is http, this machine's name (or --host) and port."""
        try:
            parts = urlsplit(origin.strip())
            port = parts.port if parts.port is not None else 80
        except ValueError:
            return False
        name = (parts.hostname or '').rstrip('.')
        return parts.scheme == 'http' and name in self.hosts and port == self.port

    def answer(self, request: web.Request) -> web.StreamResponse | None:
        """Decides whether a request may reach textual-serve's handlers.

        Returns:
            None to let it through; else the answer: 403, or a redirect that sets the cookie.
        """
        name = host_name(request.host)
        if name not in self.hosts:
            return self._refuse(request, f'the Host {name!r} is not this machine')
        origin = request.headers.get('Origin')
        if origin is not None and not self.is_own_origin(origin):
            return self._refuse(request, f'a page of {origin!r} may not use this server')
        given = request.query.get(TOKEN_PARAMETER)
        if given is not None:
            if not _same_secret(given, self.token):
                return self._refuse(request, 'the token is wrong')
            if request.path == WEBSOCKET_PATH:
                return None
            return self._enter(request, name)
        cookie = request.cookies.get(self.cookie_name)
        if cookie is not None and _same_secret(cookie, cookie_value(self.token)):
            return None
        return self._refuse(request, 'no token')

    def _enter(self, request: web.Request, name: str) -> web.StreamResponse:
        """Answers the link: a redirect that sets the cookie and drops the token."""
        if name != _bare_name(self.canonical_host):
            # Keep the token: the cookie must be set under the name the page's URLs use.
            elsewhere = request.url.with_scheme('http').with_host(_bare_name(self.canonical_host))
            return _redirect(str(elsewhere.with_port(self.port)))
        kept = [(key, value) for key, value in request.query.items() if key != TOKEN_PARAMETER]
        response = _redirect(str(request.rel_url.with_query(kept)))
        response.set_cookie(
            self.cookie_name,
            cookie_value(self.token),
            path='/',
            httponly=True,
            samesite='Strict',
        )
        return response

    def _refuse(self, request: web.Request, reason: str) -> web.Response:
        """Refuses a request with a 403 and notes it in the server's log."""
        _LOGGER.warning(
            'refused %s %s: %s', request.method, visible_field(request.path), visible_field(reason)
        )
        return refused(reason)


def access_middleware(access: ServeAccess) -> Middleware:
    """Makes the aiohttp middleware that lets only the link's holder through."""

    @web.middleware
    async def check_access(request: web.Request, handler: Handler) -> web.StreamResponse:
        answer = access.answer(request)
        if answer is not None:
            return answer
        return await handler(request)

    return check_access


CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; font-src 'self'; connect-src 'self'; frame-ancestors 'none'; "
    "base-uri 'none'; form-action 'none'"
)
"""What the served page may load: only this server's own addresses (its inline script and
styles included), so nothing it shows can make the browser ask another host for anything."""


async def add_safety_headers(_request: web.Request, response: web.StreamResponse) -> None:
    """Keeps the page out of other sites' frames, its address out of Referers, its loads here."""
    response.headers.setdefault('X-Frame-Options', 'DENY')
    response.headers.setdefault('Referrer-Policy', 'no-referrer')
    response.headers.setdefault('Content-Security-Policy', CONTENT_SECURITY_POLICY)
