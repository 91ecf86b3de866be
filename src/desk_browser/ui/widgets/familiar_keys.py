"""The keys people already know from less, vim and lnav: j/k down/up, g/G top/bottom.

One list per kind of widget, since each moves with its own actions; `G` is the bottom everywhere.
"""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll

LIST_KEYS: list[BindingType] = [
    Binding('j', 'cursor_down', 'Down', show=False),
    Binding('k', 'cursor_up', 'Up', show=False),
    Binding('g', 'first', 'First', show=False),
    Binding('G', 'last', 'Last', show=False),
]
"""For a RowList: move the highlight a row, or to the first or last row."""

SCROLL_KEYS: list[BindingType] = [
    Binding('j', 'scroll_down', 'Scroll down', show=False),
    Binding('k', 'scroll_up', 'Scroll up', show=False),
    Binding('g', 'scroll_home', 'Top', show=False),
    Binding('G', 'scroll_end', 'Bottom', show=False),
]
"""For a scrolling view (the exchanges, a record, the state, a summary): scroll a line, or to
the top or bottom."""

TABLE_KEYS: list[BindingType] = [
    Binding('j', 'cursor_down', 'Down', show=False),
    Binding('k', 'cursor_up', 'Up', show=False),
    Binding('g', 'scroll_top', 'First', show=False),
    Binding('G', 'scroll_bottom', 'Last', show=False),
]
"""For a DataTable (the problems): move the cursor a row, or to the first or last row."""


class KeyedScroll(VerticalScroll):
    """A VerticalScroll that also scrolls with j/k and g/G (the help)."""

    BINDINGS: ClassVar[list[BindingType]] = SCROLL_KEYS
