"""An order's story on one screen: the trigger, the answer, the tool calls, risk, placement, fills.

The `presentation.order_story` document, rendered as the record screen renders answers; opened
with the order read (Orders view) or by day and id (a search hit, read in a worker).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.message import Message
from textual.widgets import Static
from textual.worker import get_current_worker

from desk_browser.live.services import DeskServices
from desk_browser.memory.order_book import Order
from desk_browser.presentation.exports import export_file_name
from desk_browser.presentation.formatting import day_text
from desk_browser.presentation.order_story import (
    Story,
    story_day,
    story_json,
    story_line,
    story_markdown,
    story_title,
)
from desk_browser.presentation.orders_day import find_order, read_whole_story
from desk_browser.presentation.safe_text import visible
from desk_browser.ui.copy_export import Copied, Export, copy_form, deliver_copy, deliver_export
from desk_browser.ui.copy_keys import shown_copy_export_bindings
from desk_browser.ui.later_css import add_later_css
from desk_browser.ui.messages import ShowPlace
from desk_browser.ui.screens.desk_screen import DeskScreen, desk_read
from desk_browser.ui.screens.record_screen import RecordScreen
from desk_browser.ui.widgets.desk_footer import DeskFooter
from desk_browser.ui.widgets.desk_header import DeskHeader
from desk_browser.ui.widgets.desk_text_view import DeskTextView
from desk_browser.ui.widgets.key_hints import key_hints_line

HEADING_PADDING = 4
"""The columns the heading's padding takes (``padding: 0 2``)."""

KEY_HINTS = (
    ('d', 'the day view at the order', 'day view', 'day'),
    ('o', "the day's orders", 'orders', 'orders'),
    ('y', 'copy', 'copy', 'copy'),
    ('esc', 'back', 'back', 'back'),
)
"""The keys the line under the heading names, each in three lengths."""


def key_hints(width: int) -> Content:
    """The line naming the story's keys, in the longest words that fit `width` (else cut with …)."""
    return key_hints_line(KEY_HINTS, width)


@dataclass
class StoryRead(Message):
    """A search hit's order was looked for among the days around its day."""

    story: Story | None
    """The order, or None when no order of those days has the id."""


