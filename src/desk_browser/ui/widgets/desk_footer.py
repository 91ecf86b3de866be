"""The key bar at the bottom of every screen, rebuilt only when the keys it shows change.

Textual's Footer rebuilds all its keys (a dozen widgets, each styled) every time the screen says
its bindings may have changed: on every change of focus, every screen pushed or popped, twice
more while the first screen starts. On the main screen each rebuild took 40-50 ms of the event
loop, three times before the first screen was complete. `DeskFooter` gathers the requests that
come together into one, and skips it when the keys it would show are the ones it shows.

It also shows its keys from its first compose, with the screen's bindings as they are then:
Footer waits for the first "bindings changed" signal and rebuilds on it, which cost the first
screen one more layout (about 30 ms). Keys the footer never shows (hidden bindings, such as a
list's arrow keys) do not count as a change, so moving the focus rebuilds nothing.

Each key is made with the footer's `compact` already: Textual's FooterKey starts compact, gets
the ``-compact`` class on mount, then loses it when the footer's value reaches it, and each of
the two class changes styles the key again (a fifth of the first screen's style work).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer

from desk_browser.ui.textual_compat import make_footer_key_like_its_footer, show_footer_keys_at_once

KeysShown = tuple[tuple[object, ...], ...]
"""What the footer shows: each binding's key, key display, description, action, state, tip."""


class DeskFooter(Footer):
    """Textual's footer, rebuilt once per burst of binding changes, and only on a real change."""

    _rebuild_planned = False
    _keys_shown: KeysShown | None = None

    def compose(self) -> ComposeResult:
        """Shows the screen's keys (from the first compose on), noting which ones it shows."""
        show_footer_keys_at_once(self)  # Footer's own compose shows nothing before a signal.
        self._keys_shown = self.keys_to_show()
        for widget in super().compose():
            make_footer_key_like_its_footer(widget, self)
            yield widget

    def bindings_changed(self, screen: Screen[object]) -> None:
        """Plans one rebuild after the next refresh, unless one is planned already.

        Args:
            screen (Screen[object]): The screen whose bindings changed.
        """
        show_footer_keys_at_once(self)  # What Footer's own bindings_changed does first.
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen and not self._rebuild_planned:
            self._rebuild_planned = True
            self.call_after_refresh(self._rebuild_if_changed)

    async def _rebuild_if_changed(self) -> None:
        """Rebuilds the keys when the screen's keys differ from those shown."""
        self._rebuild_planned = False
        if not self.is_attached:
            return
        keys = self.keys_to_show()
        if keys != self._keys_shown:
            self._keys_shown = keys
            await self.recompose()

    def keys_to_show(self) -> KeysShown:
        """Lists what Footer.compose draws from: the screen's shown bindings and the palette's.

        Returns:
            KeysShown: One tuple per binding: key, key display, description, action, enabled,
                tooltip, group.
        """
        palette_key = self.app.COMMAND_PALETTE_BINDING
        return tuple(
            (
                binding.key,
                self.app.get_key_display(binding),
                binding.description,
                binding.action,
                enabled,
                tooltip,
                id(binding.group) if binding.group is not None else None,
            )
            for key, (_node, binding, enabled, tooltip) in self.screen.active_bindings.items()
            if binding.show or key == palette_key
        )
