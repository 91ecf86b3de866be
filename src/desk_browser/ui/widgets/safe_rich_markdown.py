"""Rich's Markdown made safe for desk text: what draws the answers and the summary pane.

Apart from exchange_rendering because it loads Rich's Markdown: the first frame draws answers as
plain text, and this module loads once it is on screen.
"""

from __future__ import annotations

import functools
from typing import ClassVar

from markdown_it import MarkdownIt
from rich.console import Console, ConsoleOptions, RenderResult
from rich.markdown import Heading, Markdown, MarkdownElement, TableElement
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text


class LeftHeading(Heading):
    """A Markdown heading aligned left at every level (Rich centres level 1)."""

    LEVEL_ALIGN: ClassVar = dict.fromkeys(('h1', 'h2', 'h3', 'h4', 'h5', 'h6'), 'left')


_UNBOUNDED = 100_000
"""A width no table reaches: a table measured within it says its natural width."""


class FoldingTable(TableElement):
    """A Markdown table drawn as Rich draws it where it fits, else folded: a block a row.

    Folded, each cell is a line led by its column's heading (``Symbol  HDFCBANK``).
    """

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        """Draws the table, or its rows folded when it is wider than `options`' width."""
        drawn = list(super().__rich_console__(console, options))
        unbounded = options.update_width(_UNBOUNDED)  # Measurement.get stops at the width.
        tables = [item for item in drawn if isinstance(item, Table)]  # Rich's, one.
        widest = max(
            (Measurement.get(console, unbounded, table).maximum for table in tables), default=0
        )
        if widest <= options.max_width:
            yield from drawn
            return
        yield self._folded()

    def _folded(self) -> Table:
        """The rows as blocks of "heading  value" lines, a blank line between blocks."""
        header_row = self.header.row if self.header is not None else None
        headings = [cell.content for cell in header_row.cells] if header_row is not None else []
        grid = Table.grid(padding=(0, 2, 0, 0))
        grid.add_column(style='markdown.table.header', overflow='fold')
        grid.add_column(overflow='fold')
        rows = self.body.rows if self.body is not None else []
        for number, row in enumerate(rows):
            if number:
                grid.add_row()
            for place, cell in enumerate(row.cells):
                heading = headings[place].copy() if place < len(headings) else Text()
                value = cell.content.copy()
                heading.justify = value.justify = 'left'  # A column's alignment means nothing here.
                if place == 0:
                    value.stylize('bold')
                grid.add_row(heading, value)
        return grid


class SafeRichMarkdown(Markdown):
    """Rich's Markdown for desk text: raw HTML stays text, links are text, headings are left.

    The source must come from `markdown_source` (control characters made visible, capped).
    """

    elements: ClassVar[dict[str, type[MarkdownElement]]] = {
        **Markdown.elements,
        'heading_open': LeftHeading,
        'table_open': FoldingTable,
    }

    def __init__(self, source: str, code_theme: str = 'monokai') -> None:
        """Parses `source` (from `markdown_source`) once, with the one answer parser.

        Rich's `__init__` is not called: this sets what Rich 15 (pinned) sets there.
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
    """The parser for answers, built once and shared: raw HTML stays text, images as links."""
    return (
        MarkdownIt('commonmark', {'html': False})
        .enable('strikethrough')
        .enable('table')
        .disable('image')
    )
