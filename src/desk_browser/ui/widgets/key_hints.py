"""The line under a screen's heading that names its keys, in the longest words that fit."""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content

KeyHint = tuple[str, str, str, str]
"""A key, then what it does in three lengths: long, shorter, shortest."""


def key_hints_line(hints: Sequence[KeyHint], width: int) -> Content:
    """Names each key and what it does in `width` cells, in the longest words that fit, else cut."""
    line = Content()
    for words, gap in ((1, '    '), (1, '  '), (2, '  '), (3, '  ')):
        parts: list[tuple[str, str]] = []
        for place, hint in enumerate(hints):
            after = gap if place < len(hints) - 1 else ''
            parts += [(hint[0], 'bold $text-accent'), (f' {hint[words]}{after}', '$text-muted')]
        line = Content.assemble(*parts)
        if line.cell_length <= width:
            return line
    return line.truncate(width, ellipsis=True)
