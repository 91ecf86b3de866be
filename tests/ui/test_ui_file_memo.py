"""The app remembers what each file held, so the next start reads only what changed."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from desk_browser.memory.file_memo import FileMemo, memo_file
from desk_browser.memory.index.search import default_cache_directory
from desk_browser.memory.order_facts import MEMO_PURPOSE
from desk_browser.memory.order_memo import ORDERS_FOLDER
from desk_browser.presentation import desk_data
from desk_browser.presentation.desk_data import count_sessions, read_overview
from desk_browser.ui.widgets.live_status import LiveStatus
from tests.helpers.pilot import AppFor, settled, wait_until
from tests.helpers.tree import snapshot_tree


def test_remembered_counts_are_the_counts_read(damaged_desk: Path) -> None:
    entries = read_overview(damaged_desk, counted=0).sessions
    memo = FileMemo(damaged_desk)
    read = count_sessions(damaged_desk, entries)
    assert count_sessions(damaged_desk, entries, memo) == read
    assert count_sessions(damaged_desk, entries, memo) == read
    assert memo.recalled >= len(entries) - 1  # every log not written in the last two seconds


async def test_a_second_start_recalls_the_desk_instead_of_reading_it(
    app_for: AppFor, damaged_desk: Path, tmp_path: Path
) -> None:
    desk = tmp_path / 'main'
    shutil.copytree(damaged_desk, desk)
    before = snapshot_tree(desk)
    problem_counts = []
    recalled = []
    for _ in range(2):
        app = app_for(desk)
        async with settled(app):
            problem_counts.append(app.screen.query_one(LiveStatus).problem_count)
            recalled.append(app.services.file_memo.recalled)
    assert memo_file(default_cache_directory(), desk).is_file()
    assert problem_counts[0] == problem_counts[1] and problem_counts[0]
    assert recalled[0] == 0 and recalled[1] > 0
    assert snapshot_tree(desk) == before


def test_an_overview_counted_through_the_memo_equals_one_read_directly(
    damaged_desk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(desk_data, 'MEMO_WORTHWHILE_BYTES', 0)  # Every log is big enough.
    plain = read_overview(damaged_desk, counted=4)
    memo = FileMemo(damaged_desk)
    for _ in range(2):  # Learnt, then recalled.
        remembered = read_overview(damaged_desk, counted=4, memo=memo)
        assert remembered.sessions == plain.sessions
        assert remembered.current_log_count == plain.current_log_count
        assert remembered.problems == plain.problems
    assert memo.recalled


def test_the_overview_reads_small_logs_without_loading_the_memo(damaged_desk: Path) -> None:
    memo = FileMemo(damaged_desk)
    for _ in range(2):  # Had the first read gone through the memo, the second would recall.
        read_overview(damaged_desk, counted=4, memo=memo)
    assert memo.recalled == 0


async def test_order_facts_go_to_the_order_memo_only_when_orders_are_read(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with settled(app) as pilot:
        assert app.services.order_memo.recalled == 0
        orders = default_cache_directory() / ORDERS_FOLDER
        assert not orders.exists()  # Nothing of the orders is read at the start.
        await pilot.press('o')
        await wait_until(pilot, lambda: any(orders.rglob('*.json')))
    checks = memo_file(default_cache_directory(), demo_desk)
    if checks.is_file():  # The shared memo keeps no order facts.
        assert MEMO_PURPOSE not in json.loads(checks.read_bytes())['entries']
