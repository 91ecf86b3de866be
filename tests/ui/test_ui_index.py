"""The app's search index: searched through, built after the first paint, never a crash or a write.

Also the first screen of a desk with many sessions: the older ones are listed at once and counted
after the first paint.
"""

from __future__ import annotations

import asyncio
import dataclasses
import datetime
import shutil
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from textual.message import Message

from desk_browser.memory import session_search
from desk_browser.memory.index import store as index_store
from desk_browser.memory.index import tuning as index_tuning
from desk_browser.memory.index import writing as index_writing
from desk_browser.memory.index.disk_space import NO_SPACE
from desk_browser.memory.index.search import IndexedSearch, IndexStatus, default_cache_directory
from desk_browser.memory.session_search import SearchResult, SessionSearch
from desk_browser.presentation.desk_data import FIRST_COUNTED, SessionEntry, read_overview
from desk_browser.ui.messages import IndexProgressed, OverviewLoaded, SessionsCounted
from desk_browser.ui.screens.main_screen import MainScreen
from desk_browser.ui.screens.search_screen import SEARCH_LIMIT
from desk_browser.ui.search_indexing import UNAVAILABLE_NOTE, index_note
from desk_browser.ui.widgets.search_hit_list import SearchHitList
from desk_browser.ui.widgets.session_list import SessionList
from tests.helpers.desks import small_desk, write_lines
from tests.helpers.pilot import AppFor, settle, settled

SIZE = (120, 40)
QUERIES = ['nifty gap', 'rbi policy crude', 'ni', 'zebra', 'stop-loss reliance']


def _hits(result: SearchResult) -> list[tuple[str, str, str]]:
    return [(hit.record.day, hit.record.kind, hit.record.text) for hit in result.hits]


def _desk_files(desk: Path) -> dict[str, tuple[int, int]]:
    return {
        str(path.relative_to(desk)): (path.stat().st_size, path.stat().st_mtime_ns)
        for path in sorted(desk.rglob('*'))
    }


async def _search(pilot: Any, query: str) -> list[tuple[str, str, str]]:
    await pilot.press('slash')
    await settle(pilot)
    pilot.app.screen.query_one('#query').value = query
    await settle(pilot)
    hit_list = pilot.app.screen.query_one(SearchHitList)
    return [
        (hit.record.day, hit.record.kind, hit.record.text)
        for hit in (hit_list.hit_at(index) for index in range(hit_list.hit_count))
        if hit is not None
    ]


@pytest.fixture
def copied_desk(demo_desk: Path, tmp_path: Path) -> Path:
    desk = tmp_path / 'desk' / 'main'
    shutil.copytree(demo_desk, desk)
    return desk


