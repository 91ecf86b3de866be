"""Writes what the commands print: data to stdout, notes to stderr.

Callers make what is printed safe first (`visible_text`, `visible_field`, `json_text`).
"""

from __future__ import annotations

import sys
from typing import TextIO


def print_data(line: str) -> None:
    """Writes one line of data, already made safe, to stdout."""
    _write(sys.stdout, line + '\n')


def print_note(message: str) -> None:
    """Writes one note, already made safe, to stderr, prefixed with the program's name."""
    _write(sys.stderr, f'desk-browser: {message}\n')


def _write(stream: TextIO, text: str) -> None:
    """Writes text to stdout or stderr, escaping what the stream's encoding cannot hold."""
    try:
        stream.write(text)
    except UnicodeEncodeError:
        encoding = stream.encoding or 'utf-8'
        stream.write(text.encode(encoding, 'backslashreplace').decode(encoding))
