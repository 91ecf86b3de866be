"""What `desk-browser serve` writes on stderr while it runs: one plain line a note.

`MalformedRequests` writes aiohttp's malformed-request records without their bytes (the token).
"""

from __future__ import annotations

import logging
import sys

from aiohttp.http_exceptions import (
    BadHttpMethod,
    BadStatusLine,
    HttpProcessingError,
    InvalidHeader,
    InvalidURLError,
    LineTooLong,
    TransferEncodingError,
)

from desk_browser.presentation.safe_text import visible_field

SERVER_LOGGER = 'aiohttp.server'
"""The logger aiohttp's request handler reports errors on, malformed requests among them."""
LOG_FORMAT = 'desk-browser: %(message)s'
"""Each note as the command's other notes are written (commands.output.print_note)."""
_HANDLER_NAME = 'desk-browser serve'
_LONGEST_REASON = 80
"""A reason read from aiohttp's message longer than this is not one of its fixed phrases."""


def malformed_reason(error: HttpProcessingError) -> str:
    """Names what was wrong with a malformed request ("missing 'Host' header in request")."""
    if isinstance(error, LineTooLong):
        limit = error.args[1] if len(error.args) > 1 else None
        size = f'{limit} bytes' if isinstance(limit, int) else 'the limit'
        return f'a request line or header longer than {size}'
    if isinstance(error, BadHttpMethod):
        if error.message.startswith('Received HTTPS'):
            return 'HTTPS to an http:// server (open the link as printed, with http://)'
        return 'not an HTTP request (an unknown method)'
    if isinstance(error, BadStatusLine):
        return 'a malformed request line'
    if isinstance(error, InvalidURLError):
        return 'a malformed address'
    if isinstance(error, InvalidHeader):
        return 'a malformed header'
    if isinstance(error, TransferEncodingError):
        return 'a malformed chunked body'
    # The parser's own phrase comes first, the request's bytes after a colon and a new line:
    # "Invalid character in Content-Length:\n\n  b'...'".
    phrase = error.message.split('\n', 1)[0].strip().removesuffix(':').removesuffix('.')
    if not phrase or len(phrase) > _LONGEST_REASON or "b'" in phrase or 'b"' in phrase:
        return 'a malformed request'
    return visible_field(phrase[0].lower() + phrase[1:])


class MalformedRequests(logging.Filter):
    """Writes aiohttp's report of a client's malformed request as one line, without its bytes.

    The logger must let debug records reach this filter.
    """

    def __init__(self, debug: bool = False) -> None:
        """Creates the filter; `debug` lets the logger's other debug records through."""
        super().__init__()
        self.debug = debug

    def filter(self, record: logging.LogRecord) -> bool:
        """Rewrites a malformed request's record in place; False drops other debug records."""
        error = record.exc_info[1] if record.exc_info else None
        if not isinstance(error, HttpProcessingError):
            return self.debug or record.levelno >= logging.INFO
        args = record.args if isinstance(record.args, tuple) else ()
        remote = args[0] if args and isinstance(args[0], str) else 'a client'
        record.msg = 'refused a malformed request from %s (%s): %s'
        record.args = (visible_field(remote), error.code, malformed_reason(error))
        record.exc_info = None
        record.exc_text = None
        record.stack_info = None
        record.levelno = logging.WARNING
        record.levelname = logging.getLevelName(logging.WARNING)
        return True


def install_log(debug: bool = False) -> None:
    """Sends the server's log to stderr, one plain line a note (debug records too, if asked)."""
    root = logging.getLogger()
    if not any(known.get_name() == _HANDLER_NAME for known in root.handlers):
        handler = logging.StreamHandler(sys.stderr)
        handler.set_name(_HANDLER_NAME)
        handler.setFormatter(logging.Formatter(LOG_FORMAT))
        root.addHandler(handler)
    root.setLevel(logging.DEBUG if debug else logging.INFO)
    server_logger = logging.getLogger(SERVER_LOGGER)
    for known in server_logger.filters:
        if isinstance(known, MalformedRequests):
            server_logger.removeFilter(known)
    server_logger.addFilter(MalformedRequests(debug))
    server_logger.setLevel(logging.DEBUG)  # The filter decides (see MalformedRequests).
