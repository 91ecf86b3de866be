"""The search's scope, shown as chips above the hits: one per qualifier, bad ones in red.

Hidden while the query holds no qualifier, so a plain search looks as it always did; shown, it
is one line. It changes only when the qualifiers do, not on every keystroke of the words.
"""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Static

from desk_browser.memory.search_scope import ParsedQuery


def chips_content(parsed: ParsedQuery) -> Content:
    """Writes the chips of a query's qualifiers.

    Args:
        parsed (ParsedQuery): The query, read by search_scope.parse_query.

    Returns:
        Content: One chip per good qualifier (" day 2026-10-20 "), then each bad one with why.
    """
    parts: list[Content] = []
    for qualifier in parsed.qualifiers:
        chip = Content(f' {qualifier.name} {qualifier.meaning} ').stylize('$foreground on $panel')
        parts.append(chip)
    for problem in parsed.problems:
        parts.append(Content(f' {problem.reason}; searched without it ').stylize('$text-error'))
    return Content(' ').join(parts)


class ScopeChips(Static):
    """The chips line (hidden when there is no qualifier)."""

    DEFAULT_CSS = """
    ScopeChips {
        padding: 0 2;
        height: 1;
        text-wrap: nowrap;
        text-overflow: ellipsis;
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

    def show_query(self, parsed: ParsedQuery) -> None:
        """Shows a query's qualifiers (a layout only when the line appears or goes).

        Args:
            parsed (ParsedQuery): The query.
        """
        key = (parsed.qualifiers, parsed.problems)
        if key == self._key:
            return
        self._key = key
        shown = bool(parsed.qualifiers or parsed.problems)
        self.update(chips_content(parsed) if shown else Content(''), layout=False)
        if shown != self.has_class('-shown'):
            self.set_class(shown, '-shown')
