"""Start-up objects are frozen out of garbage collection, and unfrozen when the app ends; while
the index builds, full collections wait for idle moments and the interpreter's turns are short."""

from __future__ import annotations

import gc
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from desk_browser.memory.index.search import IndexedSearch
from desk_browser.memory.index.status import IndexStatus
from desk_browser.ui import heap_freezing, interpreter_turns
from tests.helpers.pilot import AppFor, deterministic_workspace_app, settled


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


class _HeldBuild:
    """Stands in for the index's build: notes the full collections' threshold while it runs, and
    runs until it is let go, cancelled (the app quits) or told to fail."""

    def __init__(self) -> None:
        self.thresholds: list[int] = []
        self.turns: list[float] = []
        self.started = threading.Event()
        self.finish = threading.Event()
        self.fail = False

    def build(
        self, progress: Callable[[int, int], None] | None = None, cancelled: Any = None
    ) -> IndexStatus:
        if progress is not None:
            progress(0, 1)  # As the real build does once it holds the index's build lock.
        self.thresholds.append(gc.get_threshold()[2])
        self.turns.append(sys.getswitchinterval())
        self.started.set()
        while not self.finish.wait(0.01):
            if cancelled is not None and cancelled():
                return IndexStatus(0, 1, available=True)
        self.thresholds.append(gc.get_threshold()[2])
        if self.fail:
            raise OSError('the disk went away')
        return IndexStatus(1, 1, available=True)


@pytest.fixture
def held_build(monkeypatch: pytest.MonkeyPatch) -> _HeldBuild:
    build = _HeldBuild()
    monkeypatch.setattr(
        IndexedSearch, 'build', lambda _search, *args, **kw: build.build(*args, **kw)
    )
    monkeypatch.setattr(heap_freezing, 'FREEZE_AFTER', 0.01)
    monkeypatch.setattr(heap_freezing, '_LOOK_EVERY', 0.02)
    return build


async def _until(pilot: Any, condition: Callable[[], bool]) -> None:
    for _ in range(1000):  # A guard against a hang, not a timing.
        if condition():
            return
        await pilot.pause(0.01)
    raise AssertionError('never happened')


@pytest.mark.parametrize('fails', [False, True], ids=['built', 'failed'])
async def test_full_collections_are_held_while_the_index_builds_and_resume_after(
    app_for: AppFor,
    demo_desk: Path,
    monkeypatch: pytest.MonkeyPatch,
    held_build: _HeldBuild,
    fails: bool,
) -> None:
    monkeypatch.setattr(heap_freezing, 'IDLE_SECONDS', 3600.0)
    monkeypatch.setattr(heap_freezing, 'RESUME_AT_THE_LATEST', 3600.0)
    held_build.fail = fails
    thresholds = gc.get_threshold()
    turn = sys.getswitchinterval()
    app = app_for(demo_desk)
    async with app.run_test() as pilot:
        await _until(pilot, held_build.started.is_set)
        await _until(pilot, lambda: app.heap_frozen)
        assert gc.get_threshold()[2] == heap_freezing._FULL_COLLECTION_HELD_EVERY
        for _ in range(heap_freezing._FULL_COLLECTION_DUE):
            gc.collect(1)  # Due when no build runs; not yet while one does, even when idle.
        monkeypatch.setattr(heap_freezing, 'IDLE_SECONDS', 0.05)
        await pilot.pause(0.2)
        assert gc.get_count()[2] >= heap_freezing._FULL_COLLECTION_DUE
        for _ in range(heap_freezing._FULL_COLLECTION_HELD_DUE):
            gc.collect(1)
        await _until(pilot, lambda: gc.get_count()[2] < heap_freezing._FULL_COLLECTION_DUE)

        monkeypatch.setattr(heap_freezing, 'IDLE_SECONDS', 3600.0)
        for _ in range(heap_freezing._FULL_COLLECTION_DUE):
            gc.collect(1)  # Due, but the person is not idle.
        held_build.finish.set()
        await _until(pilot, lambda: not app.index_builder.indexing)
        await pilot.pause(0.1)
        # The build ended, the collection it owes waits for an idle moment: still held.
        assert gc.get_threshold()[2] == heap_freezing._FULL_COLLECTION_HELD_EVERY
        assert gc.get_count()[2] >= heap_freezing._FULL_COLLECTION_DUE

        monkeypatch.setattr(heap_freezing, 'IDLE_SECONDS', 0.05)
        await _until(pilot, lambda: gc.get_threshold()[2] == heap_freezing._FULL_COLLECTION_EVERY)
        assert gc.get_count()[2] < heap_freezing._FULL_COLLECTION_DUE  # Collected while idle.
        assert held_build.thresholds == [heap_freezing._FULL_COLLECTION_HELD_EVERY] * 2
        status = app.index_status
        assert (status is not None and status.complete) == (not fails)
        assert held_build.turns == [interpreter_turns.SHORT_TURN]
        assert sys.getswitchinterval() == turn
    assert gc.get_threshold() == thresholds


async def test_full_collections_resume_at_the_latest_after_a_build_when_never_idle(
    app_for: AppFor, demo_desk: Path, monkeypatch: pytest.MonkeyPatch, held_build: _HeldBuild
) -> None:
    monkeypatch.setattr(heap_freezing, 'IDLE_SECONDS', 3600.0)
    monkeypatch.setattr(heap_freezing, 'RESUME_AT_THE_LATEST', 0.05)
    app = app_for(demo_desk)
    async with app.run_test() as pilot:
        await _until(pilot, held_build.started.is_set)
        await _until(pilot, lambda: app.heap_frozen)
        for _ in range(heap_freezing._FULL_COLLECTION_DUE):
            gc.collect(1)
        held_build.finish.set()
        await _until(pilot, lambda: gc.get_threshold()[2] == heap_freezing._FULL_COLLECTION_EVERY)
        assert gc.get_count()[2] >= heap_freezing._FULL_COLLECTION_DUE  # Python's to collect now.


@pytest.mark.parametrize('workspace', [False, True], ids=['desk', 'desks-screen'])
async def test_quitting_mid_build_gives_python_its_own_schedule_back(
    app_for: AppFor,
    demo_desk: Path,
    demo_workspace: Path,
    held_build: _HeldBuild,
    workspace: bool,
) -> None:
    thresholds = gc.get_threshold()
    turn = sys.getswitchinterval()
    app = deterministic_workspace_app(demo_workspace) if workspace else app_for(demo_desk)
    async with app.run_test() as pilot:
        await _until(pilot, held_build.started.is_set)
        assert gc.get_threshold()[2] == heap_freezing._FULL_COLLECTION_HELD_EVERY
        await pilot.press('q')
    assert not app.is_running
    assert gc.get_threshold() == thresholds
    for _ in range(1000):  # The build's thread ends at its next look at being cancelled.
        if not heap_freezing._builds_running:
            break
        time.sleep(0.01)
    assert not heap_freezing._builds_running
    assert gc.get_threshold() == thresholds  # Its end, after the app's, changed nothing.
    assert held_build.thresholds == [heap_freezing._FULL_COLLECTION_HELD_EVERY]
    assert held_build.turns == [interpreter_turns.SHORT_TURN]
    assert sys.getswitchinterval() == turn


def test_a_build_with_no_app_running_changes_nothing() -> None:
    thresholds = gc.get_threshold()
    with heap_freezing.full_collections_held():
        assert gc.get_threshold() == thresholds
    assert gc.get_threshold() == thresholds
    assert not heap_freezing._builds_running
