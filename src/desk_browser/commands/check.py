"""`desk-browser check DESK [--json]`: every damaged line and unreadable file, and what it means."""

from __future__ import annotations

import argparse
from pathlib import Path

from desk_browser.commands.common import (
    EXIT_FOUND,
    EXIT_NOTHING,
    add_desk_arguments,
    desk_command,
)
from desk_browser.commands.output import print_data
from desk_browser.memory.desk_check import DeskReport, check_desk
from desk_browser.presentation.formatting import plural
from desk_browser.presentation.problem_documents import problem_lines, report_object
from desk_browser.presentation.safe_text import json_text

HELP = 'check a whole desk: every damaged line, unreadable file and state problem'

_EPILOG = """\
output:
  each problem as PATH:LINE: REASON (PATH relative to DESK; PATH: REASON when the problem is
  the whole file), sorted by path and line; reasons such as "cut short", "not JSON", "not an
  object", "not UTF-8", "missing field "answer"", "missing type", "cannot read: permission
  denied" (this user may not read it: its permissions, not damage), "damaged state (not JSON):
  the desk will start a new session", "the current session ID has no log", "route codex: 2
  ahead of the log (the log lost lines)". Under each, indented
  four spaces, what it means and whether anything needs doing ("    cut short by a crash: the
  desk skips it; nothing to do"), as the app's Problems view says it. Then a summary: a line
  "checked N files: P problems" and one line a kind of file ("  journal  10 files  3 problems").
  --json writes one object: {"desk", "healthy", "files_checked", "problem_count",
  "kinds": {KIND: {"files", "problems"}},
  "problems": [{"path", "line", "reason", "kind", "meaning", "advice"}]};
  "line" is null for a whole-file problem; "meaning" and "advice" are the indented line's two
  halves. Kinds: journal, session log, summary, note, state.
  A journal or log whose last line has no newline yet and which changed in the last two seconds
  is being written, not damaged: that line is left for later (a line "being written: N files").
  state.json is read before the logs, so a desk saving its state as it runs is never reported
  ahead of its log. Other problems: "not a regular file" (a FIFO, socket or device), "too big:
  1.0 GB, limit 16 MB", "nested too deep", and "points outside the desk: TARGET" for a link out
  of the desk folder (--follow-symlinks reads it).
  Nothing in the desk is written.

exit status: 0 healthy, 1 problems found,
2 bad usage or a DESK that is missing, unreadable or no desk,
130 interrupted, 141 stdout closed (as by | head)

examples:
  desk-browser check workspace/desks/main
  desk-browser check workspace/desks/main --json | jq '.problems[] | .path'
  desk-browser check workspace/desks/main | grep -v '^    '   # without the explanations
  desk-browser check workspace/desks/main > /dev/null || alert 'the desk has damaged files'
"""

_KIND_WIDTH = 13


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Adds the check command's arguments to its parser."""
    from desk_browser.commands.workspace_check import EPILOG  # Circular at the top.

    add_desk_arguments(parser, 'the report', f'{_EPILOG}\n{EPILOG}')


def summary_lines(report: DeskReport) -> list[str]:
    """Writes the report's summary: the totals, then one line a kind of file."""
    lines = [
        f'checked {plural(report.files_checked, "file")}: {plural(len(report.problems), "problem")}'
    ]
    files = [plural(summary.files, 'file') for summary in report.kinds]
    width = max([10, *map(len, files)])  # "2,520 files" stays in line with "9 files".
    for summary, counted in zip(report.kinds, files, strict=True):
        lines.append(
            f'  {summary.kind:<{_KIND_WIDTH}}{counted:>{width}}'
            f'  {plural(summary.problems, "problem")}'
        )
    if report.pending:
        lines.append(
            f'being written: {plural(len(report.pending), "file")} whose last line has no '
            'newline yet (left for later, not a problem)'
        )
    return lines


@desk_command(workspace_run='workspace_check.run_workspace_check')
def run(desk: Path, arguments: argparse.Namespace) -> int:
    """Checks the desk and writes the report.

    Returns:
        0 when the desk is healthy, 1 when problems were found, 2 for no readable desk.
    """
    report = check_desk(desk)
    if arguments.json:
        print_data(json_text(report_object(report, str(desk))))
    else:
        for problem in report.problems:
            for line in problem_lines(report, problem):
                print_data(line)
        for line in summary_lines(report):
            print_data(line)
    return EXIT_FOUND if report.healthy else EXIT_NOTHING
