"""The exchanges of the selected session, scrollable, with next and previous exchange."""

from __future__ import annotations

import logging

from textual.containers import VerticalScroll
from textual.content import Content
from textual.reactive import reactive
from textual.widgets import Static

from desk_browser.ui.desk_data import SessionLog
from desk_browser.ui.formatting import plural
from desk_browser.ui.safe_text import visible
from desk_browser.ui.widgets.exchange_card import ExchangeCard

_LOGGER = logging.getLogger(__name__)


class ExchangeView(VerticalScroll):
    """Shows a session's exchanges, oldest first; the current one is marked ``-current``."""

    current_index: reactive[int | None] = reactive(None, init=False)
    """The exchange the keys next and previous move from, or None before any move."""

    @property
    def cards(self) -> list[ExchangeCard]:
        """The exchange cards shown, in order."""
        return list(self.query_children(ExchangeCard))

    async def show_message(self, message: str, classes: str = '-explain') -> None:
        """Shows a sentence instead of exchanges.

        Args:
            message: The sentence (the UI's own words, shown as plain text).
            classes: Classes for the sentence.
        """
        await self.remove_children()
        self.current_index = None
        await self.mount(Static(Content(message), classes=f'exchange-header {classes}'))

    async def show_log(self, log: SessionLog) -> None:
        """Shows a session's exchanges.

        Args:
            log: The session's log.
        """
        await self.remove_children()
        self.current_index = None
        self.scroll_home(animate=False)
        header = [
            (visible(log.session_id), 'bold'),
            ('  ·  ', '$text-muted'),
            plural(len(log.exchanges), 'exchange'),
        ]
        widgets: list[Static | ExchangeCard] = [
            Static(Content.assemble(*header), classes='exchange-header')
        ]
        if log.damaged_lines:
            widgets.append(
                Static(
                    Content(f'{plural(log.damaged_lines, "damaged line")} skipped in this log.'),
                    classes='exchange-header -warning',
                )
            )
        for problem in log.unreadable:
            widgets.append(
                Static(
                    Content(f'The log could not be read: {visible(problem.reason)}'),
                    classes='exchange-header -error',
                )
            )
        if not log.exchanges and not log.unreadable:
            widgets.append(
                Static(Content('This session has no exchanges yet.'), classes='exchange-header')
            )
        widgets.extend(
            ExchangeCard(number, exchange) for number, exchange in enumerate(log.exchanges, 1)
        )
        await self.mount_all(widgets)

    def watch_current_index(self, old_index: int | None, new_index: int | None) -> None:
        """Marks the current exchange and scrolls it to the top."""
        cards = self.cards
        if old_index is not None and old_index < len(cards):
            cards[old_index].remove_class('-current')
        if new_index is not None and new_index < len(cards):
            card = cards[new_index]
            card.add_class('-current')
            self.scroll_to_widget(card, top=True, animate=False)

    def _first_below_top(self) -> int:
        """The first card whose top is at or below the top of the view."""
        cards = self.cards
        for index, card in enumerate(cards):
            if card.virtual_region.y >= self.scroll_y:
                return index
        return len(cards) - 1

    def next_exchange(self) -> None:
        """Moves to the next exchange (the first one when none is current)."""
        count = len(self.cards)
        if count == 0:
            return
        if self.current_index is None:
            self.current_index = self._first_below_top()
        else:
            self.current_index = min(self.current_index + 1, count - 1)

    def previous_exchange(self) -> None:
        """Moves to the previous exchange (the first one when none is current)."""
        count = len(self.cards)
        if count == 0:
            return
        if self.current_index is None:
            self.current_index = 0
        else:
            self.current_index = max(self.current_index - 1, 0)
