"""Fuzzing the running app: random desks (random bytes and structures in every kind of file,
built with the strategies of tests/memory/test_fuzz_desk.py) opened headlessly, sessions selected,
searched, a hit opened: no exception, no hang.
"""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from desk_browser.ui.screens.main_screen import MainScreen
from desk_browser.ui.widgets.session_list import SessionList
from tests.helpers.pilot import deterministic_app, settle, settled
from tests.memory.test_fuzz_desk import FuzzDesk, fuzz_desks, words, write_desk

FUZZ_CASES = 25
"""How many random desks one run drives the app through."""


async def drive(desk: Path, query: str) -> None:
    app = deterministic_app(desk)
    async with settled(app, (100, 30)) as pilot:
        sessions = app.query_one(SessionList)
        for index in range(min(sessions.row_count, 3)):
            sessions.highlighted = index
            await settle(pilot)
        await pilot.press('n', 'p', 's', 'e', 'exclamation_mark')
        await settle(pilot)
        await pilot.press('escape', 'slash', *query)
        await settle(pilot)
        await pilot.press('enter')  # Opens the first hit, if any.
        await settle(pilot)
        await pilot.press('d')
        await settle(pilot)
        for _ in range(4):
            if isinstance(app.screen, MainScreen):
                break
            await pilot.press('escape')
            await settle(pilot)
        assert app.is_running
        assert app.return_code is None


@settings(
    max_examples=FUZZ_CASES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(fuzz_desk=fuzz_desks(), query=words | st.text(min_size=1, max_size=8))
def test_random_desks_are_opened_selected_searched_and_opened_without_error(
    fuzz_desk: FuzzDesk, query: str
) -> None:
    query = query.replace('\x00', '') or 'nifty'
    with tempfile.TemporaryDirectory() as folder:
        desk = Path(folder) / 'main'
        write_desk(desk, fuzz_desk)
        asyncio.run(asyncio.wait_for(drive(desk, query), timeout=60))
