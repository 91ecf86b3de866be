"""Desk Markdown as plain words, for the places that show one line of it: hits and timeline rows.

markdown-it parses it and only its words are kept (links as their text); results are cached.
Nothing here makes text visible: pass the result through `safe_text.visible`.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from markdown_it import MarkdownIt
from markdown_it.token import Token

from desk_browser.memory.session_search import snippet_of

__all__ = ['markdown_parser', 'plain_line', 'plain_snippet', 'plain_text']

LINE_CHARACTERS = 480
"""How much of a text's start `plain_line` parses: more than any row shows."""

_BEFORE_KEYWORD = 180
"""How far before its first keyword a snippet's text is parsed (the snippet keeps 60)."""

_AFTER_KEYWORD = 360
"""How far after its first keyword a snippet's text is parsed (the snippet keeps about 100)."""

_LINE_REACH = 120
"""How much further a window may reach to start and end on whole lines."""

_TABLE_REACH = 1_500
"""How much further back a window may reach to take in the head of a table it starts in."""

_CACHED = 2_048
"""How many results each function keeps (a few screens of hits over a few searches)."""

_MARKERS = frozenset(
    f'{name}_{side}' for name in ('link', 'em', 'strong', 's') for side in ('open', 'close')
)
"""Inline tokens that only mark up the words around them."""


@functools.cache
def markdown_parser() -> MarkdownIt:
    """The parser for desk Markdown (the exchange view's rules), built once, thread-safe."""
    return MarkdownIt('commonmark', {'html': False}).enable('strikethrough').enable('table')


def _inline_words(children: Iterable[Token]) -> str:
    """The words of one paragraph, heading or table cell, markers dropped."""
    words = []
    for child in children:
        if child.type in _MARKERS:
            continue
        if child.type in ('softbreak', 'hardbreak'):
            words.append('\n')
        else:
            words.append(child.content)  # Text, inline code, an image's alt text.
    return ''.join(words)


def plain_text(markdown: str) -> str:
    """Drops the Markdown syntax of any desk text and keeps its words, a block a line."""
    pieces = []
    for token in markdown_parser().parse(markdown):
        if token.type == 'inline':
            pieces.append(_inline_words(token.children or ()))
        elif token.type in ('fence', 'code_block'):
            pieces.append(token.content.rstrip('\n'))
    return '\n'.join(piece for piece in pieces if piece.strip())


def _folded(text: str) -> str:
    return ' '.join(text.split())


@functools.lru_cache(maxsize=_CACHED)
def plain_line(markdown: str, limit: int = LINE_CHARACTERS) -> str:
    """The words of a text's first `limit` characters on one line, its syntax dropped ("…": cut)."""
    window = markdown[:limit]
    line = _folded(plain_text(window)) or _folded(window)  # Words the syntax swallowed.
    return line + '…' if len(markdown) > limit and line else line


def _window(text: str, position: int) -> tuple[int, int]:
    """The part of a text to parse for a snippet around a place: whole lines where they are near."""
    start = max(0, position - _BEFORE_KEYWORD)
    end = min(len(text), position + _AFTER_KEYWORD)
    line_start = text.rfind('\n', max(0, start - _LINE_REACH), start) + 1
    if line_start > 0 or start <= _LINE_REACH:
        start = line_start
    line_end = text.find('\n', end, end + _LINE_REACH)
    end = line_end if line_end >= 0 else (len(text) if len(text) - end <= _LINE_REACH else end)
    first_line_end = text.find('\n', start, end)
    if start > 0 and '|' in text[start : first_line_end if first_line_end >= 0 else end]:
        start = _table_start(text, start)
    return start, end


def _table_start(text: str, start: int) -> int:
    """Where the table a window starts in begins, when near (rows need their table's head)."""
    reach = max(0, start - _TABLE_REACH)
    while start > 0:
        previous = text.rfind('\n', 0, start - 1) + 1
        if previous < reach or '|' not in text[previous : start - 1]:
            return start
        start = previous
    return start


@functools.lru_cache(maxsize=_CACHED)
def plain_snippet(text: str, words: tuple[str, ...]) -> str:
    """The part of a text around its first keyword (`words` lowered), as plain words on one line.

    The part `session_search.snippet_of` cuts, "…" at each end where the text goes on.
    """
    keywords = [word for word in words if word]
    found = pattern = None
    if keywords:
        pattern = re.compile('|'.join(re.escape(word) for word in keywords), re.IGNORECASE)
        found = pattern.search(text)
    start, end = _window(text, found.start() if found is not None else 0)
    window = text[start:end]
    plain = plain_text(window)
    if found is not None and pattern is not None and not pattern.search(plain):
        plain = window  # The syntax swallowed the keyword (an endless fence's info, say).
    snippet = snippet_of(plain, keywords)
    if start > 0 and snippet and not snippet.startswith('…'):
        snippet = '…' + snippet
    if end < len(text) and snippet and not snippet.endswith('…'):
        snippet += '…'
    return snippet
