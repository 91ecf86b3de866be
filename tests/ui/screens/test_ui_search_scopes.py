"""The search screen with scopes: chips, a bad qualifier, the full count, more hits, did you mean,
history and the palette's "Search again"."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input, Static

from desk_browser.memory.session_search import SessionSearch
from desk_browser.ui.screens import search_screen
from desk_browser.ui.screens.help_screen import HelpScreen
from desk_browser.ui.screens.search_screen import SearchScreen
from desk_browser.ui.widgets.scope_chips import ScopeChips
from desk_browser.ui.widgets.search_hit_list import SearchHitList
from tests.helpers.pilot import AppFor, open_search, settle, settled, wait_until, widget_texts


def headline(app: object) -> str:
    screen = app.screen  # type: ignore[attr-defined]
    return str(screen.query_one('#headline', Static).content)


def chips(app: object) -> ScopeChips:
    return app.screen.query_one(ScopeChips)  # type: ignore[attr-defined, no-any-return]


def hit_records(app: object) -> list[tuple[str, str, str]]:
    hits = app.screen.query_one(SearchHitList)  # type: ignore[attr-defined]
    found = [hits.hit_at(index) for index in range(hits.hit_count)]
    return [(hit.record.day, hit.record.kind, hit.record.text) for hit in found if hit]


async def test_qualifiers_narrow_the_hits_and_show_as_chips(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_search(pilot, 'nifty')
        assert not chips(app).display  # No qualifier: no chips line.
        await pilot.press(*' day:yesterday kind:exchange')
        await settle(pilot)
        assert chips(app).display
        assert str(chips(app).content) == ' day 2026-10-20   kind exchange '
        everything = SessionSearch(demo_desk).search('nifty', 10**6)
        expected = [
            (hit.record.day, hit.record.kind, hit.record.text)
            for hit in everything.hits
            if hit.record.day == '2026-10-20' and hit.record.kind == 'exchange'
        ]
        assert hit_records(app) == expected
        assert headline(app) == f'{len(expected):,} hits with every word'


async def test_a_bad_qualifier_is_named_and_left_out(app_for: AppFor, demo_desk: Path) -> None:
    app = app_for(demo_desk)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_search(pilot, 'rbi day:2026-13-01')
        assert 'day: 2026-13-01 is not a date; searched without it' in str(chips(app).content)
        plain = SessionSearch(demo_desk).search('rbi', 500)
        assert len(hit_records(app)) == len(plain.hits)


async def test_a_word_with_a_colon_stays_a_word(app_for: AppFor, demo_desk: Path) -> None:
    app = app_for(demo_desk)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_search(pilot, 'order_id:')
        assert not chips(app).display
        assert hit_records(app)


async def test_the_missing_word_is_named_and_enter_takes_the_suggestion(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_search(pilot, 'nifty rollver')
        assert headline(app).endswith(
            'rollver: in no record, did you mean rollover? · Enter takes it'
        )
        await pilot.press('enter')
        await settle(pilot)
        assert app.screen.query_one('#query', Input).value == 'nifty rollover'
        assert isinstance(app.screen, SearchScreen)  # Enter took the word; no record opened.
        assert headline(app).endswith('hits with every word')


async def test_a_typo_alone_gets_a_suggestion_too(app_for: AppFor, demo_desk: Path) -> None:
    app = app_for(demo_desk)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_search(pilot, 'rollver')
        assert headline(app) == (
            'No hits · rollver: in no record, did you mean rollover? · Enter takes it'
        )


async def test_the_full_count_and_more_hits_as_the_person_scrolls(
    app_for: AppFor, demo_desk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(search_screen, 'SEARCH_LIMIT', 20)
    everything = SessionSearch(demo_desk).search('nifty', 10**6)
    total = len(everything.hits)
    assert total > 60
    app = app_for(demo_desk)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_search(pilot, 'nifty')
        assert headline(app) == f'{total:,} hits with every word'
        hits = app.screen.query_one(SearchHitList)
        assert hits.hit_count == 20
        assert hits.more_to_load
        await pilot.press('down')  # Into the hits.
        for _ in range(12):
            await pilot.press('down')
        await settle(pilot)
        assert hits.hit_count == 40  # Nearing the 20th hit loaded the next 20.
        assert hits.highlighted == 12
        await pilot.press('end')
        await settle(pilot)
        assert hits.hit_count == total
        assert hits.highlighted == total - 1
        assert not hits.more_to_load
        assert hit_records(app) == [
            (hit.record.day, hit.record.kind, hit.record.text) for hit in everything.hits
        ]


async def test_more_hits_load_while_the_count_waits_for_an_index_build(
    app_for: AppFor, demo_desk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from desk_browser.memory.index.search import IndexedSearch

    monkeypatch.setattr(search_screen, 'SEARCH_LIMIT', 20)
    everything = SessionSearch(demo_desk).search('nifty', 10**6)
    assert len(everything.hits) > 60
    app = app_for(demo_desk)
    async with settled(app) as pilot:
        # The count waits while a build runs (so its worker never ends here: no settle).
        monkeypatch.setattr(IndexedSearch, 'building', property(lambda search: True))
        await pilot.press('slash', *'nifty')
        hits = app.screen.query_one(SearchHitList)
        await wait_until(pilot, lambda: hits.hit_count == 20)
        assert headline(app) == '20 hits with every word (the first 20)'
        assert hits.more_to_load  # A full page, not counted: there may be more.
        await pilot.press('down')  # Into the hits.
        for _ in range(12):
            await pilot.press('down')
        await wait_until(pilot, lambda: hits.hit_count == 40)  # The next 20, uncounted.
        assert headline(app) == '40 hits with every word (the first 40)'
        assert hits.highlighted == 12
        await pilot.press('end')  # End asks for every hit, counted or not.
        total = len(everything.hits)
        await wait_until(pilot, lambda: hits.hit_count == total and hits.highlighted == total - 1)
        assert headline(app) == f'{total:,} hits with every word'
        assert not hits.more_to_load
        assert hit_records(app) == [
            (hit.record.day, hit.record.kind, hit.record.text) for hit in everything.hits
        ]


@pytest.mark.parametrize('counted', [True, False])
async def test_end_says_it_is_loading_every_hit_until_they_are_shown(
    app_for: AppFor, demo_desk: Path, monkeypatch: pytest.MonkeyPatch, counted: bool
) -> None:
    from desk_browser.memory.index.search import IndexedSearch

    monkeypatch.setattr(search_screen, 'SEARCH_LIMIT', 20)
    total = len(SessionSearch(demo_desk).search('nifty', 10**6).hits)
    loaded = threading.Event()
    search = IndexedSearch.search

    def slow_for_every_hit(self: IndexedSearch, *arguments: Any, **options: Any) -> Any:
        if arguments[1] > 20:  # End's search for every hit (a big result, a cold desk).
            assert loaded.wait(30)
        return search(self, *arguments, **options)

    app = app_for(demo_desk)
    async with settled(app) as pilot:
        if not counted:  # The count waits while a build runs.
            monkeypatch.setattr(IndexedSearch, 'building', property(lambda search: True))
        monkeypatch.setattr(IndexedSearch, 'search', slow_for_every_hit)
        await pilot.press('slash', *'nifty')
        hits = app.screen.query_one(SearchHitList)
        shown = (
            f'{total:,} hits with every word'
            if counted
            else '20 hits with every word (the first 20)'
        )
        await wait_until(pilot, lambda: headline(app) == shown)
        await pilot.press('down', 'end')
        every = f'all {total:,} hits' if counted else 'every hit'
        await wait_until(pilot, lambda: headline(app) == f'Loading {every}… 20 shown so far')
        await pilot.pause(0.1)
        assert hits.hit_count == 20 and 'Loading' in headline(app)
        loaded.set()
        await wait_until(pilot, lambda: hits.hit_count == total)
        assert headline(app) == f'{total:,} hits with every word'
        assert hits.highlighted == total - 1


async def test_up_in_an_empty_box_recalls_the_last_searches(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_search(pilot, 'nifty gap')
        await pilot.press('escape')  # Clears the box, keeping the search in the history.
        await pilot.press(*'rbi kind:note')
        await settle(pilot)
        await pilot.press('escape')
        box = app.screen.query_one('#query', Input)
        assert box.value == ''
        await pilot.press('up')
        assert box.value == 'rbi kind:note'
        await pilot.press('up')
        assert box.value == 'nifty gap'
        await pilot.press('up')
        assert box.value == 'nifty gap'  # The oldest stays.
        await pilot.press('down')
        assert box.value == 'rbi kind:note'
        await pilot.press('down')
        assert box.value == ''
        await settle(pilot)
        await pilot.press(*'x', 'up')  # In a box with text, up recalls nothing.
        assert box.value == 'x'
    assert app.services.search_history.queries() == ['rbi kind:note', 'nifty gap']
    history_file = app.services.search_history.path
    assert demo_desk not in history_file.parents  # Never in the desk.


async def test_a_search_left_from_its_hits_is_recalled_too(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_search(pilot, 'nifty gap')
        await pilot.press('down', 'escape')  # From the hits, back to the main screen.
        await settle(pilot)
        await pilot.press('slash')
        await settle(pilot)
        box = app.screen.query_one('#query', Input)
        assert box.value == ''
        await pilot.press('up')
        assert box.value == 'nifty gap'


async def test_the_palette_searches_again(app_for: AppFor, demo_desk: Path) -> None:
    app = app_for(demo_desk)
    app.services.search_history.add('rbi policy')
    async with settled(app) as pilot:
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert 'Search again: rbi policy' in titles
        await app.search_again('rbi policy')
        await settle(pilot)
        assert isinstance(app.screen, SearchScreen)
        assert app.screen.query_one('#query', Input).value == 'rbi policy'
        assert headline(app).endswith('hits with every word')


async def test_help_lists_the_qualifiers(app_for: AppFor, demo_desk: Path) -> None:
    app = app_for(demo_desk)
    async with settled(app, (120, 60)) as pilot:
        await pilot.press('question_mark')
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        text = widget_texts(pilot)
        for example in ('day:2026-10-19', 'kind:exchange,note', 'backend:claude', 'session:'):
            assert example in text
