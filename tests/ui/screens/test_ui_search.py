"""Pilot tests of the live search, the record screen, and going from a hit to its day."""

from __future__ import annotations

from pathlib import Path
from typing import Any, BinaryIO

import pytest
from textual.widgets import Input, Static

from desk_browser.memory import file_reading, unread_files
from desk_browser.memory.session_search import SearchResult
from desk_browser.presentation.navigation import RecordPlace
from desk_browser.ui.app import DeskBrowser
from desk_browser.ui.screens.main_screen import MainScreen
from desk_browser.ui.screens.record_screen import RecordScreen
from desk_browser.ui.screens.search_screen import SearchScreen
from desk_browser.ui.search_messages import SearchFinished
from desk_browser.ui.widgets.desk_text_view import DeskTextView
from desk_browser.ui.widgets.search_hit_list import SearchHitList
from desk_browser.ui.widgets.tabbed_panes import TabbedPanes
from tests.helpers.pilot import AppFor, open_record, open_search, settle


def headline(app: DeskBrowser) -> str:
    return str(app.screen.query_one('#headline', Static).content)


async def test_full_hit_search_lists_records_with_every_word(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_search(pilot, 'nifty gap')
        assert isinstance(app.screen, SearchScreen)
        assert headline(app).endswith('hits with every word')
        hits = app.screen.query_one(SearchHitList)
        assert hits.hit_count > 0
        first = hits.hit_at(0)
        assert first is not None
        assert 'nifty' in first.record.text.lower() and 'gap' in first.record.text.lower()
        assert 'words' not in hits.rendered_text()  # The headline says it for every hit.


async def test_partial_hit_search_says_no_record_has_every_word(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_search(pilot, 'nifty zzqx')
        assert headline(app).startswith('No record has every word · ')
        # Issue 15: the word no record holds is named after the hits.
        assert headline(app).endswith('partial hits · zzqx: in no record')
        assert '1 of 2 words' in app.screen.query_one(SearchHitList).rendered_text()


async def test_search_with_no_hits_says_so(app_for: AppFor, demo_desk: Path) -> None:
    app = app_for(demo_desk)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_search(pilot, 'zzqx')
        assert headline(app) == 'No hits'


async def test_results_of_an_older_query_are_dropped(app_for: AppFor, demo_desk: Path) -> None:
    app = app_for(demo_desk)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_search(pilot, 'nifty')
        before = headline(app)
        stale = SearchResult(hits=[], matched_every_word=False, words=['zzqx'])
        app.screen.post_message(SearchFinished('zzqx', stale))
        await pilot.pause()
        assert headline(app) == before


async def test_enter_opens_the_record_and_e_shows_its_days_sessions(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_search(pilot, 'rbi policy')
        hit = app.screen.query_one(SearchHitList).hit_at(0)
        assert hit is not None
        await pilot.press('enter')
        await settle(pilot)
        assert isinstance(app.screen, RecordScreen)
        record_text = app.screen.query_one('#record', DeskTextView).rendered_text()
        assert record_text.startswith(hit.record.text.split('\n')[0])  # Its trigger, first.
        await pilot.press('e')
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, MainScreen)
        assert screen.selected_session is not None
        assert screen.selected_session.startswith(hit.record.day)
        assert screen.shown_day == hit.record.day
        assert app.query_one(TabbedPanes).active == 'exchanges-tab'


async def test_s_in_a_record_shows_its_days_summary(app_for: AppFor, demo_desk: Path) -> None:
    app = app_for(demo_desk)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_search(pilot, 'breadth')
        hits = app.screen.query_one(SearchHitList)
        hits.focus()
        await pilot.press('end', 'enter')
        await settle(pilot)
        assert isinstance(app.screen, RecordScreen)
        day = app.screen.hit.record.day
        await pilot.press('s')
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, MainScreen)
        assert screen.shown_day == day
        assert app.query_one(TabbedPanes).active == 'summary-tab'


async def test_escape_clears_the_box_then_leaves_the_search(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_search(pilot, 'nifty')
        await pilot.press('escape')
        await settle(pilot)
        assert isinstance(app.screen, SearchScreen)
        assert app.screen.query_one(Input).value == ''
        assert app.screen.query_one(SearchHitList).hit_count == 0
        await pilot.press('escape')
        await pilot.pause()
        assert isinstance(app.screen, MainScreen)


async def test_a_new_search_opens_no_file_the_last_search_opened(
    app_for: AppFor, demo_desk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[Path] = []
    original = file_reading.open_desk_file

    def counting(path: Path, *arguments: Any) -> BinaryIO:
        opened.append(path)
        return original(path, *arguments)

    monkeypatch.setattr(unread_files, 'open_desk_file', counting)  # Our reader's name.
    app = app_for(demo_desk)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_search(pilot, 'nifty')
        looked_at = len(opened)
        assert looked_at > 0  # The search looked for files it could not read.
        await pilot.press('escape', 'escape')
        await settle(pilot)
        assert isinstance(app.screen, MainScreen)
        await open_search(pilot, 'nifty')
        assert isinstance(app.screen, SearchScreen)
        assert len(opened) == looked_at  # None changed, so none is opened again.


async def test_escape_in_a_record_goes_back_to_the_hits(app_for: AppFor, demo_desk: Path) -> None:
    app = app_for(demo_desk)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_record(pilot, 'nifty')
        assert isinstance(app.screen, RecordScreen)
        await pilot.press('escape')
        await pilot.pause()
        assert isinstance(app.screen, SearchScreen)
        assert app.screen.query_one(Input).value == 'nifty'
        assert app.screen.query_one(SearchHitList).has_focus
        await pilot.press('escape')  # from the hits, back to the main screen
        await pilot.pause()
        assert isinstance(app.screen, MainScreen)


async def test_slash_in_a_record_goes_back_into_the_search_box(
    app_for: AppFor, demo_desk: Path
) -> None:
    # The footer says "/ Search" on the record as everywhere: / goes to the search box, as / in
    # the hits does (its words still there, selected: typing starts a new search).
    app = app_for(demo_desk)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_record(pilot, 'nifty')
        assert isinstance(app.screen, RecordScreen)
        await pilot.press('slash')
        await pilot.pause()
        assert isinstance(app.screen, SearchScreen)
        assert len(app.screen_stack) == 2  # The search the record came from, not another.
        box = app.screen.query_one(Input)
        assert box.has_focus
        assert box.value == 'nifty'


async def test_slash_in_a_record_with_no_search_under_it_opens_the_search(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_search(pilot, 'nifty')
        hit = app.screen.query_one(SearchHitList).hit_at(0)
        assert hit is not None
        await app.open(RecordPlace(hit, ('nifty',)))  # As back through what was opened does.
        await settle(pilot)
        assert isinstance(app.screen, RecordScreen)
        assert isinstance(app.screen_stack[-2], MainScreen)
        await pilot.press('slash')
        await pilot.pause()
        assert isinstance(app.screen, SearchScreen)
        assert isinstance(app.screen_stack[-2], RecordScreen)
        assert app.screen.query_one(Input).has_focus


async def test_clicking_a_hit_opens_its_record(app_for: AppFor, demo_desk: Path) -> None:
    app = app_for(demo_desk)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_search(pilot, 'rbi policy')
        first = app.screen.query_one(SearchHitList).hit_at(0)
        await pilot.click(SearchHitList, offset=(10, 1))  # the first row inside the border
        await settle(pilot)
        assert isinstance(app.screen, RecordScreen)
        assert app.screen.hit == first


async def test_a_space_after_the_words_keeps_the_hits_without_searching_again(
    app_for: AppFor, demo_desk: Path
) -> None:
    messages: list[object] = []
    app = app_for(demo_desk)
    async with app.run_test(size=(120, 40), message_hook=messages.append) as pilot:
        await open_search(pilot, 'nifty')
        hits = app.screen.query_one(SearchHitList)
        shown = hits.shown_result
        finished = [message for message in messages if isinstance(message, SearchFinished)]
        await pilot.press('space')
        await settle(pilot)
        assert hits.shown_result is shown
        assert [m for m in messages if isinstance(m, SearchFinished)] == finished
        await pilot.press(*'gap')
        await settle(pilot)
        assert hits.shown_result is not shown
        assert headline(app).endswith('hits with every word')
        assert 'gap' in hits.rendered_text().lower()
