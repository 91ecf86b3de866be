"""Every private Textual name the app uses, in one room, for the one Textual version it was read in.

Importing this module fails at once on any Textual other than `TEXTUAL_VERSION` (the version
pinned in pyproject.toml). A hook stays here only while it earns it (issue 29: at least 5% of
the first paint, or a frame, 16 ms, of a measured stall); each says what it buys and what change
to Textual would make it unnecessary. tests/ui/test_ui_textual_compat.py fails loudly when
Textual changes under one, and tests/ui/test_ui_private_names.py when a private Textual or Rich
name is used anywhere else in src/.

The hooks:

- `start_with_theme` (`App.theme` set before `App.__init__`): a remembered theme is the one the
  stylesheet is first built with, so the CSS is parsed once. Buys 118 M instructions, 8.8% of
  the first paint with a remembered theme (issue 29). Upstream: a ``theme`` argument to
  `App.__init__` (or a class-level default theme) that `App.__init__` builds the stylesheet,
  the ANSI filters and the dark/light classes with.
- `skip_covered_containers` (`Screen._compositor`, `Compositor._render_chops`): a container that
  draws only its background is not rendered where its children cover it (on the main screen's
  first frame, five containers' 179 of 341 lines). Buys 83 M instructions, 6.2% of the first
  paint (issue 29). Kept until the main screen's layout is made flatter (issue 29's target 6).
  Upstream: the compositor rendering a widget only over the lines no opaque widget in front
  covers (or a public flag for widgets that draw nothing but their styles).
- `styled_with_the_apps_css` (`Screen._css_update_count`, `App._css_update_count`): a mode's new
  screen counts as styled with the app's CSS, so the workspace app opening a desk (and coming
  back to the Desks screen) does not re-parse every source and restyle every screen twice: 17-40
  ms of the event loop for each desk opened on the demo workspace without it (round 20).
  Upstream: `App._init_mode` and `App.switch_mode` refreshing the CSS of a screen only when it
  has missed a change since it was mounted (a screen not yet mounted is styled as it mounts).
- `count_background_screens` (`App._background_screens`): no screen under an opaque top screen
  counts as visible, so the main screen under the search screen stops repainting the search
  screen on each follow poll and age tick (8-10 ms, about four times a second, while typing).
  Upstream: `App._background_screens` consulting a public screen property (such as
  ``Screen.shows_screens_below``) instead of always counting the one just under the top.
- `update_scrollbars` (`Widget._scroll_update`): a view whose size is set by CSS gets a new
  scrollable size without a layout of the whole screen (a third of each ``n`` press on a
  10,000-exchange log). Upstream: a public way to set `virtual_size` without a layout, such as
  ``Widget.set_virtual_size(size, layout=False)``.

`count_background_screens` and `update_scrollbars` are under 1% of the first paint each (issue
29). Without the first, typing a search on the five-year desk used 1.3-2.2 s of CPU instead of
1.0 s (round 20, four interleaved runs on a loaded machine, whose stalls did not tell the two
apart); without the second, each ``n`` and ``N`` on the 10,000-exchange log took 107-117 ms to
be drawn instead of 86-87 ms (round 20, three runs each): more than a frame a key.

Retired (kept here as a record of where they went):

- `Widget._get_style`, once handed to `Content.render` to resolve theme variables such as
  ``$text-muted``: it is `Style.parse` (plus ``.component`` lookups the rows never use), so rows
  are now rendered with Content's own default, the public `Style.parse`, which finds the theme
  through the app's context as `_get_style` did.
- `Footer._bindings_ready` (`show_footer_keys_at_once`) and `textual.widgets._footer.FooterKey`
  (`make_footer_key_like_its_footer`), which made Textual's Footer show its keys from its first
  compose and each FooterKey start with its footer's `compact`: the footer is now one widget
  that draws its keys itself (`desk_browser.ui.widgets.desk_footer`), with no FooterKey at all.
- `rich._wrap.divide_line`, which wrapped a hit's snippet: replaced by the public
  `rich.cells` functions (`search_hit_list.snippet_breaks`), with the same breaks.
- `rich_markdown_without_pygments`, a stand-in for `rich.syntax` while rich.markdown loaded (31 M
  instructions, only on a start that renders its answers before the first paint): rich.markdown
  is imported as it is.
- `parsed_rules` / `add_parsed_rules` (`Stylesheet._parse_cache`), which fed the pickled CSS memo:
  Textual parses the CSS at each start.
- `virtual_size_without_layout`, a `virtual_size` without a layout for the search box: typing on
  the five-year desk stalled no longer without it (round 20), so the box is Textual's Input.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

import textual
from textual._compositor import Compositor
from textual.app import App
from textual.geometry import Region, Size
from textual.screen import Screen
from textual.strip import Strip
from textual.theme import BUILTIN_THEMES
from textual.widget import Widget

TEXTUAL_VERSION = '8.2.8'
"""The Textual every hook here was read in and tested against."""


def _check_version(installed: str) -> None:
    """Refuses to run the hooks on a Textual they were not read in.

    Args:
        installed (str): The installed Textual's version.

    Raises:
        RuntimeError: On any other version than `TEXTUAL_VERSION`.
    """
    if installed != TEXTUAL_VERSION:
        raise RuntimeError(
            f'desk-browser needs Textual {TEXTUAL_VERSION} (found {installed}): '
            f'reinstall it with pip install textual=={TEXTUAL_VERSION}. To move to another '
            'Textual, re-check each hook in desk_browser.ui.textual_compat and its tests.'
        )


def _installed_version() -> str:
    """The installed Textual's version, from the installer's record when it can (not metadata)."""
    site_packages = Path(textual.__file__).resolve().parent.parent
    if (site_packages / f'textual-{TEXTUAL_VERSION}.dist-info').is_dir():
        return TEXTUAL_VERSION
    from importlib.metadata import version  # Deferred: see above.

    return version('textual')


_check_version(_installed_version())

AppClass = TypeVar('AppClass', bound=type[App[Any]])
ScreenClass = TypeVar('ScreenClass', bound=type[Screen[Any]])

ShowsThrough = Callable[[Any, list[Screen[Any]]], bool]
"""Says, given the app and its screens (bottom first), whether those under the top one show."""


def count_background_screens(shows_through: ShowsThrough) -> Callable[[AppClass], AppClass]:
    """Makes an app count the screens under the top one as visible only when they show through.

    When `shows_through` says no (an opaque top screen), no screen counts as visible behind the
    top one; otherwise Textual's own count stands. A covered screen keeps its changes and is
    drawn when back on top.

    Private: overrides `App._background_screens` and hands `shows_through` the live
    `App._screen_stack`. Public way: none.

    Args:
        shows_through (ShowsThrough): The policy, such as ``lambda app, stack:
            app.covered_screens.shows_through( stack)``.

    Returns:
        Callable[[AppClass], AppClass]: A class decorator for the App subclass.
    """
    textual_background_screens: Callable[[App[Any]], list[Screen[Any]]] = (
        App._background_screens.fget  # type: ignore[attr-defined]
    )

    def background_screens(app: App[Any]) -> list[Screen[Any]]:
        """The screens that show through the top screen's background, top-most last."""
        if shows_through(app, app._screen_stack):
            return textual_background_screens(app)
        return []

    def decorate(app_class: AppClass) -> AppClass:
        hook = property(background_screens)
        app_class._background_screens = hook  # type: ignore[method-assign, assignment]
        return app_class

    return decorate


