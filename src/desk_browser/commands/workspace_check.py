"""`desk-browser check WORKSPACE [--json]`: every desk of a workspace checked, for monitoring.

One line per desk, then every problem as NAME/PATH:LINE: REASON, then a summary line. Exit
status: 0 when every desk is healthy, 1 when any needs a look.
"""

from __future__ import annotations

import argparse
import datetime
import time
from collections.abc import Callable
from typing import Any

from desk_browser.commands.common import EXIT_FOUND, EXIT_NOTHING
from desk_browser.commands.output import print_data
from desk_browser.live.live_desk import age_text
from desk_browser.memory.workspace import Workspace
from desk_browser.presentation.desk_health import DeskHealth, read_health
from desk_browser.presentation.formatting import (
    INDIA,
    day_with_weekday,
    distance_from_today,
    india_moment,
    plural,
)
from desk_browser.presentation.problem_documents import problem_lines, report_object
from desk_browser.presentation.safe_text import json_text, visible_field

EPILOG = """\
over a folder of desks (such as workspace/desks): one line per desk, fields separated by tabs:
  NAME, "healthy", "N problems", why it is no readable desk or needs a look ("quiet today"), the
  current session and its trading date, the state file's age, each backend's status, the last
  exchange's India time;
  then every problem as NAME/PATH:LINE: REASON, each with what it means under it (indented, as
  for one desk); then "checked N desks: K need a look, P with problems".
  --json writes {"workspace", "healthy", "desk_count", "unhealthy_count", "desks": [...]},
  one object per desk: {"name", "path", "healthy", "needs_look", "reasons", "session_id",
  "trading_date", "state_problem", "state_written_at", "routes": {NAME: STATUS}, "quiet",
  "last_exchange_at", "exchanges_by_day": {DAY: N}, "problem_count", "entry_problem", "check"};
  "check" is what check DESK --json writes for that desk (null when it cannot be read).
  A desk is healthy when it needs no look ("reasons" is empty): it is no readable desk, its
  state is damaged, a backend is ahead of its log, it has problems, or it has no session today
  on a trading day past 10:15 India time ("quiet", as the Desks screen shows it).
  Exit status 0 when every desk is healthy, 1 when any needs a look.
"""

clock: Callable[[], float] = time.time
"""Returns the time now, in seconds since the epoch (what "quiet" and the state's age are
measured against; tests fix it)."""


def _moment(seconds: float | None) -> str | None:
    """Writes a file time (seconds since the epoch) as ISO 8601 in India time; None for None."""
    if seconds is None:
        return None
    return datetime.datetime.fromtimestamp(seconds, INDIA).isoformat(timespec='seconds')


def desk_object(health: DeskHealth, now: float) -> dict[str, Any]:
    """Describes one desk's health (wholly read) for --json; `now` gives the state's age."""
    return {
        'name': health.name,
        'path': str(health.path),
        'healthy': not health.needs_look,
        'needs_look': health.needs_look,
        'reasons': [reason.text for reason in health.reasons],
        'session_id': health.session_id,
        'trading_date': health.trading_date.isoformat() if health.trading_date else None,
        'state_problem': health.state_problem,
        'state_written_at': _moment(health.state_written_at),
        'state_age_seconds': (
            None if health.state_written_at is None else round(now - health.state_written_at, 1)
        ),
        'routes': {route.name: route.word for route in health.routes},
        'quiet': health.quiet,
        'last_exchange_at': health.last_exchange_at,
        'exchanges_by_day': dict(health.activity or ()),
        'problem_count': health.problem_count,
        'entry_problem': health.entry_problem,
        'check': (
            report_object(health.report, str(health.path)) if health.report is not None else None
        ),
    }


def status_word(health: DeskHealth) -> str:
    """How a desk fared in a few words: "healthy", "N problems", or why it needs a look."""
    if health.entry_problem is not None:
        return health.entry_problem
    if health.problem_count:
        return plural(health.problem_count, 'problem')
    reasons = health.reasons
    return ', '.join(reason.text for reason in reasons) if reasons else 'healthy'


def last_exchange_words(finished_at: str | None, today: datetime.date) -> str:
    """When the last exchange finished: "last exchange 14:30", with its day when not today."""
    moment = india_moment(finished_at) if finished_at else None
    if moment is None:
        return 'no exchange yet'
    if moment.date() == today:
        return f'last exchange {moment:%H:%M}'
    return f'last exchange {day_with_weekday(moment.date())} {moment:%H:%M}'


def desk_line(health: DeskHealth, today: datetime.date, now: float) -> str:
    """Writes one desk as a tab-separated line, every piece of desk text made safe."""
    fields = [visible_field(health.name), visible_field(status_word(health))]
    if health.entry_problem is None:
        if health.session_id is not None and health.trading_date is not None:
            distance = distance_from_today(health.trading_date, today)
            fields.append(f'session {visible_field(health.session_id)} ({distance})')
        else:
            fields.append(visible_field(health.state_problem or 'no state'))
        age = None if health.state_written_at is None else now - health.state_written_at
        fields.append(f'state {age_text(age)}')
        routes = ', '.join(f'{visible_field(route.name)} {route.word}' for route in health.routes)
        fields.append(routes or 'no backend')
        fields.append(last_exchange_words(health.last_exchange_at, today))
        if health.quiet and health.problem_count:  # Else the status says it already.
            fields.append('quiet today')
    return '\t'.join(fields)


def run_workspace_check(workspace: Workspace, arguments: argparse.Namespace) -> int:
    """Checks every desk of a workspace and writes the report: 0 when all are healthy, else 1."""
    now = clock()
    moment = datetime.datetime.fromtimestamp(now, INDIA)
    healths = [read_health(entry, moment) for entry in workspace.desks]
    unhealthy = [health for health in healths if health.needs_look]
    if arguments.json:
        print_data(
            json_text(
                {
                    'workspace': str(workspace.path),
                    'healthy': not unhealthy,
                    'desk_count': len(healths),
                    'unhealthy_count': len(unhealthy),
                    'desks': [desk_object(health, now) for health in healths],
                }
            )
        )
    else:
        for health in healths:
            print_data(desk_line(health, moment.date(), now))
        for health in healths:
            if health.report is None:
                continue
            for problem in health.report.problems:
                for line in problem_lines(health.report, problem, f'{visible_field(health.name)}/'):
                    print_data(line)
        with_problems = sum(1 for health in healths if health.problem_count)
        verb = 'needs' if len(unhealthy) == 1 else 'need'
        print_data(
            f'checked {plural(len(healths), "desk")}: {len(unhealthy):,} {verb} a look, '
            f'{with_problems:,} with problems'
        )
    return EXIT_NOTHING if unhealthy else EXIT_FOUND
