"""Opens an address in headless Chromium and watches it through the DevTools protocol.

textual-serve's page draws the terminal on a canvas, so the screen's text is not in the DOM;
what the page received over its WebSocket is, in the protocol's Network events. The client
is aiohttp's (already installed for textual-serve), so no browser-driving package is needed.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp

BROWSER_NAMES = ('chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable')
FLAGS = (
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--remote-debugging-port=0',
    '--window-size=1280,800',
)


def find_browser() -> str | None:
    """The path of a Chromium on this machine, or None."""
    for name in BROWSER_NAMES:
        path = shutil.which(name)
        if path is not None:
            return path
    return None


@dataclass
class Visit:
    """What the browser saw of one address."""

    requested: list[str] = field(default_factory=list)
    """Every address the page asked for, in order, whatever became of the request."""
    received: bytes = b''
    """Everything the page received over its WebSockets, binary frames decoded."""
    statuses: dict[str, int] = field(default_factory=dict)
    """The HTTP status of each address the page asked for (the last one of redirects)."""
    redirects: list[tuple[str, int, str]] = field(default_factory=list)
    """Each redirect: the address, its status and where it led."""
    websocket_statuses: list[int] = field(default_factory=list)
    """The status of each WebSocket handshake (101 when it opened)."""
    address: str = ''
    """The page's address once the screen arrived (location.href)."""
    script_cookies: str = ''
    """document.cookie: what the page's scripts can read of its cookies."""
    screenshot: bytes = b''
    """A PNG of the page once the screen arrived."""


class _DevTools:
    """One page's DevTools connection: calls, and events as they come."""

    def __init__(self, websocket: aiohttp.ClientWebSocketResponse) -> None:
        self.websocket = websocket
        self.last_id = 0
        self.results: dict[int, dict[str, Any]] = {}

    async def send(self, method: str, **params: Any) -> int:
        self.last_id += 1
        await self.websocket.send_json({'id': self.last_id, 'method': method, 'params': params})
        return self.last_id

    async def call(self, method: str, visit: Visit, **params: Any) -> dict[str, Any]:
        call_id = await self.send(method, **params)
        while call_id not in self.results:
            await self.next_event(visit)
        return self.results.pop(call_id)

    async def next_event(self, visit: Visit) -> None:
        message = await self.websocket.receive_json()
        if 'id' in message:
            self.results[message['id']] = message.get('result', {})
            return
        params = message.get('params', {})
        method = message.get('method')
        if method == 'Network.requestWillBeSent':
            visit.requested.append(params['request']['url'])
        elif method == 'Network.webSocketCreated':
            visit.requested.append(params['url'])
        if method == 'Network.requestWillBeSent' and 'redirectResponse' in params:
            redirect = params['redirectResponse']
            visit.redirects.append((redirect['url'], redirect['status'], params['request']['url']))
        elif method == 'Network.responseReceived':
            visit.statuses[params['response']['url']] = params['response']['status']
        elif method == 'Network.webSocketHandshakeResponseReceived':
            visit.websocket_statuses.append(params['response']['status'])
        elif method == 'Network.webSocketFrameReceived':
            frame = params['response']
            payload = frame['payloadData']
            visit.received += (
                base64.b64decode(payload) if frame['opcode'] == 2 else payload.encode()
            )


async def _devtools_port(profile: Path, browser: subprocess.Popen[bytes]) -> int:
    port_file = profile / 'DevToolsActivePort'
    while True:
        if browser.poll() is not None:
            raise RuntimeError(f'Chromium ended with status {browser.returncode} before DevTools')
        with contextlib.suppress(OSError, ValueError, IndexError):
            return int(port_file.read_text().split()[0])
        await asyncio.sleep(0.05)


async def visit(
    browser_path: str,
    address: str,
    until: bytes,
    timeout: float = 60.0,
    *,
    offline: bool = False,
) -> Visit:
    """Opens an address in a fresh headless Chromium until the page receives some bytes.

    Args:
        browser_path: The Chromium to run.
        address: What to open.
        until: Bytes the page's WebSockets must receive.
        timeout: A guard against a hang, in seconds; not a measure.
        offline: Resolve no name but 127.0.0.1, as on a machine with no internet: a request to
            any other host fails (and is still in Visit.requested).

    Returns:
        What the browser saw.

    Raises:
        AssertionError: The bytes did not come within the timeout (with what did).
    """
    seen = Visit()
    # Chromium's helper processes may still write into the profile as it is removed.
    with tempfile.TemporaryDirectory(
        prefix='desk-browser-chromium-', ignore_cleanup_errors=True
    ) as profile:
        flags = [*FLAGS, f'--user-data-dir={profile}']
        if offline:
            flags.append('--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1')
        browser = subprocess.Popen(
            [browser_path, *flags, 'about:blank'],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            async with asyncio.timeout(timeout):
                await _watch(await _devtools_port(Path(profile), browser), address, until, seen)
        except TimeoutError:
            raise AssertionError(
                f'the page did not receive {until!r} in {timeout} s; redirects {seen.redirects}, '
                f'statuses {seen.statuses}, WebSockets {seen.websocket_statuses}, '
                f'{len(seen.received)} bytes received'
            ) from None
        finally:
            browser.terminate()
            try:
                browser.wait(timeout=10)
            except subprocess.TimeoutExpired:
                browser.kill()
                browser.wait()
    return seen


async def _watch(port: int, address: str, until: bytes, seen: Visit) -> None:
    async with aiohttp.ClientSession() as session:
        async with session.get(f'http://127.0.0.1:{port}/json/list') as response:
            targets = await response.json()
        page = next(target for target in targets if target['type'] == 'page')
        async with session.ws_connect(page['webSocketDebuggerUrl'], max_msg_size=0) as websocket:
            devtools = _DevTools(websocket)
            await devtools.call('Network.enable', seen)
            await devtools.call('Page.enable', seen)
            await devtools.send('Page.navigate', url=address)
            while until not in seen.received:
                await devtools.next_event(seen)
            for expression, name in (('location.href', 'address'), ('document.cookie', 'cookies')):
                result = await devtools.call('Runtime.evaluate', seen, expression=expression)
                value = result['result'].get('value', '')
                if name == 'address':
                    seen.address = value
                else:
                    seen.script_cookies = value
            shot = await devtools.call('Page.captureScreenshot', seen)
            seen.screenshot = base64.b64decode(shot['data'])
