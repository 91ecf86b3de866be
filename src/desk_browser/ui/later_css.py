"""Adds later.tcss, the rules of the screens after the first, to the app's CSS when first needed.

It is added as Textual adds a CSS file: the app's own, unscoped, after app.tcss, so the cascade
is the one app.tcss alone gave.
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
    """Reads later.tcss (once a run)."""
    return LATER_CSS_PATH.read_text(encoding='utf-8')


def add_later_css(node: DOMNode) -> None:
    """Adds later.tcss to the app's stylesheet, once; call it in a screen's or widget's `__init__`.

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
