"""The day view's filter: a line per kind of event, ✓ when shown, and the key that toggles it.

Such as `✓ 1 Triggers` (shown) or `  1 Triggers` (hidden); the number works anywhere in the view.
"""

from __future__ import annotations

from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from textual.binding import BindingType
from textual.content import Content
from textual.strip import Strip
from textual.widgets import OptionList, SelectionList
from textual.widgets.option_list import OptionDoesNotExist
from textual.widgets.selection_list import Selection

from desk_browser.ui.widgets.familiar_keys import LIST_KEYS

ON_MARK = '✓'
"""What a shown kind's line starts with."""

_GUTTER = 4
"""Cells before each label: SelectionList's own button ("▐X▌ ") is as wide, so its layout holds."""


def kind_prompt(key: str, label: str) -> Content:
    """Writes one kind's label with the key that toggles it, such as "1 Triggers"."""
    return Content.assemble((f'{key} ', 'bold $text-accent'), label)


class KindFilter(SelectionList[str]):
    """Lists kinds of event to show; space, Enter, a click or the kind's number toggles one."""

    BINDINGS: ClassVar[list[BindingType]] = LIST_KEYS

    COMPONENT_CLASSES: ClassVar[set[str]] = {'kind-filter--on'}
    """
    | Class | Description |
    | :- | :- |
    | `kind-filter--on` | The ✓ of a shown kind. |
    """

    DEFAULT_CSS = """
    KindFilter > .kind-filter--on {
        color: $text-success;
        text-style: bold;
    }
    """

    def __init__(self, kinds: list[tuple[str, str]], *, id: str | None = None) -> None:
        """Lists the kinds (id and name each, in order), every one shown, numbered from 1."""
        super().__init__(
            *(
                Selection(kind_prompt(str(number), label), kind, True)
                for number, (kind, label) in enumerate(kinds, start=1)
            ),
            id=id,
        )

    def render_line(self, y: int) -> Strip:
        """Draws one kind's line: ✓ (or a blank) in SelectionList's box place, then the label."""
        line = OptionList.render_line(self, y)  # The label alone, as SelectionList starts from.
        index = self.scroll_offset.y + y
        try:
            selection = self.get_option_at_index(index)
        except OptionDoesNotExist:
            return line
        segments = list(line)
        first_style = segments[0].style if segments else None
        # The row's background (highlighted or not) without the label's own colour or boldness.
        base = Style(bgcolor=first_style.bgcolor) if first_style else self.rich_style
        meta = Style(meta={'option': index})  # A click on the mark toggles the kind, as on a box.
        mark = ' '
        mark_style = base + meta
        if selection.value in self.selected:
            mark = ON_MARK
            on = self.get_component_rich_style('kind-filter--on')
            mark_style = base + Style(color=on.color, bold=on.bold) + meta
        gutter = [Segment(' ', base + meta), Segment(mark, mark_style), Segment(' ', base + meta)]
        # The label was drawn for the width less SelectionList's gutter: what it leaves ends it.
        rest = Segment(' ' * (_GUTTER - 3), base)
        return Strip([*gutter, *segments, rest])
