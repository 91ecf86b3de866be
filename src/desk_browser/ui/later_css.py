"""Adds later.tcss, the rules of the screens after the first, to the app's CSS when first needed.

app.tcss holds what the first screen shows; later.tcss the search, record and help screens' rules
and the colours of the hit lists and the desk text view. Textual parses every source of its
stylesheet before it styles a node, so a rule in app.tcss costs the first paint its parsing even
when nothing on the first screen matches it (about 25 k instructions a token). later.tcss is parsed
instead when a screen or widget that uses it is first made, once.

It is added the way Textual adds a CSS file (`Stylesheet.read`): the app's own CSS, not default CSS,
unscoped, after app.tcss, so the cascade is the one app.tcss alone gave. Not a screen's CSS or
CSS_PATH: for those Textual 8.2.8 re-parses every source without its cache and restyles every node
of the app (`App._load_screen_css`).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from textual.dom import DOMNode
from textual.types import NoActiveAppError

LATER_CSS_PATH = Path(__file__).with_name('later.tcss')
"""The rules of the screens after the first."""


@cache
def _later_css() -> str:
    """Reads later.tcss (once a run).

    Returns:
        str: Its text.
    """
    return LATER_CSS_PATH.read_text(encoding='utf-8')


def add_later_css(node: DOMNode) -> None:
    """Adds later.tcss to the app's stylesheet, if it is not there yet (called in `__init__`).

    The stylesheet parses it before it styles its next node, so a screen or widget calling this
    in its constructor is styled with it. Without an active app (a widget made outside one) it does
    nothing.

    Args:
        node (DOMNode): The screen or widget about to be shown, whose app gets the rules.
    """
    try:
        app = node.app
    except NoActiveAppError:
        return
    path = str(LATER_CSS_PATH)
    if not app.stylesheet.has_source(path):
        app.stylesheet.add_source(_later_css(), read_from=(path, ''), is_default_css=False)
