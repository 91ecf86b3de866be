"""The key bar at the bottom of every screen: one widget that draws its keys itself.

`DeskFooter` draws what Textual's Footer draws (byte for byte) and behaves as it, as one widget;
keys that do not fit are packed closer, those that matter most kept (`keeping_order`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget

KeysShown = tuple[tuple[object, ...], ...]
"""What the footer shows: each binding's key, key display, description, action, state, tip."""

ALWAYS_SHOWN = frozenset({'slash', 'question_mark', 'f1', 'q', 'escape'})
"""Keys the footer keeps at any width: search, help (F1 where a box takes the ? typed), quit,
and a screen's way back."""

COPY_AND_EXPORT = frozenset({'y', 'x'})
"""Keys kept only once every other key that fits is shown: Copy and Export (the help lists
them, and they act on what is on screen)."""

FootKey = tuple[str, str, str, bool, bool]
"""One key as the footer lays it out: key, key display, description, whether it is the
palette's, whether the app binds it (not the screen or one of its widgets)."""

PALETTE_BORDER = '▏'
"""The command palette key's left border (Textual's ``vkey`` border)."""


def key_width(key: FootKey, compact: bool) -> int:
    """The columns a key takes in the footer (compact or not), per Textual 8.2.8's FooterKey."""
    _key, display, description, palette, _from_app = key
    words = cell_len(description) + 1 if description else 0
    if palette:  # Always compact, with its border, and a margin or a padding on its right.
        return cell_len(display) + words + 2
    if compact:
        return cell_len(display) + words + 1
    return cell_len(display) + 2 + words


def keeping_order(keys: Sequence[FootKey], first: Sequence[str] = ()) -> list[int]:
    """The places in `keys` of the keys, kept longest first (`first`: the screen's main keys)."""

    def rank(place: int) -> tuple[int, int]:
        key, _display, _description, palette, from_app = keys[place]
        if palette or key in ALWAYS_SHOWN:
            return 0, place
        if key in first:
            return 1, first.index(key)
        if key in COPY_AND_EXPORT:
            return 4, place
        return (3 if from_app else 2), place

    return sorted(range(len(keys)), key=rank)


def fitted(
    keys: Sequence[FootKey], width: int, first: Sequence[str] = ()
) -> tuple[bool, frozenset[int]]:
    """Chooses how the footer shows its keys at a width.

    Returns:
        Whether the footer is compact, and the places of the keys left out.
    """
    if sum(key_width(key, compact=False) for key in keys) <= width:
        return False, frozenset()
    room = width
    left_out: set[int] = set()
    for place in keeping_order(keys, first):
        key = keys[place]
        needed = key_width(key, compact=True)
        if needed <= room or key[3] or key[0] in ALWAYS_SHOWN:
            room -= needed
        else:
            left_out.add(place)
    return True, frozenset(left_out)


class FooterEntry:
    """One key the footer shows.

    Attributes:
        key: The key it presses when clicked (such as ``slash``).
        key_display: How the key is written (such as ``/``).
        description: What it does.
        enabled: Whether it may be pressed now (else shown dim).
        tooltip: What the mouse over it shows ('' for nothing).
        palette: Whether it is the command palette's key (drawn on the right).
        from_app: Whether the app binds it, not the screen or one of its widgets.
    """

    __slots__ = ('description', 'enabled', 'from_app', 'key', 'key_display', 'palette', 'tooltip')

    def __init__(
        self,
        key: str,
        key_display: str,
        description: str,
        enabled: bool,
        tooltip: str,
        palette: bool,
        from_app: bool = False,
    ) -> None:
        self.key = key
        self.key_display = key_display
        self.description = description
        self.enabled = enabled
        self.tooltip = tooltip
        self.palette = palette
        self.from_app = from_app

    @property
    def foot_key(self) -> FootKey:
        """The key as `fitted` and `key_width` read it."""
        return self.key, self.key_display, self.description, self.palette, self.from_app


class _Placed:
    """A shown key and the columns it takes (its border, key and description; no margin)."""

    __slots__ = ('end', 'entry', 'start')

    def __init__(self, entry: FooterEntry, start: int, end: int) -> None:
        self.entry = entry
        self.start = start
        self.end = end


