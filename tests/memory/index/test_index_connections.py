"""How many index connections a desk's search keeps open once its searches are done.

Each connection holds files (the index's two database files and their WALs; the shared memory
once a desk), and SQLite lets a closed connection's database files go only once every connection
to that index is closed. A desk keeps a few idle connections for its next searches; a
workspace's desks keep none while nothing uses them (the Desks screen, another desk open).
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from desk_browser.live.workspace_services import WorkspaceServices
from desk_browser.memory.index import tuning
from desk_browser.memory.index.search import IndexedSearch
from tests.helpers.desks import build_small_desk

pytestmark = pytest.mark.skipif(not Path('/proc/self/fd').is_dir(), reason='needs /proc')


def _files_open_in(folder: Path) -> int:
    """How many of this process's open files are inside a folder."""
    inside = 0
    for name in os.listdir('/proc/self/fd'):
        try:
            target = os.readlink(f'/proc/self/fd/{name}')
        except OSError:
            continue
        inside += target.startswith(f'{folder}{os.sep}')
    return inside


def _search_at_once(search: IndexedSearch, count: int) -> None:
    """Runs `count` searches that each hold a connection until all of them hold one."""
    together = threading.Barrier(count, timeout=10)
    waited: set[int] = set()

    def hold() -> bool:
        if threading.get_ident() not in waited:
            waited.add(threading.get_ident())
            together.wait()
        return False

    threads = [
        threading.Thread(target=search.search, args=('nifty', 5), kwargs={'cancelled': hold})
        for _ in range(count)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=20)
    assert together.n_waiting == 0 and not together.broken


def test_a_desk_keeps_a_few_idle_connections_and_closes_every_one_when_asked(
    tmp_path: Path,
) -> None:
    desk = build_small_desk(tmp_path / 'desk')
    cache = tmp_path / 'cache'
    search = IndexedSearch(desk, cache_directory=cache)
    search.build()
    search.close()
    _search_at_once(search, tuning.POOL_SIZE + 1)
    kept = _files_open_in(cache)
    assert kept > 0
    search.keep_idle_connections(0)
    assert _files_open_in(cache) == 0  # Every connection closed: SQLite lets all files go.
    _search_at_once(search, 3)
    assert _files_open_in(cache) == 0  # Each closed as it came back.
    search.keep_idle_connections(None)
    _search_at_once(search, tuning.POOL_SIZE + 1)
    assert _files_open_in(cache) == kept
    search.close()
    assert _files_open_in(cache) == 0


def test_a_workspace_s_desks_keep_connections_only_while_in_use(tmp_path: Path) -> None:
    desks = [build_small_desk(tmp_path / 'desks' / name) for name in ('first', 'second')]
    cache = tmp_path / 'cache'
    workspace = WorkspaceServices(tmp_path / 'desks', cache_directory=cache)
    for desk in desks:
        workspace.services_for(desk).search.build()
        _search_at_once(workspace.services_for(desk).search, 3)
    every_desk = _files_open_in(cache)
    assert every_desk > 0  # Every desk in use at first (a search across desks, a benchmark).
    workspace.use_connections(())  # The Desks screen.
    assert _files_open_in(cache) == 0
    for desk in desks:
        _search_at_once(workspace.services_for(desk).search, 2)
    assert _files_open_in(cache) == 0
    workspace.use_connections([desks[0]])  # One desk open.
    for desk in desks:
        _search_at_once(workspace.services_for(desk).search, 2)
    one_desk = _files_open_in(cache)
    assert 0 < one_desk < every_desk
    third = build_small_desk(tmp_path / 'desks' / 'third')  # Made while resting: rests.
    _search_at_once(workspace.services_for(third).search, 2)
    assert _files_open_in(cache) == one_desk
    workspace.use_connections(None)  # A search across every desk again.
    _search_at_once(workspace.services_for(third).search, 2)
    assert _files_open_in(cache) > one_desk
    workspace.close()
    assert _files_open_in(cache) == 0
