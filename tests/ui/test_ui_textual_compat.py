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
from textual.css.stylesheet import Stylesheet
from textual.filter import ANSIToTruecolor
from textual.geometry import Size
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Static

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


# The search box: Textual's Input sets its virtual size as its text grows.


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


class _StartingWithTheme(App[None]):
    """An app that sets its theme before Textual's __init__, as DeskBrowser does."""

    def __init__(self, theme: str) -> None:
        assert textual_compat.start_with_theme(self, theme)
        super().__init__()


@pytest.mark.parametrize('theme', ['nord', 'textual-light', 'ansi-light'])
def test_textual_builds_its_stylesheet_filters_and_classes_from_a_theme_set_before_init(
    theme: str,
) -> None:
    app = _StartingWithTheme(theme)
    textuals = App[None]()
    textuals.theme = theme  # Textual's own way, which parses the CSS again when it runs.
    assert app.theme == theme
    assert app.stylesheet._variables == textuals.get_css_variables()
    dark = app.current_theme.dark
    assert app.has_class('-dark-mode') is dark
    assert app.has_class('-light-mode') is not dark
    line_filter = app._filters[0]
    assert isinstance(line_filter, ANSIToTruecolor)
    assert line_filter.enabled is not app.current_theme.ansi
    assert line_filter._terminal_theme is (app.ansi_theme_dark if dark else app.ansi_theme_light)


@pytest.fixture
def reparsed(monkeypatch: pytest.MonkeyPatch) -> list[Stylesheet]:
    """The stylesheets Textual fully re-parses during the test, one entry a re-parse."""
    reparses: list[Stylesheet] = []
    reparse = Stylesheet.reparse

    def counting_reparse(stylesheet: Stylesheet) -> None:
        reparses.append(stylesheet)
        reparse(stylesheet)

    monkeypatch.setattr(Stylesheet, 'reparse', counting_reparse)
    return reparses


async def test_an_app_started_with_a_theme_parses_its_css_once(
    reparsed: list[Stylesheet],
) -> None:
    app = _StartingWithTheme('nord')
    async with app.run_test() as pilot:
        await pilot.pause()
        assert app.screen.styles.background.hex.lower() == '#2e3440'
    assert reparsed == []
    textuals = App[None]()
    textuals.theme = 'nord'
    async with textuals.run_test() as pilot:
        await pilot.pause()
    assert len(reparsed) == 1  # What the hook saves.


def test_only_textuals_own_themes_are_set_before_init() -> None:
    class Unknown(App[None]):
        def __init__(self) -> None:
            assert not textual_compat.start_with_theme(self, 'no-such-theme')
            super().__init__()

    assert Unknown().theme == App[None]().theme


class _Panel(Screen[None]):
    DEFAULT_CSS = '_Panel { background: $primary; }'


class _Modes(App[None]):
    """An app whose second mode's screen is made with the hook, or not."""

    def __init__(self, *, hooked: bool) -> None:
        super().__init__()
        self.hooked = hooked

    def on_mount(self) -> None:
        if self.hooked:
            self.add_mode('panel', lambda: textual_compat.styled_with_the_apps_css(self, _Panel()))
        else:
            self.add_mode('panel', _Panel)


@pytest.mark.parametrize('hooked', [False, True])
async def test_a_new_modes_screen_refreshes_all_css_in_textual_but_not_with_the_hook(
    hooked: bool, reparsed: list[Stylesheet]
) -> None:
    app = _Modes(hooked=hooked)
    async with app.run_test() as pilot:
        app.theme = 'nord'
        await pilot.pause()
        reparsed.clear()
        await app.switch_mode('panel')
        await pilot.pause()
        assert isinstance(app.screen, _Panel)
        primary = app.current_theme.primary
        assert app.screen.styles.background.hex.lower() == primary.lower()
    assert len(reparsed) == (0 if hooked else 2)  # Made, then switched to: both refresh it all.
