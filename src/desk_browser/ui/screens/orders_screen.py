"""The Orders view: one day's orders and risk rejections as a blotter, each linked to its story.

The heading counts the day's orders and gives its positions (a P&L only where fills priced both
sides). The day is read in a thread worker, and again when the desk changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Input, Static
from textual.worker import get_current_worker

from desk_browser.live.services import DeskServices
from desk_browser.memory.order_book import Order
from desk_browser.presentation.exports import export_file_name
from desk_browser.presentation.formatting import day_text, plural
from desk_browser.presentation.navigation import DayPlace, DayRequest, Place, neighbour_day
from desk_browser.presentation.order_rows import status_at_end
from desk_browser.presentation.order_story import (
    Story,
    orders_day_markdown,
    story_json,
    story_line,
    story_markdown,
    story_sort_key,
)
from desk_browser.presentation.orders_day import (
    REJECTED,
    OrdersDay,
    count_words,
    read_orders_day,
    rupees_text,
    signed_quantity,
)
from desk_browser.presentation.safe_text import visible, visible_field
from desk_browser.ui.copy_export import Copied, Export, copy_form, deliver_copy, deliver_export
from desk_browser.ui.copy_keys import shown_copy_export_bindings
from desk_browser.ui.later_css import add_later_css
from desk_browser.ui.messages import ShowPlace
from desk_browser.ui.screens.desk_screen import DeskScreen, desk_read
from desk_browser.ui.widgets.desk_footer import DeskFooter
from desk_browser.ui.widgets.desk_header import DeskHeader
from desk_browser.ui.widgets.order_list import OrderList

HEADING_PADDING = 4
"""The columns the heading's padding takes (``padding: 0 2``)."""

STATUS_FILTERS = ('', 'open', 'part filled', 'filled', 'cancelled', REJECTED)
"""The statuses `s` steps through ('' shows every row)."""


@dataclass
class OrdersLoaded(Message):
    """One day's orders were read."""

    orders: OrdersDay
    """What was read."""


def positions_line(orders: OrdersDay, width: int) -> Content:
    """The day's positions on one line, cut with … at `width`: "Net  NIFTY26OCTFUT +450 · …"."""
    if not orders.positions:
        return Content.assemble(('Net  ', 'bold'), ('no fills this day', '$text-muted'))
    parts: list[str | tuple[str, str]] = [('Net  ', 'bold')]
    for place, position in enumerate(orders.positions):
        if place:
            parts.append((' · ', '$text-muted'))
        parts.append(visible_field(position.symbol) + ' ')
        style = '$text-success' if position.net > 0 else '$text-error' if position.net < 0 else ''
        parts.append((signed_quantity(position.net), style))
        if position.pnl is not None:
            parts.append((f' (P&L from fills {rupees_text(position.pnl)})', '$text-muted'))
    return Content.assemble(*parts).truncate(width, ellipsis=True)


