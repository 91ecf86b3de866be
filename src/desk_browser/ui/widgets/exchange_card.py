"""One exchange of a session: when it finished, which backend answered, trigger and answer."""

from __future__ import annotations

import logging

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Static

from desk_browser.memory.session_store import Exchange
from desk_browser.ui.formatting import india_time
from desk_browser.ui.safe_text import capped, visible
from desk_browser.ui.widgets.safe_markdown import SafeMarkdown

_LOGGER = logging.getLogger(__name__)


def exchange_title(number: int, exchange: Exchange) -> Content:
    """Writes an exchange's title line: number, India time, backend.

    Args:
        number: The exchange's place in its session, from 1.
        exchange: The exchange.

    Returns:
        The title.
    """
    time = india_time(exchange.finished_at)
    time_part = (
        (f'{time} IST', 'bold')
        if time is not None
        else (
            f'time unreadable: {visible(exchange.finished_at)[:40]}',
            '$text-warning',
        )
    )
    return Content.assemble(
        (f'#{number}', '$text-muted'),
        '  ',
        time_part,
        '  ',
        (visible(exchange.backend_name), 'bold $text-accent'),
    )


def trigger_content(trigger_text: str) -> Content:
    """Writes the trigger's text, made visible and capped.

    Args:
        trigger_text: What the desk was told.

    Returns:
        The text.
    """
    text, note = capped(trigger_text)
    content = Content.assemble(('▶ ', '$text-accent'), visible(text))
    if note is not None:
        content = Content.assemble(content, (f'\n{note}', '$text-muted'))
    return content


class ExchangeCard(Vertical):
    """Shows one exchange; the answer is rendered as Markdown."""

    def __init__(self, number: int, exchange: Exchange) -> None:
        """Prepares the card.

        Args:
            number: The exchange's place in its session, from 1.
            exchange: The exchange.
        """
        super().__init__(classes='exchange-card')
        self.number = number
        """The exchange's place in its session, from 1."""
        self.exchange = exchange
        """The exchange shown."""

    def compose(self) -> ComposeResult:
        """Builds the title, the trigger and the answer."""
        yield Static(exchange_title(self.number, self.exchange), classes='exchange-title')
        yield Static(trigger_content(self.exchange.trigger_text), classes='exchange-trigger')
        if self.exchange.answer.strip():
            yield SafeMarkdown(self.exchange.answer, classes='exchange-answer')
        else:
            yield Static(Content('(no answer)'), classes='exchange-answer -empty')
