"""Every private Textual name the app uses, in one room, for the one Textual version it was read in.

The app is fast on big desks partly because it steps around a few of Textual's public paths,
each of which lays out or redraws far more than the change needs. Each such step uses a name
Textual does not promise to keep, so they all live here, and importing this module fails at
once on any Textual other than `TEXTUAL_VERSION` (the version pinned in pyproject.toml). Each
hook below says what it buys, as measured when it was made, and the public way it replaces, so
an upgrade can re-check them one by one; tests/ui/test_ui_textual_compat.py fails loudly when
Textual changes under one of them, and tests/ui/test_ui_private_names.py fails when a private
Textual or Rich name is used anywhere else in src/.

The hooks:

- `count_background_screens` (`App._background_screens`): the screens under an opaque top screen
  are not counted as visible, so the main screen under the search screen stops repainting the
  whole search screen on each follow poll and age tick (8-10 ms, about four times a second,
  while typing too). Public way: none; Textual counts the screen just under the top one as
  visible whatever the top one's background.
- `update_scrollbars` (`Widget._scroll_update`): a view whose height is set by CSS gets a new
  scrollable size without a layout of the whole screen (a third of each ``n`` press on a
  10,000-exchange log went to that layout). Public way: assigning `virtual_size`.
- `virtual_size_without_layout` (redefining `Widget.virtual_size` on a subclass): the search
  box's text width changes without laying out the screen on every keystroke (a large part of a
  keystroke's 16 ms on a slow machine). Public way: Input's own `virtual_size`, which lays out.

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
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import textual
from textual.app import App
from textual.geometry import Size
from textual.reactive import Reactive
from textual.screen import Screen
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
    """Says which Textual is installed, without importlib.metadata where it can.

    importlib.metadata (with the email parser it reads package metadata with) is 11 ms of the
    app's start; the installer's record of the pinned version, a folder beside the textual
    package, says the same in a look-up. Any other installation (another version, an editable
    one) is asked through importlib.metadata.

    Returns:
        str: The installed Textual's version.
    """
    site_packages = Path(textual.__file__).resolve().parent.parent
    if (site_packages / f'textual-{TEXTUAL_VERSION}.dist-info').is_dir():
        return TEXTUAL_VERSION
    from importlib.metadata import version  # Deferred: see above.

    return version('textual')


_check_version(_installed_version())

AppClass = TypeVar('AppClass', bound=type[App[Any]])

ShowsThrough = Callable[[Any, list[Screen[Any]]], bool]
"""Says, given the app and its screens (bottom first), whether those under the top one show."""


def count_background_screens(shows_through: ShowsThrough) -> Callable[[AppClass], AppClass]:
    """Makes an app count the screens under the top one as visible only when they show through.

    Textual (8.2.8) counts the screen just under the top one as visible whatever the top
    screen's background, so the main screen under the search screen stayed "current": each
    follow poll or other message it handled made it redraw itself, and every such redraw
    repainted the whole search screen (8-10 ms, four times a second while idle, and in the
    middle of typing). With this, when `shows_through` says no (an opaque top screen), no screen
    counts as visible behind the top one; otherwise Textual's own count stands. A covered
    screen keeps its changes and is laid out and drawn when it is back on top (Textual's own
    `Screen._on_screen_resume` does that).

    Private: overrides `App._background_screens`, which Textual's screens and compositor read to
    decide what to draw, and hands `shows_through` the live `App._screen_stack` (it is read on
    every refresh; the public `screen_stack` is a copy). Public way: none.

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


def update_scrollbars(view: Widget, size: Size) -> None:
    """Updates a view's scrollbars (and clamps its scroll offset) for a new scrollable size.

    This is what Textual does itself when it sets a size without a layout. Assigning
    `virtual_size` instead lays out the whole screen and redraws it: a third of the time of each
    ``n`` press on the 10,000-exchange log.

    Private: calls `Widget._scroll_update`. Public way: ``view.virtual_size = size``.

    Args:
        view (Widget): The view, its `virtual_size` already set (with `set_reactive`).
        size (Size): Its new scrollable size.
    """
    view._scroll_update(size)


def virtual_size_without_layout() -> Reactive[Size]:
    """A `virtual_size` for a widget subclass whose size never depends on its content.

    Textual's Input sets its `virtual_size` (the width of its text) on every change of its value,
    and `virtual_size` asks for a layout of the whole screen, then a redraw of every widget the
    layout touched: on a slow machine a large part of the 16 ms a keystroke may take. Declared
    on a subclass, this one only stores the size; Input's scrolling to the cursor reads it.

    Private in effect: redefines the reactive Widget declares (Textual reads it by name). Public
    way: Input's own `virtual_size`.

    Returns:
        Reactive[Size]: The reactive, to assign to ``virtual_size`` in the subclass's body.
    """
    return Reactive(Size(0, 0), layout=False)
