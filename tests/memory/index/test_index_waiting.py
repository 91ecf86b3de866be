"""A build that waits for another process's build of the same index is waiting, not building."""

from __future__ import annotations

import fcntl
from pathlib import Path
from typing import IO

import pytest

from desk_browser.memory.index.search import IndexedSearch
from tests.memory.index.test_search_index import assert_exact, make_desk


@pytest.fixture(autouse=True)
def private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own XDG cache, so no test touches the user's cache."""
    cache = tmp_path / 'xdg-cache'
    monkeypatch.setenv('XDG_CACHE_HOME', str(cache))
    return cache


def another_builder(search: IndexedSearch) -> IO[bytes]:
    """Holds the index's build lock as another process's build would (another open file)."""
    index_path = search.index_path
    index_path.parent.mkdir(parents=True, exist_ok=True)
    other = open(index_path.with_name(index_path.name + '.lock'), 'ab')  # noqa: SIM115
    fcntl.flock(other.fileno(), fcntl.LOCK_EX)
    return other


def test_a_build_waiting_for_another_processs_build_is_waiting_then_building(
    tmp_path: Path,
) -> None:
    desk = make_desk(tmp_path)
    search = IndexedSearch(desk, recheck_seconds=0)
    other = another_builder(search)
    assert (search.waiting, search.building) == (False, False)
    while_waiting: list[tuple[bool, bool]] = []
    while_building: list[tuple[bool, bool]] = []

    def cancelled() -> bool:
        if not other.closed:
            while_waiting.append((search.waiting, search.building))
            if len(while_waiting) == 3:
                other.close()  # The other build ends: this one takes the lock.
        return False

    def progress(indexed_days: int, total_days: int) -> None:
        while_building.append((search.waiting, search.building))

    status = search.build(progress, cancelled)
    assert while_waiting == [(True, False)] * 3
    assert while_building and all(state == (False, True) for state in while_building)
    assert status.complete
    assert (search.waiting, search.building) == (False, False)
    assert_exact(desk, search)
    search.close()


def test_a_build_cancelled_while_it_waits_is_neither_waiting_nor_building(
    tmp_path: Path,
) -> None:
    desk = make_desk(tmp_path)
    search = IndexedSearch(desk, recheck_seconds=0)
    other = another_builder(search)
    looks: list[tuple[bool, bool]] = []

    def cancelled() -> bool:
        looks.append((search.waiting, search.building))
        return len(looks) == 2

    status = search.build(cancelled=cancelled)
    other.close()
    assert looks == [(True, False)] * 2
    assert not status.complete
    assert (search.waiting, search.building) == (False, False)
    search.close()


def test_a_build_that_finds_the_lock_free_never_waits(tmp_path: Path) -> None:
    desk = make_desk(tmp_path)
    search = IndexedSearch(desk, recheck_seconds=0)
    states: list[tuple[bool, bool]] = []

    def progress(indexed_days: int, total_days: int) -> None:
        states.append((search.waiting, search.building))

    assert search.build(progress).complete
    assert states and all(state == (False, True) for state in states)
    search.close()
