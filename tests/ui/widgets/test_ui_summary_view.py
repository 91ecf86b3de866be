"""The summary tab renders its Markdown only once it is shown, and always the latest day's."""

from __future__ import annotations

from pathlib import Path

from desk_browser.ui.widgets.safe_markdown import SafeMarkdown
from desk_browser.ui.widgets.session_list import SessionList
from desk_browser.ui.widgets.summary_view import SummaryView
from tests.helpers.pilot import AppFor, settle, settled, widget_texts


async def test_a_hidden_summary_is_kept_and_rendered_when_its_tab_is_shown(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with settled(app) as pilot:
        view = app.query_one(SummaryView)
        app.query_one(SessionList).highlight_session('2026-10-20-1')
        await settle(pilot)
        assert view.waiting_summary is not None
        assert view.waiting_summary.day == '2026-10-20'
        assert not view.query(SafeMarkdown)
        await pilot.press('s')
        await settle(pilot)
        assert view.waiting_summary is None
        assert view.query(SafeMarkdown)
        assert 'Summary of Tue 2026-10-20' in widget_texts(pilot)


async def test_a_day_chosen_while_the_summary_is_hidden_replaces_the_one_shown_before(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with settled(app) as pilot:
        sessions = app.query_one(SessionList)
        sessions.highlight_session('2026-10-20-1')
        await settle(pilot)
        await pilot.press('s')
        await settle(pilot)
        await pilot.press('e')
        await settle(pilot)
        sessions.highlight_session('2026-10-19-1')
        await settle(pilot)
        await pilot.press('s')
        await settle(pilot)
        text = widget_texts(pilot)
        assert 'Summary of Mon 2026-10-19' in text
        assert 'Summary of Tue 2026-10-20' not in text
