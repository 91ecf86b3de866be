"""`state` and `sessions` over a workspace: one entry per desk, as each desk's command writes it.

Each entry says exactly what `state DESK` or `sessions DESK` says, or the desk's problem.
"""

from __future__ import annotations

import argparse
import datetime
from typing import Any

from desk_browser.commands.common import EXIT_FOUND, EXIT_NOTHING
from desk_browser.commands.output import print_data, print_note
from desk_browser.commands.sessions import list_sessions, session_line, unread_log_note
from desk_browser.commands.state import state_facts, state_lines
from desk_browser.memory.workspace import Workspace, entry_problem
from desk_browser.presentation.documents import session_object
from desk_browser.presentation.formatting import india_today
from desk_browser.presentation.safe_text import json_text, visible_field

STATE_EPILOG = """\
over a folder of desks (such as workspace/desks): each desk's lines after a line
"desk          NAME", a blank line between desks; --json writes {"workspace", "desks": [...]},
each desk's object as above plus "name" and "path" (a desk that cannot be read: {"name",
"path", "problem"}). Exit status 0 when every desk has a readable state, 1 when any has none.
"""

SESSIONS_EPILOG = """\
over a folder of desks (such as workspace/desks): each line starts with the desk's NAME and a
tab; --json writes {"workspace", "desks": [{"name", "path", "sessions": [...], "problem"}]}.
Exit status 0 when any desk has sessions, 1 when none has.
"""

_LABEL_WIDTH = 14


def run_workspace_state(workspace: Workspace, arguments: argparse.Namespace) -> int:
    """Writes every desk's state and what it means: 0 when each has a readable state, else 1."""
    today: datetime.date = arguments.today or india_today()
    entries: list[dict[str, Any]] = []
    for desk in workspace.desks:
        problem = desk.problem or entry_problem(desk.path)
        if problem is not None:
            entries.append({'name': desk.name, 'path': str(desk.path), 'problem': problem})
            continue
        facts = state_facts(desk.path, today)
        entries.append({'name': desk.name, 'path': str(desk.path), **facts})
    if arguments.json:
        print_data(json_text({'workspace': str(workspace.path), 'desks': entries}))
    else:
        for position, entry in enumerate(entries):
            if position:
                print_data('')
            print_data(f'{"desk":<{_LABEL_WIDTH}}{visible_field(entry["name"])}')
            if entry.get('session_id') is None:
                print_data(f'{"problem":<{_LABEL_WIDTH}}{visible_field(entry["problem"])}')
                continue
            for line in state_lines(entry):
                print_data(line)
    missing = [entry for entry in entries if entry.get('session_id') is None]
    for entry in missing:
        print_note(f'{visible_field(entry["name"])}: {visible_field(entry["problem"])}')
    return EXIT_NOTHING if missing else EXIT_FOUND


def run_workspace_sessions(workspace: Workspace, arguments: argparse.Namespace) -> int:
    """Writes every desk's sessions, newest first, led by the desk's name; 0 when any has some."""
    entries: list[dict[str, Any]] = []
    found = 0
    for desk in workspace.desks:
        problem = desk.problem or entry_problem(desk.path)
        sessions, unread = ([], {}) if problem is not None else list_sessions(desk.path)
        found += len(sessions)
        if arguments.json:
            objects = [session_object(entry, unread.get(entry.session_id)) for entry in sessions]
            entries.append(
                {'name': desk.name, 'path': str(desk.path), 'sessions': objects, 'problem': problem}
            )
            continue
        for entry in sessions:
            line = session_line(entry, unread.get(entry.session_id))
            print_data(f'{visible_field(desk.name)}\t{line}')
        for unread_problem in unread.values():
            print_note(f'{visible_field(desk.name)}: {unread_log_note(unread_problem)}')
        if problem is not None:
            print_note(f'{visible_field(desk.name)}: {visible_field(problem)}')
    if arguments.json:
        print_data(json_text({'workspace': str(workspace.path), 'desks': entries}))
    if not found:
        print_note('no sessions: no desk holds a session log.')
        return EXIT_NOTHING
    return EXIT_FOUND