def _draws_only_its_styles(widget: Widget) -> bool:
    """Whether a widget draws nothing but its styles (a container): no line of its own code."""
    kind = type(widget)
    return (
        kind.render_lines is Widget.render_lines
        and kind.render_line is Widget.render_line
        and (kind.render is Widget.render or kind.render is Screen.render)
    )


class _CoverSkippingCompositor(Compositor):
    """Textual's compositor, except that covered lines of a container are not rendered."""

    def _render_chops(
        self, crop: Region, is_rendered_line: Callable[[int], bool]
    ) -> Sequence[Mapping[int, Strip]]:
        """Textual's `_render_chops` (8.2.8), rendering a container only where its chops are empty.

        Every other widget is rendered as Textual does.

        Args:
            crop (Region): The part of the screen drawn.
            is_rendered_line (Callable[[int], bool]): Whether a line of the screen is drawn.

        Returns:
            Sequence[Mapping[int, Strip]]: Each line's chops, as Textual's.
        """
        cuts = self.cuts
        chops: list[dict[int, Strip | None]] = [dict.fromkeys(line[:-1]) for line in cuts]
        for widget, (region, clip) in self.visible_widgets.items():
            if crop and not crop.overlaps(clip):
                continue
            if clip.contains_region(region):
                shown = region
            else:
                shown = region.intersection(clip)
                if not (shown.width and shown.height):
                    continue
            first_cut, last_cut = shown.column_span
            lines = shown.line_range
            if _draws_only_its_styles(widget):
                empty = [
                    y
                    for y in lines
                    if is_rendered_line(y)
                    and any(
                        chops[y][cut] is None for cut in cuts[y][:-1] if first_cut <= cut < last_cut
                    )
                ]
                if not empty:
                    continue
                lines = range(empty[0], empty[-1] + 1)
            strips = widget.render_lines(
                Region(shown.x - region.x, lines.start - region.y, shown.width, len(lines))
            )
            for y, strip in zip(lines, strips, strict=False):
                if not is_rendered_line(y):
                    continue
                line_chops = chops[y]
                spanned = [cut for cut in cuts[y] if first_cut <= cut <= last_cut]
                pieces = strip.divide([cut - shown.x for cut in spanned[1:]])
                for cut, piece in zip(spanned, pieces, strict=False):
                    if line_chops.get(cut) is None:
                        line_chops[cut] = piece
        return chops  # type: ignore[return-value]  # Filled as Textual's are (no None drawn).


