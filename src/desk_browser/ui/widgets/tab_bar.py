"""A row of tabs with the active one underlined: one widget that draws itself.

`TabBar` draws what Textual's Tabs draws (byte for byte) and behaves as it, as one line-API
widget; the underline moves at once, without animation.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

BAR = '━'
HALF_BAR_LEFT = '╺'
HALF_BAR_RIGHT = '╸'
"""The underline's pieces, as Textual's Bar draws them."""


class TabLabel:
    """One tab: its id and the words on it."""

    __slots__ = ('label', 'tab_id')

    def __init__(self, tab_id: str, label: str) -> None:
        self.tab_id = tab_id
        self.label = label


class TabBar(Widget, can_focus=True):
    """The tabs' labels on one line and the active one's underline on the next."""

    ALLOW_SELECT = False

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding('left', 'previous_tab', 'Previous tab', show=False),
        Binding('right', 'next_tab', 'Next tab', show=False),
    ]

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        'tab-bar--tab',
        'tab-bar--hover',
        'tab-bar--active',
        'tab-bar--underline',
    }

    # Textual 8.2.8's Tabs, Tab and Underline styles, on the bar's parts.
    DEFAULT_CSS = """
    TabBar {
        width: 100%;
        height: 2;
        .tab-bar--tab {
            color: $foreground 50%;
        }
        .tab-bar--hover {
            color: $foreground;
        }
        .tab-bar--active {
            color: $foreground;
        }
        .tab-bar--underline {
            color: $block-cursor-background;
            background: $foreground 10%;
        }
        &:ansi {
            .tab-bar--tab {
                text-style: dim;
            }
            .tab-bar--active {
                text-style: not dim bold;
            }
            .tab-bar--underline {
                color: $block-cursor-background;
                background: $border-blurred;
            }
        }
        &:focus {
            .tab-bar--underline {
                background: $foreground 30%;
            }
            .tab-bar--active {
                text-style: $block-cursor-text-style;
                color: $block-cursor-foreground;
                background: $block-cursor-background;
            }
        }
    }
    """

    active: reactive[str] = reactive('', init=False)
    """The id of the active tab."""

    class TabActivated(Message):
        """A tab became the active one (by a click, a key, or `active` set)."""

        def __init__(self, tab_bar: TabBar, tab_id: str) -> None:
            """Says which tab of which bar."""
            super().__init__()
            self.tab_bar = tab_bar
            self.tab_id = tab_id

        @property
        def control(self) -> TabBar:
            """The bar (what `on`'s selector matches)."""
            return self.tab_bar

    def __init__(self, tabs: Sequence[TabLabel], active: str, *, id: str | None = None) -> None:
        """Makes the bar of `tabs`, left to right, `active` the id of the tab active at first."""
        super().__init__(id=id)
        self._tabs = tuple(tabs)
        self._hovered: str | None = None
        self.set_reactive(TabBar.active, active)

    @property
    def tab_ids(self) -> list[str]:
        """The tabs' ids, left to right."""
        return [tab.tab_id for tab in self._tabs]

    def validate_active(self, active: str) -> str:
        """Refuses an id that names no tab (ValueError)."""
        if active not in self.tab_ids:
            raise ValueError(f'No tab with id {active!r}')
        return active

    def watch_active(self, active: str) -> None:
        """Redraws the bar and says which tab is active now."""
        self.refresh()
        self.post_message(self.TabActivated(self, active))

    def _spans(self) -> list[tuple[TabLabel, int, int]]:
        """Each tab and the columns it takes (its padding included)."""
        spans = []
        x = 0
        for tab in self._tabs:
            width = cell_len(tab.label) + 2
            spans.append((tab, x, x + width))
            x += width
        return spans

    def tab_at(self, x: int) -> str | None:
        """The id of the tab at a column from the bar's left; None right of the last tab."""
        for tab, start, end in self._spans():
            if start <= x < end:
                return tab.tab_id
        return None

    def render_line(self, y: int) -> Strip:
        """Draws the labels (line 0) or the underline (line 1)."""
        width = self.size.width
        segments = self._label_segments(width) if y == 0 else self._underline_segments(width)
        return Strip(segments).crop(0, width)

    def _label_segments(self, width: int) -> list[Segment]:
        """Each tab's padding, label and padding, then the row's blank rest."""
        blank = Style(bgcolor=self.rich_style.bgcolor)
        segments: list[Segment] = []
        x = 0
        for tab, _start, end in self._spans():
            looks = ['tab-bar--tab']
            if tab.tab_id == self._hovered:
                looks.append('tab-bar--hover')
            if tab.tab_id == self.active:
                looks.append('tab-bar--active')
            style = self.get_visual_style(*looks).rich_style
            padding = Style(bgcolor=style.bgcolor)
            segments += [Segment(' ', padding), Segment(tab.label, style), Segment(' ', padding)]
            x = end
        if x < width:
            segments.append(Segment(' ' * (width - x), blank))
        return segments

    def _underline_segments(self, width: int) -> list[Segment]:
        """The bar, with the active tab's label (not its padding) highlighted, as Bar draws it."""
        bar = self.get_visual_style('tab-bar--underline').rich_style
        highlight = Style(color=bar.color, bgcolor=self.rich_style.bgcolor)
        background = Style(color=bar.bgcolor, bgcolor=self.rich_style.bgcolor)
        span = next(
            (
                (start + 1, end - 1)
                for tab, start, end in self._spans()
                if tab.tab_id == self.active
            ),
            None,
        )
        if span is None:
            return [Segment(BAR * width, background)]
        start, end = span[0], min(span[1], width)
        segments = []
        if start > 1:
            segments.append(Segment(BAR * (start - 1), background))
        if start > 0:
            segments.append(Segment(HALF_BAR_RIGHT, background))
        segments.append(Segment(BAR * (end - start), highlight))
        if end != width:
            segments.append(Segment(HALF_BAR_LEFT, background))
        if width - end - 1 > 0:
            segments.append(Segment(BAR * (width - end - 1), background))
        return segments

    def on_click(self, event: events.Click) -> None:
        """Activates the tab clicked (on its label or under it), and focuses the bar."""
        tab_id = self.tab_at(event.x)
        if tab_id is not None:
            self.focus()
            self.active = tab_id

    def on_mouse_move(self, event: events.MouseMove) -> None:
        """Brightens the label under the mouse."""
        self._hover(self.tab_at(event.x) if event.y == 0 else None)

    def on_leave(self) -> None:
        """The mouse left: no label is brightened."""
        self._hover(None)

    def _hover(self, tab_id: str | None) -> None:
        """Brightens one label (or none), with a pointing hand over it."""
        if tab_id != self._hovered:
            self._hovered = tab_id
            self.styles.pointer = 'pointer' if tab_id is not None else 'default'
            self.refresh()

    def action_previous_tab(self) -> None:
        """Activates the tab on the left (the last from the first)."""
        self._move(-1)

    def action_next_tab(self) -> None:
        """Activates the tab on the right (the first from the last)."""
        self._move(1)

    def _move(self, step: int) -> None:
        """Activates the tab `step` places on, round."""
        ids = self.tab_ids
        self.active = ids[(ids.index(self.active) + step) % len(ids)]
