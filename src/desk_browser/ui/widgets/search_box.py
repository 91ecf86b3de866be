"""The live search's box: an Input that does not lay out the whole screen on every keystroke."""

from __future__ import annotations

from textual.geometry import Size
from textual.reactive import Reactive
from textual.widgets import Input

from desk_browser.ui.textual_compat import virtual_size_without_layout


class SearchBox(Input):
    """An Input whose scrollable width changes without a layout of the screen.

    Textual's Input sets its `virtual_size` (the width of the text) on every change of its value,
    and `virtual_size` asks for a layout of the whole screen, then a redraw of every widget the
    layout touched: on a slow machine a large part of the 16 ms a keystroke may take. The box's
    place and size never depend on its text (it is one line, as wide as the screen allows), so
    here the scrollable width is only stored: scrolling to the cursor reads it directly (see
    `textual_compat.virtual_size_without_layout`).
    """

    virtual_size: Reactive[Size] = virtual_size_without_layout()
    """The scrollable size of the text (no layout when it changes)."""