class OrderStoryScreen(DeskScreen[None]):
    """Shows one order's (or one rejection's) story, with keys to its day view and its day."""

    HELP_SECTION = 'orders'
    OFFERS_DAY_VIEW = True
    FOOTER_FIRST = ('o',)

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding('escape', 'back', 'Back', key_display='esc', id='story-back'),
        *shown_copy_export_bindings(),
    ]

    def __init__(
        self,
        services: DeskServices,
        story: Story | None,
        *,
        day: str = '',
        order_id: str = '',
        hits_elsewhere: bool = False,
    ) -> None:
        """Prepares the screen.

        Args:
            services (DeskServices): The desk's services.
            story (Story | None): The order or rejection, already read; None to look the order
                up by `day` and `order_id` (a search hit's).
            day (str): The ISO day of one of the order's events (when `story` is None).
            order_id (str): The order's id (when `story` is None).
            hits_elsewhere (bool): Whether it was opened from the search across desks, which esc
                and / go back to (RecordScreen.BackToHits).
        """
        super().__init__()
        add_later_css(self)
        self.services = services
        """The desk's services."""
        self.story = story
        """The order or rejection shown, or None until it is read."""
        self._day = story_day(story) if story is not None else day
        self._order_id = order_id
        self._hits_elsewhere = hits_elsewhere
        self._hint_width = 0

    def compose(self) -> ComposeResult:
        """Builds the story's heading and its text."""
        yield DeskHeader()
        self._hint_width = self.app.size.width - HEADING_PADDING
        yield Static(self._heading_text(), id='story-heading')
        yield DeskTextView(id='story')
        yield DeskFooter(first=self.FOOTER_FIRST)

    def _heading_text(self) -> Content:
        """The story's title line and, under it, the keys line fitted to the width."""
        if self.story is not None:
            title = Content.assemble(
                (story_title(self.story), 'bold'),
                ('  ·  ' + day_text(visible(self._day)), '$text-muted'),
            )
        else:
            title = Content.assemble(
                (f'Order {visible(self._order_id)}', 'bold'),
                ('  ·  reading its story…', '$text-muted'),
            )
        width = max(10, self._hint_width)
        return Content.assemble(title.truncate(width, ellipsis=True), '\n', key_hints(width))

    def on_resize(self, event: events.Resize) -> None:
        """Fits the heading to the new width."""
        width = event.size.width - HEADING_PADDING
        if width != self._hint_width:
            self._hint_width = width
            self.query_one('#story-heading', Static).update(self._heading_text())

    def on_mount(self) -> None:
        """Shows the story, or starts reading it."""
        self.query_one('#story', DeskTextView).focus()
        self.query_one('#story', DeskTextView).border_title = 'Story'
        if self.story is None:
            self.read_story()
            return
        self._show_story()
        exchange = self.story.exchange
        if exchange is not None and not exchange.whole:  # Listed with its trigger only.
            self.read_story()

    @desk_read('story', "reading an order's story")
    def read_story(self) -> None:
        """Reads the order (by its day and id) or the rejection again, its exchange whole."""
        found: Story | None
        if self.story is not None:
            found = read_whole_story(self.services.desk, self.story) or self.story
        else:
            found = find_order(self.services.desk, self._day, self._order_id)
        if not get_current_worker().is_cancelled:
            self.post_message(StoryRead(found))

    def on_story_read(self, message: StoryRead) -> None:
        """Shows the story read, or says the order was not found."""
        if message.story is None:
            self.query_one('#story', DeskTextView).show(
                f'No order {self._order_id} is in the journal around {self._day}.',
                [],
                markdown=False,
            )
            return
        self.story = message.story
        self._day = story_day(message.story)
        self.query_one('#story-heading', Static).update(self._heading_text())
        self._show_story()

    def _show_story(self) -> None:
        """Renders the story's Markdown."""
        assert self.story is not None
        view = self.query_one('#story', DeskTextView)
        scrolled = view.scroll_y
        view.show(story_markdown(self.story, titled=False), [])
        view.scroll_to(y=scrolled, animate=False)

    # Actions.

    def action_back(self) -> None:
        """Goes back to the screen below, or to the search across desks it was opened from."""
        if self._hits_elsewhere:
            self.post_message(RecordScreen.BackToHits(into_box=False))
            return
        self.dismiss(None)

    def take_search_key(self) -> bool:
        """From the search across desks, / goes back into its box; else the desk's search opens."""
        if self._hits_elsewhere:
            self.post_message(RecordScreen.BackToHits(into_box=True))
        return self._hits_elsewhere

    def action_day_view(self) -> None:
        """Opens the day view at the order's placement, highlighted (d)."""
        found = story_line(self.story) if self.story is not None else None
        if found is None:
            self.notify('The story is still being read.')
            return
        from desk_browser.presentation.navigation import DayPlace  # Light: no Textual.

        self.post_message(ShowPlace(DayPlace(*found)))

    def orders_day(self) -> str | None:
        """The day whose Orders view `o` opens: the story's."""
        return self._day or None

    def action_copy(self, as_json: bool) -> None:
        """Copies the story as Markdown, or (`as_json`) the order's events as one JSON line."""
        if self.story is None:
            deliver_copy(self, 'The story is still being read.')
            return
        text = story_json(self.story) if as_json else story_markdown(self.story)
        name = f'order {self.story.order_id}' if isinstance(self.story, Order) else 'the rejection'
        deliver_copy(self, Copied(text, f'{visible(name)} as {copy_form(as_json)}'))

    def action_export(self) -> None:
        """Writes the story to a Markdown file."""
        if self.story is None:
            deliver_export(self, 'The story is still being read.', self.services)
            return
        name = self.story.order_id if isinstance(self.story, Order) else f'rejected-{self._day}'
        found = Export(export_file_name('order', name), story_markdown(self.story))
        deliver_export(self, found, self.services)
