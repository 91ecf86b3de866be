"""The exchanges of the selected session, a page at a time, with next and previous exchange."""

from __future__ import annotations

import logging

from textual.containers import VerticalScroll
from textual.content import Content
from textual.reactive import reactive
from textual.widgets import Static

from desk_browser.memory.desk_files import Problem
from desk_browser.memory.session_store import Exchange
from desk_browser.ui.desk_data import SessionLog
from desk_browser.ui.formatting import plural
from desk_browser.ui.safe_text import visible
from desk_browser.ui.widgets.exchange_card import ExchangeCard

_LOGGER = logging.getLogger(__name__)

PAGE_SIZE = 25
"""How many exchanges one page shows; Textual lays out every mounted widget, so a session with
hundreds of exchanges is shown a page at a time."""


class ExchangeView(VerticalScroll):
    """Shows a session's exchanges, oldest first; the current one is marked ``-current``.

    Next and previous exchange move across pages: past the last exchange of a page, the next page
    is shown.
    """

    current_index: reactive[int | None] = reactive(None, init=False)
    """The current exchange's place in the session (from 0), or None before any move."""

    _rendering_scheduled = False

    def __init__(self, *, id: str | None = None) -> None:
        """Prepares an empty view.

        Args:
            id: The widget's id.
        """
        super().__init__(id=id)
        self._log: SessionLog | None = None
        self._page_start = 0

    @property
    def cards(self) -> list[ExchangeCard]:
        """The exchange cards of the page shown, in order."""
        return list(self.query_children(ExchangeCard))

    @property
    def exchange_count(self) -> int:
        """How many exchanges the session shown has."""
        return len(self._log.exchanges) if self._log is not None else 0

    @property
    def page_start(self) -> int:
        """The place in the session (from 0) of the page's first exchange."""
        return self._page_start

    @property
    def shown_log(self) -> SessionLog | None:
        """The session log shown, or None when a sentence is shown instead."""
        return self._log

    def chosen_index(self) -> int | None:
        """The exchange copy acts on: the current one, else the first at the top of the view.

        Returns:
            Its place in the session (from 0), or None when no exchange is shown.
        """
        if not self.cards:
            return None
        return self.current_index if self.current_index is not None else self._first_below_top()

    async def show_message(self, message: str, classes: str = '-explain') -> None:
        """Shows a sentence instead of exchanges.

        Args:
            message: The sentence (the UI's own words, shown as plain text).
            classes: Classes for the sentence.
        """
        self._log = None
        self._page_start = 0
        await self.remove_children()
        self.set_reactive(ExchangeView.current_index, None)
        await self.mount(Static(Content(message), classes=f'exchange-header {classes}'))

    async def show_log(self, log: SessionLog) -> None:
        """Shows a session's exchanges, from its first page.

        Args:
            log: The session's log.
        """
        self._log = log
        await self._show_page(0)

    def _header(self, log: SessionLog, page_start: int) -> list[Static]:
        parts: list[str | tuple[str, str]] = [
            (visible(log.session_id), 'bold'),
            ('  ·  ', '$text-muted'),
            plural(len(log.exchanges), 'exchange'),
        ]
        if len(log.exchanges) > PAGE_SIZE:
            page_end = min(page_start + PAGE_SIZE, len(log.exchanges))
            parts.append((f'  ·  showing {page_start + 1}-{page_end}', '$text-muted'))
        lines = [Static(Content.assemble(*parts), classes='exchange-header')]
        if log.damaged_lines:
            lines.append(
                Static(
                    Content(f'{plural(log.damaged_lines, "damaged line")} skipped in this log.'),
                    classes='exchange-header -warning',
                )
            )
        for problem in log.unreadable:
            lines.append(
                Static(
                    Content(f'The log could not be read: {visible(problem.reason)}'),
                    classes='exchange-header -error',
                )
            )
        if not log.exchanges and not log.unreadable:
            lines.append(
                Static(Content('This session has no exchanges yet.'), classes='exchange-header')
            )
        if log.pending_bytes:
            lines.append(
                Static(
                    Content(
                        'Its last line has no end yet: still being written (shown once complete), '
                        'or cut short (press ! for problems).'
                    ),
                    classes='exchange-header -explain',
                )
            )
        if page_start > 0:
            lines.append(
                Static(
                    Content(f'Exchanges 1-{page_start} are on earlier pages: press p or P.'),
                    classes='exchange-header -explain',
                )
            )
        for line in lines:
            line.add_class('-top')
        return lines

    def _follows_line(self, page_end: int, count: int) -> Static:
        return Static(
            Content(f'Exchanges {page_end + 1}-{count} follow: press n or N.'),
            classes='exchange-header -explain -follows',
        )

    async def _show_page(self, page_start: int) -> None:
        """Shows the page that starts at an exchange."""
        log = self._log
        if log is None:
            return
        self._page_start = page_start
        await self.remove_children()
        self.set_reactive(ExchangeView.current_index, None)
        self.scroll_home(animate=False)
        page_end = min(page_start + PAGE_SIZE, len(log.exchanges))
        widgets: list[Static | ExchangeCard] = [*self._header(log, page_start)]
        widgets.extend(
            ExchangeCard(number, log.exchanges[number - 1])
            for number in range(page_start + 1, page_end + 1)
        )
        if page_end < len(log.exchanges):
            widgets.append(self._follows_line(page_end, len(log.exchanges)))
        await self.mount_all(widgets)
        self._schedule_rendering()

    def shows_end(self) -> bool:
        """Whether the view shows the session's newest exchange and is scrolled to the bottom."""
        log = self._log
        if log is None:
            return True
        on_last_page = self._page_start + PAGE_SIZE >= len(log.exchanges)
        return on_last_page and self.scroll_y >= self.max_scroll_y - 1

    async def add_exchanges(
        self,
        session_id: str,
        exchanges: list[Exchange],
        problems: list[Problem],
        pending_bytes: int,
    ) -> int:
        """Adds what the shown session's log gained, following it when the view is at its end.

        Args:
            session_id: The session the lines belong to; ignored unless it is the one shown.
            exchanges: The new exchanges, oldest first.
            problems: The damaged lines among the new lines.
            pending_bytes: How many bytes of an unfinished last line the log now holds.

        Returns:
            How many of the new exchanges are out of view (for the "N new" marker).
        """
        log = self._log
        if log is None or log.session_id != session_id:
            return 0
        at_end = self.shows_end()
        old_count = len(log.exchanges)
        self._log = log = SessionLog(
            session_id=session_id,
            exchanges=[*log.exchanges, *exchanges],
            problems=[*log.problems, *problems],
            pending_bytes=pending_bytes,
        )
        count = len(log.exchanges)
        # The new header goes in before the old one leaves, so the content never shrinks (which
        # would move the view).
        old_header = list(self.query_children('.-top'))
        await self.mount_all(self._header(log, self._page_start), before=0)
        await self.remove_children(old_header)
        page_end_before = min(self._page_start + PAGE_SIZE, old_count)
        page_end = min(self._page_start + PAGE_SIZE, count)
        if page_end > page_end_before:
            cards = [
                ExchangeCard(number, log.exchanges[number - 1])
                for number in range(page_end_before + 1, page_end + 1)
            ]
            await self.mount_all(cards, after=self.cards[-1] if self.cards else None)
        await self.remove_children('.-follows')
        if page_end < count:
            await self.mount(self._follows_line(page_end, count))
        self._schedule_rendering()
        if at_end:
            if page_end < count:
                await self._show_page((count - 1) // PAGE_SIZE * PAGE_SIZE)
            self.call_after_refresh(self.scroll_end, animate=False)
            return 0
        return len(exchanges)

    async def go_to_end(self) -> None:
        """Shows the page of the newest exchange, scrolled to the bottom."""
        log = self._log
        if log is None or not log.exchanges:
            return
        page_start = (len(log.exchanges) - 1) // PAGE_SIZE * PAGE_SIZE
        if page_start != self._page_start:
            await self._show_page(page_start)
        self.call_after_refresh(self.scroll_end, animate=False)

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        """Renders the answers that scrolled into view."""
        super().watch_scroll_y(old_value, new_value)
        self._schedule_rendering()

    def on_resize(self) -> None:
        """Renders the answers a bigger view now shows."""
        self._schedule_rendering()

    def _schedule_rendering(self) -> None:
        if not self._rendering_scheduled:
            self._rendering_scheduled = True
            self.call_after_refresh(self._render_visible_answers)

    async def _render_visible_answers(self) -> None:
        """Renders as Markdown every answer within a screen's height of the view."""
        self._rendering_scheduled = False
        top = self.scroll_y - self.size.height
        bottom = self.scroll_y + 2 * self.size.height
        waiting = [
            card
            for card in self.cards
            if not card.answer_rendered
            and card.virtual_region.bottom >= top
            and card.virtual_region.y <= bottom
        ]
        for card in waiting:
            if card.parent is not self:
                return  # Another session or page replaced the cards meanwhile.
            await card.render_answer()
        if waiting:
            # Rendered answers change heights; more cards may now be in view.
            self._schedule_rendering()

    def watch_current_index(self, old_index: int | None, new_index: int | None) -> None:
        """Marks the current exchange and scrolls it to the top."""
        cards = self.cards
        for card in cards:
            card.remove_class('-current')
        if new_index is None:
            return
        place = new_index - self._page_start
        if 0 <= place < len(cards):
            card = cards[place]
            card.add_class('-current')
            self.scroll_to_widget(card, top=True, animate=False)

    def _first_below_top(self) -> int:
        """The first exchange whose top is at or below the top of the view."""
        cards = self.cards
        for place, card in enumerate(cards):
            if card.virtual_region.y >= self.scroll_y:
                return self._page_start + place
        return self._page_start + len(cards) - 1

    async def go_to(self, index: int) -> None:
        """Makes an exchange current, showing its page first when needed.

        Args:
            index: The exchange's place in the session, from 0; clamped to the session.
        """
        count = self.exchange_count
        if count == 0:
            return
        index = max(0, min(index, count - 1))
        page_start = (index // PAGE_SIZE) * PAGE_SIZE
        if page_start != self._page_start:
            await self._show_page(page_start)
            self.call_after_refresh(self._set_current, index)
        else:
            self._set_current(index)

    def _set_current(self, index: int) -> None:
        self.current_index = index
        # Assign even when unchanged, so the exchange is scrolled to again.
        self.watch_current_index(None, index)

    async def next_exchange(self) -> None:
        """Moves to the next exchange (the first in view when none is current)."""
        if not self.cards:
            return
        if self.current_index is None:
            await self.go_to(self._first_below_top())
        else:
            await self.go_to(self.current_index + 1)

    async def previous_exchange(self) -> None:
        """Moves to the previous exchange (the first of the page when none is current)."""
        if not self.cards:
            return
        if self.current_index is None:
            await self.go_to(self._page_start)
        else:
            await self.go_to(self.current_index - 1)

    async def next_page(self) -> None:
        """Shows the next page of exchanges, if any."""
        if self._page_start + PAGE_SIZE < self.exchange_count:
            await self.go_to(self._page_start + PAGE_SIZE)

    async def previous_page(self) -> None:
        """Shows the previous page of exchanges, if any."""
        if self._page_start > 0:
            await self.go_to(self._page_start - PAGE_SIZE)
