"""Screens hidden under an opaque screen are left alone until they are shown again.

The app asks `CoveredScreens` whether the top screen lets the ones below show through (through
`textual_compat.count_background_screens`); a covered screen is drawn when back on top.
"""

from __future__ import annotations

from textual.screen import Screen

OPAQUE = 1.0
"""The alpha of a background nothing shows through."""


class CoveredScreens:
    """The policy: a screen under an opaque screen is not redrawn until it is shown again."""

    def shows_through(self, stack: list[Screen[object]]) -> bool:
        """Whether the screens under the top one (bottom first) show through its background."""
        return bool(stack) and stack[-1].styles.background.a < OPAQUE
