"""The page keys render the next page's cards once the page is drawn, so the next key only draws."""

from __future__ import annotations

from pathlib import Path

from desk_browser.ui.widgets.exchange_view import ExchangeView
from tests.helpers.pilot import AppFor, screen_text, settle, wait_until
from tests.ui.screens.test_ui_main_screen import long_desk


async def test_page_keys_render_the_page_ahead_and_keep_their_places(
    app_for: AppFor, tmp_path: Path
) -> None:
    async with app_for(long_desk(tmp_path, 200)).run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        view = pilot.app.query_one(ExchangeView)
        first_page = max(view.rendered_indexes)  # The cards of the first screenful.
        view.focus()
        await pilot.press('pagedown')
        # The page shown ends about two screenfuls down; the one after it is rendered too.
        await wait_until(pilot, lambda: max(view.rendered_indexes) > 2 * first_page + 1)
        assert f'Answer {first_page + 2}' in screen_text(pilot)
        # End renders the page above; the view stays at the end meanwhile, and page up moves.
        await pilot.press('end')
        await pilot.pause(0.1)
        assert 'Answer 200' in screen_text(pilot)
        assert view.shows_end()
        await pilot.press('pageup')
        await pilot.pause()
        assert 'Answer 200' not in screen_text(pilot)
        assert not view.shows_end()
