"""The footer shows each screen's keys, is redrawn only when they change, and looks and acts as
Textual's Footer."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Footer, Input

from desk_browser.ui.app import DeskBrowser
from desk_browser.ui.screens.help_screen import HelpScreen
from desk_browser.ui.screens.search_screen import SearchScreen
from desk_browser.ui.widgets.desk_footer import DeskFooter, FooterEntry
from tests.helpers.pilot import AppFor, screen_text, settle, settled


def _keys(app: App[Any]) -> list[FooterEntry]:
    return app.screen.query_one(DeskFooter).shown_keys()


def _same_entries(first: list[FooterEntry], second: list[FooterEntry]) -> bool:
    return len(first) == len(second) and all(a is b for a, b in zip(first, second, strict=True))


def _column_of(app: App[Any], key: str) -> int:
    footer = app.screen.query_one(DeskFooter)
    for x in range(footer.size.width):
        entry = footer.key_at(x)
        if entry is not None and entry.key == key:
            return x
    raise AssertionError(f'{key} is not in the footer')


async def test_binding_refreshes_that_change_nothing_leave_the_footer_alone(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with settled(app) as pilot:
        shown = _keys(app)
        assert shown
        for _ in range(3):
            app.screen.refresh_bindings()
        await settle(pilot)
        assert _same_entries(_keys(app), shown)  # The very same keys: not read again.


async def test_a_key_that_changes_meaning_is_shown_at_once(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with settled(app) as pilot:
        assert 'Pause' in [key.description for key in _keys(app)]
        await pilot.press('f')
        await settle(pilot)
        descriptions = [key.description for key in _keys(app)]
        assert 'Follow' in descriptions and 'Pause' not in descriptions


async def test_each_screen_shows_its_own_keys(app_for: AppFor, demo_desk: Path) -> None:
    app = app_for(demo_desk)
    async with settled(app) as pilot:
        main_keys = [key.description for key in _keys(app)]
        await pilot.press('slash')
        await settle(pilot)
        search_keys = [key.description for key in _keys(app)]
        assert 'Clear / back' in search_keys and 'Clear / back' not in main_keys
        await pilot.press('escape')
        await settle(pilot)
        assert [key.description for key in _keys(app)] == main_keys


async def test_moving_the_focus_between_panes_rebuilds_nothing(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with settled(app) as pilot:
        shown = _keys(app)
        focused = app.focused
        await pilot.press('tab')
        await settle(pilot)
        assert app.focused is not focused  # The focus moved, with its own hidden keys...
        assert _same_entries(_keys(app), shown)  # ...and the very same keys are shown.


async def test_clicking_a_key_runs_it(app_for: AppFor, demo_desk: Path) -> None:
    app: DeskBrowser = app_for(demo_desk)
    async with settled(app) as pilot:
        await pilot.click(DeskFooter, offset=(_column_of(app, 'slash'), 0))
        await settle(pilot)
        assert isinstance(app.screen, SearchScreen)


async def test_the_key_under_the_mouse_is_highlighted_with_its_tooltip(
    app_for: AppFor, demo_desk: Path
) -> None:
    app: DeskBrowser = app_for(demo_desk)
    async with settled(app) as pilot:
        footer = app.screen.query_one(DeskFooter)
        before = footer.render_line(0)
        await pilot.hover(DeskFooter, offset=(_column_of(app, 'ctrl+p'), 0))
        await pilot.pause()
        assert footer.tooltip == 'Open the command palette'
        assert footer.render_line(0) != before
        await pilot.hover(DeskFooter, offset=(_column_of(app, 'q'), 0))
        await pilot.pause()
        assert footer.tooltip is None  # Quit has no tooltip.
        await pilot.hover('#first-search')
        await pilot.pause()
        assert footer.render_line(0) == before


class _Keys(App[None]):
    """Three keys, one of them disabled, and the palette's; its footer is Textual's or ours.

    At 80 columns they fit as they are, at 44 only packed closer, none left out.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding('a', 'ring', 'Ring'),
        Binding('b', 'ring_twice', 'Ring twice'),
        Binding('c', 'nothing', 'Nothing'),
    ]

    def __init__(self, textual_footer: bool) -> None:
        super().__init__()
        self._textual_footer = textual_footer

    def compose(self) -> ComposeResult:
        # Below 45 columns the keys do not fit at their ease: DeskFooter packs them.
        compact = self.size.width < 45
        yield Footer(compact=compact) if self._textual_footer else DeskFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return None if action == 'nothing' else True  # None: shown, disabled.

    def action_ring(self) -> None:
        """Does nothing visible."""

    def action_ring_twice(self) -> None:
        """Does nothing visible."""


