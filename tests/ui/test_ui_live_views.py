"""Views that follow what they show: the Problems view, the Summary tab, the sessions' counts."""

from __future__ import annotations

from pathlib import Path

import pytest

from desk_browser.live import live_desk
from desk_browser.ui.screens import problems_screen
from desk_browser.ui.screens.problems_screen import ProblemsScreen
from desk_browser.ui.widgets.problem_list import ProblemList
from desk_browser.ui.widgets.session_list import SessionList
from desk_browser.ui.widgets.summary_view import SummaryView
from tests.helpers.desks import append, exchange, exchange_line, small_desk, write_lines
from tests.helpers.pilot import AppFor, main_screen, settle, settled, wait_until, widget_texts


async def test_the_problems_view_lists_damage_written_while_it_is_open(
    app_for: AppFor, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(problems_screen, 'RECHECK_INTERVAL', 0.0)
    monkeypatch.setattr(problems_screen, 'RECHECK_AFTER', 0.05)
    desk = small_desk(tmp_path)
    app = app_for(desk)
    async with settled(app) as pilot:
        await pilot.press('exclamation_mark')
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ProblemsScreen)
        problems = screen.query_one(ProblemList)
        assert problems.row_count == 0
        assert 'No problems' in widget_texts(pilot)
        append(desk / 'sessions' / '2026-10-21-1.jsonl', b'{this is not JSON\n')
        await wait_until(pilot, lambda: problems.row_count == 1)
        await wait_until(pilot, lambda: '1 problem in' in widget_texts(pilot))
        assert app.screen is screen


async def test_the_summary_tab_shows_a_summary_as_soon_as_it_is_written_and_changed(
    app_for: AppFor, tmp_path: Path
) -> None:
    desk = small_desk(tmp_path)
    app = app_for(desk)
    async with settled(app) as pilot:
        await pilot.press('s')
        await settle(pilot)
        view = app.query_one(SummaryView)
        assert view.display
        assert 'The desk closed flat' not in widget_texts(pilot)
        summary = desk / 'sessions' / 'summaries' / '2026-10-21.md'
        summary.parent.mkdir(parents=True)
        summary.write_text('# Wed 21 Oct\n\nThe desk closed flat.\n', encoding='utf-8')
        await wait_until(pilot, lambda: 'The desk closed flat.' in widget_texts(pilot))
        summary.write_text('# Wed 21 Oct\n\nThe desk closed up 1%.\n', encoding='utf-8')
        await wait_until(pilot, lambda: 'The desk closed up 1%.' in widget_texts(pilot))
        assert 'The desk closed flat.' not in widget_texts(pilot)


async def test_the_sessions_list_counts_an_older_log_again_when_it_is_rewritten(
    app_for: AppFor, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(live_desk, 'SWEEP_EVERY', 1)
    desk = small_desk(tmp_path)
    older = desk / 'sessions' / '2026-10-20-1.jsonl'
    write_lines(older, [exchange('old', 'old answer')])
    app = app_for(desk)
    async with settled(app) as pilot:
        sessions = app.query_one(SessionList)

        def count_of(session_id: str) -> int | None:
            place = sessions.place_of(session_id)
            entry = sessions.session_at(place) if place is not None else None
            return entry.exchange_count if entry is not None else None

        assert count_of('2026-10-20-1') == 1
        # A look at the desk has been taken (the first is the baseline) once this shows.
        append(desk / 'sessions' / '2026-10-21-1.jsonl', exchange_line('NIFTY gapped up'))
        await wait_until(pilot, lambda: count_of('2026-10-21-1') == 3)
        write_lines(older, [exchange(f'old {number}', 'old answer') for number in range(3)])
        await wait_until(pilot, lambda: count_of('2026-10-20-1') == 3)
        assert main_screen(app).selected_session == '2026-10-21-1'