async def test_the_app_searches_through_the_index_with_the_documented_results(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with settled(app, SIZE) as pilot:
        status = app.index_status
        assert status is not None and status.complete
        assert app.services.search.index_path.exists()
        plain = SessionSearch(demo_desk)
        for query in QUERIES:
            expected = _hits(plain.search(query, SEARCH_LIMIT))
            assert _hits(app.services.search.search(query, SEARCH_LIMIT)) == expected
        shown = await _search(pilot, 'nifty gap')
        assert shown == _hits(plain.search('nifty gap', SEARCH_LIMIT))
        assert shown


async def test_the_index_is_kept_in_the_cache_folder_given_to_make_app(
    demo_desk: Path, tmp_path: Path
) -> None:
    from desk_browser.ui.app import make_app

    cache = tmp_path / 'given-cache'
    app = make_app(demo_desk, cursor_blink=False, animation_level='none', cache_directory=cache)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
    assert cache in app.services.search.index_path.parents
    assert app.services.search.index_path.exists()


async def test_index_progress_is_shown_while_building_and_goes_when_complete(
    app_for: AppFor, demo_desk: Path
) -> None:
    progress: list[IndexStatus] = []
    subtitles: list[str] = []

    def record(message: Message) -> None:
        if isinstance(message, IndexProgressed):
            progress.append(message.status)

    app = app_for(demo_desk)
    async with app.run_test(size=SIZE, message_hook=record) as pilot:
        app.watch(app, 'sub_title', lambda title: subtitles.append(title))
        await settle(pilot)
        total = len({path.name for path in (demo_desk / 'journal').glob('*.jsonl')})
        assert progress[0] == IndexStatus(0, total, available=True)
        assert progress[-1].complete
        assert f'main · indexed 0 of {total:,} days' in subtitles
        assert app.sub_title == 'main'


def test_the_index_note_says_how_far_the_index_is() -> None:
    assert index_note(None) == ''
    assert index_note(IndexStatus(212, 1250, available=True)) == 'indexed 212 of 1,250 days'
    assert index_note(IndexStatus(1250, 1250, available=True)) == ''
    assert index_note(IndexStatus(0, 3, available=False, problem='locked')) == UNAVAILABLE_NOTE
    full = IndexStatus(144, 250, available=True, problem=NO_SPACE)
    assert index_note(full) == "search index incomplete: no space left on the cache's disk"
    unmade = IndexStatus(0, 250, available=False, problem=NO_SPACE)
    assert index_note(unmade) == "no search index: no space left on the cache's disk"


async def test_a_full_cache_disk_says_so_keeps_the_days_indexed_and_leaves_no_wal_at_quit(
    app_for: AppFor, demo_desk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_change_day = index_writing._change_day
    calls = [0]

    def change_day(*arguments: Any) -> None:
        calls[0] += 1
        if calls[0] > 2:  # Two days written, then the cache's disk is full.
            raise sqlite3.OperationalError('database or disk is full')
        real_change_day(*arguments)

    monkeypatch.setattr(index_writing, '_change_day', change_day)
    monkeypatch.setattr(index_tuning, 'BATCH_DAYS', 1)
    monkeypatch.setattr(index_tuning, 'BUILD_WORKERS', 0)
    app = app_for(demo_desk)
    async with settled(app, SIZE) as pilot:
        while app.index_status is None or app.index_builder.indexing:
            await pilot.pause(0.05)
        status = app.index_status
        assert status.available and status.problem == NO_SPACE
        assert 2 <= status.indexed_days < status.total_days
        assert app.sub_title == "main · search index incomplete: no space left on the cache's disk"
        for query in QUERIES:
            shown = await _search(pilot, query)
            assert shown == _hits(SessionSearch(demo_desk).search(query, SEARCH_LIMIT))
            await pilot.press('escape')
            await settle(pilot)
    folder = index_store.index_file(default_cache_directory(), demo_desk).parent
    assert sorted(path.name for path in folder.glob('*-wal')) == []


async def test_a_corrupt_index_file_is_replaced_and_searches_stay_exact(
    app_for: AppFor, demo_desk: Path
) -> None:
    index_path = index_store.index_file(default_cache_directory(), demo_desk)
    index_path.parent.mkdir(parents=True, exist_ok=True)
    index_path.write_bytes(b'this is not an SQLite file' * 100)
    app = app_for(demo_desk)
    async with settled(app, SIZE) as pilot:
        shown = await _search(pilot, 'nifty gap')
        assert shown == _hits(SessionSearch(demo_desk).search('nifty gap', SEARCH_LIMIT))
        status = app.index_status
        assert status is not None and status.complete


async def test_an_index_that_cannot_be_made_is_a_quiet_note_and_searches_read_the_desk(
    app_for: AppFor, demo_desk: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocked = tmp_path / 'not-a-folder'
    blocked.write_text('a file where the cache folder should be')
    monkeypatch.setenv('XDG_CACHE_HOME', str(blocked))
    app = app_for(demo_desk)
    async with settled(app, SIZE) as pilot:
        assert app.sub_title == f'main · {UNAVAILABLE_NOTE}'
        shown = await _search(pilot, 'rbi policy crude')
        assert shown == _hits(SessionSearch(demo_desk).search('rbi policy crude', SEARCH_LIMIT))


async def test_quitting_in_the_middle_of_the_build_exits(
    app_for: AppFor, demo_desk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    reading = session_search.day_records

    def slow_day_records(*arguments: Any) -> Any:
        time.sleep(0.3)  # Each day takes a while, so the quit comes mid-build.
        return reading(*arguments)

    monkeypatch.setattr(session_search, 'day_records', slow_day_records)
    progress: list[IndexStatus] = []

    def record(message: Message) -> None:
        if isinstance(message, IndexProgressed):
            progress.append(message.status)

    app = app_for(demo_desk)

    async def run() -> None:
        async with app.run_test(size=SIZE, message_hook=record) as pilot:
            while not progress:
                await pilot.pause(0.01)
            await pilot.press('q')

    await asyncio.wait_for(run(), timeout=60)  # A guard against a hang, not a timing.
    assert not app.is_running
    assert not any(status.complete for status in progress)
    finished = IndexedSearch(demo_desk).status()
    assert not finished.complete


async def test_nothing_is_written_into_the_desk(app_for: AppFor, copied_desk: Path) -> None:
    before = _desk_files(copied_desk)
    app = app_for(copied_desk)
    async with settled(app, SIZE) as pilot:
        await _search(pilot, 'nifty gap')
        await settle(pilot)
    assert _desk_files(copied_desk) == before


def test_the_overview_reads_only_the_newest_logs_when_asked(demo_desk: Path) -> None:
    whole = read_overview(demo_desk)
    first = read_overview(demo_desk, counted=2)
    assert [entry.session_id for entry in first.sessions] == [
        entry.session_id for entry in whole.sessions
    ]
    current = whole.current_session_id
    for position, (quick, full) in enumerate(zip(first.sessions, whole.sessions, strict=True)):
        if position < 2 or quick.session_id == current:
            assert quick == full
        else:
            assert not quick.counted
            assert quick.is_current == full.is_current
    assert first.current_log_count == whole.current_log_count


def test_a_session_listed_without_its_log_read_is_an_entry_like_any_other(tmp_path: Path) -> None:
    # A five-year desk lists thousands of these before its first paint: each must be the entry
    # a counted read would make, with no counts, frozen like it.
    desk = small_desk(tmp_path)
    for session_id in ('2026-10-20-3', '2026-10-20-01', '2026-W01-1-2', '2026-02-30-1', 'odd'):
        write_lines(desk / 'sessions' / f'{session_id}.jsonl', [])
    expected = {
        '2026-10-20-3': (datetime.date(2026, 10, 20), '3'),
        '2026-10-20-01': (datetime.date(2026, 10, 20), '01'),
        '2026-W01-1-2': (datetime.date.fromisoformat('2026-W01-1'), '2'),
        '2026-02-30-1': (None, ''),
        'odd': (None, ''),
    }
    listed = [entry for entry in read_overview(desk, counted=0).sessions if not entry.counted]
    assert sorted(entry.session_id for entry in listed) == sorted(expected)
    for entry in listed:
        day, number = expected[entry.session_id]
        made = SessionEntry(entry.session_id, day, number, 0, 0, False, counted=False)
        assert entry == made
        assert hash(entry) == hash(made)
        assert repr(entry) == repr(made)
        assert list(vars(entry).items()) == list(vars(made).items())
        with pytest.raises(dataclasses.FrozenInstanceError):
            entry.counted = True  # type: ignore[misc]


async def test_a_batch_of_counts_fills_in_its_own_rows_only(
    app_for: AppFor, demo_desk: Path
) -> None:
    # The counts land at their places: those listed without counts take them (keeping the
    # list's own is_current), those counted already keep theirs, even when the sessions list
    # were out of step with the overview.
    whole = read_overview(demo_desk).sessions
    app = app_for(demo_desk)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        main = app.screen
        assert isinstance(main, MainScreen)
        assert main.overview is not None
        listed = [
            dataclasses.replace(entry, exchange_count=0, damaged_lines=0, counted=False)
            for entry in whole
        ]
        listed[0] = dataclasses.replace(whole[0], exchange_count=99)  # Counted already.
        listed[2] = dataclasses.replace(listed[2], is_current=not whole[2].is_current)
        main.overview = dataclasses.replace(main.overview, sessions=listed)
        session_list = main.query_one(SessionList)
        for out_of_step in (False, True):
            shown = list(reversed(listed)) if out_of_step else listed
            main.overview = dataclasses.replace(main.overview, sessions=listed)
            session_list.show_sessions(shown)
            batch = [whole[0], whole[2], whole[-1]]
            main.show_session_counts(SessionsCounted(batch, []))
            expected = list(listed)
            expected[2] = dataclasses.replace(whole[2], is_current=listed[2].is_current)
            expected[-1] = whole[-1]
            assert main.overview.sessions == expected
            for entry in expected[1:]:
                place = session_list.place_of(entry.session_id)
                assert place is not None
                assert session_list.session_at(place) == entry
            place = session_list.place_of(whole[0].session_id)
            assert place is not None
            assert session_list.session_at(place) == listed[0]


async def test_older_sessions_are_listed_at_once_and_counted_after_the_first_paint(
    app_for: AppFor, demo_desk: Path
) -> None:
    whole = read_overview(demo_desk)
    assert (
        len(whole.sessions) > FIRST_COUNTED
    )  # The demo desk has more sessions than are read first.
    first: list[OverviewLoaded] = []

    def record(message: Message) -> None:
        if isinstance(message, OverviewLoaded):
            first.append(message)

    app = app_for(demo_desk)
    async with app.run_test(size=SIZE, message_hook=record) as pilot:
        await settle(pilot)
        shown = first[0].overview.sessions
        assert len(shown) == len(whole.sessions)
        assert not all(entry.counted for entry in shown)
        main = app.screen
        assert isinstance(main, MainScreen)
        assert main.overview is not None
        assert main.overview.sessions == whole.sessions
        session_list = main.query_one(SessionList)
        last = whole.sessions[-1]
        place = session_list.place_of(last.session_id)
        assert place is not None
        assert 'exchange' in session_list.row_lines(place, 80)[0].plain
