"""Every private Textual name the app uses, for the one Textual version it was read in.

Importing this module fails on any Textual other than `TEXTUAL_VERSION`. A hook stays only
while it buys 5% of the first paint or a 16 ms frame of a measured stall. test_ui_textual_compat
fails when Textual changes under one, test_ui_private_names when a private name is used
elsewhere in src/.

- `start_with_theme` (`App.theme` set before `App.__init__`): the CSS is parsed once, with the
  remembered theme; 8.8% of the first paint. Upstream: a ``theme`` argument to `App.__init__`.
- `styled_with_the_apps_css` (`Screen._css_update_count`, `App._css_update_count`): a mode's new
  screen is not restyled twice; 17-40 ms for each desk opened in the workspace app. Upstream:
  `App.switch_mode` refreshing a screen's CSS only when it has missed a change.
- `count_background_screens` (`App._background_screens`): a screen under an opaque one is not
  repainted; 8-10 ms a poll while typing a search. Upstream: a public
  ``Screen.shows_screens_below`` that `App._background_screens` consults.
- `update_scrollbars` (`Widget._scroll_update`): a new scrollable size without a layout of the
  screen; 20-30 ms of each ``n`` on a 10,000-exchange log. Upstream:
  ``Widget.set_virtual_size(size, layout=False)``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import textual
from textual.app import App
from textual.geometry import Size
from textual.screen import Screen
from textual.theme import BUILTIN_THEMES
from textual.widget import Widget

TEXTUAL_VERSION = '8.2.8'
"""The Textual every hook here was read in and tested against."""


def _check_version(installed: str) -> None:
    """Raises RuntimeError on any Textual other than `TEXTUAL_VERSION`."""
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
    """A class decorator: the app counts screens under the top one as visible only when they show.

    When `shows_through` (given the live `App._screen_stack`) says no, no screen behind the top
    one is visible; otherwise Textual's count stands. A covered screen is drawn when back on top.
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
    """Updates a view's scrollbars and scroll offset for a new scrollable size, without a layout.

    The view's `virtual_size` must already be set (with `set_reactive`).
    """
    view._scroll_update(size)


def start_with_theme(app: App[Any], name: str) -> bool:
    """Makes a built-in theme the one the app starts with; call it before `App.__init__`.

    The theme's watcher does not run: the ``-theme-NAME`` class is the caller's to add, and
    `theme_changed_signal` is not published. Returns False (nothing set) for a name that is not
    a built-in theme.
    """
    if name not in BUILTIN_THEMES:
        return False
    app.set_reactive(App.theme, name)
    return True


def styled_with_the_apps_css(app: App[Any], screen: Screen[Any]) -> Screen[Any]:
    """Counts a mode's new, unmounted screen as styled with the app's CSS; returns the screen.

    Textual would refresh the whole CSS for it though it has missed nothing. Use it for the
    app's first screen only once the app is mounted (Textual's first refresh is needed then).
    """
    screen._css_update_count = app._css_update_count
    return screen
