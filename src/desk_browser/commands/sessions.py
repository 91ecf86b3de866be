"""`desk-browser sessions DESK [--json]`: the sessions list of the app, newest first."""

from __future__ import annotations

import argparse
from pathlib import Path

from desk_browser.commands.common import (
    EXIT_FOUND,
    EXIT_NOTHING,
    add_desk_arguments,
    desk_command,
)
from desk_browser.commands.output import print_data, print_note
from desk_browser.memory.problems import Problem
from desk_browser.presentation.desk_data import DeskOverview, SessionEntry, read_overview
from desk_browser.presentation.documents import session_object
from desk_browser.presentation.formatting import day_with_weekday, plural
from desk_browser.presentation.problem_explanations import why_not_read
from desk_browser.presentation.safe_text import json_text, visible_field

HELP = 'list the sessions of a desk, newest first'

_EPILOG = """\
output:
  one session a line, fields separated by tabs: SESSION_ID, its day with the weekday
  ("Wed 2026-10-21", or "-" when the id starts with no date), "N exchanges", and, when they
  apply, "current" (the session state.json names) and "K damaged lines" (skipped in its log).
  Sessions sort by date, then by number as a number (2026-10-21-10 after 2026-10-21-9).
  --json writes a list of {"session_id", "trading_date", "exchanges", "current",
  "damaged_lines"}; "trading_date" is YYYY-MM-DD or null.
  A log that could not be read (this user may not read it, say) is named on stderr, and its
  session is listed with "log could not be read" for its counts; in --json, "exchanges" and
  "damaged_lines" are null and "problem" says why ("cannot read: permission denied").

exit status: 0 sessions found, 1 none,
2 bad usage or a DESK that is missing, unreadable or no desk,
130 interrupted, 141 stdout closed (as by | head)

examples:
  desk-browser sessions workspace/desks/main
  desk-browser sessions workspace/desks/main | head -5
  desk-browser sessions workspace/desks/main --json | jq '.[] | select(.current)'
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Adds the sessions command's arguments to its parser."""
    from desk_browser.commands.workspace_listing import SESSIONS_EPILOG  # Circular at the top.

    add_desk_arguments(parser, 'the sessions', f'{_EPILOG}\n{SESSIONS_EPILOG}')


UNREAD_LOG = 'log could not be read'
"""A session's counts in the text output when its log could not be read at all."""


def session_line(entry: SessionEntry, unread: Problem | None = None) -> str:
    """Writes one session as a safe tab-separated line (`unread`: why its log is unreadable)."""
    fields = [
        visible_field(entry.session_id),
        day_with_weekday(entry.day) if entry.day is not None else '-',
        plural(entry.exchange_count, 'exchange') if unread is None else UNREAD_LOG,
    ]
    if entry.is_current:
        fields.append('current')
    if entry.damaged_lines and unread is None:
        fields.append(plural(entry.damaged_lines, 'damaged line'))
    return '\t'.join(fields)


def unread_logs(overview: DeskOverview) -> dict[str, Problem]:
    """The sessions whose logs could not be read at all (a count of 0 is not theirs), with why."""
    return {
        problem.path.name.removesuffix('.jsonl'): problem
        for problem in overview.problems
        if problem.line_number is None
    }


def list_sessions(desk: Path) -> tuple[list[SessionEntry], dict[str, Problem]]:
    """Reads every session that has a log, newest first, and the logs not read (unread_logs)."""
    overview = read_overview(desk, unfinished_is_damaged=True)
    return list(overview.sessions), unread_logs(overview)


def unread_log_note(problem: Problem) -> str:
    """Says on stderr that a log could not be read, so its exchanges are not counted."""
    shown = visible_field(problem.path.name)
    reason = visible_field(why_not_read(problem.reason))
    return f'sessions/{shown} could not be read, so its exchanges are not counted: {reason}'


@desk_command(workspace_run='workspace_listing.run_workspace_sessions')
def run(desk: Path, arguments: argparse.Namespace) -> int:
    """Writes the desk's sessions: 0 when there are some, 1 when none, 2 for an unreadable desk."""
    sessions, unread = list_sessions(desk)
    if arguments.json:
        objects = [session_object(entry, unread.get(entry.session_id)) for entry in sessions]
        print_data(json_text(objects))
    else:
        for entry in sessions:
            print_data(session_line(entry, unread.get(entry.session_id)))
    for problem in unread.values():
        print_note(unread_log_note(problem))
    if not sessions:
        print_note('no sessions: sessions/ holds no session log.')
        return EXIT_NOTHING
    return EXIT_FOUND
