"""Pilot tests of following a live desk: what the desk writes shows up with no key pressed."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from desk_browser.live.live_desk import LiveDesk
from desk_browser.memory import journal as journal_module
from desk_browser.memory.desk_watch import JsonLinesFollower
from desk_browser.presentation.desk_data import SessionLog, read_overview
from desk_browser.ui.widgets.exchange_view import ExchangeView
from desk_browser.ui.widgets.live_status import LiveStatus
from desk_browser.ui.widgets.new_exchanges_marker import NewExchangesMarker
from desk_browser.ui.widgets.session_list import SessionList
from tests.helpers.desks import (
    append,
    exchange,
    exchange_line,
    remove_at_once,
    small_desk,
    write_journal,
    write_lines,
)
from tests.helpers.pilot import (
    AppFor,
    main_screen,
    settle,
    settled,
    wait_for_note,
    wait_until,
    widget_texts,
)

LOADED = 30
"""Seconds a look at the desk may take on a loaded machine before a wait gives up."""

S1 = '2026-10-21-1'
"""The session of `small_desk`."""


async def test_an_appended_exchange_appears_and_the_view_follows(
    app_for: AppFor, tmp_path: Path
) -> None:
    desk = small_desk(tmp_path)
    app = app_for(desk)
    async with settled(app) as pilot:
        view = app.query_one(ExchangeView)
        assert view.exchange_count == 2
        append(desk / 'sessions' / '2026-10-21-1.jsonl', exchange_line('NIFTY gapped up'))
        await wait_until(pilot, lambda: view.exchange_count == 3)
        await wait_until(pilot, lambda: 'NIFTY gapped up' in widget_texts(pilot))
        assert '3 exchanges' in widget_texts(pilot)
        assert app.query_one(NewExchangesMarker).count == 0


async def test_a_long_log_followed_at_its_end_stays_at_the_end(
    app_for: AppFor, tmp_path: Path
) -> None:
    desk = small_desk(tmp_path, exchanges=500)
    app = app_for(desk)
    async with settled(app) as pilot:
        view = app.query_one(ExchangeView)
        view.focus()
        await pilot.press('end')
        await pilot.pause()
        assert view.shows_end()
        log = desk / 'sessions' / '2026-10-21-1.jsonl'
        for number in range(3):
            long_answer = '\n\n'.join(f'paragraph {part} of a long answer' for part in range(12))
            append(log, exchange_line(f'appended {number}', long_answer))

            def grown(number: int = number) -> bool:
                return view.exchange_count == 501 + number

            await wait_until(pilot, grown)
            await pilot.pause()
            assert view.shows_end()
            assert 500 + number in view.rendered_indexes
        assert app.query_one(NewExchangesMarker).count == 0
        assert len(view.rendered_indexes) < 40


@pytest.mark.parametrize('key', ['end', 'G'])
async def test_exchanges_arriving_out_of_view_are_counted_and_end_jumps_to_them(
    app_for: AppFor, tmp_path: Path, key: str
) -> None:
    desk = small_desk(tmp_path, exchanges=12)
    app = app_for(desk)
    async with settled(app) as pilot:
        view = app.query_one(ExchangeView)
        view.scroll_home(animate=False)
        await pilot.pause()
        assert not view.shows_end()
        log = desk / 'sessions' / '2026-10-21-1.jsonl'
        append(log, exchange_line('one') + exchange_line('two') + exchange_line('three'))
        marker = app.query_one(NewExchangesMarker)
        await wait_until(pilot, lambda: marker.count == 3)
        assert '3 new exchanges below' in str(marker.render())
        assert view.scroll_y == 0  # The view stayed where the person was reading.
        assert 'End or click' in str(marker.render())
        view.focus()
        await pilot.press(key)
        await settle(pilot)
        await wait_until(pilot, view.shows_end)
        assert marker.count == 0


async def test_a_new_session_appears_on_top_and_the_selection_stays(
    app_for: AppFor, tmp_path: Path
) -> None:
    desk = small_desk(tmp_path)
    write_lines(desk / 'sessions' / '2026-10-20-1.jsonl', [exchange('old', 'old answer')])
    app = app_for(desk)
    async with settled(app) as pilot:
        screen = main_screen(app)
        app.query_one(SessionList).highlight_session('2026-10-20-1')
        await settle(pilot)
        write_lines(desk / 'sessions' / '2026-10-21-2.jsonl', [exchange('new', 'new answer')])
        sessions = app.query_one(SessionList)
        await wait_until(pilot, lambda: sessions.row_count == 3)
        first = sessions.session_at(0)
        assert first is not None and first.session_id == '2026-10-21-2'
        assert screen.selected_session == '2026-10-20-1'
        assert sessions.highlighted == sessions.place_of('2026-10-20-1')


async def test_a_changed_state_updates_the_state_pane_with_its_age(
    app_for: AppFor, demo_desk: Path, tmp_path: Path
) -> None:
    desk = tmp_path / 'main'
    shutil.copytree(demo_desk, desk)
    app = app_for(desk)
    async with settled(app) as pilot:
        assert 'state.json written 14 s ago\nfollowing' in widget_texts(pilot)
        state_path = desk / 'sessions' / 'state.json'
        state = json.loads(state_path.read_text(encoding='utf-8'))
        state['routes']['claude']['exchanges_seen'] = 7
        state_path.write_text(json.dumps(state), encoding='utf-8')
        moment = state_path.stat().st_mtime - 1
        os.utime(state_path, (moment, moment))
        await wait_until(pilot, lambda: '7 exchanges seen · up to date' in widget_texts(pilot))


async def test_a_line_still_being_written_is_not_damaged_and_shows_once_complete(
    app_for: AppFor, tmp_path: Path
) -> None:
    desk = small_desk(tmp_path)
    log = desk / 'sessions' / '2026-10-21-1.jsonl'
    whole = exchange_line('written in two parts')
    append(log, whole[:20])
    app = app_for(desk)
    async with settled(app) as pilot:
        view = app.query_one(ExchangeView)
        text = widget_texts(pilot)
        assert 'damaged' not in text
        assert 'Its last line has no end yet' in text
        assert view.exchange_count == 2
        append(log, whole[20:])
        await wait_until(pilot, lambda: 'written in two parts' in widget_texts(pilot))
        assert view.exchange_count == 3
        text = widget_texts(pilot)
        assert 'damaged' not in text
        assert 'Its last line has no end yet' not in text


async def test_f_pauses_and_resumes_following(app_for: AppFor, tmp_path: Path) -> None:
    desk = small_desk(tmp_path)
    app = app_for(desk)
    async with settled(app) as pilot:
        await pilot.press('f')
        await settle(pilot)
        status = app.query_one(LiveStatus)
        assert not status.following
        assert 'paused' in widget_texts(pilot)
        assert not main_screen(app).follower.following
        append(desk / 'sessions' / '2026-10-21-1.jsonl', exchange_line('while paused'))
        await pilot.pause(1.2)
        view = app.query_one(ExchangeView)
        assert view.exchange_count == 2
        await pilot.press('f')
        await wait_until(pilot, lambda: view.exchange_count == 3)
        assert 'following' in widget_texts(pilot)


async def test_a_vanished_desk_is_noted_and_the_app_keeps_working(
    app_for: AppFor, tmp_path: Path
) -> None:
    desk = small_desk(tmp_path)
    app = app_for(desk)
    async with settled(app, notifications=True) as pilot:
        remove_at_once(desk)
        status = app.query_one(LiveStatus)
        await wait_until(pilot, lambda: status.vanished, LOADED)
        await wait_for_note(pilot, 'desk folder is gone', LOADED)  # A message: it comes after.
        assert 'The desk folder is gone' in widget_texts(pilot)
        await pilot.press('question_mark')
        await pilot.pause()
        assert app.is_running
        await pilot.press('escape')
        # Back whole: a look at a folder without its log yet would read an empty desk, whose
        # session, once written, is listed but not opened.
        small_desk(tmp_path / 'new', exchanges=4).rename(desk)
        await wait_until(pilot, lambda: not status.vanished, LOADED)
        view = app.query_one(ExchangeView)
        await wait_until(pilot, lambda: view.exchange_count == 4, LOADED)


def test_opening_a_session_reads_its_log_once(
    demo_desk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    live_desk = LiveDesk(demo_desk)
    overview = read_overview(demo_desk)
    current = next(entry.session_id for entry in overview.sessions if entry.is_current)
    older = next(entry.session_id for entry in overview.sessions if not entry.is_current)
    live_desk.poll(current, lambda update: None)
    reads: list[Path] = []
    read_new = JsonLinesFollower.read_new

    def counted_read_new(follower: JsonLinesFollower, *arguments: object) -> object:
        reads.append(follower.path)
        return read_new(follower, *arguments)  # type: ignore[arg-type]

    monkeypatch.setattr(JsonLinesFollower, 'read_new', counted_read_new)
    delivered: list[SessionLog] = []
    for session_id in (older, current):
        reads.clear()
        live_desk.open_session(session_id, delivered.append)
        assert [path.stem for path in reads] == [session_id]
    assert [log.session_id for log in delivered] == [older, current]
    assert len(delivered[1].exchanges) == overview.current_log_count


async def test_the_main_screen_under_the_search_catches_up_when_shown_again(
    app_for: AppFor, tmp_path: Path
) -> None:
    desk = small_desk(tmp_path)
    app = app_for(desk)
    async with settled(app) as pilot:
        view = app.query_one(ExchangeView)
        await pilot.press('slash')
        await settle(pilot)
        append(
            desk / 'sessions' / '2026-10-21-1.jsonl',
            exchange_line('NIFTY gapped up under the search'),
        )
        await wait_until(pilot, lambda: view.exchange_count == 3)  # Followed while covered.
        await pilot.resize_terminal(100, 30)
        await settle(pilot)
        await pilot.press('escape')
        await settle(pilot)
        assert main_screen(app).size == (100, 30)
        assert view.region.right <= 100
        assert 'NIFTY gapped up under the search' in widget_texts(pilot)


async def test_an_appended_exchange_gets_its_asked_time_from_the_journal_read_on(
    app_for: AppFor, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    desk = small_desk(tmp_path)
    journal = write_journal(
        desk,
        '2026-10-21',
        [
            {'type': 'session_started', 'time': '2026-10-21T03:40:00+00:00', 'session_id': S1},
            {'type': 'trigger_received', 'time': '2026-10-21T03:45:00+00:00', 'text': 'trigger 1'},
            {'type': 'text', 'time': '2026-10-21T03:46:00+00:00', 'text': 'answer'},
        ],
    )
    whole_reads: list[Path] = []
    read_journal_day = journal_module.read_journal_day

    def counted_read_journal_day(path: Path, *arguments: Any) -> Any:
        whole_reads.append(path)
        return read_journal_day(path, *arguments)

    monkeypatch.setattr(journal_module, 'read_journal_day', counted_read_journal_day)
    app = app_for(desk)
    async with settled(app) as pilot:
        view = app.query_one(ExchangeView)
        await wait_until(pilot, lambda: view.asked_time(0) == '2026-10-21T03:45:00+00:00')
        assert view.asked_time(1) is None  # Its trigger is not in the journal.
        trigger = {'type': 'trigger_received', 'time': '2026-10-21T04:10:00+00:00'}
        append(journal, json.dumps({**trigger, 'text': 'NIFTY gapped up'}).encode() + b'\n')
        append(desk / 'sessions' / f'{S1}.jsonl', exchange_line('NIFTY gapped up'))
        await wait_until(pilot, lambda: view.asked_time(2) == '2026-10-21T04:10:00+00:00', LOADED)
    assert journal not in whole_reads  # Read on from where the last read stopped, never whole.
