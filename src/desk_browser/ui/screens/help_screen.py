"""The help screen: what each pane shows and every key."""

from __future__ import annotations

from typing import ClassVar

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

from desk_browser.memory.search_scope import QUALIFIER_HELP
from desk_browser.ui.later_css import add_later_css
from desk_browser.ui.widgets.familiar_keys import KeyedScroll

KEYS: list[tuple[str, str]] = [
    ('/', 'Search everything the desk said and did (or click its line)'),
    ('n   p', 'Next / previous exchange'),
    ('[   ]', 'Previous / next day with sessions'),
    ('d', "The day view: the day's journal as a timeline"),
    ('o', "Orders: the day's orders, each with its story"),
    ('N   P', 'Jump 25 exchanges on / back in a long session'),
    ('↑ ↓ PgUp PgDn', 'Scroll, or move in the focused list'),
    ('j   k', 'Down / up, as ↓ ↑, in every list and view'),
    ('g   G', 'Top / bottom of the focused list or view (as Home End)'),
    ('Home End', 'Top / bottom of the focused pane'),
    ('Tab  Shift+Tab', 'Move between the state, sessions, tabs and exchanges'),
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
    ('ctrl+p Maximize', 'The focused pane fills the screen (a wide table); esc: back'),
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
    ('F1   ctrl+q', 'In the box, where ? and q are typed: this help / quit'),
]
"""The search's keys."""

QUALIFIER_LINES: list[tuple[str, str]] = [(example, meaning) for example, meaning in QUALIFIER_HELP]
"""The search's qualifiers, each with an example."""

DAY_KEYS: list[tuple[str, str]] = [
    ('[   ]', 'Day before / after'),
    ('f   1-7', 'Filter: move to it (space toggles) / toggle a kind'),
    ('o', "The day's orders (or click the glance line's orders)"),
    ('y   Y   x', 'Copy the event / its JSON; export the day'),
    ('esc', 'Back'),
]
"""The day view's keys."""

ORDERS_KEYS: list[tuple[str, str]] = [
    ('Enter', "The order's story: trigger, answer, tools, risk, fills"),
    ('[   ]', 'Day before / after'),
    ('f   s', 'Filter by symbol (type; esc clears) / step the statuses'),
    ('d', 'The day view at the order, highlighted (in a story too)'),
    ('o', "In a story: back to its day's orders"),
    ('y   Y   x', 'Copy the story / its events as JSON; export the day'),
    ('esc', 'Back'),
]
"""The Orders view's and an order's story's keys."""

PROBLEM_KEYS: list[tuple[str, str]] = [
    ('Enter', 'Open the session or day at the damaged line'),
    ('y   Y', 'Copy the row (where, why, what it means, the line) / as JSON'),
    ('x', 'Export every problem, each explained, as Markdown'),
    ('r', 'Check the desk again'),
]
"""The Problems view's keys."""

DESKS_KEYS: list[tuple[str, str]] = [
    ('Enter', 'Open the highlighted desk'),
    ('o', 'Its Orders view of the day counted (its newest journal day); esc: the Desks'),
    ('/', 'Search every desk at once; Enter opens a hit in its desk'),
    ('r', 'Read every desk again'),
    ('f', 'Pause / follow the desks as they write'),
    ('esc   bksp', "On a desk's main screen: back to the Desks"),
]
"""The Desks screen's keys (a folder of desks opened as a workspace)."""

ABOUT = (
    'desk-browser only reads the desk. State comes from sessions/state.json: the current '
    "session, its trading date, and how many of the session's exchanges each backend has seen. "
    'A backend behind gets the rest on its next turn; one ahead of the log means lines were lost.'
)


def _hanging(meaning: str, first: int, rest: int) -> list[str]:
    """Breaks a key's meaning into lines at most `first`, then `rest`, cells wide, between words."""
    lines: list[str] = []
    line = ''
    for word in meaning.split(' '):
        room = rest if lines else first
        if line and cell_len(line) + 1 + cell_len(word) > room:
            lines.append(line)
            line = word
        else:
            line = f'{line} {word}' if line else word
    lines.append(line)
    return lines


