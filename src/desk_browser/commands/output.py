"""Writes what the commands print: desk text made harmless for a terminal, and JSON.

Desk files hold whatever a model, a tool or a trader wrote, escape sequences included. Text lines
go through `visible_text` or `visible_field` (built on the app's own `safe_text.visible`), so a
terminal shows every control character instead of acting on it. JSON goes through `json_text`,
which escapes what json.dumps leaves raw with ensure_ascii=False.
"""

from __future__ import annotations

import json
import logging
import sys
from typing import Any, TextIO

from desk_browser.presentation.safe_text import visible

_LOGGER = logging.getLogger(__name__)

_NEWLINE_PICTURE = '\u240a'
"""The Unicode picture of a line feed, shown where a one-line field held a newline."""

_JSON_ESCAPES = {
    code_point: f'\\u{code_point:04x}'
    for code_point in [
        0x7F,
        *range(0x80, 0xA0),
        0x061C,
        0x200E,
        0x200F,
        *range(0x202A, 0x202F),
        *range(0x2066, 0x206A),
        0x2028,
        0x2029,
    ]
}
"""Characters that json.dumps(ensure_ascii=False) writes raw but a terminal may act on."""

_SURROGATES = range(0xD800, 0xE000)
_JSON_ESCAPES.update({code_point: f'\\u{code_point:04x}' for code_point in _SURROGATES})
_SURROGATE_NAMES = {code_point: f'<U+{code_point:04X}>' for code_point in _SURROGATES}
"""Lone surrogates (JSON can hold them, UTF-8 cannot), shown by name in text."""


def visible_text(text: str) -> str:
    """Makes desk text safe to print, keeping its lines.

    Args:
        text (str): Text from the desk.

    Returns:
        str: The text with every control character and bidi control shown as a visible stand-in
            (see safe_text.visible); newlines stay, tabs become spaces.
    """
    return visible(text).translate(_SURROGATE_NAMES)


def visible_field(text: str) -> str:
    """Makes desk text safe to print as one field of a tab-separated line.

    Args:
        text (str): Text from the desk.

    Returns:
        str: As visible_text, with each newline shown as ␊, so the field holds no tab and no
            newline.
    """
    return visible_text(text).replace('\n', _NEWLINE_PICTURE)


def json_text(value: Any, *, indent: int | None = None) -> str:
    r"""Writes a value as JSON that is safe to print to a terminal.

    Non-ASCII text is kept readable; DEL, C1 controls, bidi controls and the line and paragraph
    separators are written as \u escapes, which JSON readers decode to the same text.

    Args:
        value (Any): Anything json.dumps can write.
        indent (int | None): Indentation, or None for one line.

    Returns:
        str: The JSON.
    """
    return json.dumps(value, ensure_ascii=False, indent=indent).translate(_JSON_ESCAPES)


def print_data(line: str) -> None:
    """Writes one line of data to stdout.

    Args:
        line (str): The line, already made safe.
    """
    _write(sys.stdout, line + '\n')


def print_note(message: str) -> None:
    """Writes one note for the person to stderr, prefixed with the program's name.

    Args:
        message (str): The note, already made safe.
    """
    _write(sys.stderr, f'desk-browser: {message}\n')


def _write(stream: TextIO, text: str) -> None:
    """Writes text to a stream, escaping what the stream's encoding cannot hold.

    Args:
        stream (TextIO): stdout or stderr.
        text (str): The text.
    """
    try:
        stream.write(text)
    except UnicodeEncodeError:
        encoding = stream.encoding or 'utf-8'
        stream.write(text.encode(encoding, 'backslashreplace').decode(encoding))