def skip_covered_containers(screen_class: ScreenClass) -> ScreenClass:
    """Makes a screen class's screens skip rendering what their containers' children cover.

    A container (a widget with no `render`, `render_line` or `render_lines` of its own) is
    rendered only over the lines where something of it shows. Every chop drawn is Textual's
    strip, so the screen and every screenshot are the same.

    Private: gives each screen a subclass of `textual._compositor.Compositor` as its
    `Screen._compositor`, overriding `Compositor._render_chops`. Public way: none; fewer nested
    containers.

    Args:
        screen_class (ScreenClass): The screen class (its subclasses get it too).

    Returns:
        ScreenClass: The class, its `__init__` giving each screen the compositor.
    """
    textual_init = screen_class.__init__

    @functools.wraps(textual_init)
    def __init__(self: Screen[Any], *args: Any, **kwargs: Any) -> None:
        textual_init(self, *args, **kwargs)
        self._compositor = _CoverSkippingCompositor()

    screen_class.__init__ = __init__  # type: ignore[method-assign]
    return screen_class


def update_scrollbars(view: Widget, size: Size) -> None:
    """Updates a view's scrollbars (and clamps its scroll offset) for a new scrollable size.

    Private: calls `Widget._scroll_update`, as Textual does when it sets a size without a
    layout. Public way: ``view.virtual_size = size`` (a layout of the whole screen).

    Args:
        view (Widget): The view, its `virtual_size` already set (with `set_reactive`).
        size (Size): Its new scrollable size.
    """
    view._scroll_update(size)


def start_with_theme(app: App[Any], name: str) -> bool:
    """Makes a built-in theme the one the app starts with; call it before `App.__init__`.

    The CSS is then parsed once, with the theme's variables. The theme's watcher does not run:
    the app's ``-theme-NAME`` class is the caller's to add, and `theme_changed_signal` is not
    published.

    Private in effect: `DOMNode.set_reactive` is public, but before `App.__init__` it relies on
    Textual reading the reactive's stored value there. Public way: ``app.theme = name`` after
    `__init__`.

    Args:
        app (App[Any]): The app, before `App.__init__` has run.
        name (str): The theme's name.

    Returns:
        bool: Whether it was set (False for a name that is not one of Textual's built-in
            themes, which an app only registers in its `__init__`).
    """
    if name not in BUILTIN_THEMES:
        return False
    app.set_reactive(App.theme, name)
    return True


def styled_with_the_apps_css(app: App[Any], screen: Screen[Any]) -> Screen[Any]:
    """Counts a mode's screen as styled with the app's CSS as it is: a new one, or one just styled.

    Textual refreshes the whole CSS when it makes or switches to a mode whose screen's count of
    CSS changes is not the app's, though a new, unmounted screen has missed nothing (it is
    styled as it mounts). Not for the app's first screen until the app is mounted: Textual's
    first refresh restyles what looked at its styles before.

    Private: sets `Screen._css_update_count` to `App._css_update_count`. Public way: none; a
    mode's new screen costs two full CSS refreshes.

    Args:
        app (App[Any]): The app, running.
        screen (Screen[Any]): A screen made for one of its modes, not yet mounted; or its first
            screen, once the app is mounted.

    Returns:
        Screen[Any]: The screen (for a mode's factory).
    """
    screen._css_update_count = app._css_update_count
    return screen
