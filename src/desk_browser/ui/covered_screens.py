"""Screens hidden under an opaque screen are left alone until they are shown again.

Textual (8.2.8) counts the screen just under the top one as visible whatever the top screen's
background, so the main screen under the search screen stayed "current": each follow poll or
other message it handled made it redraw itself, and every such redraw repainted the whole search
screen (8-10 ms here, four times a second while idle, and in the middle of typing). The override
below counts a screen as visible behind the top one only when the top one lets it show through
(a modal screen's translucent background). A covered screen keeps its changes and is laid out
and drawn when it is back on top (Textual's own `Screen._on_screen_resume` does that).

`_background_screens` is a private property of Textual's App: the version is pinned, and the
tests (snapshots of modal screens over the main screen, a resize under the search screen)
check that it still means what it meant.
"""

from __future__ import annotations

import logging

from textual.app import App
from textual.screen import Screen

_LOGGER = logging.getLogger(__name__)

OPAQUE = 1.0
"""The alpha of a background nothing shows through."""


class CoveredScreensApp(App[None]):
    """An app whose screens under an opaque screen are not redrawn until they are shown."""

    @property
    def _background_screens(self) -> list[Screen[object]]:
        """The screens that show through the top screen's background, top-most last."""
        if not self._screen_stack or self._screen_stack[-1].styles.background.a >= OPAQUE:
            return []
        return super()._background_screens
