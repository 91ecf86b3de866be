"""The private Textual hooks still mean what textual_compat says: these fail loudly when not.

Each test checks one hook against Textual itself (the private name exists and behaves as the
hook assumes), so an upgrade of Textual shows at once which hook it broke.
"""

from __future__ import annotations

import tomllib
from importlib.metadata import version
from pathlib import Path

import pytest
from textual._compositor import Compositor
from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.stylesheet import Stylesheet
from textual.filter import ANSIToTruecolor
from textual.geometry import Region, Size
from textual.screen import ModalScreen, Screen
from textual.strip import Strip
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


# skip_covered_containers: Screen._compositor, Compositor._render_chops.


class _Nested(Screen[None]):
    """Containers in containers: covered whole, with padding, with a border, partly empty."""

    DEFAULT_CSS = """
    _Nested { layout: vertical; }
    #covered { height: 3; }
    #padded { height: 5; padding: 1 2; background: red; }
    #bordered { height: 6; border: round green; }
    #short { height: 4; }
    #short Static { height: 1; }
    #columns Static { width: 1fr; height: 1fr; }
    """

    def compose(self) -> ComposeResult:
        with Vertical(id='covered'):
            yield Static('covered\nwhole\nby me')
        with Vertical(id='padded'):
            yield Static('padded')
        with Vertical(id='bordered'), Horizontal(id='columns'):
            yield Static('left')
            yield Static('right')
        with Vertical(id='short'):
            yield Static('one line of four')
        with VerticalScroll(id='scrolled'):
            yield Static('\n'.join(f'line {line}' for line in range(40)))


@textual_compat.skip_covered_containers
class _SkippingNested(_Nested):
    pass


class _NestedApp(App[None]):
    def __init__(self, screen: Screen[None]) -> None:
        super().__init__()
        self._first = screen

    def on_mount(self) -> None:
        self.push_screen(self._first)


def test_textual_renders_chops_in_its_compositor_from_the_screens_compositor() -> None:
    """What the hook overrides: the compositor each screen makes, and its chops."""
    assert callable(vars(Compositor)['_render_chops'])
    assert callable(vars(Compositor)['_get_renders'])
    assert isinstance(_Nested()._compositor, Compositor)
    assert type(_SkippingNested()._compositor) is textual_compat._CoverSkippingCompositor


async def test_covered_containers_are_not_rendered_but_every_chop_is_textuals(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = _NestedApp(_SkippingNested())
    async with app.run_test(size=(30, 40)) as pilot:
        await pilot.pause()
        compositor = app.screen._compositor
        screen = Region(0, 0, 30, 40)
        rendered: list[str] = []
        textual_render_lines = Widget.render_lines

        def render_lines(widget: Widget, crop: Region) -> list[Strip]:
            rendered.append(f'{widget.id}:{crop.y}+{crop.height}')
            return textual_render_lines(widget, crop)

        monkeypatch.setattr(Widget, 'render_lines', render_lines)
        compositor._render_chops(screen, lambda line: True)
        monkeypatch.undo()
        assert not [name for name in rendered if name.split(':')[0] in ('covered', 'columns')]
        assert 'padded:0+5' in rendered and 'bordered:0+6' in rendered  # Their edges show.
        assert 'short:1+3' in rendered  # Only its lines under no child.

        every_line = lambda line: True  # noqa: E731
        odd_lines = lambda line: line % 2 == 1  # noqa: E731
        for crop, lines in (
            (screen, every_line),
            (Region(3, 2, 20, 12), every_line),
            (screen, odd_lines),
        ):
            skipping = compositor._render_chops(crop, lines)
            textuals = Compositor._render_chops(compositor, crop, lines)
            assert [list(line.items()) for line in skipping] == [
                list(line.items()) for line in textuals
            ]


async def test_a_screen_skipping_covered_containers_looks_the_same() -> None:
    screenshots = []
    for screen in (_Nested(), _SkippingNested()):
        app = _NestedApp(screen)
        async with app.run_test(size=(30, 40)) as pilot:
            await pilot.pause()
            screenshots.append(app.export_screenshot())
    assert screenshots[0] == screenshots[1]


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
