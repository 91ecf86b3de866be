"""The search's scope, shown as chips above the hits: one per qualifier, bad ones in red.

Hidden while the query holds no qualifier; else a line, wrapped (up to three) for long reasons.
"""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Static

from desk_browser.memory.search_scope import ParsedQuery


def chips_content(parsed: ParsedQuery) -> Content:
    """Writes the chips of a query's qualifiers: the good (" day 2026-10-20 "), then the bad."""
    parts: list[Content] = []
    for qualifier in parsed.qualifiers:
        chip = Content(f' {qualifier.name} {qualifier.meaning} ').stylize('$foreground on $panel')
        parts.append(chip)
    for problem in parsed.problems:
        parts.append(Content(f' {problem.reason}; searched without it ').stylize('$text-error'))
    return Content(' ').join(parts)


MOST_LINES = 3
"""The most lines the chips take (max-height below): bad qualifiers' reasons wrap up to it."""


class ScopeChips(Static):
    """The chips line (hidden when there is no qualifier)."""

    DEFAULT_CSS = """
    ScopeChips {
        padding: 0 2;
        height: auto;
        max-height: 3;
        display: none;
    }
    ScopeChips.-shown {
        display: block;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        """Prepares an empty, hidden line.

        Args:
            id (str | None): The widget's id.
        """
        super().__init__(id=id)
        self._key: tuple[object, ...] = ()
        self._lines = 1

    def show_query(self, parsed: ParsedQuery) -> None:
        """Shows a query's qualifiers (laid out only when the line appears, goes, or wraps anew)."""
        key = (parsed.qualifiers, parsed.problems)
        if key == self._key:
            return
        self._key = key
        shown = bool(parsed.qualifiers or parsed.problems)
        content = chips_content(parsed) if shown else Content('')
        width = self.content_region.width or self.app.size.width - 4  # Padding: 0 2.
        lines = min(MOST_LINES, len(content.wrap(max(width, 1)))) if shown else 1
        self.update(content, layout=lines != self._lines)
        self._lines = lines
        if shown != self.has_class('-shown'):
            self.set_class(shown, '-shown')
