"""Writes what the commands print: data to stdout, notes to stderr.

What is printed is made safe before it gets here: text lines through `visible_text` or
`visible_field` and JSON through `json_text` (`desk_browser.presentation.safe_text`), so a
terminal shows every control character instead of acting on it.
"""

from __future__ import annotations

import sys
from typing import TextIO


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
