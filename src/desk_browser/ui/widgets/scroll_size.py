"""Setting a Line-API view's scrollable size without laying out the whole screen."""

from __future__ import annotations

from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.widget import Widget

from desk_browser.ui.textual_compat import update_scrollbars


def set_scroll_size(view: ScrollView, size: Size) -> None:
    """Sets a view's virtual size, updating its scrollbars but not the screen's layout.

    For a view whose place and size do not depend on its content (its height set by CSS).
    """
    if size == view.virtual_size:
        return
    view.set_reactive(Widget.virtual_size, size)
    update_scrollbars(view, size)
    view.refresh()
