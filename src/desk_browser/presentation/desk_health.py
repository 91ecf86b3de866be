"""One desk's health at a glance, for the Desks screen and `check` over a workspace.

Read in three steps, cheapest first: `read_glance`, `with_activity`, `with_problems`.
`needs_look` says why a person should look.
"""

from __future__ import annotations

import dataclasses
import datetime
import os
from collections.abc import Callable, Sequence
from pathlib import Path

from desk_browser.memory.desk_check import DeskReport, check_desk
from desk_browser.memory.desk_files import Problem
from desk_browser.memory.file_memo import FileMemo
from desk_browser.memory.session_store import STATE_FILE_NAME
from desk_browser.memory.workspace import DeskEntry, entry_problem
from desk_browser.presentation.desk_data import (
    DeskOverview,
    SessionEntry,
    count_sessions,
    read_overview,
    read_session_log,
    sessions_directory,
)
from desk_browser.presentation.formatting import INDIA, Severity, plural, route_status
from desk_browser.presentation.unusable_state import unusable_state

ACTIVITY_DAYS = 20
"""How many trading days the activity covers (about four weeks)."""

QUIET_AFTER = datetime.time(10, 15)
"""From when (India time) on a trading day a desk with no session that day is quiet: an hour
after the market opens at 09:15."""

_NEWEST_LOGS_TRIED = 5
"""How many of the newest session logs are read to find the last exchange (an empty new session
sends the search to the one before)."""


@dataclasses.dataclass(frozen=True)
class RouteHealth:
    """Where one backend stands, in a word.

    Attributes:
        name (str): The backend, as state.json names its route.
        word (str): "up to date", "3 behind", "2 ahead" or "no log".
        severity (Severity): How much it should stand out ("error" for ahead).
    """

    name: str
    word: str
    severity: Severity


@dataclasses.dataclass(frozen=True)
class Reason:
    """Why a desk needs a look.

    Attributes:
        text (str): The words, such as "damaged state" or "2 problems".
        severity (Severity): "error" or "warning".
    """

    text: str
    severity: Severity


@dataclasses.dataclass(frozen=True)
class DeskHealth:
    """One desk's health, filled in step by step.

    Attributes:
        name (str): The desk's name in the workspace.
        path (Path): Its folder.
        entry_problem (str | None): Why it cannot be read as a desk, or None.
        session_id (str | None): The current session, or None without a readable state.
        trading_date (datetime.date | None): The current session's trading date, or None.
        state_problem (str | None): Why the state cannot be used ("no state yet"), or None.
        state_written_at (float | None): When state.json last changed (epoch seconds), or None.
        routes (tuple[RouteHealth, ...]): Each backend's status, in state.json's order.
        newest_day (datetime.date | None): The day of the newest session log, or None.
        quiet (bool): A trading day past QUIET_AFTER with no session that day.
        activity (tuple[tuple[str, int], ...] | None): Exchanges per trading day, oldest
            first; None until with_activity.
        last_exchange_at (str | None): When the last exchange finished (ISO 8601), or None.
        problem_count (int | None): How many problems check_desk found; None until then.
        problems (tuple[Problem, ...]): Those problems.
        overview (DeskOverview | None): What read_overview found; not compared.
        report (DeskReport | None): What check_desk found, or None; not compared.
    """

    name: str
    path: Path
    entry_problem: str | None = None
    session_id: str | None = None
    trading_date: datetime.date | None = None
    state_problem: str | None = None
    state_written_at: float | None = None
    routes: tuple[RouteHealth, ...] = ()
    newest_day: datetime.date | None = None
    quiet: bool = False
    activity: tuple[tuple[str, int], ...] | None = None
    last_exchange_at: str | None = None
    problem_count: int | None = None
    problems: tuple[Problem, ...] = ()
    overview: DeskOverview | None = dataclasses.field(default=None, compare=False, repr=False)
    report: DeskReport | None = dataclasses.field(default=None, compare=False, repr=False)

    @property
    def reasons(self) -> list[Reason]:
        """Why the desk needs a look, most serious first (empty: none, so far as it was read)."""
        if self.entry_problem is not None:
            return [Reason(self.entry_problem, 'error')]
        reasons: list[Reason] = []
        if self.state_problem is not None and self.state_problem.startswith('damaged'):
            reasons.append(Reason('damaged state', 'error'))
        elif self.state_problem is not None and self.state_problem.startswith('state.json'):
            reasons.append(Reason('state unreadable', 'error'))  # By this user: permissions.
        reasons.extend(
            Reason(f'{route.name} {route.word}', 'error')
            for route in self.routes
            if route.severity == 'error'
        )
        if self.problem_count:
            reasons.append(Reason(plural(self.problem_count, 'problem'), 'error'))
        if self.quiet:
            reasons.append(Reason('quiet today', 'warning'))
        return reasons

    @property
    def needs_look(self) -> bool:
        """Whether a person should look at the desk: any reason."""
        return bool(self.reasons)

    @property
    def severity(self) -> Severity:
        """How much the desk's row should stand out: "error", "warning" or "normal"."""
        severities = {reason.severity for reason in self.reasons}
        if 'error' in severities:
            return 'error'
        return 'warning' if severities else 'normal'


def trading_days_until(today: datetime.date, count: int) -> list[datetime.date]:
    """The last `count` weekdays up to India's today, oldest first (today if a weekday)."""
    days: list[datetime.date] = []
    day = today
    while len(days) < count:
        if day.weekday() < 5:
            days.append(day)
        day -= datetime.timedelta(days=1)
    return days[::-1]


