"""The hits of a search across desks: one line each, led by its desk's name as a chip."""

from __future__ import annotations

from textual.content import Content

from desk_browser.memory.search_scope import KIND_NAMES
from desk_browser.presentation.safe_text import visible
from desk_browser.presentation.workspace_search import DeskHit
from desk_browser.ui.widgets.row_list import RowList

_CHIP_WIDTH = 12


def desk_hit_line(found: DeskHit) -> Content:
    """Writes one hit: the desk's chip, the day, the kind and the snippet.

    Args:
        found (DeskHit): The hit and its desk.

    Returns:
        Content: The line.
    """
    name = visible(found.desk)
    if len(name) > _CHIP_WIDTH - 2:
        name = name[: _CHIP_WIDTH - 3] + '…'
    record = found.hit.record
    kind = KIND_NAMES.get(record.kind, record.kind)
    return Content.assemble(
        (f' {name} ', 'reverse $text-accent'),
        ' ' * (_CHIP_WIDTH - len(name) - 2),
        (f'{visible(record.day)}  ', '$text-muted'),
        (f'{kind:<9}', '$text-muted'),
        visible(found.hit.snippet),
    )


class DeskHitList(RowList):
    """Lists the hits of a search across desks; Enter opens one in its desk."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        """Prepares an empty list.

        Args:
            id (str | None): The widget's id.
            classes (str | None): The widget's CSS classes.
        """
        super().__init__(id=id, classes=classes)
        self.hits: list[DeskHit] = []
        """The hits shown, in order."""

    @property
    def row_count(self) -> int:
        """How many hits are listed."""
        return len(self.hits)

    def row_lines(self, index: int, width: int) -> list[Content]:
        """Writes one hit's line.

        Args:
            index (int): The hit's place.
            width (int): The width in cells.

        Returns:
            list[Content]: Its one line.
        """
        return [desk_hit_line(self.hits[index])]

    def show_hits(self, hits: list[DeskHit]) -> None:
        """Replaces the hits; the first is highlighted.

        Args:
            hits (list[DeskHit]): The hits, merged.
        """
        self.hits = list(hits)
        self.set_reactive(DeskHitList.highlighted, 0 if hits else None)
        self.rows_changed()
