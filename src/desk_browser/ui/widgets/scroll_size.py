"""Setting a Line-API view's scrollable size without laying out the whole screen."""

from __future__ import annotations

from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.widget import Widget

from desk_browser.ui.textual_compat import update_scrollbars


def set_scroll_size(view: ScrollView, size: Size) -> None:
    """Sets a view's virtual size, updating its scrollbars but not the screen's layout.

    Assigning `virtual_size` lays out the whole screen and redraws it, which costs far more than
    drawing the view's own lines. A view whose place and size do not depend on its content (its
    height is set by CSS, such as ``1fr``) needs only its scrollbars updated; a scrollbar that
    appears or goes asks for the layout it needs itself. This is what Textual does when it sets
    the size without a layout (see `textual_compat.update_scrollbars`).

    Args:
        view (ScrollView): The view.
        size (Size): Its new virtual size.
    """
    if size == view.virtual_size:
        return
    view.set_reactive(Widget.virtual_size, size)
    update_scrollbars(view, size)
    view.refresh()