async def _screenshot(textual_footer: bool, width: int, hover_x: int | None) -> str:
    """The app's screenshot, its footer hovered at a column (None: not), without its own id."""
    app = _Keys(textual_footer)
    async with app.run_test(size=(width, 3)) as pilot:
        await pilot.pause()
        if hover_x is not None:
            await pilot.hover(offset=(hover_x, 2))
            await pilot.pause()
        return re.sub(r'terminal-\d+', 'terminal', app.export_screenshot(title='keys'))


async def test_the_footer_looks_as_textual_s_footer_wide_narrow_and_hovered() -> None:
    for width in (80, 44):
        for hover_x in (None, 1, 7, 12, width - 3):  # Nothing, keys, a gap, the palette.
            ours = await _screenshot(False, width, hover_x)
            assert ours == await _screenshot(True, width, hover_x), (width, hover_x)


def _footer_line(pilot: Any) -> str:
    return screen_text(pilot).splitlines()[-1]


async def test_at_80x24_each_screen_s_footer_keeps_its_way_out_and_its_main_keys(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with settled(app, (80, 24)) as pilot:
        main = _footer_line(pilot)
        for words in ('n Next', 'p Previous', 'c Current', 'f Pause', '? Help', 'q Quit'):
            assert words in main
        await pilot.press('d')
        await settle(pilot)
        day = _footer_line(pilot)
        for words in ('esc Back', '[ Day before', '] Day after', 'f Filter', '? Help'):
            assert words in day
        await pilot.press('escape', 'exclamation_mark')
        await settle(pilot)
        problems = _footer_line(pilot)
        for words in ('Open', 'esc Back', 'r Check again', '? Help'):
            assert words in problems
        assert '! Problems' not in problems  # The screen it would open.
        await pilot.press('escape', 'slash', *'rbi policy')
        await settle(pilot)
        await pilot.press('down')
        await settle(pilot)
        hits = _footer_line(pilot)
        for words in ('enter Open', 'esc Clear / back', '? Help'):
            assert words in hits
        await pilot.press('enter')
        await settle(pilot)
        record = screen_text(pilot).splitlines()
        for words in ('esc Back', 'n Next hit', '? Help', 'q Quit'):
            assert words in record[-1]
        # The line under the heading names the day's keys on one line (shorter words at 80).
        assert (
            record[2].strip()
            == "d day view  e day's sessions  s day's summary  esc back to the hits"
        )


async def test_the_record_s_keys_line_fits_the_width_it_is_resized_to(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with settled(app, (120, 40)) as pilot:
        await pilot.press('slash', *'rbi policy')
        await settle(pilot)
        await pilot.press('down', 'enter')
        await settle(pilot)
        wide = (
            "d the day view    e the day's sessions    s the day's summary    esc back to the hits"
        )
        assert screen_text(pilot).splitlines()[2].strip() == wide
        await pilot.resize_terminal(60, 24)
        await settle(pilot)
        lines = screen_text(pilot).splitlines()
        assert 'd day  e sessions  s summary  esc back' in [line.strip() for line in lines]
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        assert screen_text(pilot).splitlines()[2].strip() == wide


async def test_in_the_search_box_the_footer_offers_f1_for_help_as_its_question_mark_is_typed(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with settled(app, (80, 24)) as pilot:
        await pilot.press('slash', *'rbi?')
        await settle(pilot)
        assert isinstance(app.screen, SearchScreen)
        assert app.screen.query_one('#query', Input).value == 'rbi?'  # ? is typed there.
        box = _footer_line(pilot)
        assert 'F1 Help' in box and '? Help' not in box
        await pilot.press('down')  # Into the hits, where ? opens the help again.
        await settle(pilot)
        hits = _footer_line(pilot)
        assert '? Help' in hits and 'F1 Help' not in hits
        app.screen.query_one('#query', Input).focus()
        await settle(pilot)
        await pilot.press('f1')
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
