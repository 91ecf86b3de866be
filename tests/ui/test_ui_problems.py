"""Pilot tests of the Problems view and of the problem count in the state pane."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.command import CommandList, CommandPalette
from textual.pilot import Pilot

from desk_browser.memory.desk_check import check_desk
from desk_browser.ui.screens.main_screen import MainScreen
from desk_browser.ui.screens.problems_screen import ProblemsScreen
from desk_browser.ui.widgets.live_status import LiveStatus
from desk_browser.ui.widgets.problem_list import ProblemList
from tests.helpers.pilot import AppFor, settle, widget_texts


def table_rows(table: ProblemList) -> list[list[str]]:
    return [[cell.plain for cell in table.get_row_at(index)] for index in range(table.row_count)]


async def test_exclamation_mark_lists_every_problem_with_path_line_and_reason(
    app_for: AppFor, damaged_desk: Path
) -> None:
    app = app_for(damaged_desk)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
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
        assert 'checking the desk for damage' in str(status.content)
        await settle(pilot)
        assert status.problem_count == 7
        assert '7 problems — press ! to see them' in widget_texts(pilot)
    app = app_for(demo_desk)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert app.query_one(LiveStatus).problem_count == 0
        assert 'no damage found' in widget_texts(pilot)


async def test_a_healthy_desk_has_an_empty_problems_view(app_for: AppFor, demo_desk: Path) -> None:
    app = app_for(demo_desk)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press('exclamation_mark')
        await settle(pilot)
        assert isinstance(app.screen, ProblemsScreen)
        assert app.screen.query_one(ProblemList).row_count == 0
        assert 'No problems' in widget_texts(pilot)


async def test_the_palette_opens_the_problems_view(app_for: AppFor, damaged_desk: Path) -> None:
    app = app_for(damaged_desk)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
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
