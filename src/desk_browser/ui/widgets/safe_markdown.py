"""A Markdown widget for text from the desk: made visible, capped, its links doing nothing."""

from __future__ import annotations

from markdown_it import MarkdownIt
from textual import on
from textual.widgets import Markdown

from desk_browser.presentation.safe_text import DEFAULT_LIMIT, markdown_source, visible


def _parser() -> MarkdownIt:
    """Textual's usual GitHub-like parser, with raw HTML kept as text rather than passed through."""
    return MarkdownIt('gfm-like', {'html': False})


class SafeMarkdown(Markdown):
    """Renders Markdown written by the desk without letting it act (a link only shows its target).

    The text is cut at `limit` characters, with a note.
    """

    def __init__(
        self,
        text: str,
        *,
        limit: int = DEFAULT_LIMIT,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        """Prepares the widget for Markdown from the desk, rendering at most `limit` characters."""
        super().__init__(
            markdown_source(text, limit),
            id=id,
            classes=classes,
            parser_factory=_parser,
            open_links=False,
        )

    @on(Markdown.LinkClicked)
    def show_link_target(self, event: Markdown.LinkClicked) -> None:
        """Shows where a clicked link points instead of opening it."""
        event.stop()
        self.notify(f'Links are not opened: {visible(event.href)}', markup=False, timeout=4)
