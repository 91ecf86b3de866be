"""Screens hidden under an opaque screen are left alone until they are shown again.

Textual counts the screen under the top one as visible whatever the top screen's background,
so it went on redrawing (and repainting the screen above). The app asks `CoveredScreens`
whether the top screen lets the ones below show through, and counts none as visible when it
does not; a covered screen is laid out and drawn when back on top. The private hook is
`textual_compat.count_background_screens`, checked by test_ui_textual_compat and snapshots.
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
