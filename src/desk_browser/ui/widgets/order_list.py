"""The Orders view's list: one order (or risk rejection) a row, two lines each.

The blotter line and, muted, why (the trigger's first words, a rejection's reason). Enter or a
click posts `OrderList.StoryChosen`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.content import Content
from textual.message import Message

from desk_browser.memory.order_book import Order, OrderStatus, RiskDecision
from desk_browser.presentation.formatting import day_with_weekday, parse_day
from desk_browser.presentation.order_rows import later_status, status_at_end
from desk_browser.presentation.order_story import Story, story_day
from desk_browser.presentation.orders_day import (
    REJECTED,
    clock_time,
    price_text,
    quantity_text,
)
from desk_browser.presentation.safe_text import visible_field
from desk_browser.ui.widgets.row_list import RowList

SIDE_STYLES = {'BUY': 'bold $text-success', 'SELL': 'bold $text-error'}
"""How a side is drawn (any other side as it is)."""

STATUS_STYLES = {
    OrderStatus.FILLED.value: '$text-success',
    OrderStatus.PART_FILLED.value: '$text-warning',
    OrderStatus.OPEN.value: '$text-accent',
    OrderStatus.CANCELLED.value: '$text-muted',
    REJECTED: 'bold $text-error',
}
"""How each status is drawn."""

SYMBOL_WIDEST = 24
"""The most cells the symbol column takes (a longer symbol is cut with …)."""


def _time_column(story: Story, day: str) -> str:
    """When a row's order was placed: HH:MM:SS that day, "Mon 15:10" another day (9 cells)."""
    if isinstance(story, RiskDecision):
        event_day, time = story.day, story.time
    else:
        event_day, time = story.first_event.day, story.first_event.time
    clock = clock_time(time)
    if event_day == day:
        return f'{clock} '
    return f'{_weekday(event_day)} {clock[:5]}'


def _fits(text: str, width: int) -> str:
    """Text cut to a width with …, padded to it."""
    if len(text) > width:
        text = text[: width - 1] + '…'
    return text.ljust(width)


def _weekday(day: str) -> str:
    """A day's short weekday ("Wed"), for a fill on another day."""
    date = parse_day(day)
    return day_with_weekday(date)[:3] if date is not None else visible_field(day)


def order_lines(
    story: Story, day: str, symbol_width: int, width: int | None = None
) -> list[Content]:
    """Writes one row: the blotter line and the line saying why.

    Args:
        story (Story): The order or the rejection.
        day (str): The day shown (a fill on another day names its weekday).
        symbol_width (int): The symbol column's width.
        width (int | None): The cells the row has; a fill that would not fit after the status
            leads the second line instead, so its price is never cut. None: no limit.

    Returns:
        list[Content]: The two lines.
    """
    time = _time_column(story, day)
    if isinstance(story, RiskDecision):
        symbol = _fits(visible_field(story.symbol) or '?', symbol_width)
        first = Content.assemble(
            (time, '$text-muted'),
            '  ',
            ('RISK', 'bold $text-error'),
            ' ',
            ' ' * 6,
            '  ',
            symbol,
            ' ',
            ' ' * 9,
            '  ',
            (REJECTED.ljust(11), STATUS_STYLES[REJECTED]),
        )
        reason = visible_field(story.reason) or 'no reason given'
        trigger = story.exchange.trigger_text if story.exchange is not None else ''
        why = reason + (f' · {visible_field(trigger)}' if trigger else '')
        return [first, Content.assemble(' ' * 11, ('↳ ', '$text-muted'), (why, '$text-muted'))]
    side = visible_field(story.side).upper() or '?'
    status = status_at_end(story, day)
    later = later_status(story, day)
    fill = f'later {later}' if later is not None else ''
    if story.fills:
        average = price_text(story.average_fill_price)
        filled = story.filled_quantity
        whole = story.quantity is not None and filled >= story.quantity
        fill += ' ' if fill else ''
        fill += '' if whole else f'{quantity_text(filled)} '
        fill += f'@ {average}' if average else 'filled'
        if story.fills[-1].day != day:
            fill += f' {_weekday(story.fills[-1].day)}'
    elif story.cancel is not None and story.cancel.day != day:
        fill += (' ' if fill else '') + _weekday(story.cancel.day)
    first = Content.assemble(
        (time, '$text-muted'),
        '  ',
        (_fits(side, 4), SIDE_STYLES.get(side, '')),
        ' ',
        quantity_text(story.quantity).rjust(6),
        '  ',
        _fits(visible_field(story.symbol) or '?', symbol_width),
        ' ',
        price_text(story.price).rjust(9),
        '  ',
        (status.ljust(11), STATUS_STYLES.get(status, '')),
    )
    fill_first = bool(fill) and (width is None or first.cell_length + 2 + len(fill) <= width)
    if fill_first:
        first = Content.assemble(first, ('  ' + fill, '$text-muted'))
    if story.exchange is not None:
        why = visible_field(story.exchange.trigger_text) or 'a trigger with no text'
    elif not story.seen_placed:
        why = 'placed before the journal read (its placement is not in it)'
    else:
        why = 'no trigger before it in its day'
    if fill and not fill_first:
        why = f'{fill} · {why}'
    return [first, Content.assemble(' ' * 11, ('↳ ', '$text-muted'), (why, '$text-muted'))]