def _key_lines(
    title: str, keys: list[tuple[str, str]], width: int = 16, columns: int | None = None
) -> Content:
    """A section of the help: its title, then one key a line, its meaning in a column.

    Args:
        title (str): The section's title.
        keys (list[tuple[str, str]]): Each key and what it does.
        width (int): The key column's width.
        columns (int | None): The width the section is drawn in (a long meaning hangs under
            itself); None for no breaking.

    Returns:
        Content: The section.
    """
    indent = 2 + width
    lines: list[str | tuple[str, str]] = [(title, 'bold $text-primary')]
    for key, meaning in keys:
        key_text = f'  {key:<{width}}'
        parts = [meaning]
        too_long = columns is not None and cell_len(key_text) + cell_len(meaning) > columns
        if columns is not None and too_long and columns - indent >= 20:
            parts = _hanging(meaning, columns - cell_len(key_text), columns - indent)
        lines.extend(['\n', (key_text, 'bold $text-accent'), parts[0]])
        for part in parts[1:]:
            lines.extend(['\n', ' ' * indent, part])
    return Content.assemble(*lines)


class KeySection(Static):
    """One section of keys, its meanings broken under themselves to fit the help's width."""

    def __init__(
        self, title: str, keys: list[tuple[str, str]], width: int = 16, *, section: str = ''
    ) -> None:
        """Makes the section (drawn unbroken until its width is known).

        Args:
            title (str): The section's title.
            keys (list[tuple[str, str]]): Each key and what it does.
            width (int): The key column's width.
            section (str): The HELP_SECTION of the screens it opens at; empty for none.
        """
        super().__init__(
            _key_lines(title, keys, width),
            classes='help-section',
            id=f'help-{section}' if section else None,
        )
        self._title = title
        self._keys = keys
        self._width = width
        self._columns: int | None = None

    def on_resize(self) -> None:
        """Breaks the meanings again for the new width."""
        columns = self.content_size.width
        if columns and columns != self._columns:
            self._columns = columns
            self.update(_key_lines(self._title, self._keys, self._width, columns))


class HelpScreen(ModalScreen[None]):
    """Explains the panes and the keys."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding('escape,q,question_mark,f1', 'close', 'Close', key_display='esc', id='help-close'),
    ]

    def __init__(self) -> None:
        """Prepares the screen, its rules added to the app's CSS (later.tcss)."""
        super().__init__()
        add_later_css(self)

    def compose(self) -> ComposeResult:
        """Builds the help text."""
        with KeyedScroll(id='help'):
            yield KeySection('Keys', KEYS)
            yield KeySection('Search', SEARCH_KEYS, section='search')
            yield KeySection('Search qualifiers', QUALIFIER_LINES, width=28)
            yield KeySection('Day view', DAY_KEYS, section='day')
            yield KeySection('Orders and stories', ORDERS_KEYS, section='orders')
            yield KeySection('Problems', PROBLEM_KEYS, section='problems')
            yield KeySection('Desks (a folder of desks)', DESKS_KEYS, section='desks')
            yield Static(Content(ABOUT), classes='help-section -explain')

    def on_mount(self) -> None:
        """Lets the keyboard scroll the help, opened at the section of the screen under it."""
        help_pane = self.query_one('#help', VerticalScroll)
        help_pane.border_title = 'desk-browser help'
        help_pane.border_subtitle = 'esc to close'
        help_pane.focus()
        stack = self.app.screen_stack
        section = getattr(stack[-2], 'HELP_SECTION', '') if len(stack) > 1 else ''
        if isinstance(section, str) and section:
            self.call_after_refresh(self._open_at, section)

    def _open_at(self, section: str) -> None:
        """Scrolls the help so a section is at its top.

        Args:
            section (str): The section's name (KeySection's `section`).
        """
        found = self.query(f'#help-{section}')
        if found:
            self.query_one('#help', VerticalScroll).scroll_to_widget(
                found.first(), animate=False, top=True
            )

    def action_close(self) -> None:
        """Closes the help."""
        self.dismiss(None)