class DeskFooter(Widget):
    """The screen's keys on one line, laid out as Textual's Footer lays them out."""

    ALLOW_SELECT = False

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        'desk-footer--item',
        'desk-footer--hover',
        'desk-footer--disabled',
        'desk-footer--key',
        'desk-footer--description',
        'desk-footer--border',
    }

    # Textual 8.2.8's Footer and FooterKey styles: the item is a FooterKey's own background
    # (the hover replaces it), the key and description its two parts, the border the palette
    # key's ``border-left: vkey $foreground 20%``.
    DEFAULT_CSS = """
    DeskFooter {
        color: $footer-foreground;
        background: $footer-background;
        dock: bottom;
        height: 1;
        .desk-footer--item {
            background: $footer-item-background;
        }
        .desk-footer--hover {
            color: $footer-key-foreground;
            background: $block-hover-background;
        }
        .desk-footer--disabled {
            text-style: dim;
        }
        .desk-footer--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        .desk-footer--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        .desk-footer--border {
            color: $foreground 20%;
        }
    }
    """

    def __init__(self, *, first: Sequence[str] = ()) -> None:
        """Makes the footer (keys read on mount); `first` as in `keeping_order`."""
        super().__init__()
        self._first = tuple(first)
        self._keys_shown: KeysShown | None = None
        self._entries: list[FooterEntry] = []
        self._placed: list[_Placed] = []
        self._laid_out_at = -1
        self._hovered: FooterEntry | None = None
        self._update_planned = False
        self._compact = False

    @property
    def compact(self) -> bool:
        """Whether the keys are packed closer (Textual's compact footer), as the width asks."""
        self._laid_out(self._width())
        return self._compact

    def on_mount(self) -> None:
        """Reads the screen's keys, and hears when they change."""
        self._read_keys()
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)

    def on_unmount(self) -> None:
        """Stops hearing the screen's key changes."""
        self.screen.bindings_updated_signal.unsubscribe(self)

    def bindings_changed(self, screen: Screen[object]) -> None:
        """Plans one look at the keys after the next refresh, unless one is planned already."""
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen and not self._update_planned:
            self._update_planned = True
            self.call_after_refresh(self._update_if_changed)

    def _update_if_changed(self) -> None:
        """Redraws the keys when the screen's keys differ from those shown."""
        self._update_planned = False
        if self.is_attached and self.keys_to_show() != self._keys_shown:
            self._read_keys()
            self.refresh()

    def _read_keys(self) -> None:
        """Takes the screen's keys as Footer would show them, and lays them out again."""
        self._keys_shown = self.keys_to_show()
        palette_key = self.app.COMMAND_PALETTE_BINDING
        entries: list[FooterEntry] = []
        actions: set[str] = set()
        palette: FooterEntry | None = None
        for key, (node, binding, enabled, tooltip) in self.screen.active_bindings.items():
            if binding.show and binding.action not in actions:  # One key per action, as Footer.
                actions.add(binding.action)
                display = self.app.get_key_display(binding)
                entries.append(
                    FooterEntry(
                        binding.key,
                        display,
                        binding.description,
                        enabled,
                        tooltip,
                        False,
                        node is self.app,
                    )
                )
            if key == palette_key and self.app.ENABLE_COMMAND_PALETTE:
                palette = FooterEntry(
                    binding.key,
                    self.app.get_key_display(binding),
                    binding.description,
                    enabled,
                    binding.tooltip or binding.description,
                    True,
                )
        if palette is not None:
            entries.append(palette)
        self._entries = entries
        self._laid_out_at = -1

    def keys_to_show(self) -> KeysShown:
        """What the footer draws: (key, display, description, action, enabled, tooltip, group)."""
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

    def shown_keys(self) -> list[FooterEntry]:
        """The keys the width leaves room for, left to right (the palette's last)."""
        return [placed.entry for placed in self._laid_out(self._width())]

    def _width(self) -> int:
        """The footer's width: the app's until it is laid out."""
        return self.size.width or self.app.size.width

    def _laid_out(self, width: int) -> list[_Placed]:
        """The keys placed on the line at a width (kept until the keys or the width change)."""
        if width == self._laid_out_at:
            return self._placed
        compact, left_out = fitted([entry.foot_key for entry in self._entries], width, self._first)
        self._compact = compact
        placed: list[_Placed] = []
        x = 0
        for place, entry in enumerate(self._entries):
            if place in left_out or entry.palette:
                continue
            end = x + key_width(entry.foot_key, compact) - (1 if compact else 0)
            placed.append(_Placed(entry, x, end))
            x = end + (1 if compact else 0)  # A compact key's margin on its right.
        palette = next((entry for entry in self._entries if entry.palette), None)
        if palette is not None:  # Docked right, with a padding on its right (compact: a margin).
            start = width - key_width(palette.foot_key, compact=True)
            placed.append(_Placed(palette, start, width - 1 if compact else width))
        self._placed = placed
        self._laid_out_at = width
        return placed

    def on_resize(self) -> None:
        """Lays the keys out again for the new width (they are drawn from that layout)."""
        self.refresh()

    def render_line(self, y: int) -> Strip:
        """Draws the footer's one line, in the pieces Textual's Footer draws it in."""
        width = self._width()
        placed = self._laid_out(width)
        background = Style(bgcolor=self.rich_style.bgcolor)  # Footer's blank: no colour.
        segments: list[Segment] = []
        x = 0
        for shown in placed:
            start = min(shown.start, width)
            if start > x:  # The footer's own background: a gap, a margin, the room left.
                segments.append(Segment(' ' * (start - x), background))
            if shown.start < x:  # No room left (a very narrow footer): cut here, as Footer does.
                break
            segments.extend(self._key_segments(shown.entry))
            x = shown.end
        if x < width:
            segments.append(Segment(' ' * (width - x), background))
        return Strip(segments).crop(0, width)

    def _key_segments(self, entry: FooterEntry) -> list[Segment]:
        """One key's pieces: (the palette's border,) its key, and its description."""
        item = 'desk-footer--hover' if entry is self._hovered else 'desk-footer--item'
        looks = (item,) if entry.enabled else (item, 'desk-footer--disabled')
        key_style = self.get_visual_style(*looks, 'desk-footer--key').rich_style
        words_style = self.get_visual_style(*looks, 'desk-footer--description').rich_style
        compact = self._compact or entry.palette
        segments = []
        if entry.palette:
            # As Textual draws a border: its colour blended as if not hovered, on the key's
            # background (hovered or not).
            border = self.get_visual_style('desk-footer--item', 'desk-footer--border').rich_style
            key_background = self.get_visual_style(*looks).rich_style.bgcolor
            border_style = Style(color=border.color, bgcolor=key_background)
            segments.append(Segment(PALETTE_BORDER, border_style))
        if not entry.description:
            segments.append(Segment(entry.key_display, key_style))
        elif compact:
            segments += [
                Segment(entry.key_display, key_style),
                Segment(f' {entry.description}', words_style),
            ]
        else:
            segments += [
                Segment(f' {entry.key_display} ', key_style),
                Segment(f'{entry.description} ', words_style),
            ]
        if entry.palette and not self._compact:  # Its padding (a compact footer: a margin).
            padding = self.get_visual_style(*looks).rich_style.bgcolor
            segments.append(Segment(' ', Style(bgcolor=padding)))
        return segments

    def key_at(self, x: int) -> FooterEntry | None:
        """The key drawn at a column from the footer's left; None for a gap."""
        for shown in self._laid_out(self._width()):
            if shown.start <= x < shown.end:
                return shown.entry
        return None

    def on_mouse_move(self, event: events.MouseMove) -> None:
        """Highlights the key under the mouse, and shows its tooltip."""
        self._hover(self.key_at(event.x))

    def on_leave(self) -> None:
        """The mouse left: no key is highlighted."""
        self._hover(None)

    def _hover(self, entry: FooterEntry | None) -> None:
        """Highlights one key (or none), with its tooltip and a pointing hand."""
        if entry is self._hovered:
            return
        self._hovered = entry
        self.tooltip = (entry.tooltip or None) if entry is not None else None
        self.styles.pointer = 'pointer' if entry is not None else 'default'
        self.refresh()

    def on_mouse_down(self, event: events.MouseDown) -> None:
        """Runs the clicked key as if it were pressed (a disabled one rings the bell)."""
        entry = self.key_at(event.x)
        if entry is None:
            return
        if entry.enabled:
            self.app.simulate_key(entry.key)
        else:
            self.app.bell()
