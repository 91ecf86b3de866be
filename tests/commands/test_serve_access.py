"""The served app lets in only the link's holder: each refusal and the acceptance, over a socket.

The server is serve_server.LinkServer (textual-serve's own application with the check in front),
listening on 127.0.0.1; the client is aiohttp's. No test here gets as far as starting the app:
test_serve_browser.py runs `desk-browser serve` and reads the app's first screen through it.
"""

from __future__ import annotations

import hmac
import re
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest
from aiohttp import web

from desk_browser.commands import serve_access
from desk_browser.commands.serve import ServePlan, app_command
from desk_browser.commands.serve_access import ServeAccess, host_name, token_problem
from desk_browser.commands.serve_server import LinkServer

TOKEN = 'the-secret-of-this-test-0123456789abcdef'
ROUTES = ('/', '/ws', '/static/js/textual.js', '/static/', '/download/some-key')
"""Every route textual-serve has."""


class Served:
    """A LinkServer listening on 127.0.0.1, and how to reach it."""

    def __init__(self, server: LinkServer, session: aiohttp.ClientSession) -> None:
        self.server = server
        self.session = session
        self.base = f'http://127.0.0.1:{server.port}'
        self.cookie_name = server.access.cookie_name
        self.cookie = serve_access.cookie_value(TOKEN)

    def cookies(self) -> dict[str, str]:
        return {self.cookie_name: self.cookie}

    async def get(self, path: str, **options: object) -> aiohttp.ClientResponse:
        response = await self.session.get(self.base + path, allow_redirects=False, **options)  # type: ignore[arg-type]
        await response.read()
        return response


@pytest.fixture
async def served(demo_desk: Path) -> AsyncIterator[Served]:
    plan = ServePlan(app_command(demo_desk), '127.0.0.1', 0, 'desk-browser — main', TOKEN)
    server = LinkServer(plan, show_link=lambda _link: None)
    server.listen()
    assert server.socket is not None
    runner = web.AppRunner(await server.make_application())
    await runner.setup()
    await web.SockSite(runner, server.socket).start()
    # A jar that keeps cookies for an IP address, as a browser does.
    jar = aiohttp.CookieJar(unsafe=True)
    async with aiohttp.ClientSession(cookie_jar=jar) as session:
        yield Served(server, session)
    await runner.cleanup()


@pytest.mark.parametrize('path', ROUTES)
async def test_every_route_refuses_a_request_without_the_token(served: Served, path: str) -> None:
    response = await served.get(path)
    assert response.status == 403
    text = await response.text()
    assert 'no token' in text
    assert 'main' not in text  # Nothing of the desk.


@pytest.mark.parametrize('path', ROUTES)
async def test_a_wrong_token_or_cookie_is_refused(served: Served, path: str) -> None:
    assert (await served.get(path + '?token=' + TOKEN[:-1] + 'x')).status == 403
    assert (await served.get(path + '?token=')).status == 403
    wrong_cookie = {served.cookie_name: serve_access.cookie_value('another token')}
    assert (await served.get(path, cookies=wrong_cookie)).status == 403
    assert (await served.get(path, cookies={served.cookie_name: TOKEN})).status == 403


async def test_the_link_sets_a_strict_http_only_cookie_and_drops_the_token(
    served: Served,
) -> None:
    response = await served.get(f'/?token={TOKEN}&fontsize=20')
    assert response.status == 302
    assert response.headers['Location'] == '/?fontsize=20'
    assert response.headers['Cache-Control'] == 'no-store'
    morsel = response.cookies[served.cookie_name]
    assert morsel.value == served.cookie
    assert morsel['httponly'] is True
    assert morsel['samesite'] == 'Strict'
    assert morsel['path'] == '/'
    assert TOKEN not in morsel.value


async def test_with_the_cookie_every_route_answers(served: Served) -> None:
    await served.get(f'/?token={TOKEN}')  # The jar keeps the cookie, as a browser does.
    page = await served.get('/')
    assert page.status == 200
    text = await page.text()
    assert 'desk-browser — main' in text
    assert TOKEN not in text
    assert page.headers['X-Frame-Options'] == 'DENY'
    assert page.headers['Referrer-Policy'] == 'no-referrer'
    assert (await served.get('/static/js/textual.js')).status == 200
    assert (await served.get('/download/some-key')).status == 404  # Past the check: no such key.


async def test_the_token_alone_lets_a_script_in_without_a_cookie(served: Served) -> None:
    response = await served.get(f'/static/js/textual.js?token={TOKEN}')
    assert response.status == 302  # To the same address without the token, with the cookie.
    assert response.headers['Location'] == '/static/js/textual.js'