class OrdersScreen(DeskScreen[None]):
    """Shows one day's orders and rejections; Enter opens an order's story."""

    HELP_SECTION = 'orders'
    OFFERS_DAY_VIEW = True
    FOOTER_FIRST = ('enter', 'left_square_bracket', 'right_square_bracket', 'f', 's')

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding('escape', 'back', 'Back', key_display='esc', id='orders-back'),
        Binding('enter', 'open_story', 'Story', key_display='⏎', id='orders-story'),
        Binding(
            'left_square_bracket', 'step_day(-1)', 'Day before', key_display='[', id='orders-prev'
        ),
        Binding(
            'right_square_bracket', 'step_day(1)', 'Day after', key_display=']', id='orders-next'
        ),
        Binding('f', 'focus_filter', 'Symbol', id='orders-filter'),
        Binding('s', 'step_status', 'Status', id='orders-status'),
        *shown_copy_export_bindings(),
    ]

    day: reactive[str] = reactive('', init=False)
    """The ISO day shown."""

    status_filter: reactive[str] = reactive('', init=False)
    """The status shown ('' for every row)."""

    def __init__(self, services: DeskServices, day: str) -> None:
        """Prepares the view; the day is read once it is mounted.

        Args:
            services (DeskServices): The desk's services.
            day (str): The ISO day to show first.
        """
        super().__init__()
        add_later_css(self)
        self.services = services
        """The desk's services."""
        self.orders: OrdersDay | None = None
        """What was last read, or None before the first read."""
        self.set_reactive(OrdersScreen.day, day)

    def compose(self) -> ComposeResult:
        """Builds the heading, the symbol filter and the list."""
        yield DeskHeader()
        yield Static(self._reading_heading(), id='orders-heading')
        yield Input(placeholder='Filter by symbol (f)', id='orders-symbol', compact=True)
        yield OrderList(id='orders')
        yield DeskFooter(first=self.FOOTER_FIRST)

    def _reading_heading(self) -> Content:
        """The heading while the day is read: its day, and that it is being read."""
        return Content.assemble(
            (day_text(visible(self.day)), 'bold'),
            ('  ·  reading its orders…', '$text-muted'),
            '\n',
        )

    def on_mount(self) -> None:
        """Starts reading the day."""
        orders = self.query_one(OrderList)
        orders.border_title = 'Orders'
        orders.focus()
        self.load_orders(self.day)

    @desk_read('orders', "reading a day's orders")
    def load_orders(self, day: str) -> None:
        """Reads an ISO day's orders (and the days around it, for placements and later fills)."""
        memo = self.services.order_memo
        orders = read_orders_day(self.services.desk, day, memo)
        if not get_current_worker().is_cancelled:
            self.post_message(OrdersLoaded(orders))
        memo.save()  # After the rows are on their way: the next read parses only changed days.

    def watch_day(self) -> None:
        """Reads the newly chosen day; the heading says so meanwhile."""
        self.query_one('#orders-heading', Static).update(self._reading_heading())
        self.load_orders(self.day)

    @on(OrdersLoaded)
    def show_orders(self, message: OrdersLoaded) -> None:
        """Shows a day's orders, unless another day was chosen meanwhile."""
        if message.orders.day != self.day:
            return
        self.orders = message.orders
        self._show_heading()
        self._show_rows()

    def _show_heading(self) -> None:
        """Writes the day, its counts and its positions, fitted to the width."""
        orders = self.orders
        if orders is None:
            return
        width = max(20, self.size.width - HEADING_PADDING)
        parts: list[str | tuple[str, str]] = [(day_text(visible(orders.day)), 'bold')]
        if not orders.has_journal:
            parts.append(('  ·  no journal for this day', '$text-warning'))
        else:
            parts.append(('  ·  ' + count_words(orders), ''))
        if orders.damaged_lines:
            damaged = plural(orders.damaged_lines, 'damaged line')
            parts.append((f'  ·  {damaged} skipped', '$text-warning'))
        first = Content.assemble(*parts).truncate(width, ellipsis=True)
        line = Content.assemble(first, '\n', positions_line(orders, width))
        self.query_one('#orders-heading', Static).update(line)

    def on_resize(self) -> None:
        """Fits the heading to the new width."""
        self._show_heading()

    def _chosen_rows(self) -> list[Story]:
        """The day's orders and rejections the filters let through, in the order they happened."""
        if self.orders is None:
            return []
        rows: list[Story] = [*self.orders.orders, *self.orders.rejections]
        rows.sort(key=story_sort_key)
        symbol = self.query_one('#orders-symbol', Input).value.strip().casefold()
        if symbol:
            rows = [row for row in rows if symbol in row.symbol.casefold()]
        if self.status_filter:
            day = self.day
            rows = [row for row in rows if status_at_end(row, day) == self.status_filter]
        return rows

    def _show_rows(self) -> None:
        """Lists the rows the filters let through and says how many of the day's they are."""
        order_list = self.query_one(OrderList)
        rows = self._chosen_rows()
        order_list.show(rows, self.day)
        total = len(self.orders.orders) + len(self.orders.rejections) if self.orders else 0
        status = self.status_filter or 'any status'
        filtered = bool(self.status_filter or self.query_one('#orders-symbol', Input).value)
        if not total:
            order_list.border_subtitle = 'no orders or rejections this day'
        elif filtered:
            order_list.border_subtitle = f'{len(rows):,} of {total:,} · {status}'
        else:
            order_list.border_subtitle = plural(total, 'row')

    @on(Input.Changed, '#orders-symbol')
    def refilter(self) -> None:
        """Shows only the symbols matching what is typed."""
        self._show_rows()

    @on(Input.Submitted, '#orders-symbol')
    def back_to_the_list(self) -> None:
        """Enter in the filter goes back to the list."""
        self.query_one(OrderList).focus()

    def watch_status_filter(self) -> None:
        """Shows only the rows of the status chosen."""
        self._show_rows()

    @on(OrderList.StoryChosen, '#orders')
    def open_chosen(self, message: OrderList.StoryChosen) -> None:
        """Opens the story of the row chosen (Enter or a click)."""
        message.stop()
        self._open_story(message.story)

    def _open_story(self, story: Story) -> None:
        """Pushes the story screen of an order or a rejection."""
        from desk_browser.ui.screens.order_story_screen import OrderStoryScreen  # Deferred.

        self.app.push_screen(OrderStoryScreen(self.services, story))

    @property
    def highlighted_story(self) -> Story | None:
        """The highlighted row's order or rejection, or None."""
        return self.query_one(OrderList).highlighted_story

    # Actions.

    def action_back(self) -> None:
        """Leaves the filter (clearing it first), else goes back to the screen below."""
        box = self.query_one('#orders-symbol', Input)
        if box.has_focus:
            if box.value:
                box.value = ''
            else:
                self.query_one(OrderList).focus()
            return
        self.dismiss(None)

    def action_open_story(self) -> None:
        """Opens the highlighted row's story."""
        story = self.highlighted_story
        if story is None:
            self.notify('No order is highlighted.')
            return
        self._open_story(story)

    def action_step_day(self, step: int) -> None:
        """Shows the day before (-1) or after (+1), among the days with a journal."""
        days = list(self.orders.days) if self.orders is not None else []
        neighbour = neighbour_day(days, self.day, step)
        if neighbour is None:
            self.notify('No earlier day.' if step < 0 else 'No later day.')
            return
        self.day = neighbour

    def action_focus_filter(self) -> None:
        """Moves to the symbol filter, or back to the list."""
        box = self.query_one('#orders-symbol', Input)
        if box.has_focus:
            self.query_one(OrderList).focus()
        else:
            box.focus()

    def action_step_status(self) -> None:
        """Shows the next status only (all, open, part filled, filled, cancelled, rejected)."""
        place = STATUS_FILTERS.index(self.status_filter)
        self.status_filter = STATUS_FILTERS[(place + 1) % len(STATUS_FILTERS)]
        self.notify(f'Showing {self.status_filter or "every status"}.', timeout=2, markup=False)

    def action_day_view(self) -> None:
        """Opens the day view at the highlighted order's placement (d), else at the day's top."""
        story = self.highlighted_story
        found = story_line(story) if story is not None else None
        place = DayPlace(*found) if found is not None else DayPlace(self.day)
        stack = self.app.screen_stack
        below = stack[-2] if len(stack) > 1 else None
        from desk_browser.ui.screens.day_screen import DayScreen  # Deferred: opened later.

        if isinstance(below, DayScreen):  # Opened from the day view: back to it, at the order.
            self.dismiss(None)
            below.show_place(place)
            return
        self.post_message(ShowPlace(place))

    def orders_day(self) -> str | None:
        """The Orders view offers no `o` of its own (it is the Orders view)."""
        return None

    def show_orders_of(self, day: str) -> None:
        """Shows another ISO day's orders (o from a screen above it)."""
        self.day = day

    def show_place(self, place: Place | DayRequest) -> bool:
        """Leaves every place to the app (the day view opens over this view)."""
        return False

    def desk_changed(self) -> None:
        """Reads the day again when the desk changed (a fill appended shows at once)."""
        self.load_orders(self.day)

    def action_copy(self, as_json: bool) -> None:
        """Copies the highlighted story as Markdown, or (`as_json`) its events as a JSON line."""
        story = self.highlighted_story
        if story is None:
            deliver_copy(self, 'No order is highlighted to copy.')
            return
        text = story_json(story) if as_json else story_markdown(story)
        name = f'order {story.order_id}' if isinstance(story, Order) else 'the rejection'
        deliver_copy(self, Copied(text, f'{visible(name)} as {copy_form(as_json)}'))

    def action_export(self) -> None:
        """Writes the day's orders, every story in turn, to a Markdown file."""
        if self.orders is None:
            deliver_export(self, 'The day is still being read.', self.services)
            return
        document = orders_day_markdown(self.orders)
        deliver_export(self, Export(export_file_name('orders', self.day), document), self.services)
