"""Words typed right after / land in the search box, however fast they come."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual import events
from ui_helpers import settle

from desk_browser.ui.app import DeskBrowser

AppFor = Callable[[Path], DeskBrowser]


async def test_keys_typed_at_once_after_the_slash_reach_the_search_box(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        # As the terminal delivers a paste or a fast typist: all queued before the screen is built.
        assert app._driver is not None
        for key, character in [('slash', '/'), *((letter, letter) for letter in 'nifty')]:
            key_event = events.Key(key, character)
            key_event.set_sender(app)
            app._driver.send_message(key_event)
        await settle(pilot)
        assert app.screen.query_one('#query').value == 'nifty'


async def test_a_slash_in_the_search_box_is_typed_as_itself(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press('slash', *'09', 'slash', *'30')
        await settle(pilot)
        assert app.screen.query_one('#query').value == '09/30'
        await pilot.press('down', 'slash')  # From the hits, / goes back to the box.
        await settle(pilot)
        assert app.focused is app.screen.query_one('#query')