@pytest.mark.parametrize(
    'host', ['evil.example', 'evil.example:8000', '127.0.0.1.evil.example', '', '10.0.0.7']
)
async def test_a_host_that_is_not_this_machine_is_refused_even_with_the_secret(
    served: Served, host: str
) -> None:
    headers = {'Host': host}
    response = await served.get(f'/?token={TOKEN}', headers=headers)
    assert response.status == 403
    assert 'Host' in await response.text()
    assert (await served.get('/', headers=headers, cookies=served.cookies())).status == 403
    assert (await served.get('/ws', headers=headers, cookies=served.cookies())).status == 403


async def test_another_local_name_is_sent_to_the_links_name_with_the_token(
    served: Served,
) -> None:
    port = served.server.port
    response = await served.get(f'/?token={TOKEN}', headers={'Host': f'localhost:{port}'})
    assert response.status == 302
    assert response.headers['Location'] == f'http://127.0.0.1:{port}/?token={TOKEN}'
    page = await served.get('/', headers={'Host': f'[::1]:{port}'}, cookies=served.cookies())
    assert page.status == 200


@pytest.mark.parametrize(
    'origin',
    [
        'https://evil.example',
        'http://evil.example:{port}',
        'http://127.0.0.1:1',
        'https://127.0.0.1:{port}',
        'null',
        'not a url at all',
    ],
)
async def test_a_websocket_from_a_foreign_origin_is_refused_even_with_the_secret(
    served: Served, origin: str
) -> None:
    foreign = {'Origin': origin.format(port=served.server.port)}
    with_cookie = {**foreign, 'Cookie': f'{served.cookie_name}={served.cookie}'}
    for headers, address in ((with_cookie, '/ws'), (foreign, f'/ws?token={TOKEN}')):
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await served.session.ws_connect(served.base + address, headers=headers)
        assert refused.value.status == 403


async def test_a_websocket_without_the_secret_is_refused_from_the_own_origin(
    served: Served,
) -> None:
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        await served.session.ws_connect(served.base + '/ws', headers={'Origin': served.base})
    assert refused.value.status == 403


async def test_secrets_are_compared_in_constant_time(
    served: Served, monkeypatch: pytest.MonkeyPatch
) -> None:
    compared: list[tuple[bytes, bytes]] = []
    original = hmac.compare_digest

    def recording(given: bytes, expected: bytes) -> bool:
        compared.append((given, expected))
        return original(given, expected)

    monkeypatch.setattr('desk_browser.commands.serve_access.hmac.compare_digest', recording)
    await served.get('/?token=guess')
    await served.get('/', cookies={served.cookie_name: 'guess'})
    assert compared == [(b'guess', TOKEN.encode()), (b'guess', served.cookie.encode())]


def test_the_host_header_is_read_without_its_port() -> None:
    assert host_name('127.0.0.1:8000') == '127.0.0.1'
    assert host_name('[::1]:8000') == '::1'
    assert host_name('LocalHost.') == 'localhost'
    assert host_name('::1') == '::1'
    assert host_name('') == ''


def test_the_host_given_is_let_in_beside_this_machines_names() -> None:
    access = ServeAccess(token=TOKEN, host='Desk.Example.LAN', port=8000, canonical_host='x')
    assert access.hosts == {'127.0.0.1', 'localhost', '::1', 'desk.example.lan'}
    assert access.is_own_origin('http://desk.example.lan:8000')
    assert access.is_own_origin('http://[::1]:8000')
    assert not access.is_own_origin('http://desk.example.lan:8001')
    assert not access.is_own_origin('http://desk.example.lan')
    on_80 = ServeAccess(token=TOKEN, host='127.0.0.1', port=80, canonical_host='127.0.0.1')
    assert on_80.is_own_origin('http://127.0.0.1')


def test_a_fixed_token_must_be_long_and_fit_in_a_url() -> None:
    assert token_problem(TOKEN) is None
    assert token_problem(serve_access.new_token()) is None
    assert token_problem('a' * 21) is not None
    assert token_problem('a' * 30 + '&b') is not None
    assert len(serve_access.new_token()) == 43


async def test_the_page_and_its_files_name_no_other_host(served: Served) -> None:
    """The page's own text: every address in it is this server's (the browser test loads it)."""
    await served.get(f'/?token={TOKEN}')
    page = await served.get('/')
    html = await page.text()
    addresses = set(re.findall(r'(?:https?|wss?):(//[^\s"\'()<>]+)', html))
    addresses.discard('//www.w3.org/2000/svg')  # The logo's XML namespace: a name, not a request.
    assert addresses  # The page names its files by full address, this server's.
    for address in addresses:
        assert address.startswith(f'//127.0.0.1:{served.server.port}/'), address
    assert 'fonts/RobotoMono-VariableFont_wght.ttf' in html
    assert "default-src 'self'" in page.headers['Content-Security-Policy']
    for path in ('/static/js/textual.js', '/static/css/xterm.css'):
        text = await (await served.get(path)).text()
        assert not re.search(r'@import|url\(\s*["\']?(?:https?:)?//', text), path
