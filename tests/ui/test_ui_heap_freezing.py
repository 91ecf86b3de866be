"""Start-up objects are frozen out of garbage collection, and unfrozen when the app ends."""

from __future__ import annotations

import gc
from collections.abc import Callable
from pathlib import Path

import pytest
from ui_helpers import settle

from desk_browser.ui import heap_freezing
from desk_browser.ui.app import DeskBrowser

AppFor = Callable[[Path], DeskBrowser]


async def test_the_heap_is_frozen_after_the_first_screen_and_unfrozen_at_the_end(
    app_for: AppFor, demo_desk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(heap_freezing, 'FREEZE_AFTER', 0.01)
    assert gc.get_freeze_count() == 0
    app = app_for(demo_desk)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.pause(0.1)
        assert gc.get_freeze_count() > 0
        assert app.heap_frozen
    assert gc.get_freeze_count() == 0
