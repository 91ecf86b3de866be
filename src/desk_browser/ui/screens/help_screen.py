"""The help screen: what each pane shows and every key."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

from desk_browser.memory.search_scope import QUALIFIER_HELP
from desk_browser.ui.widgets.familiar_keys import KeyedScroll

KEYS: list[tuple[str, str]] = [
    ('/', 'Search everything the desk said and did (or click its line)'),
    ('n   p', 'Next / previous exchange'),
    ('[   ]', 'Previous / next day with sessions'),
    ('d', "The day view: the day's journal as a timeline"),
    ('N   P', 'Jump 25 exchanges on / back in a long session'),
    ('↑ ↓ PgUp PgDn', 'Scroll, or move in the focused list'),
    ('j   k', 'Down / up, as ↓ ↑, in every list and view'),
    ('g   G', 'Top / bottom of the focused list or view (as Home End)'),
    ('Home End', 'Top / bottom of the focused pane'),
    ('Tab  Shift+Tab', 'Move between sessions, tabs and exchanges'),
    ('e   s', 'Show the Exchanges tab / the whole summary (Summary tab)'),
    ('z', 'The summary pane under the exchanges: taller / short again'),
    ('c', 'Go to the current session'),
    ('f', 'Pause / follow the desk as it writes'),
    ('End   G', 'In the exchanges: the bottom, where new exchanges arrive'),
    ('!', 'Problems: every damaged line and unreadable file'),
    ('y   Y', 'Copy the exchange, event or record as Markdown / JSON'),
    ('x', 'Export the session, day or search hits as Markdown'),
    ('bksp  alt+←', 'Back through what was opened (alt+→ or ctrl+f: forward)'),
    ('r', 'Read the desk again'),
    ('ctrl+p', 'Commands: go to day…, export, theme (remembered)…'),
    ('?   F1', 'This help'),
    ('q   ctrl+q', 'Quit'),
]
"""The main screen's keys and what they do."""

SEARCH_KEYS: list[tuple[str, str]] = [
    ('type', 'Hits update as you type; qualifiers (below) narrow them'),
    ('Enter', 'Open the highlighted hit, or take the suggested word'),
    ('↑   ↓', 'In an empty box: older / newer searches; ↓ into the hits'),
    ('End', 'The last hit (the list loads more as you near its end)'),
    ('Esc', 'Clear the box; on an empty box or in the hits, go back'),
    ('d', 'On a hit or in a record: its day view, at its event'),
    ('e   s', "In a record: the day's sessions / its summary"),
    ('n   N', 'In a record: next / previous keyword hit'),
]
"""The search's keys."""

QUALIFIER_LINES: list[tuple[str, str]] = [(example, meaning) for example, meaning in QUALIFIER_HELP]
"""The search's qualifiers, each with an example."""

DAY_KEYS: list[tuple[str, str]] = [
    ('[   ]', 'Day before / after'),
    ('f   1-7', 'Filter: move to it (space toggles) / toggle a kind'),
    ('y   Y   x', 'Copy the event / its JSON; export the day'),
    ('esc', 'Back'),
]
"""The day view's keys."""

PROBLEM_KEYS: list[tuple[str, str]] = [
    ('Enter', 'Open the session or day at the damaged line'),
    ('y   Y', 'Copy the row (where, why, what it means, the line) / as JSON'),
    ('x', 'Export every problem, each explained, as Markdown'),
    ('r', 'Check the desk again'),
]
"""The Problems view's keys."""

ABOUT = (
    'desk-browser only reads the desk. State comes from sessions/state.json: the current '
    "session, its trading date, and how many of the session's exchanges each backend has seen. "
    'A backend behind gets the rest on its next turn; one ahead of the log means lines were lost.'
)


def _key_lines(title: str, keys: list[tuple[str, str]], width: int = 16) -> Content:
    lines: list[str | tuple[str, str]] = [(title, 'bold $text-primary')]
    for key, meaning in keys:
        lines.extend(['\n', (f'  {key:<{width}}', 'bold $text-accent'), meaning])
    return Content.assemble(*lines)


class HelpScreen(ModalScreen[None]):
    """Explains the panes and the keys."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding('escape,q,question_mark,f1', 'close', 'Close', key_display='esc', id='help-close'),
    ]

    def compose(self) -> ComposeResult:
        """Builds the help text."""
        with KeyedScroll(id='help'):
            yield Static(_key_lines('Keys', KEYS), classes='help-section')
            yield Static(_key_lines('Search', SEARCH_KEYS), classes='help-section')
            yield Static(
                _key_lines('Search qualifiers', QUALIFIER_LINES, width=28), classes='help-section'
            )
            yield Static(_key_lines('Day view', DAY_KEYS), classes='help-section')
            yield Static(_key_lines('Problems', PROBLEM_KEYS), classes='help-section')
            yield Static(Content(ABOUT), classes='help-section -explain')

    def on_mount(self) -> None:
        """Lets the keyboard scroll the help."""
        help_pane = self.query_one('#help', VerticalScroll)
        help_pane.border_title = 'desk-browser help'
        help_pane.border_subtitle = 'esc to close'
        help_pane.focus()

    def action_close(self) -> None:
        """Closes the help."""
        self.dismiss(None)
