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

When the keys do not fit the width (80 columns, the usual SSH size), it packs them closer
(Textual's compact footer), then leaves out the screen's own keys from the last one back, then
Problems, Day, Open, Copy and Export, never `/`, `?`, `q` or `esc` (search, help, quit and the
way back); `?` lists every key. A resize rebuilds it only when that changes what fits.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer

from desk_browser.ui.textual_compat import make_footer_key_like_its_footer, show_footer_keys_at_once

KeysShown = tuple[tuple[object, ...], ...]
"""What the footer shows: each binding's key, key display, description, action, state, tip."""

ALWAYS_SHOWN = frozenset({'slash', 'question_mark', 'q', 'escape'})
"""Keys the footer keeps at any width: search, help, quit, and a screen's way back."""

LEFT_OUT_LAST = frozenset({'exclamation_mark', 'd', 'enter', 'y', 'x'})
"""Keys left out only after every other key that may go: Problems, Day, and a screen's Open,
Copy and Export (what its list is for)."""

FootKey = tuple[str, str, str, bool]
"""One key as the footer lays it out: key, key display, description, whether it is the palette's."""


def key_width(key: FootKey, compact: bool) -> int:
    """How many columns one key takes in the footer (Textual 8.2.8's FooterKey styles).

    Args:
        key (FootKey): The key.
        compact (bool): Whether the footer is compact.

    Returns:
        int: Its width, with its padding, margin and (the palette's) border.
    """
    _key, display, description, palette = key
    words = cell_len(description) + 1 if description else 0
    if palette:  # Always compact, with its border, and a margin or a padding on its right.
        return cell_len(display) + words + 2
    if compact:
        return cell_len(display) + words + 1
    return cell_len(display) + 2 + words


def _foot_key(widget: Widget) -> FootKey | None:
    """A FooterKey's key, display, description and place (Textual exports FooterKey privately)."""
    key, display, description = (
        getattr(widget, name, None) for name in ('key', 'key_display', 'description')
    )
    if isinstance(key, str) and isinstance(display, str) and isinstance(description, str):
        return key, display, description, widget.has_class('-command-palette')
    return None


def fitted(keys: Sequence[FootKey], width: int) -> tuple[bool, frozenset[int]]:
    """Chooses how the footer shows its keys at a width.

    Args:
        keys (Sequence[FootKey]): The keys, in the footer's order.
        width (int): The columns there are.

    Returns:
        tuple[bool, frozenset[int]]: Whether the footer is compact, and the places (in `keys`)
            of the keys left out: none when every key fits as Textual lays it out.
    """
    if sum(key_width(key, compact=False) for key in keys) <= width:
        return False, frozenset()
    droppable = [
        place
        for place in reversed(range(len(keys)))
        if keys[place][0] not in ALWAYS_SHOWN and not keys[place][3]
    ]
    droppable.sort(key=lambda place: keys[place][0] in LEFT_OUT_LAST)  # Stable: last first.
    left_out: set[int] = set()
    needed = sum(key_width(key, compact=True) for key in keys)
    for place in droppable:
        if needed <= width:
            break
        left_out.add(place)
        needed -= key_width(keys[place], compact=True)
    return True, frozenset(left_out)


class DeskFooter(Footer):
    """Textual's footer, rebuilt once per burst of binding changes, and only on a real change."""

    _rebuild_planned = False
    _keys_shown: KeysShown | None = None
    _laid_out: list[FootKey] | None = None
    _fit: tuple[bool, frozenset[int]] = (False, frozenset())

    def compose(self) -> ComposeResult:
        """Shows the screen's keys (from the first compose on), noting which ones it shows."""
        show_footer_keys_at_once(self)  # Footer's own compose shows nothing before a signal.
        self._keys_shown = self.keys_to_show()
        for widget in self._fitting(list(super().compose())):  # Sets `compact` first.
            make_footer_key_like_its_footer(widget, self)
            yield widget

    def _fitting(self, widgets: list[Widget]) -> Iterable[Widget]:
        """The keys that fit the app's width, the footer made compact when they do not all fit."""
        found = [_foot_key(widget) for widget in widgets]
        keys = [key for key in found if key is not None]
        if len(keys) != len(widgets):  # Binding groups (no screen here has one): as Footer does.
            self._laid_out = None
            return widgets
        self._laid_out = keys
        self._fit = fitted(keys, self.app.size.width)
        compact, left_out = self._fit
        self.compact = compact
        return [widget for place, widget in enumerate(widgets) if place not in left_out]

    async def on_resize(self, event: events.Resize) -> None:
        """Lays the keys out again when the new width changes what fits."""
        if self._laid_out is not None and fitted(self._laid_out, event.size.width) != self._fit:
            await self.recompose()

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
