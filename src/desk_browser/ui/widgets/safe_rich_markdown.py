"""Rich's Markdown made safe for desk text: what draws the answers and the summary pane.

Kept apart from exchange_rendering because importing it loads Rich's Markdown and markdown-it
(about 30 ms): the first frame draws its answers as plain text (exchange_cards), and this module
is loaded once that frame is on screen.
"""

from __future__ import annotations

import functools
from typing import ClassVar

from markdown_it import MarkdownIt
from rich.markdown import Heading, Markdown, MarkdownElement


class LeftHeading(Heading):
    """A Markdown heading aligned left at every level (Rich centres level 1)."""

    LEVEL_ALIGN: ClassVar = dict.fromkeys(('h1', 'h2', 'h3', 'h4', 'h5', 'h6'), 'left')


class SafeRichMarkdown(Markdown):
    """Rich's Markdown for desk text: raw HTML stays text, links are text, headings are left.

    The source must come from `markdown_source` (control characters made visible, capped).
    """

    elements: ClassVar[dict[str, type[MarkdownElement]]] = {
        **Markdown.elements,
        'heading_open': LeftHeading,
    }

    def __init__(self, source: str, code_theme: str = 'monokai') -> None:
        """Parses the Markdown, once, with the one parser kept for every answer.

        Rich's own `__init__` is not called: it would build a parser of its own and parse the
        source with it too, only for the tokens to be replaced. What it sets is set here, as
        Rich 15 (pinned) sets it.

        Args:
            source (str): Markdown made safe by `markdown_source`.
            code_theme (str): The Pygments theme for fenced code.
        """
        self.markup = source
        self.parsed = _answer_parser().parse(source)
        self.code_theme = code_theme
        self.justify = None
        self.style = 'none'
        self.hyperlinks = False
        self.inline_code_lexer = None
        self.inline_code_theme = code_theme


@functools.cache
def _answer_parser() -> MarkdownIt:
    """The parser for answers, built once: building one costs more than parsing an answer.

    Rich's own parser turns raw HTML into html tokens (and drops them); with HTML off,
    markdown-it keeps tags as the text they are. Images render as their alt text and address,
    like links (Rich would put an emoji first and move them out of their line). A parse keeps
    its state apart from the parser's, so one parser serves every answer.

    Returns:
        MarkdownIt: The parser.
    """
    return (
        MarkdownIt('commonmark', {'html': False})
        .enable('strikethrough')
        .enable('table')
        .disable('image')
    )
