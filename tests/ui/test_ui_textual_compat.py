"""The private Textual hooks still mean what textual_compat says: these fail loudly when not.

Each test checks one hook against Textual itself (the private name exists and behaves as the
hook assumes), so an upgrade of Textual shows at once which hook it broke.
"""

from __future__ import annotations

import tomllib
from importlib.metadata import version
from pathlib import Path

import pytest
from textual.app import App, ComposeResult
from textual.containers import VerticalScroll
from textual.geometry import Size
from textual.reactive import Reactive
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Input, Static

from desk_browser.ui import textual_compat
from desk_browser.ui.covered_screens import OPAQUE, CoveredScreens
from desk_browser.ui.widgets.search_box import SearchBox

PYPROJECT = Path(__file__).resolve().parents[2] / 'pyproject.toml'


def test_the_hooks_are_for_the_textual_installed_and_pinned() -> None:
    dependencies = tomllib.loads(PYPROJECT.read_text())['project']['dependencies']
    assert f'textual=={textual_compat.TEXTUAL_VERSION}' in dependencies
    assert version('textual') == textual_compat.TEXTUAL_VERSION


def test_another_textual_is_refused_with_what_to_do() -> None:
    with pytest.raises(RuntimeError, match=r'needs Textual 8\.2\.8 \(found 8\.3\.0\)'):
        textual_compat._check_version('8.3.0')
    textual_compat._check_version(textual_compat.TEXTUAL_VERSION)


# count_background_screens: App._background_screens.


class _Opaque(Screen[None]):
    def compose(self) -> ComposeResult:
        yield Static('on top')


class _Translucent(ModalScreen[None]):
    def compose(self) -> ComposeResult:
        yield Static('a dialog')


class _PlainApp(App[None]):
    def compose(self) -> ComposeResult:
        yield Static('underneath')


@textual_compat.count_background_screens(lambda app, stack: CoveredScreens().shows_through(stack))
class _HidingApp(_PlainApp):
    pass


def test_textual_counts_a_screen_under_an_opaque_one_as_visible() -> None:
    """What the hook works around: Textual's own property, read by its screens and compositor."""
    assert isinstance(vars(App)['_background_screens'], property)
    assert '_background_screens' in vars(_HidingApp)


async def test_a_screen_under_an_opaque_one_is_current_in_textual_but_not_with_the_hook() -> None:
    for app_class, covered_is_current in ((_PlainApp, True), (_HidingApp, False)):
        app = app_class()
        async with app.run_test(size=(40, 10)) as pilot:
            bottom = app.screen
            await app.push_screen(_Opaque())
            await pilot.pause()
            assert bottom.is_current is covered_is_current, app_class.__name__
            assert app.screen.is_current


async def test_a_screen_under_a_translucent_one_stays_visible_with_the_hook() -> None:
    app = _HidingApp()
    async with app.run_test(size=(40, 10)) as pilot:
        bottom = app.screen
        await app.push_screen(_Translucent())
        await pilot.pause()
        assert app.screen.styles.background.a < OPAQUE
        assert bottom.is_current
        assert app._background_screens == [bottom]


# update_scrollbars: Widget._scroll_update.


class _ScrollApp(App[None]):
    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static('\n'.join(str(line) for line in range(100)))


async def test_updating_the_scrollbars_follows_a_size_set_without_a_layout() -> None:
    assert callable(vars(Widget)['_scroll_update'])
    app = _ScrollApp()
    async with app.run_test(size=(40, 10)) as pilot:
        view = app.query_one(VerticalScroll)
        view.scroll_end(animate=False, immediate=True)
        await pilot.pause()
        assert view.scroll_y > 20
        size = Size(view.virtual_size.width, 20)
        view.set_reactive(Widget.virtual_size, size)
        textual_compat.update_scrollbars(view, size)
        assert view.vertical_scrollbar.window_virtual_size == 20
        assert view.scroll_y == view.max_scroll_y == 20 - view.scrollable_content_region.height


# virtual_size_without_layout: Widget.virtual_size redefined.


def test_the_search_box_redefines_the_virtual_size_input_sets_without_a_layout() -> None:
    widget_size = vars(Widget)['virtual_size']
    box_size = vars(SearchBox)['virtual_size']
    assert isinstance(widget_size, Reactive) and isinstance(box_size, Reactive)
    assert widget_size._layout is True  # Textual's: a layout of the screen on every change.
    assert box_size._layout is False
    assert 'virtual_size' not in vars(Input)  # Input still uses Widget's, which the box replaces.


async def test_input_still_sets_its_virtual_size_as_its_text_grows() -> None:
    class _BoxApp(App[None]):
        def compose(self) -> ComposeResult:
            yield SearchBox()

    app = _BoxApp()
    async with app.run_test(size=(30, 5)) as pilot:
        box = app.query_one(SearchBox)
        box.value = 'a query much wider than the box itself'
        await pilot.pause()
        assert box.virtual_size.width > box.scrollable_content_region.width
