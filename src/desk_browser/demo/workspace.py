"""Builds a demo workspace: several demo desks side by side, as `workspace/desks/<name>`.

`main`, `options` (damaged state), `hedging` (a backend behind), `research` (idle), then
healthy `desk-05`, ...; the same arguments give the same bytes.
"""

from __future__ import annotations

import dataclasses
import datetime
import os
from pathlib import Path

from desk_browser.demo.builder import build_demo_desk, trading_days

IDLE_TRADING_DAYS = 4
"""How many trading days before today the idle desk stopped."""


@dataclasses.dataclass(frozen=True)
class DemoDeskPlan:
    """How one desk of the demo workspace is built.

    Attributes:
        name: Its folder's name.
        seed: Its generators' seed.
        state: "normal" or "damaged" (build_demo_desk's state).
        behind: How many exchanges the one backend is behind (build_demo_desk's behind).
        idle_days: How many trading days before today its last day is.
    """

    name: str
    seed: int
    state: str = 'normal'
    behind: int | None = 0
    idle_days: int = 0


NAMED_DESKS = (
    DemoDeskPlan('main', seed=7),
    DemoDeskPlan('options', seed=11, state='damaged'),
    DemoDeskPlan('hedging', seed=13, behind=6),
    DemoDeskPlan('research', seed=17, idle_days=IDLE_TRADING_DAYS),
)
"""The first four desks, one of each case."""


def workspace_plan(desks: int) -> list[DemoDeskPlan]:
    """Plans a demo workspace's desks: the named first, then desk-05, ...; ValueError below 1."""
    if desks < 1:
        raise ValueError(f'desks must be at least 1, not {desks}')
    plans = list(NAMED_DESKS[:desks])
    for number in range(len(NAMED_DESKS) + 1, desks + 1):
        plans.append(DemoDeskPlan(f'desk-{number:02d}', seed=100 + number))
    return plans


def build_demo_workspace(
    directory: Path,
    *,
    today: datetime.date,
    desks: int = 4,
    days: int = 10,
    events_per_day: int | None = None,
) -> list[Path]:
    """Builds a demo workspace in `directory` (its desks folder): one demo desk per plan.

    Returns the desks' folders; FileExistsError for a non-empty desk folder, ValueError below 1.
    """
    built: list[Path] = []
    directory.mkdir(parents=True, exist_ok=True)
    for plan in workspace_plan(desks):
        desk_today = today
        if plan.idle_days:
            desk_today = trading_days(today, plan.idle_days + 1)[0]
        desk = directory / plan.name
        build_demo_desk(
            desk,
            today=desk_today,
            seed=plan.seed,
            days=days,
            events_per_day=events_per_day,
            state=plan.state,
            behind=plan.behind,
            sells_nifty_yesterday=plan.name == 'main',  # The others as they drew.
        )
        built.append(desk)
    newest = max(os.stat(desk).st_mtime_ns for desk in built)
    os.utime(directory, ns=(newest, newest))  # The workspace's time, too, from its desks.
    return built
