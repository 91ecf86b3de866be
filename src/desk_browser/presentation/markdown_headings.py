"""The desk's own headings put under a document's headings, one level below them.

`headings_under` moves every heading of desk Markdown down so its highest sits one level
below the document's, keeping their order; markdown-it finds them, so a `#` in code, a table
or mid-line is left alone.

Typical usage example:

    body = headings_under(visible_text(exchange.answer), level=2)  # `# Plan` becomes `### Plan`.
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
    """Moves the headings of desk Markdown down, so the highest is one below a level.

    Underlined headings become `#` headings; headings in a block quote or list item stay. Text
    whose headings already sit below the level comes back unchanged.

    Args:
        markdown (str): The desk's Markdown (already made safe).
        level (int): The level of the document's heading it stands under (1 for `#`).

    Returns:
        str: The Markdown with its headings moved (and its line ends made newlines).
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
