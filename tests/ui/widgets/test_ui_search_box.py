"""The search box: a long query scrolls to keep the cursor in view, as any Input does."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Input

from desk_browser.ui.widgets.search_box import SearchBox
from tests.helpers.pilot import screen_text


class SearchBoxApp(App[None]):
    """Just the box, with the log of what it said."""

    def __init__(self) -> None:
        super().__init__()
        self.values: list[str] = []

    def compose(self) -> ComposeResult:
        yield SearchBox(id='query')

    def on_input_changed(self, event: Input.Changed) -> None:
        self.values.append(event.value)


async def test_a_long_query_scrolls_to_keep_the_cursor_in_view() -> None:
    app = SearchBoxApp()
    async with app.run_test(size=(40, 5)) as pilot:
        box = app.query_one(SearchBox)
        query = 'nifty gapped down at the open and banks followed'
        await pilot.press(*['space' if character == ' ' else character for character in query])
        await pilot.pause()
        assert box.value == query
        assert app.values[-1] == query
        assert box.virtual_size.width > box.scrollable_content_region.width
        assert box.scroll_x == box.max_scroll_x > 0
        assert 'banks followed' in screen_text(pilot)
        await pilot.press('home')
        await pilot.pause()
        assert box.scroll_x == 0
        assert 'nifty gapped' in screen_text(pilot)
