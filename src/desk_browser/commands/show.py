"""`desk-browser show DESK SESSION_ID [--format md|json] [--json]`: one session's exchanges."""

from __future__ import annotations

import argparse
from pathlib import Path

from desk_browser.commands.common import (
    EXIT_FOUND,
    EXIT_NOTHING,
    add_desk_argument,
    describe,
    desk_command,
)
from desk_browser.commands.output import print_data, print_note
from desk_browser.memory.session_store import SessionStore
from desk_browser.presentation.asked_times import asked_times
from desk_browser.presentation.desk_data import read_session_log, sessions_directory
from desk_browser.presentation.documents import exchange_json, session_markdown
from desk_browser.presentation.formatting import plural
from desk_browser.presentation.problem_explanations import why_not_read
from desk_browser.presentation.safe_text import visible_field

HELP = "write one session's exchanges as Markdown or as JSON lines"

FORMATS = ('md', 'json')

_EPILOG = """\
output:
  md (the default): a "# Session ID" heading, then for each exchange, oldest first, a heading
  "## N · asked HH:MM · answered HH:MM IST · BACKEND" (India times: its trigger's, from the
  day's journal, and its answer's end, the log's finished_at; "answered HH:MM IST" alone where
  the journal holds no trigger for it), the trigger as a "> " quote, and the
  answer as it was written. Control characters in desk text are shown, never sent to the
  terminal.
  json (or --json): one JSON object a line, as the session log holds it:
  {"trigger_text", "answer", "backend_name", "finished_at"}.
  Damaged lines of the log are skipped and noted on stderr.

exit status: 0 exchanges written, 1 no such session or no exchanges,
2 bad usage or a DESK that is missing, unreadable or no desk,
130 interrupted, 141 stdout closed (as by | head)

examples:
  desk-browser show workspace/desks/main 2026-10-21-2
  desk-browser show workspace/desks/main 2026-10-21-2 > ticket-4711.md
  desk-browser show workspace/desks/main 2026-10-21-2 --format json | jq -r .answer
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Adds the show command's arguments to its parser."""
    add_desk_argument(parser, workspaces=False)
    parser.add_argument(
        'session_id',
        metavar='SESSION_ID',
        help='the session, such as 2026-10-21-2 (desk-browser sessions DESK lists them)',
    )
    parser.add_argument(
        '--format',
        choices=FORMATS,
        default='md',
        help='md for Markdown (the default), json for one JSON object a line',
    )
    parser.add_argument(
        '--json',
        dest='format',
        action='store_const',
        const='json',
        help='the same as --format json (as every other command takes --json)',
    )
    describe(parser, _EPILOG)


@desk_command()
def run(desk: Path, arguments: argparse.Namespace) -> int:
    """Writes the session's exchanges.

    Returns:
        0 when exchanges were written, 1 when the session has no log or no exchanges, 2 for an
        unreadable desk.
    """
    session_id: str = arguments.session_id
    shown_id = visible_field(session_id) or "''"  # An empty id is named, not left out.
    # Only sessions that have a log are shown, so an id such as ../x never leaves the desk.
    if session_id not in SessionStore(sessions_directory(desk)).session_ids():
        print_note(
            f'no session {shown_id}: sessions/ holds no log of that name. '
            'desk-browser sessions DESK lists them.'
        )
        return EXIT_NOTHING
    log = read_session_log(desk, session_id, unfinished_is_damaged=True)
    for problem in log.problems:
        where = f'line {problem.line_number}' if problem.line_number is not None else 'the file'
        reason = visible_field(why_not_read(problem.reason))
        print_note(f'skipped {where} of the log of {shown_id}: {reason}')
    if not log.exchanges:
        if not log.unreadable:  # Else the note above says why none were read.
            print_note(f'session {shown_id} has no exchanges.')
        return EXIT_NOTHING
    if arguments.format == 'json':
        for exchange in log.exchanges:
            print_data(exchange_json(exchange))
    else:
        asked = asked_times(desk, session_id, log.exchanges)
        print_data(session_markdown(session_id, log.exchanges, asked))
    print_note(f'{plural(len(log.exchanges), "exchange")} in session {shown_id}.')
    return EXIT_FOUND
