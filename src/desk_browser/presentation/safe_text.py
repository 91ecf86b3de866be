"""Makes text from the desk safe to show: nothing in it is interpreted, everything stays visible.

Desk text goes through `visible` (and `capped` when long) before a widget; what is printed or
copied through `visible_text`, `visible_field` or `json_text`.
"""

from __future__ import annotations

import functools
import json
from typing import Any

_BIDI_CONTROLS = frozenset(
    [0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A)],
)
"""Code points that reorder text: embeddings, overrides, isolates and direction marks."""

_OTHER_INVISIBLE = frozenset([0x200B, 0x2028, 0x2029, 0xFEFF])
"""Zero-width space, line and paragraph separators and the byte order mark."""

DEFAULT_LIMIT = 20_000
"""How many characters of one piece of text a widget shows before the rest is cut off."""


def _placeholder(code_point: int) -> str | None:
    """Returns the visible stand-in for one code point, or None when it is shown as it is."""
    if code_point in (0x0A, 0x09):
        return None
    if code_point < 0x20:
        return chr(0x2400 + code_point)
    if code_point == 0x7F:
        return '\u2421'
    if 0x80 <= code_point <= 0x9F:
        return f'\\x{code_point:02x}'
    if code_point in _BIDI_CONTROLS or code_point in _OTHER_INVISIBLE:
        return f'<U+{code_point:04X}>'
    return None


_TRANSLATION = {
    code_point: placeholder
    for code_point in [*range(0x00, 0xA0), *_BIDI_CONTROLS, *_OTHER_INVISIBLE]
    if (placeholder := _placeholder(code_point)) is not None
}


def visible(text: str) -> str:
    r"""Replaces every control character and invisible reordering mark with a visible stand-in.

    C0 controls become control pictures (ESC: ␛), C1 ``\x9b``-style escapes, bidi and
    zero-width marks ``<U+202E>``-style names; newlines stay, tabs become four spaces.
    """
    return text.translate(_TRANSLATION).replace('\t', '    ')


def size_label(character_count: int) -> str:
    """Describes a length of text as a person reads it: ``"950 characters"``, ``"100 KB"``."""
    if character_count < 1000:
        return f'{character_count} characters'
    if character_count < 1_000_000:
        return f'{round(character_count / 1000)} KB'
    return f'{character_count / 1_000_000:.1f} MB'


def capped(text: str, limit: int = DEFAULT_LIMIT) -> tuple[str, str | None]:
    """Cuts text to `limit` characters: the kept text, and a note of what was cut (or None)."""
    if len(text) <= limit:
        return text, None
    return text[
        :limit
    ], f'… (truncated: showing the first {size_label(limit)} of {size_label(len(text))})'


def markdown_source(text: str, limit: int = DEFAULT_LIMIT) -> str:
    """Prepares desk Markdown for a Markdown widget: made visible, capped, noted when cut."""
    kept, note = capped(text, limit)
    kept = visible(kept)
    if note is None:
        return kept
    if kept.count('```') % 2 == 1:
        # The cut fell inside a fenced block; close it so the note renders as text.
        kept += '\n```'
    return f'{kept}\n\n*{note}*'


_NEWLINE_PICTURE = '\u240a'
"""The Unicode picture of a line feed, shown where a one-line field held a newline."""

_JSON_ESCAPED = (
    0x7F,
    *range(0x80, 0xA0),
    0x061C,
    0x200E,
    0x200F,
    *range(0x202A, 0x202F),
    *range(0x2066, 0x206A),
    0x2028,
    0x2029,
)
"""Characters that json.dumps(ensure_ascii=False) writes raw but a terminal may act on."""

_SURROGATES = range(0xD800, 0xE000)
"""Lone surrogates: JSON can hold them, UTF-8 cannot."""


@functools.cache
def _json_escapes() -> dict[int, str]:
    """The table json_text translates with (made on first use): each escaped code point's escape."""
    return {code_point: f'\\u{code_point:04x}' for code_point in [*_JSON_ESCAPED, *_SURROGATES]}


@functools.cache
def _surrogate_names() -> dict[int, str]:
    """The table visible_text translates with: ``<U+D800>``-style names of lone surrogates."""
    return {code_point: f'<U+{code_point:04X}>' for code_point in _SURROGATES}


def visible_text(text: str) -> str:
    """Makes desk text safe to print, keeping its lines (see visible; surrogates by name)."""
    shown = visible(text)
    return shown if shown.isascii() else shown.translate(_surrogate_names())


def visible_field(text: str) -> str:
    """Makes desk text safe to print as one tab-separated field: as visible_text, newlines as ␊."""
    return visible_text(text).replace('\n', _NEWLINE_PICTURE)


def json_text(value: Any, *, indent: int | None = None) -> str:
    r"""Writes a value as JSON that is safe to print to a terminal (`indent` None: one line).

    Non-ASCII text stays readable; what a terminal would act on becomes \u escapes.
    """
    return json.dumps(value, ensure_ascii=False, indent=indent).translate(_json_escapes())


def visible_bytes(content: bytes) -> str:
    r"""Shows a desk file's bytes as one safe line: non-UTF-8 as ``\xff``, text visible_field."""
    return visible_field(content.decode('utf-8', errors='backslashreplace'))
