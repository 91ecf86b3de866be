"""The main screen's tabs: a one-widget tab bar that looks and acts as Textual's TabbedContent."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from textual.app import App, ComposeResult
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Static, TabbedContent, TabPane, Tabs

from desk_browser.ui.widgets.summary_pane import SummaryPane
from desk_browser.ui.widgets.tab_bar import TabBar, TabLabel
from desk_browser.ui.widgets.tabbed_panes import TabbedPane, TabbedPanes
from tests.helpers.pilot import AppFor, settle, settled


class _Tabs(App[None]):
    """Two tabs over a pane each: Textual's TabbedContent, or TabbedPanes and TabBar."""

    def __init__(self, textual_tabs: bool) -> None:
        super().__init__()
        self.textual_tabs = textual_tabs
        self.activated: list[str] = []

    def compose(self) -> ComposeResult:
        if self.textual_tabs:
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


def _shows(app: _Tabs, active: str) -> bool:
    """Whether the app is done with a step that leaves `active` the active tab.

    Each step's click or key goes through a chain of messages (Textual's: the tab, its Tabs, the
    TabbedContent and its switcher, the app; then the underline's move, after a refresh, which
    may animate), so a fixed number of pauses is not always enough on a busy machine.

    Args:
        app (_Tabs): The app.
        active (str): The pane's id the step leaves active.

    Returns:
        bool: True once the app has heard of the tab, its pane alone is laid out, and (Textual's)
            the underline stands under it.
    """
    if (app.activated[-1] if app.activated else 'one') != active:
        return False
    for pane in app.query(TabPane if app.textual_tabs else TabbedPane):
        shown = pane.id == active
        if pane.display != shown or bool(pane.region) != shown:
            return False
    if not app.textual_tabs:
        return True
    underline = app.query_one('Underline', Widget)
    tab = app.query_one(Tabs).active_tab
    if tab is None or any(
        app.animator.is_being_animated(underline, name)
        for name in ('highlight_start', 'highlight_end')
    ):
        return False
    span = tab.virtual_region.shrink(tab.styles.gutter).column_span
    return (underline.highlight_start, underline.highlight_end) == span  # type: ignore[attr-defined]


async def _step(pilot: Pilot[Any], step: str, active: str) -> None:
    app = pilot.app
    assert isinstance(app, _Tabs)
    if step == 'blur':
        pilot.app.set_focus(None)
    elif step.startswith(('hover', 'click')):
        x, y = (int(number) for number in step.split(':')[1].split(','))
        await (pilot.hover if step.startswith('hover') else pilot.click)(offset=(x, y))
    else:
        await pilot.press(step)
    for _ in range(100):
        await pilot.pause()
        if _shows(app, active):
            break
    else:
        raise AssertionError(f'{step}: the tabs never settled on {active!r}')
    await pilot.wait_for_scheduled_animations()
    await pilot.pause()
    await pilot.pause()


async def _screenshots(
    textual_tabs: bool, steps: list[tuple[str, str]]
) -> tuple[list[str], list[str]]:
    """The screenshot after each step (without its own id), and the panes activated."""
    app = _Tabs(textual_tabs)
    shots = []
    async with app.run_test(size=(40, 6)) as pilot:
        await pilot.pause()
        app.activated.clear()  # Textual's says so once as it starts; nobody here waits for it.
        for step, active in steps:
            await _step(pilot, step, active)
            shots.append(re.sub(r'terminal-\d+', 'terminal', app.export_screenshot(title='tabs')))
    return shots, app.activated


STEPS = [
    # The focused bar (the app's first focusable), the mouse on Summary's label.
    ('hover:13,0', 'one'),
    ('right', 'two'),
    ('right', 'one'),  # Round to the first.
    ('left', 'two'),  # Round to the last.
    ('blur', 'two'),
    ('hover:3,1', 'two'),  # Under a label: no hover.
    ('click:3,1', 'one'),  # Under Exchanges: activates it, focuses the bar.
    ('blur', 'one'),
    ('click:13,0', 'two'),
    ('click:30,0', 'two'),  # Right of the labels: nothing but the focus.
    ('hover:20,4', 'two'),
]
"""Each step and the tab it leaves active."""


async def test_the_bar_looks_and_acts_as_textual_s_tabs() -> None:
    ours, our_panes = await _screenshots(False, STEPS)
    theirs, their_panes = await _screenshots(True, STEPS)
    for step, (our_shot, their_shot) in enumerate(zip(ours, theirs, strict=True)):
        assert our_shot == their_shot, STEPS[step][0]
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
