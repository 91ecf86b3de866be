"""IndexedSearch during and after a build: what it says of the build, and the days it keeps read."""

from __future__ import annotations

from pathlib import Path

import pytest

from desk_browser.memory.index.search import IndexedSearch
from tests.core.test_search_index import make_desk


@pytest.fixture(autouse=True)
def private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own XDG cache, so no test touches the user's cache."""
    cache = tmp_path / 'xdg-cache'
    monkeypatch.setenv('XDG_CACHE_HOME', str(cache))
    return cache


def test_building_is_true_only_while_a_build_runs(tmp_path: Path) -> None:
    search = IndexedSearch(make_desk(tmp_path), recheck_seconds=0)
    assert not search.building
    seen: list[bool] = []
    search.build(progress=lambda done, total: seen.append(search.building))
    assert seen and all(seen)
    assert not search.building

    def failing(done: int, total: int) -> None:
        raise RuntimeError('the progress callback failed')

    with pytest.raises(RuntimeError):
        search.build(progress=failing)
    assert not search.building  # A build that raised has ended too.
