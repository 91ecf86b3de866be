"""What serve writes on stderr: a client's malformed request is one line, never its bytes.

The malformed requests go over raw sockets to a real `desk-browser serve` (stderr in a file),
each carrying the link's token: in the address, a cookie or the header at fault.
"""

from __future__ import annotations

import io
import logging
import socket
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from aiohttp.http_exceptions import BadHttpMessage, BadHttpMethod, InvalidHeader, LineTooLong

from desk_browser.commands.serve_log import LOG_FORMAT, MalformedRequests, malformed_reason
from desk_browser.commands.serve_server import LONGEST_HEADER
from tests.helpers.serve_process import Serving, serve_desk

TOKEN = 'a-token-in-a-test-0123456789-abcdefghij'


@pytest.fixture
def serving(demo_desk: Path, tmp_path: Path) -> Iterator[Serving]:
    with serve_desk(demo_desk, tmp_path) as running:
        yield running


def _answer(port: int, request: bytes) -> bytes:
    """Sends raw bytes and reads the answer until the server closes the connection."""
    with socket.create_connection(('127.0.0.1', port), timeout=30) as connection:
        connection.sendall(request)
        answer = b''
        while chunk := connection.recv(65536):
            answer += chunk
            if answer.startswith(b'HTTP/1.1 ') and b'\r\n\r\n' in answer:
                break  # An answer that keeps the connection open (a 400 closes it).
    return answer


def _malformed(serving: Serving) -> dict[str, bytes]:
    """Each malformed request, named by the reason serve must give, carrying the token."""
    token, host = serving.token, f'127.0.0.1:{serving.port}'.encode()
    cookie = f'Cookie: desk-browser-{serving.port}={token}; other={token}\r\n'.encode()
    over = b'x' * (LONGEST_HEADER + 10)
    return {
        "missing 'Host' header": f'GET /?token={token} HTTP/1.1\r\n'.encode() + cookie + b'\r\n',
        'invalid character in Content-Length': b'POST /?token=%s HTTP/1.1\r\nHost: %s\r\n'
        b'Content-Length: %s\r\n\r\n' % (token.encode(), host, token.encode()),
        f'longer than {LONGEST_HEADER} bytes': b'GET /?token=%s HTTP/1.1\r\nHost: %s\r\n'
        b'Cookie: a=%s%s\r\n\r\n' % (token.encode(), host, token.encode(), over),
        'HTTPS to an http:// server': b'\x16\x03\x01\x02\x00' + token.encode() + b'\r\n\r\n',
    }


def test_each_malformed_request_is_one_line_naming_the_reason_without_the_token(
    serving: Serving,
) -> None:
    requests = _malformed(serving)
    for request in requests.values():
        assert _answer(serving.port, request).startswith(b'HTTP/1.0 400 Bad Request')
    assert serving.stop() == 0
    errors = serving.errors.read_text(encoding='utf-8')
    assert serving.token not in errors
    assert 'Traceback' not in errors
    [serving_note, *lines] = errors.splitlines()
    assert serving_note.startswith('desk-browser: serving ')
    assert len(lines) == len(requests)
    for line, reason in zip(lines, requests, strict=True):
        assert line.startswith('desk-browser: refused a malformed request from 127.0.0.1 (400): ')
        assert reason in line


def test_a_browser_with_many_cookies_for_localhost_still_gets_in(serving: Serving) -> None:
    """Cookies of other local servers make a Cookie header of more than aiohttp's 8190 bytes."""
    others = '; '.join(f'other-app-{number}={"v" * 100}' for number in range(100))
    request = (
        f'GET /?token={serving.token} HTTP/1.1\r\nHost: 127.0.0.1:{serving.port}\r\n'
        f'Cookie: {others}\r\n\r\n'
    ).encode()
    assert len(request) > 10_000
    answer = _answer(serving.port, request)
    assert answer.startswith(b'HTTP/1.1 302 Found'), answer[:200]
    assert serving.stop() == 0
    assert serving.errors.read_text(encoding='utf-8').count('\n') == 1  # Only the note.


@pytest.mark.parametrize(
    'error',
    [
        LineTooLong(b'Cookie: ' + TOKEN.encode() + b'...', 8190),
        BadHttpMessage(f"Invalid character in Content-Length:\n\n  b'{TOKEN}'\n  ^"),
        BadHttpMethod(f'{TOKEN} /'),
        InvalidHeader(TOKEN.encode()),
        BadHttpMessage(f"b'{TOKEN}'"),
        BadHttpMessage(TOKEN * 3),
    ],
)
def test_the_reason_holds_nothing_of_the_request(error: BadHttpMessage) -> None:
    reason = malformed_reason(error)
    assert reason
    assert TOKEN not in reason
    assert "b'" not in reason


def _logged(record: logging.LogRecord) -> str:
    """What serve's handler writes for a record of aiohttp's server logger, once filtered."""
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logging.Formatter(LOG_FORMAT))
    if MalformedRequests().filter(record):
        handler.handle(record)
    return stream.getvalue()


def _record(error: BaseException, level: int = logging.ERROR) -> logging.LogRecord:
    try:
        raise error
    except type(error):
        exc_info = sys.exc_info()
    return logging.LogRecord(
        'aiohttp.server',
        level,
        __file__,
        1,
        'Error handling request from %s',
        ('127.0.0.1',),
        exc_info,
    )


def test_a_genuine_server_error_keeps_its_traceback() -> None:
    written = _logged(_record(RuntimeError('the handler broke')))
    assert written.startswith('desk-browser: Error handling request from 127.0.0.1\n')
    assert 'Traceback' in written
    assert 'RuntimeError: the handler broke' in written


def test_a_malformed_request_at_debug_level_is_still_one_warning_line() -> None:
    record = _record(BadHttpMethod('\x16\x03\x01'), level=logging.DEBUG)
    written = _logged(record)
    assert record.levelno == logging.WARNING
    assert written.count('\n') == 1
    assert 'HTTPS to an http:// server' in written


def test_other_debug_records_are_dropped_unless_debug() -> None:
    record = logging.LogRecord('aiohttp.server', logging.DEBUG, __file__, 1, 'detail', (), None)
    assert not MalformedRequests().filter(record)
    assert MalformedRequests(debug=True).filter(record)
