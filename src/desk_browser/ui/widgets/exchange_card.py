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
    content = Content(visible(text))
    if note is not None:
        content = Content.assemble(content, (f'\n{note}', '$text-muted'))
    return content


class ExchangeCard(Vertical):
    """Shows one exchange; the answer is rendered as Markdown once the card comes into view.

    Until then the answer is plain text of the same words (`-pending`), so a session with hundreds
    of exchanges opens at once: Textual's Markdown widget is too costly to build hundreds of times.
    """

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
        self.answer_rendered = not exchange.answer.strip()
        """Whether the answer is shown as Markdown (an empty answer needs no rendering)."""

    def compose(self) -> ComposeResult:
        """Builds the title, the trigger and the answer (as plain text for now)."""
        yield Static(exchange_title(self.number, self.exchange), classes='exchange-title')
        yield Static(trigger_content(self.exchange.trigger_text), classes='exchange-trigger')
        if not self.exchange.answer.strip():
            yield Static(Content('(no answer)'), classes='exchange-answer -empty')
        else:
            text, note = capped(self.exchange.answer)
            if note is not None:
                text = f'{text}\n\n{note}'
            yield Static(Content(visible(text)), classes='exchange-answer -pending')

    async def render_answer(self) -> None:
        """Replaces the plain answer with its Markdown rendering (once)."""
        if self.answer_rendered:
            return
        self.answer_rendered = True
        pending = self.query_children('.-pending')
        await pending.remove()
        await self.mount(SafeMarkdown(self.exchange.answer, classes='exchange-answer'))