def is_quiet(newest_day: datetime.date | None, now: datetime.datetime) -> bool:
    """Whether it is a weekday past QUIET_AFTER India time and the desk has no session that day."""
    india_now = now.astimezone(INDIA)
    if india_now.weekday() >= 5 or india_now.time() < QUIET_AFTER:
        return False
    return newest_day is None or newest_day < india_now.date()


def _route_word(exchanges_seen: int, log_count: int | None) -> RouteHealth:
    """Puts route_status's conclusion in a word and severity (the name left empty)."""
    status = route_status(exchanges_seen, log_count)
    return RouteHealth('', status.word, status.severity)


def _state_time(desk: Path) -> float | None:
    """When state.json was last changed (seconds since the epoch), or None if unexaminable."""
    try:
        return os.stat(sessions_directory(desk) / STATE_FILE_NAME).st_mtime
    except (OSError, ValueError):
        return None


def read_glance(entry: DeskEntry, now: datetime.datetime) -> DeskHealth:
    """Reads what the Desks screen shows first (state, sessions), without activity or problems."""
    problem = entry.problem or entry_problem(entry.path)
    if problem is not None:
        return DeskHealth(entry.name, entry.path, entry_problem=problem)
    overview = read_overview(entry.path, counted=0, settled=True)  # Never overstates behind.
    reading = overview.state
    state = reading.state
    state_problem: str | None = None
    unusable = unusable_state(reading)
    if unusable is not None:
        state_problem = unusable.summary
    elif state is None:
        state_problem = 'no state yet'
    routes: tuple[RouteHealth, ...] = ()
    if state is not None:
        routes = tuple(
            dataclasses.replace(
                _route_word(route.exchanges_seen, overview.current_log_count), name=name
            )
            for name, route in state.routes.items()
        )
    newest_day = next((item.day for item in overview.sessions if item.day is not None), None)
    return DeskHealth(
        name=entry.name,
        path=entry.path,
        session_id=state.session_id if state is not None else None,
        trading_date=state.trading_date if state is not None else None,
        state_problem=state_problem,
        state_written_at=_state_time(entry.path),
        routes=routes,
        newest_day=newest_day,
        quiet=is_quiet(newest_day, now),
        overview=overview,
    )


def _last_exchange_at(desk: Path, sessions: Sequence[SessionEntry]) -> str | None:
    """The finished_at of the desk's last exchange, from its newest logs, or None."""
    for entry in sessions[:_NEWEST_LOGS_TRIED]:
        log = read_session_log(desk, entry.session_id)
        if log.exchanges:
            return log.exchanges[-1].finished_at
    return None


def with_activity(
    health: DeskHealth, today: datetime.date, memo: FileMemo | None = None
) -> DeskHealth:
    """Adds the exchanges per trading day up to today, and the last exchange's time."""
    if health.overview is None:
        return health
    days = [day.isoformat() for day in trading_days_until(today, ACTIVITY_DAYS)]
    first = days[0]
    recent = [
        entry
        for entry in health.overview.sessions
        if entry.day is not None and first <= entry.day.isoformat() <= days[-1]
    ]
    counted, _unreadable = count_sessions(health.path, recent, memo)
    by_day = dict.fromkeys(days, 0)
    for entry in counted:
        if entry.day is not None and entry.day.isoformat() in by_day:
            by_day[entry.day.isoformat()] += entry.exchange_count
    return dataclasses.replace(
        health,
        activity=tuple(by_day.items()),
        last_exchange_at=_last_exchange_at(health.path, health.overview.sessions),
    )


def with_problems(
    health: DeskHealth,
    memo: FileMemo | None = None,
    *,
    before_each_file: Callable[[], None] | None = None,
    before_each_read: Callable[[], None] | None = None,
) -> DeskHealth:
    """Adds the problem count, from check_desk over every file (the arguments are its own)."""
    if health.entry_problem is not None:
        return health
    report = check_desk(
        health.path, memo, before_each_file=before_each_file, before_each_read=before_each_read
    )
    return dataclasses.replace(
        health,
        problem_count=len(report.problems),
        problems=tuple(report.problems),
        report=report,
    )


def read_health(
    entry: DeskEntry, now: datetime.datetime, memo: FileMemo | None = None
) -> DeskHealth:
    """Reads a desk's whole health at once, every step (what `check` over a workspace wants)."""
    glance = read_glance(entry, now)
    return with_problems(with_activity(glance, now.astimezone(INDIA).date(), memo), memo)


def needs_look_first(desks: list[DeskHealth]) -> list[DeskHealth]:
    """Orders desks (by name) for the Desks screen: errors, then warnings, then the rest."""
    rank = {'error': 0, 'warning': 1, 'normal': 2}
    return sorted(desks, key=lambda health: (rank[health.severity], health.name))


def needs_look_header(desks: list[DeskHealth]) -> str:
    """The Desks screen header: "2 of 4 desks need a look", or "all 4 desks look fine"."""
    count = sum(1 for health in desks if health.needs_look)
    total = len(desks)
    if not total:
        return 'no desks'
    if count == 0:
        return f'all {plural(total, "desk")} look fine' if total > 1 else 'the desk looks fine'
    verb = 'needs' if count == 1 else 'need'
    return f'{count:,} of {plural(total, "desk")} {verb} a look'
