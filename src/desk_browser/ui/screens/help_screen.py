"""The help screen: what each pane shows and every key."""

from __future__ import annotations

import logging
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown

_LOGGER = logging.getLogger(__name__)

HELP_TEXT = """\
# desk-browser

Browses one trading desk's folder. It only reads; the desk is never changed.

| Key | What it does |
| --- | --- |
| `/` | Search everything the desk said and did |
| `n` `]` / `p` `[` | Next / previous exchange |
| `↑` `↓` `PgUp` `PgDn` `Home` `End` | Scroll or move in the focused pane |
| `Tab` / `Shift+Tab` | Move between the sessions, the tabs and the exchanges |
| `e` / `s` | Show the Exchanges / Summary tab |
| `c` | Go to the current session |
| `r` | Read the desk again |
| `ctrl+p` | Command palette (current session, search, help, theme) |
| `?` `F1` | This help |
| `q` `ctrl+q` | Quit |

**In the search:** type words; hits update as you type. `↓` or `Enter` moves to the hits,
`Enter` opens a record. `Esc` in the box clears it; `Esc` on an empty box goes back.

**In a record:** `d` shows the record's day's sessions, `s` its summary, `Esc` goes back.

**State** reads `sessions/state.json`: the current session, its trading date, and how many of the
session's exchanges each backend has seen. A backend *behind* gets the rest on its next turn;
one *ahead of the log* means lines were lost.
"""


class HelpScreen(ModalScreen[None]):
    """Explains the panes and the keys."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding('escape,q,question_mark,f1', 'close', 'Close', key_display='esc', id='help-close'),
    ]

    def compose(self) -> ComposeResult:
        """Builds the help text."""
        with VerticalScroll(id='help'):
            yield Markdown(HELP_TEXT)

    def on_mount(self) -> None:
        """Lets the keyboard scroll the help."""
        self.query_one('#help', VerticalScroll).focus()

    def action_close(self) -> None:
        """Closes the help."""
        self.dismiss(None)
