"""later.tcss: not parsed for the first screen, added (once) when a later screen is made."""

from __future__ import annotations

from pathlib import Path

from desk_browser.ui.later_css import LATER_CSS_PATH
from desk_browser.ui.widgets.desk_text_view import DeskTextView
from tests.helpers.pilot import AppFor


async def test_the_later_rules_come_with_the_search_screen(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert not app.stylesheet.has_source(str(LATER_CSS_PATH))
        await pilot.press('slash')
        await pilot.pause()
        assert app.stylesheet.has_source(str(LATER_CSS_PATH))
        sources = len(app.stylesheet.source)
        await pilot.press('escape', 'slash')
        await pilot.pause()
        assert len(app.stylesheet.source) == sources  # Added once.


def test_a_view_made_outside_an_app_adds_nothing() -> None:
    assert DeskTextView(id='record').id == 'record'
