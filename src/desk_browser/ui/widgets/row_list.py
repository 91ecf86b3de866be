"""A list whose rows all have one height, drawn line by line: only the rows on screen are rendered.

Every row is `ROW_HEIGHT` lines, so the row under a line is a division, and a row is rendered
(and cached) only when drawn. Subclasses say how many rows there are and write one row's lines.
"""

from __future__ import annotations

import contextvars
from dataclasses import dataclass, field
from typing import ClassVar

from rich.segment import Segment
from textual import events
from textual.binding import Binding, BindingType
from textual.cache import LRUCache
from textual.content import Content
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.style import Style
from textual.theme import Theme

from desk_browser.ui.widgets.familiar_keys import LIST_KEYS
from desk_browser.ui.widgets.scroll_size import set_scroll_size

_CACHED_ROWS = 400
"""How many rendered rows are kept (a few screens' worth, each in two looks at most)."""

ROW_CLASS = 'row-list--row'
HIGHLIGHTED_CLASS = 'row-list--highlighted'
HOVER_CLASS = 'row-list--hover'

RowKey = tuple[int, int, str]
"""A rendered row's place in the cache: (row, width, look)."""


def render_row(lines: list[Content], style: Style, width: int, height: int) -> list[Strip]:
    """Renders one row's lines on its style: exactly `height` strips of exactly `width` cells.

    Styles named in a line (``$text-muted``) find the app's theme through the context, so a
    worker must run this in the event loop's copied context (see `RowPainter`).

    Args:
        lines (list[Content]): The row's lines (missing ones are blank, extra ones are dropped).
        style (Style): The row's style in its look.
        width (int): The width in cells.
        height (int): How many lines the row takes.

    Returns:
        list[Strip]: The row's strips.
    """
    blank = [Content('')] * max(0, height - len(lines))
    return [_render_line(line, style, width) for line in [*lines, *blank][:height]]


def _render_line(line: Content, style: Style, width: int) -> Strip:
    """Renders one line of a row on its style, padded or cut to the width."""
    segments = [
        Segment(text, text_style.rich_style) for text, text_style in line.render(style, end='')
    ]
    # One Strip a line (each Strip builds several caches): padded here, not by crop_extend.
    padding = width - line.cell_length
    if padding > 0:
        segments.append(Segment(' ' * padding, style.rich_style))
    elif padding < 0:
        return Strip(segments).crop(0, width)
    return Strip(segments, width)


@dataclass
class RowPainter:
    """What drawing a list's rows takes, read on the event loop so a worker can draw rows.

    The worker hands the strips over with `RowList.adopt_rows`. Drawing reads no widget, and one
    painter is used by one thread at a time (its copied context cannot be entered twice).
    """

    width: int
    """The width rows are drawn at."""

    rows_on_screen: int
    """How many rows a screenful shows (the last one perhaps in part)."""

    row_height: int
    """How many lines every row takes."""

    looks: dict[str, Style]
    """The row style in each look ('' for the plain look), by look."""

    context: contextvars.Context = field(compare=False)
    """The event loop's context variables, copied: Textual finds the app (and the theme's
    variables, such as ``$text-muted``) through them, and a worker thread has none."""

    def paint(self, index: int, lines: list[Content], look: str) -> tuple[RowKey, list[Strip]]:
        """Draws one row in a look ('' or one of the list's component classes).

        Returns:
            tuple[RowKey, list[Strip]]: The row's place in the cache and its strips.
        """
        strips = self.context.run(render_row, lines, self.looks[look], self.width, self.row_height)
        return (index, self.width, look), strips


@dataclass
class PaintedRows:
    """Rows a worker drew ahead of showing them, and how it drew them."""

    painter: RowPainter
    """What they were drawn with; they are used only while it is still current."""

    rows: dict[RowKey, list[Strip]] = field(default_factory=dict)
    """Each row's strips, by its place in the cache."""


