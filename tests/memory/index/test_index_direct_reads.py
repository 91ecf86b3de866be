"""IndexedSearch during and after a build: what it says of the build, and the days it keeps read."""

from __future__ import annotations

from pathlib import Path

import pytest

from desk_browser.memory.index import tuning
from desk_browser.memory.index.days import DeskDay, desk_days
from desk_browser.memory.index.direct import DirectReads
from desk_browser.memory.index.search import IndexedSearch
from tests.helpers.day_reads import reads_of
from tests.memory.index.test_search_index import assert_exact, make_desk


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


def kept_days(search: IndexedSearch) -> list[str]:
    kept = search._direct.kept
    assert kept is not None
    return kept.days


def days_and_sizes(tmp_path: Path) -> tuple[list[DeskDay], list[int]]:
    """A desk of 22 days, newest first, and each day's characters."""
    days = desk_days(make_desk(tmp_path, days=20))
    return days, [sum(len(record.text) for record in DirectReads().records(day)) for day in days]


def test_an_in_order_scan_of_more_days_than_fit_keeps_the_newest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    days, sizes = days_and_sizes(tmp_path)
    monkeypatch.setattr(tuning, 'DIRECT_CACHE_CHARACTERS', sum(sizes[:6]))
    direct = DirectReads()
    for desk_day in days:  # As a search reads them: newest first.
        direct.records(desk_day)
    kept = direct.kept
    assert kept is not None
    assert kept.days == sorted(desk_day.day for desk_day in days[:6])
    reads = reads_of(monkeypatch)
    again = [direct.records(desk_day) for desk_day in days]
    # The next scan finds the newest days kept (an LRU store would have dropped each before
    # the scan reached it) and reads the rest, which do not push the newest out.
    assert reads == [desk_day.day for desk_day in days[6:]]
    assert kept.days == sorted(desk_day.day for desk_day in days[:6])
    assert again == [DirectReads().records(desk_day) for desk_day in days]


def test_a_newer_day_read_pushes_the_oldest_kept_out_and_a_changed_day_replaces_its_old_copy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    days, sizes = days_and_sizes(tmp_path)
    monkeypatch.setattr(tuning, 'DIRECT_CACHE_CHARACTERS', max(sizes[5:9]) * 3)
    direct = DirectReads()
    kept = direct.kept
    assert kept is not None
    for desk_day in days[6:9]:
        direct.records(desk_day)
    assert kept.days == sorted(desk_day.day for desk_day in days[6:9])
    direct.records(days[5])
    assert days[8].day not in kept.days
    assert days[5].day in kept.days
    assert kept.characters <= tuning.DIRECT_CACHE_CHARACTERS
    kept.put(days[5].day, 'another signature', [], 0)  # The day's files changed.
    assert kept.days.count(days[5].day) == 1
    assert kept.get('another signature') == []


def test_a_search_forgets_the_days_the_index_holds_and_a_complete_build_forgets_all(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tuning, 'BATCH_DAYS', 4)
    desk = make_desk(tmp_path, days=20)
    search = IndexedSearch(desk, recheck_seconds=0)
    every_day = sorted(desk_day.day for desk_day in desk_days(desk))
    search.search('zzqx', 50)  # Reads every day from the desk (nothing indexed yet).
    assert kept_days(search) == every_day
    written = [0]

    def progress(indexed_days: int, total_days: int) -> None:
        written[0] = indexed_days

    status = search.build(progress=progress, cancelled=lambda: written[0] > 0)  # One batch.
    assert 0 < status.indexed_days < status.total_days
    search.search('zzqx', 50)
    indexed = set(search._readers.take().indexed()[0])  # type: ignore[union-attr]
    assert kept_days(search) == [day for day in every_day if day not in indexed]
    assert_exact(desk, search)
    assert search.build().complete
    assert kept_days(search) == []
    assert_exact(desk, search)
