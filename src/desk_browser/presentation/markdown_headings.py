"""The desk's own headings put under a document's headings, one level below them.

markdown-it finds the headings, so a `#` in code, a table or mid-line is left alone.
"""

from __future__ import annotations

import re

from desk_browser.presentation.plain_text import markdown_parser

__all__ = ['headings_under']

_DEEPEST = 6
"""Markdown has six levels of heading: a heading moved further stays at the sixth."""

_ATX_START = re.compile(r' {0,3}#{1,6}')
"""The opening of a `#` heading's line: up to three spaces, then its hashes."""

_LINE_ENDS = re.compile(r'\r\n?')


def headings_under(markdown: str, level: int) -> str:
    """Moves desk Markdown's headings (already safe) down, the highest one below `level`.

    Headings in a block quote or list item stay; text already below the level is unchanged.
    """
    tokens = [
        token
        for token in markdown_parser().parse(markdown)
        if token.type == 'heading_open' and token.level == 0 and token.map is not None
    ]
    if not tokens:
        return markdown
    shift = level + 1 - min(int(token.tag[1]) for token in tokens)
    if shift <= 0:
        return markdown
    lines: list[str | None] = list(_LINE_ENDS.sub('\n', markdown).split('\n'))
    for token in tokens:
        assert token.map is not None  # Kept by the filter above; says so to mypy.
        start, end = token.map
        new_level = min(int(token.tag[1]) + shift, _DEEPEST)
        first = lines[start] or ''
        if token.markup.startswith('#'):
            opening = _ATX_START.match(first)
            if opening is not None:
                lines[start] = '#' * new_level + first[opening.end() :]
            continue
        words = ' '.join((line or '').strip() for line in lines[start : end - 1])
        lines[start] = f'{"#" * new_level} {words}'
        for underline in range(start + 1, end):
            lines[underline] = None  # The rest of its text and its underline.
    return '\n'.join(line for line in lines if line is not None)
