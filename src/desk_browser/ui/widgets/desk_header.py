"""The title bar at the top of every screen: one widget that draws itself.

`DeskHeader` draws what Textual's Header draws (byte for byte) and behaves as it, as one widget.
"""

from __future__ import annotations

from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.content import Content
from textual.dom import NoScreen
from textual.reactive import reactive
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.visual import Visual
from textual.widget import Widget

ICON = '⭘'
"""The icon at the header's left (Textual's Header's)."""

ICON_WIDTH = 8
"""Columns of the icon, docked left, with its padding of one each side."""

CLOCK_WIDTH = 10
"""Columns of the clock's space, docked right (blank: the header shows no clock)."""

PALETTE_TIP = 'Open the command palette'
"""The icon's tooltip (Header's)."""

_Piece = tuple[int, int, Strip]
"""One of Header's widgets on a line: its first column, its last column + 1, and its strip
(already cut to the columns of the header it shows in)."""


class DeskHeader(Widget):
    """The screen's title and sub-title on one line, drawn as Textual's Header draws them."""

    ALLOW_SELECT = False

    COMPONENT_CLASSES: ClassVar[set[str]] = {'desk-header--icon-hover'}

    # Textual 8.2.8's Header styles; HeaderTitle's text rules (it never wraps, and long titles
    # end with an ellipsis) and HeaderIcon:hover's background.
    DEFAULT_CSS = """
    DeskHeader {
        dock: top;
        width: 100%;
        background: $panel;
        color: $foreground;
        height: 1;
        text-wrap: nowrap;
        text-overflow: ellipsis;
        &.-tall {
            height: 3;
        }
        .desk-header--icon-hover {
            background: $foreground 10%;
        }
    }
    """

    tall: reactive[bool] = reactive(False)
    """Whether the header is three lines tall (a click on it toggles this look)."""

    def __init__(self) -> None:
        """Makes the header; it reads its title from the screen and the app once mounted."""
        super().__init__()
        self._icon_hovered = False

    def on_mount(self) -> None:
        """Follows the app's and the screen's title and sub-title."""
        for owner in (self.app, self.screen):
            self.watch(owner, 'title', self._title_changed, init=False)
            self.watch(owner, 'sub_title', self._title_changed, init=False)

    def _title_changed(self) -> None:
        """Redraws the header with the new title."""
        self.refresh()

    def watch_tall(self, tall: bool) -> None:
        """Shows the header one line or, when `tall`, three lines tall."""
        self.set_class(tall, '-tall')

    @property
    def screen_title(self) -> str:
        """The title shown: the screen's, or the app's when the screen has none."""
        title = self.screen.title
        return title if title is not None else self.app.title

    @property
    def screen_sub_title(self) -> str:
        """The sub-title shown: the screen's, or the app's when the screen has none."""
        sub_title = self.screen.sub_title
        return sub_title if sub_title is not None else self.app.sub_title

    def format_title(self) -> Content:
        """The title and sub-title as the app formats them for a header's middle."""
        return self.app.format_title(self.screen_title, self.screen_sub_title)

    def _icon_columns(self, width: int) -> int:
        """How many columns of the icon show (the clock's space covers it on a narrow header)."""
        return max(0, min(ICON_WIDTH, width - CLOCK_WIDTH, width))

    def render_line(self, y: int) -> Strip:
        """Draws line `y` of the header (0; 0 to 2 when tall), in Header's compositor pieces."""
        width = self.size.width
        if width <= 0:
            return Strip([])
        height = self.size.height
        style = self.visual_style
        full = style.rich_style
        padded = (style + VisualStyle(reverse=False)).rich_style  # Alignment's padding.
        blank = Style(bgcolor=full.bgcolor)  # A widget's padding and a container's blank.
        # Front to back, as the compositor paints: the clock's space, the icon, the title, and
        # the header's own blank under them.
        pieces: list[_Piece] = [
            self._clock_piece(width, y, full, blank),
            self._icon_piece(width, height, y),
        ]
        title_width = width - ICON_WIDTH - CLOCK_WIDTH
        if y == 0 and title_width > 0:
            pieces.append((ICON_WIDTH, ICON_WIDTH + title_width, self._title(title_width, padded)))
        pieces.append((0, width, Strip([Segment(' ' * width, blank)], width)))
        return Strip(_composed(pieces, width), width)

    def _clock_piece(self, width: int, y: int, full: Style, blank: Style) -> _Piece:
        """The clock's space: blank, with its padding of one each side (as HeaderClockSpace)."""
        if y == 0:  # Its empty render, padded out by its own blank.
            inner = [Segment('', full), Segment(' ' * (CLOCK_WIDTH - 2), blank)]
        else:  # Lines below the render.
            inner = [Segment(' ' * (CLOCK_WIDTH - 2), full)]
        strip = Strip([Segment(' ', blank), *inner, Segment(' ', blank)], CLOCK_WIDTH)
        start = width - CLOCK_WIDTH
        if start < 0:
            strip = strip.crop(-start, CLOCK_WIDTH)
        return max(0, start), width, strip

    def _icon_piece(self, width: int, height: int, y: int) -> _Piece:
        """The icon with its padding, in the middle of the header's height (as HeaderIcon)."""
        looks = ('desk-header--icon-hover',) if self._icon_hovered else ()
        style = self.get_visual_style(*looks) if looks else self.visual_style
        full = style.rich_style
        padded = (style + VisualStyle(reverse=False)).rich_style
        blank = Style(bgcolor=full.bgcolor)
        inner_width = ICON_WIDTH - 2
        if y == (height - 1) // 2:
            inner = [Segment(ICON, full), Segment(' ' * (inner_width - 1), padded)]
        else:
            inner = [Segment(' ' * inner_width, padded)]
        strip = Strip([Segment(' ', blank), *inner, Segment(' ', blank)], ICON_WIDTH)
        shown = min(ICON_WIDTH, width)
        return 0, shown, strip.crop(0, shown) if shown < ICON_WIDTH else strip

    def _title(self, title_width: int, padded: Style) -> Strip:
        """The title, cut with an ellipsis if long, centred in its room (as HeaderTitle)."""
        try:
            content = self.format_title()
        except NoScreen:
            content = Content('')
        strips = Visual.to_strips(self, content, title_width, 1, self.visual_style)
        if not strips:
            return Strip([Segment(' ' * title_width, padded)], title_width)
        return next(iter(Strip.align(strips, padded, title_width, 1, 'center', 'middle')))

    def on_mouse_move(self, event: events.MouseMove) -> None:
        """Lightens the icon while the mouse is over it, and gives it its tooltip."""
        self._hover_icon(event.x < self._icon_columns(self.size.width))

    def on_leave(self) -> None:
        """The mouse left: the icon is drawn as usual."""
        self._hover_icon(False)

    def _hover_icon(self, hovered: bool) -> None:
        """Draws the icon hovered or not, with the palette's tooltip while it is."""
        if not self.app.ENABLE_COMMAND_PALETTE:
            hovered = False
        if hovered == self._icon_hovered:
            return
        self._icon_hovered = hovered
        self.tooltip = PALETTE_TIP if hovered else None
        self.refresh()

    async def on_click(self, event: events.Click) -> None:
        """Opens the command palette from the icon; elsewhere, makes the header taller or not."""
        if event.x < self._icon_columns(self.size.width) and self.app.ENABLE_COMMAND_PALETTE:
            event.stop()
            await self.run_action('app.command_palette')
        else:
            self.toggle_class('-tall')


def _composed(pieces: list[_Piece], width: int) -> list[Segment]:
    """Joins the pieces (front first) as Textual's compositor does: the front wins each cut."""
    edges = {0, width}
    for start, end, _strip in pieces:
        if end > start:
            edges.update((start, end))
    cuts = sorted(edge for edge in edges if 0 <= edge <= width)
    chosen: dict[int, Strip] = {}
    for start, end, strip in pieces:
        if end <= start:
            continue
        inside = [cut for cut in cuts if start <= cut <= end]
        parts = strip.divide([cut - start for cut in inside[1:]])
        for cut, part in zip(inside[:-1], parts, strict=True):
            chosen.setdefault(cut, part)
    segments: list[Segment] = []
    for cut in cuts[:-1]:
        segments.extend(chosen[cut])
    return segments
