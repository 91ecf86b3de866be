"""Screens hidden under an opaque screen are left alone until they are shown again.

Textual (8.2.8) counts the screen just under the top one as visible whatever the top screen's
background, so the main screen under the search screen stayed "current": each follow poll or
other message it handled made it redraw itself, and every such redraw repainted the whole search
screen (8-10 ms here, four times a second while idle, and in the middle of typing). The app
asks `CoveredScreens` whether the top screen lets the ones below show through (a modal screen's
translucent background), and counts none as visible when it does not. A covered screen keeps its
changes and is laid out and drawn when it is back on top.

How the app's count is replaced is a private Textual hook, kept with the others in
`textual_compat.count_background_screens`; the tests (snapshots of modal screens over the main
screen, a resize under the search screen, test_ui_textual_compat) check that it still means what
it meant.
"""

from __future__ import annotations

from textual.screen import Screen

OPAQUE = 1.0
"""The alpha of a background nothing shows through."""


class CoveredScreens:
    """The policy: a screen under an opaque screen is not redrawn until it is shown again."""

    def shows_through(self, stack: list[Screen[object]]) -> bool:
        """Whether the screens under the top one show through its background.

        Args:
            stack (list[Screen[object]]): The app's screens, bottom first.

        Returns:
            bool: True when the top screen's background lets them show (not fully opaque).
        """
        return bool(stack) and stack[-1].styles.background.a < OPAQUE
