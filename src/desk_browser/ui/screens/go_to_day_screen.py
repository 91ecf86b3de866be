"""A small prompt for "Go to day…": a date, today, yesterday or a weekday (as `day:` reads them)."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from desk_browser.presentation.navigation import DAY_WORDS_HELP, parse_day_words


class GoToDayScreen(ModalScreen[str | None]):
    """Asks for a day; dismisses with the ISO day, or None when the person gives up."""

    DEFAULT_CSS = """
    GoToDayScreen {
        align: center middle;
    }
    #go-to-day {
        width: 64;
        max-width: 95%;
        height: auto;
        border: round $primary;
        background: $surface;
        padding: 0 1;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding('escape', 'cancel', 'Cancel', key_display='esc', id='go-to-day-cancel'),
    ]

    def __init__(self, today: Callable[[], datetime.date], *, cursor_blink: bool = True) -> None:
        """Prepares the prompt; `today` returns India's today, `cursor_blink` is off in tests."""
        super().__init__()
        self._today = today
        self._cursor_blink = cursor_blink

    def compose(self) -> ComposeResult:
        """Builds the box and its hint."""
        with Vertical(id='go-to-day'):
            box = Input(placeholder='2026-10-21, today, yesterday, monday…', id='go-to-day-input')
            box.cursor_blink = self._cursor_blink
            yield box
            yield Static(
                Content(f'Type {DAY_WORDS_HELP}; Enter opens its day view.'),
                id='go-to-day-hint',
                classes='-explain',
            )

    def on_mount(self) -> None:
        """Puts the cursor in the box."""
        self.query_one('#go-to-day', Vertical).border_title = 'Go to day'
        self.query_one(Input).focus()

    @on(Input.Submitted)
    def go(self, event: Input.Submitted) -> None:
        """Opens the day typed, or says why it cannot."""
        day = parse_day_words(event.value, self._today())
        if day is None:
            hint = self.query_one('#go-to-day-hint', Static)
            hint.update(Content(f'Not a day: type {DAY_WORDS_HELP}.'))
            hint.set_class(True, '-warning')
            return
        self.dismiss(day.isoformat())

    def action_cancel(self) -> None:
        """Closes the prompt."""
        self.dismiss(None)
