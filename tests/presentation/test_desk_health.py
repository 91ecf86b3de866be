"""A desk's health at a glance, on the demo workspace: each case, and the order of the rows."""

from __future__ import annotations

import datetime
import shutil
from pathlib import Path

import pytest

from desk_browser.demo import DEMO_NOW, DEMO_TODAY, build_demo_workspace
from desk_browser.memory.workspace import REMOVED, find_desks
from desk_browser.presentation.desk_health import (
    ACTIVITY_DAYS,
    DeskHealth,
    is_quiet,
    needs_look_first,
    needs_look_header,
    read_glance,
    read_health,
)
from tests.helpers.desks import entry_named
from tests.helpers.tree import snapshot_tree

NOW = datetime.datetime.fromtimestamp(DEMO_NOW, datetime.UTC)


@pytest.fixture(scope='module')
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    desks = tmp_path_factory.mktemp('workspace') / 'desks'
    build_demo_workspace(desks, today=DEMO_TODAY, desks=4)
    return desks


def _healths(workspace: Path) -> dict[str, DeskHealth]:
    return {entry.name: read_health(entry, NOW) for entry in find_desks(workspace).desks}


def test_each_demo_desk_shows_its_case(workspace: Path) -> None:
    before = snapshot_tree(workspace)
    healths = _healths(workspace)
    assert snapshot_tree(workspace) == before
    main = healths['main']
    assert main.session_id == '2026-10-21-3'
    assert main.trading_date == DEMO_TODAY
    assert [route.word for route in main.routes] == ['up to date', 'up to date']
    assert main.problem_count == 0
    assert not main.needs_look
    assert [reason.text for reason in healths['options'].reasons] == [
        'damaged state',
        '1 problem',
    ]
    assert healths['options'].severity == 'error'
    hedging = healths['hedging']
    assert '6 behind' in [route.word for route in hedging.routes]
    assert not hedging.needs_look  # Behind is normal: the backend catches up on its next turn.
    research = healths['research']
    assert research.quiet
    assert research.severity == 'warning'
    assert research.trading_date == datetime.date(2026, 10, 15)


def test_activity_covers_the_last_trading_days(workspace: Path) -> None:
    main = _healths(workspace)['main']
    assert main.activity is not None
    assert len(main.activity) == ACTIVITY_DAYS
    assert main.activity[-1][0] == '2026-10-21'
    assert sum(count for _day, count in main.activity) > 0
    assert main.last_exchange_at is not None and main.last_exchange_at.startswith('2026-10-21')


def test_rows_needing_a_look_come_first_and_are_counted(workspace: Path) -> None:
    healths = list(_healths(workspace).values())
    assert [health.name for health in needs_look_first(healths)] == [
        'options',
        'research',
        'hedging',
        'main',
    ]
    assert needs_look_header(healths) == '2 of 4 desks need a look'


def test_the_glance_reads_no_problems_yet(workspace: Path) -> None:
    glance = read_glance(entry_named(find_desks(workspace), 'main'), NOW)
    assert glance.problem_count is None
    assert glance.activity is None


def test_a_desk_removed_meanwhile_is_a_row_that_says_so(tmp_path: Path) -> None:
    desks = tmp_path / 'desks'
    build_demo_workspace(desks, today=DEMO_TODAY, desks=2, days=2)
    found = find_desks(desks)
    shutil.rmtree(desks / 'options')
    health = read_health(entry_named(found, 'options'), NOW)
    assert health.entry_problem == REMOVED
    assert [reason.text for reason in health.reasons] == [REMOVED]


def test_quiet_only_on_a_trading_day_after_the_open() -> None:
    india = datetime.timezone(datetime.timedelta(hours=5, minutes=30))
    wednesday_noon = datetime.datetime(2026, 10, 21, 12, 0, tzinfo=india)
    assert is_quiet(datetime.date(2026, 10, 20), wednesday_noon)
    assert not is_quiet(datetime.date(2026, 10, 21), wednesday_noon)
    assert not is_quiet(datetime.date(2026, 10, 20), wednesday_noon.replace(hour=9))
    saturday = datetime.datetime(2026, 10, 24, 12, 0, tzinfo=india)
    assert not is_quiet(datetime.date(2026, 10, 23), saturday)
    assert is_quiet(None, wednesday_noon)
