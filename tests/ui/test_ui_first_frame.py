"""The main screen's first frame is held until its first reads are in, and never for long."""

from __future__ import annotations

import pytest
from textual.app import App

from desk_browser.ui.first_frame import LONGEST_HOLD, FirstFrame
from tests.helpers.pilot import AppFor, screen_text, settle


@pytest.mark.parametrize(
    ('desk_fixture', 'shown'),
    [('demo_desk', 'state.json'), ('empty_desk', 'This folder is not a desk')],
)
async def test_the_first_frame_is_drawn_once_the_first_reads_are_in(
    app_for: AppFor, request: pytest.FixtureRequest, desk_fixture: str, shown: str
) -> None:
    # The demo desk's hold ends with its first cards, the empty folder's with its overview.
    app = app_for(request.getfixturevalue(desk_fixture))
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.first_frame.held  # From the app's mount on.
        await settle(pilot)
        assert not app.first_frame.held
        assert shown in screen_text(pilot)


async def test_the_hold_ends_by_itself_when_the_reads_never_come() -> None:
    app: App[None] = App()
    async with app.run_test() as pilot:
        first_frame = FirstFrame(app)
        first_frame.hold()
        assert first_frame.held
        await pilot.pause(LONGEST_HOLD + 0.2)
        assert not first_frame.held
