"""Start-up objects are frozen out of garbage collection, and unfrozen when the app ends."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from desk_browser.ui import heap_freezing
from tests.helpers.pilot import AppFor, settled


async def test_the_heap_is_frozen_after_the_first_screen_and_unfrozen_at_the_end(
    app_for: AppFor, demo_desk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(heap_freezing, 'FREEZE_AFTER', 0.01)
    assert gc.get_freeze_count() == 0
    app = app_for(demo_desk)
    async with settled(app) as pilot:
        await pilot.pause(0.1)
        assert gc.get_freeze_count() > 0
        assert app.heap_frozen
    assert gc.get_freeze_count() == 0


async def test_a_due_full_collection_waits_for_the_person_to_stop_and_python_s_schedule_returns(
    app_for: AppFor, demo_desk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(heap_freezing, 'FREEZE_AFTER', 0.01)
    monkeypatch.setattr(heap_freezing, '_LOOK_EVERY', 0.02)
    monkeypatch.setattr(heap_freezing, 'IDLE_SECONDS', 3600.0)
    thresholds = gc.get_threshold()
    app = app_for(demo_desk)
    async with settled(app) as pilot:
        await pilot.pause(0.1)
        assert app.heap_frozen
        assert gc.get_threshold()[2] == heap_freezing._FULL_COLLECTION_EVERY
        for _ in range(heap_freezing._FULL_COLLECTION_DUE):
            gc.collect(1)  # Each young collection counts towards a full one.
        await pilot.press('down')
        await pilot.pause(0.1)
        assert gc.get_count()[2] >= heap_freezing._FULL_COLLECTION_DUE  # Not idle: it waits.

        monkeypatch.setattr(heap_freezing, 'IDLE_SECONDS', 0.05)
        await pilot.pause(0.2)
        assert gc.get_count()[2] < heap_freezing._FULL_COLLECTION_DUE  # Idle: collected.
    assert gc.get_threshold() == thresholds


async def test_collections_held_since_the_start_resume_at_the_freeze(
    app_for: AppFor, demo_desk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(heap_freezing, 'FREEZE_AFTER', 0.01)
    collected: list[int] = []

    def collect(generation: int = 2) -> int:
        collected.append(generation)
        return 0

    monkeypatch.setattr(gc, 'collect', collect)
    app = app_for(demo_desk)
    gc.disable()  # As the command line does before the app is imported.
    try:
        async with settled(app) as pilot:
            await pilot.pause(0.1)
            assert app.heap_frozen
            assert gc.isenabled()
            assert collected == []  # Nothing collected first: every object was young.
    finally:
        gc.enable()


async def test_collections_resume_at_the_latest_with_no_session_shown(
    app_for: AppFor, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(heap_freezing, 'LATEST_FREEZE', 0.05)
    app = app_for(tmp_path)  # An empty folder: no session's exchanges ever come.
    gc.disable()
    try:
        async with settled(app) as pilot:
            await pilot.pause(0.2)
            assert app.heap_frozen
            assert gc.isenabled()
    finally:
        gc.enable()
    assert gc.get_freeze_count() == 0
