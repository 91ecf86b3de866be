"""A list whose rows all have one height, drawn line by line: only the rows on screen are rendered.

Textual's OptionList measures every option it holds (wrapping each one to learn its height)
whenever options are added or one changes, so a five-year desk's 2,500 sessions cost a large part
of a second per change. Here every row has the height `ROW_HEIGHT`, so the list's height is a
multiplication, finding the row under a line is a division, and a row is rendered (and cached)
only when it is drawn. Subclasses say how many rows there are and how one row looks.
"""

from __future__ import annotations

import logging
from typing import ClassVar

from textual import events
from textual.binding import Binding, BindingType
from textual.cache import LRUCache
from textual.content import Content
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.visual import Visual

from desk_browser.ui.widgets.scroll_size import set_scroll_size

_LOGGER = logging.getLogger(__name__)

_CACHED_ROWS = 512
"""How many rendered rows are kept (several screenfuls, in each of the two looks)."""


class RowList(ScrollView, can_focus=True):
    """A keyboard- and mouse-driven list of rows of `ROW_HEIGHT` lines each, one highlighted.

    Subclasses implement `row_count` and `row_content`, and call `rows_changed` or `row_changed`
    when what they show changes. Moving the highlight posts `RowList.Highlighted`; Enter or a
    click posts `RowList.Chosen`.
    """

    ROW_HEIGHT: ClassVar[int] = 1
    """How many lines every row takes."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding('up', 'move(-1)', 'Up', show=False),
        Binding('down', 'move(1)', 'Down', show=False),
        Binding('pageup', 'move_page(-1)', 'Page up', show=False),
        Binding('pagedown', 'move_page(1)', 'Page down', show=False),
        Binding('home', 'move_to(0)', 'First', show=False),
        Binding('end', 'move_to(-1)', 'Last', show=False),
        Binding('enter', 'choose', 'Open', show=False),
    ]

    COMPONENT_CLASSES: ClassVar[set[str]] = {'row-list--row', 'row-list--row-highlighted'}

    DEFAULT_CSS = """
    RowList {
        height: 1fr;
        overflow-x: hidden;
        background: $surface;
        & > .row-list--row-highlighted {
            color: $block-cursor-blurred-foreground;
            background: $block-cursor-blurred-background;
            text-style: $block-cursor-blurred-text-style;
        }
        &:focus {
            background-tint: $foreground 5%;
            & > .row-list--row-highlighted {
                color: $block-cursor-foreground;
                background: $block-cursor-background;
                text-style: $block-cursor-text-style;
            }
        }
    }
    """

    highlighted: reactive[int | None] = reactive(None, init=False)
    """The highlighted row, or None when the list is empty or nothing is highlighted yet."""

    class RowMessage(Message):
        """Something happened to one row of the list."""

        def __init__(self, row_list: RowList, index: int) -> None:
            """Says which row.

            Args:
                row_list: The list.
                index: The row.
            """
            super().__init__()
            self.row_list = row_list
            """The list."""
            self.index = index
            """The row."""

        @property
        def control(self) -> RowList:
            """The list (so handlers can be picked with a selector such as ``'#sessions'``)."""
            return self.row_list

    class Highlighted(RowMessage):
        """The highlight moved to a row."""

    class Chosen(RowMessage):
        """A row was chosen with Enter or a click."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        """Prepares an empty list.

        Args:
            id: The widget's id.
            classes: The widget's CSS classes.
        """
        super().__init__(id=id, classes=classes)
        self._rendered: LRUCache[tuple[int, int, bool], list[Strip]] = LRUCache(_CACHED_ROWS)

    # What subclasses provide.

    @property
    def row_count(self) -> int:
        """How many rows the list holds."""
        raise NotImplementedError

    def row_content(self, index: int) -> Content:
        """Writes one row: at most `ROW_HEIGHT` lines once wrapped (longer is cut).

        Args:
            index: The row, from 0.

        Returns:
            Its content.
        """
        raise NotImplementedError

    # What subclasses call.

    def rows_changed(self) -> None:
        """Redraws the list after rows were added, removed or replaced."""
        self._rendered.clear()
        count = self.row_count
        if self.highlighted is not None and self.highlighted >= count:
            self.set_reactive(RowList.highlighted, count - 1 if count else None)
        set_scroll_size(self, Size(self.scrollable_content_region.width, count * self.ROW_HEIGHT))
        self.refresh()

    def row_changed(self, index: int) -> None:
        """Redraws one row whose content changed.

        Args:
            index: The row.
        """
        stored = list(self._rendered.keys())  # An LRUCache cannot be iterated itself.
        for key in stored:
            if key[0] == index:
                self._rendered.discard(key)
        self._refresh_row(index)

    @property
    def rendered_rows(self) -> set[int]:
        """The rows rendered and kept (for tests: only rows that were on screen)."""
        stored = list(self._rendered.keys())
        return {key[0] for key in stored}

    # Drawing.

    def render_line(self, y: int) -> Strip:
        """Draws one line of the list.

        Args:
            y: The line, from the top of the view.

        Returns:
            The line.
        """
        line = self.scroll_offset.y + y
        index, offset = divmod(line, self.ROW_HEIGHT)
        width = self.scrollable_content_region.width
        if index >= self.row_count:
            return Strip.blank(width, self.get_visual_style('row-list--row').rich_style)
        return self._row_strips(index, width)[offset]

    def _row_strips(self, index: int, width: int) -> list[Strip]:
        """Renders one row (or recalls it) at a width, in its current look."""
        highlighted = index == self.highlighted
        key = (index, width, highlighted)
        strips = self._rendered.get(key)
        if strips is None:
            if highlighted:
                style = self.get_visual_style('row-list--row', 'row-list--row-highlighted')
            else:
                style = self.get_visual_style('row-list--row')
            content = self.row_content(index)
            strips = Visual.to_strips(self, content, width, self.ROW_HEIGHT, style, pad=True)
            strips = [strip.extend_cell_length(width, style.rich_style) for strip in strips]
            blank = Strip.blank(width, style.rich_style)
            strips = (strips + [blank] * self.ROW_HEIGHT)[: self.ROW_HEIGHT]
            self._rendered[key] = strips
        return strips

    def _refresh_row(self, index: int | None) -> None:
        """Asks for a row's lines to be drawn again."""
        if index is None:
            return
        top = index * self.ROW_HEIGHT - self.scroll_offset.y
        self.refresh(Region(0, top, self.size.width, self.ROW_HEIGHT))

    def notify_style_update(self) -> None:
        """Forgets rendered rows when the look changes (a theme, focus)."""
        self._rendered.clear()
        super().notify_style_update()

    def on_resize(self) -> None:
        """Keeps the list's height right for the new width."""
        set_scroll_size(
            self, Size(self.scrollable_content_region.width, self.row_count * self.ROW_HEIGHT)
        )

    # The highlight.

    def validate_highlighted(self, index: int | None) -> int | None:
        """Keeps the highlight on a row that exists."""
        count = self.row_count
        if index is None or count == 0:
            return None
        return max(0, min(index, count - 1))

    def watch_highlighted(self, old_index: int | None, new_index: int | None) -> None:
        """Redraws the two rows, brings the new one into view and says it is highlighted."""
        self._refresh_row(old_index)
        self._refresh_row(new_index)
        if new_index is None:
            return
        self.scroll_to_row(new_index)
        self.post_message(self.Highlighted(self, new_index))

    def scroll_to_row(self, index: int) -> None:
        """Scrolls the least needed to show a row whole.

        Args:
            index: The row.
        """
        self.scroll_to_region(
            Region(0, index * self.ROW_HEIGHT, 1, self.ROW_HEIGHT), animate=False, force=True
        )

    def action_move(self, step: int) -> None:
        """Moves the highlight by some rows (to the first row when none is highlighted).

        Args:
            step: How many rows, down when positive.
        """
        if self.highlighted is None:
            self.highlighted = 0
        else:
            self.highlighted = self.highlighted + step

    def action_move_page(self, direction: int) -> None:
        """Moves the highlight by a screenful.

        Args:
            direction: 1 for down, -1 for up.
        """
        rows = max(1, self.scrollable_content_region.height // self.ROW_HEIGHT)
        self.action_move(direction * rows)

    def action_move_to(self, index: int) -> None:
        """Moves the highlight to a row; negative counts from the end.

        Args:
            index: The row.
        """
        self.highlighted = index if index >= 0 else self.row_count + index

    def action_choose(self) -> None:
        """Chooses the highlighted row."""
        if self.highlighted is not None:
            self.post_message(self.Chosen(self, self.highlighted))

    def on_click(self, event: events.Click) -> None:
        """Highlights and chooses the row clicked."""
        offset = event.get_content_offset(self)
        if offset is None:
            return  # On the border.
        index = (offset.y + self.scroll_offset.y) // self.ROW_HEIGHT
        if index >= self.row_count:
            return
        self.highlighted = index
        self.post_message(self.Chosen(self, index))
