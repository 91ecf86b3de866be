"""Highlights search keywords inside desk text, without ever reading the text as markup."""

from __future__ import annotations

import re

from textual.content import Content

from desk_browser.presentation.safe_text import visible

KEYWORD_STYLE = 'bold $text-warning on $warning-muted'
"""How a keyword looks wherever it is found."""


def keyword_pattern(words: list[str]) -> re.Pattern[str] | None:
    """One case-insensitive pattern finding any of the keywords, longest first; None for none."""
    shown = sorted({visible(word) for word in words if word}, key=len, reverse=True)
    if not shown:
        return None
    return re.compile('|'.join(re.escape(word) for word in shown), re.IGNORECASE)


def highlighted(text: str, words: list[str], style: str = KEYWORD_STYLE) -> Content:
    """Makes desk text visible and marks every keyword: Content whose text is `visible(text)`."""
    content = Content(visible(text))
    pattern = keyword_pattern(words)
    if pattern is None:
        return content
    return content.highlight_regex(pattern, style=style)