def _identity(story: Story) -> tuple[str, str, int]:
    """What names a row across reads: an order's id, a rejection's day and line."""
    if isinstance(story, Order):
        return 'order', story.order_id, 0
    return 'rejection', story.day, story.line_number


class OrderList(RowList):
    """The day's orders and rejections, two lines a row, in the order they happened."""

    ROW_HEIGHT: ClassVar[int] = 2

    class StoryChosen(RowList.Chosen):
        """An order (or a rejection) was chosen with Enter or a click: its story is wanted."""

        def __init__(self, order_list: OrderList, index: int, story: Story) -> None:
            """Says which.

            Args:
                order_list (OrderList): The list.
                index (int): The row.
                story (Story): The order or the rejection.
            """
            super().__init__(order_list, index)
            self.story = story
            """The order or the rejection."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        """Prepares an empty list.

        Args:
            id (str | None): The widget's id.
            classes (str | None): The widget's CSS classes.
        """
        super().__init__(id=id, classes=classes)
        self._stories: list[Story] = []
        self._day = ''
        self._symbol_width = 8

    @property
    def row_count(self) -> int:
        """How many rows are listed."""
        return len(self._stories)

    @property
    def stories(self) -> list[Story]:
        """The rows' orders and rejections, in order."""
        return list(self._stories)

    def show(self, stories: Sequence[Story], day: str) -> None:
        """Lists a day's orders and rejections, in order, the highlight kept on the same one.

        A new day highlights its own first row, under the orders carried from earlier days.
        """
        kept = self.highlighted_story
        new_day = day != self._day
        self._stories = list(stories)
        self._day = day
        symbols = [len(visible_field(story.symbol)) for story in self._stories]
        self._symbol_width = max(8, min(SYMBOL_WIDEST, max(symbols, default=8)))
        self.rows_changed()
        place = self._place_of(kept) if kept is not None else None
        if place is not None:
            self.highlighted = place
        elif self._stories and (new_day or self.highlighted is None):
            self.highlighted = self._first_of_day()

    def _first_of_day(self) -> int:
        """The first row placed (or rejected) on the day shown; else the first row."""
        return next(
            (place for place, story in enumerate(self._stories) if story_day(story) == self._day),
            0,
        )

    def _place_of(self, story: Story) -> int | None:
        """Where an order (by id) or a rejection (by its line) is listed now, or None."""
        wanted = _identity(story)
        return next(
            (place for place, row in enumerate(self._stories) if _identity(row) == wanted), None
        )

    @property
    def highlighted_story(self) -> Story | None:
        """The highlighted row's order or rejection, or None."""
        index = self.highlighted
        if index is None or not 0 <= index < len(self._stories):
            return None
        return self._stories[index]

    def row_lines(self, index: int, width: int) -> list[Content]:
        """Writes one row's two lines."""
        lines = order_lines(self._stories[index], self._day, self._symbol_width, width)
        return [line.truncate(width, ellipsis=True) for line in lines]

    def chosen_message(self, index: int) -> Message:
        """The story of the chosen row is wanted."""
        return self.StoryChosen(self, index, self._stories[index])
