"""A bare Textual app (a header, one Static, a footer): what first paint is measured against.

`bench_app.py` runs it in tmux beside `desk-browser` and compares their times from the command
to the first frame. Run by hand: `.venv/bin/python benchmarks/bare_app.py` (q quits).
"""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Footer, Header, Static

GREETING = 'A bare Textual app'


class BareApp(App[None]):
    """Header, one Static, Footer."""

    BINDINGS = [('q', 'quit', 'Quit')]

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(GREETING)
        yield Footer()


if __name__ == '__main__':
    BareApp().run()