class RowList(ScrollView, can_focus=True):
    """A keyboard- and mouse-driven list of rows of `ROW_HEIGHT` lines each, one highlighted.

    Subclasses implement `row_count` and `row_lines`, and call `rows_changed` or `row_changed`
    when what they show changes. Moving the highlight posts `RowList.Highlighted`; Enter or a
    click posts what `chosen_message` makes (`RowList.Chosen` unless a subclass says otherwise).
    """

    ROW_HEIGHT: ClassVar[int] = 1
    """How many lines every row takes."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding('down', 'cursor_down', 'Down', show=False),
        Binding('up', 'cursor_up', 'Up', show=False),
        Binding('pagedown', 'page_down', 'Page down', show=False),
        Binding('pageup', 'page_up', 'Page up', show=False),
        Binding('home', 'first', 'First', show=False),
        Binding('end', 'last', 'Last', show=False),
        Binding('enter', 'choose', 'Open', show=False),
        *LIST_KEYS,
    ]

    COMPONENT_CLASSES: ClassVar[set[str]] = {ROW_CLASS, HIGHLIGHTED_CLASS, HOVER_CLASS}
    """
    | Class | Description |
    | :- | :- |
    | `row-list--row` | Every row. |
    | `row-list--highlighted` | The highlighted row (Enter chooses it). |
    | `row-list--hover` | The row under the mouse. |
    """

    DEFAULT_CSS = """
    RowList {
        overflow-x: hidden;
        background: $surface;
        & > .row-list--highlighted {
            color: $block-cursor-blurred-foreground;
            background: $block-cursor-blurred-background;
            text-style: $block-cursor-blurred-text-style;
        }
        & > .row-list--hover {
            background: $block-hover-background;
        }
        &:focus {
            background-tint: $foreground 5%;
            & > .row-list--highlighted {
                color: $block-cursor-foreground;
                background: $block-cursor-background;
                text-style: $block-cursor-text-style;
            }
        }
    }
    """

    highlighted: reactive[int | None] = reactive(None, init=False)
    """The highlighted row (from 0), or None when the list is empty or nothing is highlighted."""

    class RowMessage(Message):
        """Something happened to one row of the list."""

        def __init__(self, row_list: RowList, index: int) -> None:
            """Says which row.

            Args:
                row_list (RowList): The list.
                index (int): The row.
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
            id (str | None): The widget's id.
            classes (str | None): The widget's CSS classes.
        """
        super().__init__(id=id, classes=classes)
        self._rendered: LRUCache[tuple[int, int, str], list[Strip]] = LRUCache(_CACHED_ROWS)
        """Each rendered row's strips, by (row, width, look)."""
        self._hover: int | None = None
        self._drawing_width = 0
        """The width of the lines being drawn, measured once a draw."""

    # What subclasses provide.

    @property
    def row_count(self) -> int:
        """How many rows the list holds."""
        raise NotImplementedError

    def row_lines(self, index: int, width: int) -> list[Content]:
        """Writes one row: `ROW_HEIGHT` lines, each at most `width` cells (longer is cut).

        Args:
            index (int): The row, from 0.
            width (int): The width in cells.

        Returns:
            list[Content]: Its lines.
        """
        raise NotImplementedError

    def row_strips(self, index: int, width: int, style: Style) -> list[Strip]:
        """Draws one row: `row_lines` on the row's style (a subclass may draw another way).

        Args:
            index (int): The row, from 0.
            width (int): The width in cells.
            style (Style): The row's style in its current look.

        Returns:
            list[Strip]: `ROW_HEIGHT` strips of `width` cells.
        """
        return render_row(self.row_lines(index, width), style, width, self.ROW_HEIGHT)

    def chosen_message(self, index: int) -> Message:
        """Makes the message posted when a row is chosen: `RowList.Chosen` unless overridden."""
        return self.Chosen(self, index)

    # What subclasses call.

    def rows_changed(self) -> None:
        """Redraws the list after rows were added, removed or replaced."""
        self._rendered.clear()
        self._hover = None
        count = self.row_count
        if self.highlighted is not None and self.highlighted >= count:
            self.set_reactive(RowList.highlighted, count - 1 if count else None)
        self._update_scroll_size()
        self.refresh()

    def row_changed(self, index: int) -> None:
        """Redraws the row at an index, whose content changed."""
        for key in list(self._rendered.keys()):  # An LRUCache cannot be iterated itself.
            if key[0] == index:
                self._rendered.discard(key)
        self._refresh_row(index)

    @property
    def rendered_indexes(self) -> list[int]:
        """The rows rendered and kept since the rows or their looks last changed (for tests)."""
        kept = self._rendered.keys()
        return sorted({index for index, _width, _look in kept})

    def rendered_text(self) -> str:
        """The rendered rows' lines at the current width, trailing spaces removed (for tests)."""
        width = self._content_width()
        return '\n'.join(
            line.plain.rstrip()
            for index in self.rendered_indexes
            for line in self.row_lines(index, width)
        )

    def row_painter(self) -> RowPainter:
        """Copies what drawing rows takes at the list's width, styles and focus, for a worker."""
        return RowPainter(
            width=self._content_width(),
            rows_on_screen=-(-self.scrollable_content_region.height // self.ROW_HEIGHT),
            row_height=self.ROW_HEIGHT,
            looks={
                '': self.get_visual_style(ROW_CLASS),
                HIGHLIGHTED_CLASS: self.get_visual_style(ROW_CLASS, HIGHLIGHTED_CLASS),
                HOVER_CLASS: self.get_visual_style(ROW_CLASS, HOVER_CLASS),
            },
            context=contextvars.copy_context(),
        )

    def adopt_rows(self, painted: PaintedRows) -> None:
        """Keeps rows a worker drew; call it after `rows_changed` made them the list's rows.

        They are dropped when the list's width, theme or focus changed since they were drawn.

        Args:
            painted (PaintedRows): The rows and how they were drawn.
        """
        if painted.painter != self.row_painter():
            return
        for key, strips in painted.rows.items():
            self._rendered[key] = strips

    # Drawing.

    def _content_width(self) -> int:
        """The width rows are drawn at: the widget's inside, less any scrollbar."""
        return self.scrollable_content_region.width

    def _update_scroll_size(self) -> None:
        """Sets the scrollable size (every row's lines) without laying out the screen."""
        set_scroll_size(self, Size(self._content_width(), self.row_count * self.ROW_HEIGHT))

    def render_lines(self, crop: Region) -> list[Strip]:
        """Draws the lines in a region of the list, measuring the width once."""
        self._drawing_width = self._content_width()
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        """Draws the line `y` lines below the view's top."""
        width = self._drawing_width or self._content_width()
        index, row_line = divmod(round(self.scroll_y) + y, self.ROW_HEIGHT)
        if not 0 <= index < self.row_count:
            return Strip.blank(width, self.get_visual_style(ROW_CLASS).rich_style)
        return self._row_strips(index, width)[row_line]

    def _row_strips(self, index: int, width: int) -> list[Strip]:
        """Renders one row (or takes it from the cache) in its current look."""
        look = self._look_of(index)
        key = (index, width, look)
        strips = self._rendered.get(key)
        if strips is None:
            style = (
                self.get_visual_style(ROW_CLASS, look) if look else self.get_visual_style(ROW_CLASS)
            )
            strips = self.row_strips(index, width, style)
            self._rendered[key] = strips
        return strips

    def _look_of(self, index: int) -> str:
        """The component class a row is drawn with beyond the plain look ('' for none)."""
        if index == self.highlighted:
            return HIGHLIGHTED_CLASS
        if index == self._hover:
            return HOVER_CLASS
        return ''

    def _refresh_row(self, index: int | None) -> None:
        """Draws one row again (after its look or content changed)."""
        if index is not None and 0 <= index < self.row_count:
            self.refresh_lines(index * self.ROW_HEIGHT, self.ROW_HEIGHT)

    def _forget_renders(self) -> None:
        """Drops every rendered row, so the next draw uses the current styles."""
        self._rendered.clear()
        self.refresh()

    def notify_style_update(self) -> None:
        """Renders the rows again with the new styles (a theme, focus or class change)."""
        super().notify_style_update()
        self._forget_renders()

    def _theme_changed(self, _theme: Theme) -> None:
        """Renders the rows again in the new theme's colours."""
        self._forget_renders()

    # Events.

    def on_mount(self) -> None:
        """Follows theme changes (colours in the rows come from the theme)."""
        self.app.theme_changed_signal.subscribe(self, self._theme_changed)

    def on_resize(self) -> None:
        """Fits the rows to the new width and keeps the highlighted one in view."""
        self._update_scroll_size()
        self._forget_renders()
        self.scroll_to_highlight()

    def on_show(self) -> None:
        """Keeps the highlighted row in view when the list comes back on screen."""
        self.scroll_to_highlight()

    def _index_at(self, event: events.MouseEvent) -> int | None:
        """The row under the mouse, or None."""
        offset = event.get_content_offset(self)
        if offset is None:
            return None  # On the border.
        index = (round(self.scroll_y) + offset.y) // self.ROW_HEIGHT
        return index if 0 <= index < self.row_count else None

    async def on_click(self, event: events.Click) -> None:
        """Highlights and chooses the row clicked."""
        index = self._index_at(event)
        if index is None:
            return
        event.stop()
        self.highlighted = index
        self.action_choose()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        """Marks the row under the mouse."""
        self._set_hover(self._index_at(event))

    def on_leave(self, _event: events.Leave) -> None:
        """Unmarks the row the mouse left."""
        self._set_hover(None)

    def _set_hover(self, index: int | None) -> None:
        """Moves the mouse's mark to another row."""
        if index == self._hover:
            return
        previous, self._hover = self._hover, index
        self._refresh_row(previous)
        self._refresh_row(index)

    # The highlight.

    def validate_highlighted(self, index: int | None) -> int | None:
        """Keeps the highlight on a row: None when there are none, else within the list."""
        count = self.row_count
        if index is None or count == 0:
            return None
        return max(0, min(index, count - 1))

    def watch_highlighted(self, previous: int | None, index: int | None) -> None:
        """Redraws the two rows whose look changed, shows the new one and says so."""
        self._refresh_row(previous)
        self._refresh_row(index)
        self.scroll_to_highlight()
        if index is not None:
            self.post_message(self.Highlighted(self, index))

    def scroll_to_highlight(self) -> None:
        """Scrolls just enough to show the whole highlighted row."""
        if self.highlighted is None or not self.is_mounted:
            return
        region = Region(
            0, self.highlighted * self.ROW_HEIGHT, self._content_width(), self.ROW_HEIGHT
        )
        self.scroll_to_region(region, animate=False, force=True, immediate=True)

    def _rows_per_page(self) -> int:
        """How many whole rows fit on screen (at least one)."""
        return max(1, self.scrollable_content_region.height // self.ROW_HEIGHT)

    def action_cursor_down(self) -> None:
        """Highlights the next row (the first, when none is)."""
        self.highlighted = 0 if self.highlighted is None else self.highlighted + 1

    def action_cursor_up(self) -> None:
        """Highlights the previous row (the first, when none is)."""
        self.highlighted = 0 if self.highlighted is None else self.highlighted - 1

    def action_page_down(self) -> None:
        """Highlights the row a screenful below."""
        current = self.highlighted if self.highlighted is not None else -1
        self.highlighted = current + self._rows_per_page()

    def action_page_up(self) -> None:
        """Highlights the row a screenful above."""
        current = self.highlighted if self.highlighted is not None else 0
        self.highlighted = current - self._rows_per_page()

    def action_first(self) -> None:
        """Highlights the first row."""
        self.highlighted = 0

    def action_last(self) -> None:
        """Highlights the last row."""
        self.highlighted = self.row_count - 1

    def action_choose(self) -> None:
        """Chooses the highlighted row."""
        if self.highlighted is not None:
            self.post_message(self.chosen_message(self.highlighted))
