"""Pilot tests of the Problems view and of the problem count in the state pane."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.command import CommandList, CommandPalette
from textual.pilot import Pilot
from textual.worker import WorkerState

from desk_browser.memory.desk_check import check_desk
from desk_browser.ui import following, interpreter_turns
from desk_browser.ui.screens.day_screen import DayScreen
from desk_browser.ui.screens.main_screen import MainScreen
from desk_browser.ui.screens.problems_screen import ProblemsScreen
from desk_browser.ui.widgets.exchange_view import ExchangeView
from desk_browser.ui.widgets.live_status import LiveStatus
from desk_browser.ui.widgets.problem_list import ProblemList
from tests.helpers.desks import exchange, small_desk, write_lines
from tests.helpers.pilot import (
    AppFor,
    screen_text,
    settle,
    settled,
    wait_for_note,
    wait_until,
    widget_texts,
)

LOADED = 30
"""Seconds a wait may take on a loaded machine before it gives up."""


def table_rows(table: ProblemList) -> list[list[str]]:
    return [[cell.plain for cell in table.get_row_at(index)] for index in range(table.row_count)]


async def test_exclamation_mark_lists_every_problem_with_path_line_and_reason(
    app_for: AppFor, damaged_desk: Path
) -> None:
    app = app_for(damaged_desk)
    async with settled(app) as pilot:
        await pilot.press('exclamation_mark')
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ProblemsScreen)
        rows = table_rows(screen.query_one(ProblemList))
        report = check_desk(damaged_desk)
        assert len(rows) == len(report.problems) == 7
        assert ['sessions/2026-10-21-3.jsonl', '8', 'session log', 'cut short'] in rows
        assert ['journal/2026-10-20.jsonl', '3', 'journal', 'not UTF-8'] in rows
        assert ['sessions/2026-10-20-1.jsonl', '4', 'session log', 'missing field "answer"'] in rows
        assert '7 problems in' in widget_texts(pilot)
        await pilot.press('escape')
        await pilot.pause()
        assert isinstance(app.screen, MainScreen)


async def test_the_state_pane_counts_the_problems_after_the_first_screen(
    app_for: AppFor, damaged_desk: Path, demo_desk: Path
) -> None:
    app = app_for(damaged_desk)
    async with app.run_test(size=(120, 40)) as pilot:
        status = app.query_one(LiveStatus)
        assert status.problem_count is None  # Not counted before the first screen.
        assert 'checking for damage' in str(status.content)
        await settle(pilot)
        assert status.problem_count == 7
        assert '7 problems: press !' in widget_texts(pilot)
    app = app_for(demo_desk)
    async with settled(app) as pilot:
        assert app.query_one(LiveStatus).problem_count == 0
        assert 'no damage found' in widget_texts(pilot)


async def test_the_problem_count_waits_while_an_index_build_runs_and_says_it_is_checking(
    app_for: AppFor, damaged_desk: Path
) -> None:
    # The cache is new, so the check must read every file (nothing recalled): while a build runs
    # it waits its turn (the build stands for one that takes long, on a big desk).
    app = app_for(damaged_desk)
    build = interpreter_turns.short_turns()
    build.__enter__()
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            status = app.query_one(LiveStatus)

            def checking() -> bool:
                return any(
                    worker.group == 'problem-count' and worker.state == WorkerState.RUNNING
                    for worker in app.workers
                )

            def app_indexed() -> bool:
                status = app.index_status
                return status is not None and status.complete and not app.index_builder.indexing

            await wait_until(pilot, lambda: checking() and app_indexed(), LOADED)
            for _ in range(5):
                await pilot.pause(0.05)
            assert checking() and status.problem_count is None
            assert 'checking for damage' in widget_texts(pilot)
            build.__exit__(None, None, None)
            await wait_until(pilot, lambda: status.problem_count == 7, LOADED)
            assert '7 problems: press !' in widget_texts(pilot)
    finally:
        if interpreter_turns.building():
            build.__exit__(None, None, None)


async def test_quitting_while_the_problem_count_waits_for_a_build_ends_its_wait(
    app_for: AppFor, damaged_desk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    waits: list[bool] = []

    def recorded(stopped: Callable[[], bool]) -> bool:
        waited = interpreter_turns.wait_while_building(stopped)
        waits.append(waited)
        return waited

    monkeypatch.setattr(following, 'wait_while_building', recorded)
    app = app_for(damaged_desk)
    with interpreter_turns.short_turns():
        async with app.run_test(size=(120, 40)) as pilot:
            await wait_until(
                pilot,
                lambda: any(
                    worker.group == 'problem-count' and worker.state == WorkerState.RUNNING
                    for worker in app.workers
                ),
                LOADED,
            )
            await pilot.pause(0.1)
            assert not waits and app.query_one(LiveStatus).problem_count is None
        deadline = time.monotonic() + LOADED
        while not waits and time.monotonic() < deadline:
            time.sleep(0.02)
        assert waits == [False]  # Cancelled with the app: no file read after.


async def test_a_healthy_desk_has_an_empty_problems_view(app_for: AppFor, demo_desk: Path) -> None:
    app = app_for(demo_desk)
    async with settled(app) as pilot:
        await pilot.press('exclamation_mark')
        await settle(pilot)
        assert isinstance(app.screen, ProblemsScreen)
        assert app.screen.query_one(ProblemList).row_count == 0
        assert 'No problems' in widget_texts(pilot)
        await pilot.press('enter')  # The footer offers it: it says why nothing opens.
        await wait_for_note(pilot, 'No problem to open')
        assert isinstance(app.screen, ProblemsScreen)


async def test_the_palette_opens_the_problems_view(app_for: AppFor, damaged_desk: Path) -> None:
    app = app_for(damaged_desk)
    async with settled(app) as pilot:
        await open_from_palette(pilot, 'problems')
        await settle(pilot)
        assert isinstance(app.screen, ProblemsScreen)


async def open_from_palette(pilot: Pilot[Any], words: str) -> None:
    await pilot.press('ctrl+p')
    await pilot.pause()
    assert isinstance(pilot.app.screen, CommandPalette)
    await pilot.press(*words)
    commands = pilot.app.screen.query_one(CommandList)
    for _ in range(200):
        if commands.option_count:
            break
        await pilot.pause(0.01)
    await pilot.press('enter')


async def _problems_shown(pilot: Pilot[Any], *keys: str) -> ProblemsScreen:
    await settle(pilot)
    await pilot.press('exclamation_mark')
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, ProblemsScreen)
    await pilot.press(*keys)
    await settle(pilot)
    return screen


def _detail(screen: ProblemsScreen) -> str:
    return str(screen.query_one('#problem-detail').render())


async def test_the_highlighted_row_says_what_it_means_and_shows_its_line_as_written(
    app_for: AppFor, damaged_desk: Path
) -> None:
    app = app_for(damaged_desk)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _problems_shown(pilot)
        detail = _detail(screen)
        assert detail.startswith('bytes that are not text (a disk or copying fault): ')
        assert 'Line 3 as written: {"type": "text"' in detail
        assert '\\xe9' in detail  # The byte that is not UTF-8, shown as an escape.
        await pilot.press('j', 'j')
        await settle(pilot)
        assert _detail(screen).startswith('an event without its type: the desk skips it; nothing')
        assert 'Line 11 as written: {"time": ' in _detail(screen)
        await pilot.press('G')
        await settle(pilot)
        detail = _detail(screen)
        assert detail.startswith('a backend counts more exchanges than its log holds: ')
        assert 'as written' not in detail  # A whole-file problem has no line to show.


async def test_y_copies_the_row_and_shift_y_its_json(app_for: AppFor, damaged_desk: Path) -> None:
    app = app_for(damaged_desk)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await _problems_shown(pilot, 'j', 'j', 'j', 'j', 'j')
        await pilot.press('y')
        await pilot.pause()
        assert app.clipboard.splitlines() == [
            'sessions/2026-10-21-3.jsonl:8: cut short',
            'session log: cut short by a crash: the desk skips it; nothing to do',
            app.clipboard.splitlines()[2],
        ]
        assert app.clipboard.splitlines()[2].startswith('line 8 as written: {"trigger_text"')
        messages = [note.message for note in app._notifications]
        assert "Sent the problem as text to the terminal's clipboard (OSC 52)." in messages
        await pilot.press('Y')
        await pilot.pause()
        copied = json.loads(app.clipboard)
        assert (copied['path'], copied['line'], copied['reason']) == (
            'sessions/2026-10-21-3.jsonl',
            8,
            'cut short',
        )
        assert copied['written'].startswith('{"trigger_text"')


async def test_the_footer_shows_open_copy_and_export(app_for: AppFor, damaged_desk: Path) -> None:
    app = app_for(damaged_desk)
    async with app.run_test(size=(120, 40)) as pilot:
        await _problems_shown(pilot)
        footer = screen_text(pilot).splitlines()[-1]
        for key in ('Open', 'y Copy', 'x Export', 'esc Back', 'r Check again'):
            assert key in footer


def _messages(pilot: Pilot[Any]) -> list[str]:
    return [note.message for note in pilot.app._notifications]


async def test_enter_on_a_log_line_shows_its_session_at_the_exchanges_around_it(
    app_for: AppFor, damaged_desk: Path
) -> None:
    app = app_for(damaged_desk)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await _problems_shown(pilot, 'j', 'j', 'j', 'j', 'enter')  # 2026-10-20-1, line 4.
        screen = app.screen
        assert isinstance(screen, MainScreen)
        assert screen.selected_session == '2026-10-20-1'
        view = screen.query_one(ExchangeView)
        assert view.current_index == 1  # Lines 1 and 3 are exchanges 1 and 2; line 2 is damaged.
        assert view.has_focus
        assert 'Line 4 is damaged, so it is skipped: it came after exchange 2.' in _messages(pilot)
        await pilot.press('exclamation_mark')
        await settle(pilot)
        await pilot.press('j', 'j', 'j', 'j', 'j', 'enter')  # 2026-10-21-3, line 8: its last.
        await settle(pilot)
        assert screen.selected_session == '2026-10-21-3'
        assert view.current_index == 6
        assert 'Line 8 is damaged, so it is skipped: it came after exchange 7.' in _messages(pilot)


async def test_enter_after_blank_lines_shows_the_exchange_just_before_the_damaged_line(
    app_for: AppFor, tmp_path: Path
) -> None:
    desk = small_desk(tmp_path)
    log = desk / 'sessions' / '2026-10-21-1.jsonl'
    lines = [
        exchange('first', 'a'),
        '',
        '  ',
        exchange('second', 'b'),
        'not json',
        exchange('third', 'c'),
    ]
    write_lines(log, lines)
    app = app_for(desk)
    async with settled(app, (120, 40), notifications=True) as pilot:
        await pilot.press('exclamation_mark')
        await settle(pilot)
        await pilot.press('enter')  # The one problem: line 5, after two blank lines.
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, MainScreen)
        view = screen.query_one(ExchangeView)
        assert view.current_index == 1  # "second", not "third" as the lines alone would say.
        assert 'Line 5 is damaged, so it is skipped: it came after exchange 2.' in _messages(pilot)


async def test_enter_on_a_journal_line_opens_the_day_view_at_the_event_before_it(
    app_for: AppFor, damaged_desk: Path
) -> None:
    app = app_for(damaged_desk)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await _problems_shown(pilot, 'j', 'j', 'enter')  # journal/2026-10-20.jsonl, line 11.
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, DayScreen)
        assert screen.day == '2026-10-20'
        event = screen.highlighted_event
        assert event is not None and event.line_number == 10
        assert (
            'Line 11 is damaged, so it is skipped: the highlighted event came just before it.'
            in (_messages(pilot))
        )
        await pilot.press('escape')  # Back to the problems it came from.
        await pilot.pause()
        assert isinstance(app.screen, ProblemsScreen)


async def test_enter_on_the_state_says_where_it_is_shown(
    app_for: AppFor, damaged_desk: Path
) -> None:
    app = app_for(damaged_desk)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        screen = await _problems_shown(pilot, 'G', 'enter')
        assert app.screen is screen
        assert 'Enter shows' not in _detail(screen)
        assert any('State pane' in message for message in _messages(pilot))
