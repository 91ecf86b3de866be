"""The main screen's tabs: a one-widget tab bar that looks and acts as Textual's TabbedContent."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from textual.app import App, ComposeResult
from textual.pilot import Pilot
from textual.widgets import Static, TabbedContent, TabPane

from desk_browser.ui.widgets.summary_pane import SummaryPane
from desk_browser.ui.widgets.tab_bar import TabBar, TabLabel
from desk_browser.ui.widgets.tabbed_panes import TabbedPane, TabbedPanes
from tests.helpers.pilot import AppFor, settle, settled


class _Tabs(App[None]):
    """Two tabs over a pane each: Textual's TabbedContent, or TabbedPanes and TabBar."""

    def __init__(self, textual_tabs: bool) -> None:
        super().__init__()
        self._textual_tabs = textual_tabs
        self.activated: list[str] = []

    def compose(self) -> ComposeResult:
        if self._textual_tabs:
            with TabbedContent(initial='one'):
                with TabPane('Exchanges', id='one'):
                    yield Static('the first pane')
                with TabPane('Summary', id='two'):
                    yield Static('the second pane')
            return
        with TabbedPanes():
            yield TabBar([TabLabel('one', 'Exchanges'), TabLabel('two', 'Summary')], active='one')
            with TabbedPane(id='one'):
                yield Static('the first pane')
            with TabbedPane(id='two'):
                yield Static('the second pane')

    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        self.activated.append(event.pane.id or '')

    def on_tabbed_panes_tab_activated(self, event: TabbedPanes.TabActivated) -> None:
        self.activated.append(event.pane.id or '')


async def _step(pilot: Pilot[Any], step: str) -> None:
    if step == 'blur':
        pilot.app.set_focus(None)
    elif step.startswith(('hover', 'click')):
        x, y = (int(number) for number in step.split(':')[1].split(','))
        await (pilot.hover if step.startswith('hover') else pilot.click)(offset=(x, y))
    else:
        await pilot.press(step)
    await pilot.pause()
    await pilot.pause()


async def _screenshots(textual_tabs: bool, steps: list[str]) -> tuple[list[str], list[str]]:
    """The screenshot after each step (without its own id), and the panes activated."""
    app = _Tabs(textual_tabs)
    shots = []
    async with app.run_test(size=(40, 6)) as pilot:
        await pilot.pause()
        app.activated.clear()  # Textual's says so once as it starts; nobody here waits for it.
        for step in steps:
            await _step(pilot, step)
            shots.append(re.sub(r'terminal-\d+', 'terminal', app.export_screenshot(title='tabs')))
    return shots, app.activated


STEPS = [
    'hover:13,0',  # The focused bar (the app's first focusable), the mouse on Summary's label.
    'right',
    'right',  # Round to the first.
    'left',  # Round to the last.
    'blur',
    'hover:3,1',  # Under a label: no hover.
    'click:3,1',  # Under Exchanges: activates it, focuses the bar.
    'blur',
    'click:13,0',
    'click:30,0',  # Right of the labels: nothing but the focus.
    'hover:20,4',
]


async def test_the_bar_looks_and_acts_as_textual_s_tabs() -> None:
    ours, our_panes = await _screenshots(False, STEPS)
    theirs, their_panes = await _screenshots(True, STEPS)
    for step, (our_shot, their_shot) in enumerate(zip(ours, theirs, strict=True)):
        assert our_shot == their_shot, STEPS[step]
    assert our_panes == their_panes == ['two', 'one', 'two', 'one', 'two']


async def test_a_bad_tab_id_is_refused() -> None:
    app = _Tabs(False)
    async with app.run_test(size=(40, 6)):
        tabs = app.query_one(TabbedPanes)
        try:
            tabs.active = 'three'
        except ValueError:
            pass
        else:
            raise AssertionError('no error for a tab that does not exist')
        assert tabs.active == 'one'


async def test_the_summary_tab_hides_the_summary_pane_under_it(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with settled(app) as pilot:
        assert app.query_one(SummaryPane).display
        await pilot.click(TabBar, offset=(13, 0))  # On "Summary".
        await settle(pilot)
        assert app.query_one(TabbedPanes).active == 'summary-tab'
        assert not app.query_one(SummaryPane).display
        assert isinstance(app.focused, TabBar)
        await pilot.press('left')
        await settle(pilot)
        assert app.query_one(TabbedPanes).active == 'exchanges-tab'
        assert app.query_one(SummaryPane).display
