"""`desk-browser serve` for real: the printed link opens the app, in a script and in Chromium.

The server is the command itself, `python -m desk_browser serve DESK --port 0`, on 127.0.0.1.
The browser test needs Chromium (Debian's `chromium` package; .ci/run installs it) and is
skipped, saying so, only where there is none.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import aiohttp
import pytest

from desk_browser.memory.session_store import SessionStore
from tests.helpers.headless_chromium import find_browser, visit
from tests.helpers.serve_process import Serving, serve_desk

NEWEST_SESSION = '2026-10-21-3'
"""The demo desk's newest (and current) session: the first screen shows it."""


@pytest.fixture
def serving(demo_desk: Path, tmp_path: Path) -> Iterator[Serving]:
    with serve_desk(demo_desk, tmp_path) as running:
        yield running


def test_the_demo_desks_newest_session_is_the_constant_here(demo_desk: Path) -> None:
    ids = SessionStore(demo_desk / 'sessions').session_ids()
    assert NEWEST_SESSION in ids
    assert max(ids) == NEWEST_SESSION


def test_serve_prints_one_link_with_a_fresh_token_and_stops_on_ctrl_c_with_0(
    serving: Serving, tmp_path: Path
) -> None:
    assert serving.link.startswith('http://127.0.0.1:')
    base, token = serving.link.split('/?token=')
    assert base == serving.base
    assert len(token) == 43
    assert serving.stop() == 0
    errors = (tmp_path / 'serve.err').read_text()
    assert 'open this link in a web browser' in errors
    assert token not in errors


async def test_a_script_with_the_link_gets_the_apps_first_screen(serving: Serving) -> None:
    """The acceptance without a browser: the link's cookie, then the WebSocket runs the app."""
    jar = aiohttp.CookieJar(unsafe=True)
    async with aiohttp.ClientSession(cookie_jar=jar) as session:
        async with session.get(serving.link) as page:
            assert page.status == 200
            assert str(page.url) == serving.base + '/'
        screen = b''
        async with session.ws_connect(
            serving.base + '/ws?width=120&height=40', headers={'Origin': serving.base}
        ) as websocket:
            async for message in websocket:
                if message.type == aiohttp.WSMsgType.BINARY:
                    screen += message.data
                if NEWEST_SESSION.encode() in screen:
                    break
    assert NEWEST_SESSION.encode() in screen


async def test_chromium_opens_the_printed_link_and_shows_the_first_screen(
    serving: Serving, tmp_path: Path
) -> None:
    browser = find_browser()
    if browser is None:
        pytest.skip(
            'no Chromium on this machine, so no real browser can open the link: '
            'apt-get install -y chromium (.ci/run installs it)'
        )
    seen = await visit(browser, serving.link, until=NEWEST_SESSION.encode())
    (tmp_path / 'served.png').write_bytes(seen.screenshot)  # For a look when it fails.
    assert seen.redirects == [(serving.link, 302, serving.base + '/')]
    assert seen.statuses[serving.base + '/'] == 200
    assert seen.websocket_statuses == [101]
    assert NEWEST_SESSION.encode() in seen.received
    assert seen.address == serving.base + '/'  # The token left the address bar.
    assert seen.script_cookies == ''  # HttpOnly: the page's scripts cannot read the cookie.
    assert seen.screenshot.startswith(b'\x89PNG')


async def test_the_page_asks_no_other_host_for_anything_and_works_with_no_internet(
    serving: Serving, tmp_path: Path
) -> None:
    """A desk served inside a firm: nothing the page loads leaves the server, fonts included."""
    browser = find_browser()
    if browser is None:
        pytest.skip('no Chromium on this machine: apt-get install -y chromium')
    seen = await visit(browser, serving.link, until=NEWEST_SESSION.encode(), offline=True)
    (tmp_path / 'offline.png').write_bytes(seen.screenshot)  # For a look when it fails.
    server = urlsplit(serving.base).netloc
    elsewhere = [address for address in seen.requested if urlsplit(address).netloc != server]
    assert elsewhere == []
    assert seen.statuses[serving.base + '/static/fonts/RobotoMono-VariableFont_wght.ttf'] == 200
    assert NEWEST_SESSION.encode() in seen.received
