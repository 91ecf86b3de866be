"""Words typed right after / land in the search box, however fast they come."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from textual import events
from textual.widgets import Input, Static

from desk_browser.ui.screens.search_screen import SearchScreen
from tests.helpers.pilot import AppFor, open_search, settle, settled, wait_until


async def test_keys_typed_at_once_after_the_slash_reach_the_search_box(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with settled(app) as pilot:
        # As the terminal delivers a paste or a fast typist: all queued before the screen is built.
        assert app._driver is not None
        for key, character in [('slash', '/'), *((letter, letter) for letter in 'nifty')]:
            key_event = events.Key(key, character)
            key_event.set_sender(app)
            app._driver.send_message(key_event)
        await settle(pilot)
        assert app.screen.query_one('#query', Input).value == 'nifty'


async def test_a_slash_in_the_search_box_is_typed_as_itself(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with settled(app) as pilot:
        await pilot.press('slash', *'09', 'slash', *'30')
        await settle(pilot)
        assert app.screen.query_one('#query', Input).value == '09/30'
        await pilot.press('down', 'slash')  # From the hits, / goes back to the box.
        await settle(pilot)
        assert app.focused is app.screen.query_one('#query')


async def test_a_pasted_query_is_searched_at_once_while_quick_typing_waits_for_a_pause(
    app_for: AppFor, demo_desk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from desk_browser.ui.screens import search_screen
    from desk_browser.ui.widgets.search_hit_list import SearchHitList

    monkeypatch.setattr(search_screen, '_TYPING_PAUSE', 600.0)  # A pause never reached here.
    app = app_for(demo_desk)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_search(pilot)
        box = app.screen.query_one('#query', Input)
        box.value = 'nifty'  # A paste: one change after a pause.
        await settle(pilot)
        hits = app.screen.query_one(SearchHitList)
        assert hits.hit_count and hits.shown_result is not None
        assert hits.shown_result.words == ['nifty']
        box.value = 'nifty gap'  # At once after the last change: waits for the pause.
        await pilot.pause(0.2)
        assert hits.shown_result is not None and hits.shown_result.words == ['nifty']
        await pilot.press('escape')  # Clearing the box cancels the waiting search.
        await settle(pilot)
        assert hits.hit_count == 0


async def test_background_reading_steps_aside_while_a_search_runs(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    busy_while_searching: list[bool] = []
    async with settled(app) as pilot:
        search = app.services.search.search

        def watched_search(*arguments: object, **options: object) -> object:
            busy_while_searching.append(app.services.foreground.is_busy)
            return search(*arguments, **options)  # type: ignore[arg-type]

        app.services.search.search = watched_search  # type: ignore[assignment]
        await pilot.press('slash', *'nifty')
        await settle(pilot)
        assert busy_while_searching and all(busy_while_searching)
        assert not app.services.foreground.is_busy


async def test_a_search_left_before_its_key_was_drawn_starts_no_search(
    app_for: AppFor, demo_desk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = app_for(demo_desk)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_search(pilot)
        search = app.screen
        assert isinstance(search, SearchScreen)
        started: list[str] = []
        monkeypatch.setattr(search, 'run_search', lambda query, *_: started.append(query))
        box = search.query_one('#query', Input)
        box.value = 'nifty'
        search.search_as_typed(Input.Changed(box, 'nifty'))  # The search starts after a refresh...
        search.dismiss(None)  # ...which comes after the person has left.
        await settle(pilot)
        assert started == []


async def test_every_hit_is_counted_once_the_index_build_has_ended(
    app_for: AppFor, demo_desk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from desk_browser.memory.index.search import IndexedSearch

    app = app_for(demo_desk)
    async with settled(app) as pilot:
        building = [True]
        asked = threading.Event()

        def is_building(search: IndexedSearch) -> bool:
            asked.set()
            return building[0]

        monkeypatch.setattr(IndexedSearch, 'building', property(is_building))
        counted: list[list[str]] = []
        original = IndexedSearch.suggestions

        def suggestions(search: IndexedSearch, words: list[str]) -> dict[str, str]:
            counted.append(words)
            return original(search, words)

        monkeypatch.setattr(IndexedSearch, 'suggestions', suggestions)
        await pilot.press('slash', *'nifty zzqx')
        headline = app.screen.query_one('#headline', Static)
        await wait_until(pilot, lambda: str(headline.content).startswith('No record has every'))
        await wait_until(pilot, asked.is_set)
        # The first hits are shown; what they are in all waits while the index builds.
        assert not counted
        assert 'in no record' not in str(headline.content)
        building[0] = False
        await wait_until(pilot, lambda: str(headline.content).endswith('zzqx: in no record'))
        assert counted == [['zzqx']]
