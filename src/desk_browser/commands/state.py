"""`desk-browser state DESK [--json]`: what the app's state pane shows, for scripts and tickets.

It uses the state pane's own helpers, so the two never disagree.
"""

from __future__ import annotations

import argparse
import datetime
from pathlib import Path
from typing import Any

from desk_browser.commands.common import (
    EXIT_FOUND,
    EXIT_NOTHING,
    add_desk_arguments,
    desk_command,
    iso_date,
)
from desk_browser.commands.output import print_data, print_note
from desk_browser.memory.session_store import STATE_FILE_NAME
from desk_browser.presentation.desk_data import DeskOverview, read_overview, session_log_path
from desk_browser.presentation.formatting import (
    day_with_weekday,
    distance_from_today,
    india_today,
    plural,
    route_status,
)
from desk_browser.presentation.problem_explanations import why_not_read
from desk_browser.presentation.safe_text import json_text, visible_field
from desk_browser.presentation.unusable_state import unusable_state

HELP = "show which session is current and where each backend stands, as the app's state pane does"

_EPILOG = """\
output:
  one fact a line, its name first: session_id, trading_date (with its weekday and distance from
  India's today), log (how many exchanges the current session's log holds), then for each
  backend a route line (exchanges seen and what that means) and a runner_state line.
  --json writes one object: {"session_id", "trading_date", "today", "log_exchanges",
  "log_damaged_lines", "routes": {NAME: {"exchanges_seen", "runner_state", "log_exchanges",
  "status", "severity"}}, "problem"}; "problem" is null or says what is wrong.

exit status: 0 a readable state, 1 no state, a damaged one or one this user may not read,
2 bad usage or a DESK that is missing, unreadable or no desk,
130 interrupted, 141 stdout closed (as by | head)

examples:
  desk-browser state workspace/desks/main
  desk-browser state workspace/desks/main --json | jq '.routes[] | .status'
"""

_LABEL_WIDTH = 14


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Adds the state command's arguments to its parser."""
    from desk_browser.commands.workspace_listing import STATE_EPILOG  # Circular at the top.

    add_desk_arguments(parser, 'the state and the conclusions', f'{_EPILOG}\n{STATE_EPILOG}')
    parser.add_argument(
        '--today',
        type=iso_date,
        default=None,
        metavar='YYYY-MM-DD',
        help="the date to count from (default: India's today)",
    )


def _missing_state_problem(overview: DeskOverview) -> str:
    """Says why there is no readable state, in the state pane's words."""
    unusable = unusable_state(overview.state)
    if unusable is not None:  # Damaged, or only this user may not read it.
        return unusable.sentence
    return f'no state yet: sessions/{STATE_FILE_NAME} does not exist'


def _log_problem(desk: Path, overview: DeskOverview) -> tuple[str | None, int]:
    """What is wrong with the current log (None when read) and how many lines were skipped."""
    current = next((entry for entry in overview.sessions if entry.is_current), None)
    if current is None:
        return 'the current session has no log', 0
    if overview.current_log_count is None:
        path = session_log_path(desk, current.session_id)
        reasons = [problem.reason for problem in overview.problems if problem.path == path]
        reason = reasons[0] if reasons else 'unreadable'
        return f"the current session's log cannot be read: {why_not_read(reason)}", (
            current.damaged_lines
        )
    return None, current.damaged_lines


def state_facts(desk: Path, today: datetime.date) -> dict[str, Any]:
    """Reads the state and concludes what the state pane concludes: --json's object."""
    # Settled: the state is read again after the log is counted (desk_data._settle says why).
    overview = read_overview(desk, unfinished_is_damaged=True, settled=True)
    state = overview.state.state
    if state is None:
        return {
            'session_id': None,
            'trading_date': None,
            'today': today.isoformat(),
            'log_exchanges': None,
            'log_damaged_lines': 0,
            'routes': {},
            'problem': _missing_state_problem(overview),
        }
    problem, damaged_lines = _log_problem(desk, overview)
    log_count = overview.current_log_count
    routes = {}
    for name, route in state.routes.items():
        status = route_status(route.exchanges_seen, log_count)
        routes[name] = {
            'exchanges_seen': route.exchanges_seen,
            'runner_state': route.runner_state,
            'log_exchanges': log_count,
            'status': status.text,
            'severity': status.severity,
        }
    return {
        'session_id': state.session_id,
        'trading_date': state.trading_date.isoformat(),
        'today': today.isoformat(),
        'log_exchanges': log_count,
        'log_damaged_lines': damaged_lines,
        'routes': routes,
        'problem': problem,
    }


def _line(label: str, value: str) -> str:
    """One fact's line: its name, padded, then its value (already made safe)."""
    return f'{label:<{_LABEL_WIDTH}}{value}'


def state_lines(facts: dict[str, Any]) -> list[str]:
    """Writes a readable state's facts as the command's text lines, desk text made safe."""
    trading_date = datetime.date.fromisoformat(facts['trading_date'])
    today = datetime.date.fromisoformat(facts['today'])
    lines = [
        _line('session_id', visible_field(facts['session_id'])),
        _line(
            'trading_date',
            f'{day_with_weekday(trading_date)} · {distance_from_today(trading_date, today)}',
        ),
    ]
    if facts['log_exchanges'] is None:
        lines.append(_line('log', f'none: {facts["problem"]}'))
    else:
        log_text = plural(facts['log_exchanges'], 'exchange')
        if facts['log_damaged_lines']:
            skipped = plural(facts['log_damaged_lines'], 'damaged line')
            log_text += f', {skipped} skipped'
        lines.append(_line('log', log_text))
    if not facts['routes']:
        lines.append(_line('route', 'none: no backend has a route yet'))
    for name, route in facts['routes'].items():
        shown_name = visible_field(name)
        seen = plural(route['exchanges_seen'], 'exchange')
        lines.append(_line('route', f'{shown_name}: {seen} seen · {route["status"]}'))
        runner_state = route['runner_state']
        runner_text = 'none' if runner_state is None else visible_field(json_text(runner_state))
        lines.append(_line('runner_state', f'{shown_name}: {runner_text}'))
    return lines


@desk_command(workspace_run='workspace_listing.run_workspace_state')
def run(desk: Path, arguments: argparse.Namespace) -> int:
    """Writes the desk's state and what it means.

    Returns:
        0 for a readable state, 1 when there is none, it is damaged or this user may not read it,
        2 for an unreadable desk.
    """
    today = arguments.today or india_today()
    facts = state_facts(desk, today)
    if arguments.json:
        print_data(json_text(facts))
    if facts['session_id'] is None:
        print_note(visible_field(facts['problem']))
        return EXIT_NOTHING
    if not arguments.json:
        for line in state_lines(facts):
            print_data(line)
    if facts['problem'] is not None:
        print_note(visible_field(facts['problem']))
    return EXIT_FOUND
