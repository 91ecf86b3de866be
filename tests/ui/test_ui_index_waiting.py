"""An app's index build that waits for another process's build holds nothing of the app's.

While another process (a second app on the same desk, `desk-browser search`) builds the same
index, the app's build waits for its build lock. Short interpreter turns, held full collections
and the readers that wait for builds (the problem check) start only once the build holds the lock;
the search screen counts every hit without waiting for the other process's build to end.
"""

from __future__ import annotations

import fcntl
from pathlib import Path

from textual.widgets import Static

from desk_browser.memory.index import store as index_store
from desk_browser.memory.index.search import IndexedSearch, default_cache_directory
from desk_browser.ui import heap_freezing, interpreter_turns
from desk_browser.ui.search_indexing import build_holding_turns
from tests.helpers.pilot import AppFor, wait_until


def test_a_build_waiting_for_another_builder_holds_no_turns(
    demo_desk: Path, tmp_path: Path
) -> None:
    cache = tmp_path / 'cache'
    search = IndexedSearch(demo_desk, cache_directory=cache)
    index_path = index_store.index_file(cache, demo_desk)
    index_path.parent.mkdir(parents=True)
    other_builder = open(index_path.with_name(index_path.name + '.lock'), 'ab')  # noqa: SIM115
    fcntl.flock(other_builder.fileno(), fcntl.LOCK_EX)  # Another open file: another builder.
    waits: list[tuple[bool, bool, bool]] = []
    while_building: list[bool] = []

    def cancelled() -> bool:
        if not other_builder.closed:
            waits.append(
                (
                    interpreter_turns.building(),
                    interpreter_turns.wait_while_building(lambda: True),
                    bool(heap_freezing._builds_running),
                )
            )
            if len(waits) == 3:
                other_builder.close()  # The other build ends: this one takes the lock.
        return False

    def progress(indexed_days: int, total_days: int) -> None:
        while_building.append(interpreter_turns.building())

    status = build_holding_turns(search, progress, cancelled)
    search.close()

    assert waits == [(False, True, False)] * 3
    assert while_building and all(while_building)
    assert status.complete
    assert not interpreter_turns.building()


async def test_the_search_counts_every_hit_while_another_process_builds_the_index(
    app_for: AppFor, demo_desk: Path
) -> None:
    index_path = index_store.index_file(default_cache_directory(), demo_desk)
    index_path.parent.mkdir(parents=True)
    other_builder = open(index_path.with_name(index_path.name + '.lock'), 'ab')  # noqa: SIM115
    fcntl.flock(other_builder.fileno(), fcntl.LOCK_EX)
    app = app_for(demo_desk)
    async with app.run_test(size=(120, 40)) as pilot:
        search = app.services.search
        try:
            await wait_until(pilot, lambda: search.waiting, seconds=30)
            assert not search.building
            await pilot.press('slash', *'nifty zzqx')
            headline = app.screen.query_one('#headline', Static)
            await wait_until(pilot, lambda: str(headline.content).endswith('zzqx: in no record'))
            assert search.waiting  # Counted while the other build still runs.
        finally:
            other_builder.close()  # The other build ends: the app's own build goes on.
        await wait_until(pilot, lambda: not search.waiting and not search.building, seconds=30)
