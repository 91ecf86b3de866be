"""The header shows the screen's title and sub-title, and looks and acts as Textual's Header."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path

from textual.app import App, ComposeResult
from textual.command import CommandPalette
from textual.pilot import Pilot
from textual.widgets import Header, Static

from desk_browser.ui.app import DeskBrowser
from desk_browser.ui.widgets.desk_header import DeskHeader
from tests.helpers.pilot import AppFor, settle, settled


class _Titled(App[None]):
    """A header over one Static; the header is Textual's or ours."""

    def __init__(self, textual_header: bool, title: str, sub_title: str) -> None:
        super().__init__()
        self._textual_header = textual_header
        self.title = title
        self.sub_title = sub_title

    def compose(self) -> ComposeResult:
        yield Header() if self._textual_header else DeskHeader()
        yield Static('Below the header')


Step = tuple[str, tuple[int, int] | str]
"""('hover' or 'click', (x, y)), or ('screen title' or 'sub-title', the words)."""


async def _screenshot(
    textual_header: bool, width: int, title: str, sub_title: str, steps: Sequence[Step]
) -> str:
    """The app's screenshot after the steps, without its own id."""
    app = _Titled(textual_header, title, sub_title)
    async with app.run_test(size=(width, 5)) as pilot:
        await pilot.pause()
        for kind, what in steps:
            if isinstance(what, tuple):
                await (pilot.hover if kind == 'hover' else pilot.click)(offset=what)
            elif kind == 'screen title':
                app.screen.title = what
            else:
                app.sub_title = what
            await pilot.pause()
        return re.sub(r'terminal-\d+', 'terminal', app.export_screenshot(title='header'))


LONG = 'a title far too long for the room between the icon and the clock'


async def test_the_header_looks_as_textual_s_header() -> None:
    cases: list[tuple[int, str, str, tuple[Step, ...]]] = [
        (80, 'desk-browser', '', ()),
        (80, 'desk-browser', 'my desk · indexing 3 of 62 days', ()),
        (31, 'desk-browser', 'my desk', ()),  # An odd room: the title one column off centre.
        (40, LONG, 'and a sub-title', ()),  # Cut with an ellipsis.
        (60, LONG, '', ()),
        (20, 'desk-browser', '', ()),  # Room for two columns of title.
        (12, 'desk-browser', '', ()),  # The clock's space covers part of the icon.
        (5, 'desk-browser', '', ()),
        (60, 'desk-browser', 'a desk', (('hover', (3, 0)),)),  # The icon lighter.
        (60, 'desk-browser', 'a desk', (('hover', (3, 0)), ('hover', (30, 0)))),  # And again not.
        (60, 'desk-browser', 'a desk', (('click', (30, 0)),)),  # Tall.
        (60, 'desk-browser', 'a desk', (('click', (30, 0)), ('hover', (2, 2)))),
        (60, 'desk-browser', 'a desk', (('click', (55, 0)), ('click', (30, 1)))),  # Short again.
        (60, 'desk-browser', 'a desk', (('screen title', 'Search'), ('sub-title', 'another'))),
    ]
    for width, title, sub_title, steps in cases:
        ours = await _screenshot(False, width, title, sub_title, steps)
        textual = await _screenshot(True, width, title, sub_title, steps)
        assert ours == textual, (width, title, sub_title, steps)


@asynccontextmanager
async def _demo_header(
    app_for: AppFor, demo_desk: Path
) -> AsyncIterator[tuple[DeskBrowser, Pilot[None], DeskHeader]]:
    """The app on the demo desk, settled, with its main screen's header."""
    app: DeskBrowser = app_for(demo_desk)
    async with settled(app) as pilot:
        yield app, pilot, app.screen.query_one(DeskHeader)


async def test_the_icon_has_the_palette_s_tooltip_and_opens_it(
    app_for: AppFor, demo_desk: Path
) -> None:
    async with _demo_header(app_for, demo_desk) as (app, pilot, header):
        assert header.tooltip is None
        await pilot.hover(DeskHeader, offset=(2, 0))
        await pilot.pause()
        assert header.tooltip == 'Open the command palette'
        await pilot.hover(DeskHeader, offset=(30, 0))
        await pilot.pause()
        assert header.tooltip is None
        await pilot.click(DeskHeader, offset=(2, 0))
        await settle(pilot)
        assert isinstance(app.screen, CommandPalette)
        assert not header.has_class('-tall')  # The icon's click is its own.


async def test_a_click_beside_the_icon_makes_the_header_tall_and_short_again(
    app_for: AppFor, demo_desk: Path
) -> None:
    async with _demo_header(app_for, demo_desk) as (_app, pilot, header):
        assert header.size.height == 1
        await pilot.click(DeskHeader, offset=(40, 0))
        await settle(pilot)
        assert header.size.height == 3
        await pilot.click(DeskHeader, offset=(40, 2))
        await settle(pilot)
        assert header.size.height == 1


async def test_the_header_shows_the_desk_and_follows_the_sub_title(
    app_for: AppFor, demo_desk: Path
) -> None:
    async with _demo_header(app_for, demo_desk) as (app, pilot, header):
        line = ''.join(segment.text for segment in header.render_line(0))
        assert 'desk-browser — ' + demo_desk.name in line
        app.sub_title = 'elsewhere'
        await pilot.pause()
        line = ''.join(segment.text for segment in header.render_line(0))
        assert 'desk-browser — elsewhere' in line
