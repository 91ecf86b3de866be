"""What every command shares: exit statuses, the DESK argument and its checks, interruption.

Exit statuses: 0 when something was found, 1 when nothing was, 2 for bad usage or a DESK that
cannot be read or holds no desk, 130 when interrupted (Ctrl+C), 141 when stdout was closed (as
with `| head`). README.md's "Exit status" table says the same for every command.
"""

from __future__ import annotations

import argparse
import datetime
import functools
import os
import sys
from collections.abc import Callable
from pathlib import Path

from desk_browser.commands.output import print_note
from desk_browser.memory.workspace import Workspace, find_desks
from desk_browser.presentation.desk_data import DESK_FOLDER_NAMES
from desk_browser.presentation.safe_text import visible_text

EXIT_FOUND = 0
"""Something was found (for check: the desk is healthy)."""
EXIT_NOTHING = 1
"""Nothing was found (for check: problems were found)."""
EXIT_USAGE = 2
"""A wrong command line, or a DESK that does not exist, is not a folder, cannot be read or holds
none of the desk's folders."""
EXIT_INTERRUPTED = 130
"""Interrupted with Ctrl+C (128 + SIGINT)."""
EXIT_BROKEN_PIPE = 141
"""Whoever read stdout stopped reading (128 + SIGPIPE), as with `| head`."""

Run = Callable[[argparse.Namespace], int]


def add_desk_argument(parser: argparse.ArgumentParser) -> None:
    """Adds the DESK argument every command takes first.

    Args:
        parser (argparse.ArgumentParser): The command's parser.
    """
    parser.add_argument(
        'desk',
        metavar='DESK',
        type=Path,
        help='the desk folder, which holds sessions/, journal/ and notes/, or a folder of desks '
        '(such as workspace/desks: every desk in it)',
    )


def iso_date(text: str) -> datetime.date:
    """Reads a YYYY-MM-DD argument, such as --today.

    Args:
        text (str): The argument.

    Returns:
        datetime.date: The date.

    Raises:
        argparse.ArgumentTypeError: The text is not a YYYY-MM-DD date.
    """
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f'not a YYYY-MM-DD date: {text!r}') from None


def add_follow_symlinks_argument(parser: argparse.ArgumentParser) -> None:
    """Adds --follow-symlinks, which lets the readers follow links out of the desk folder.

    Args:
        parser (argparse.ArgumentParser): The command's parser.
    """
    parser.add_argument(
        '--follow-symlinks',
        action='store_true',
        help='read links whose target lies outside the desk folder (by default they are not '
        'followed, and check reports them: "points outside the desk")',
    )


def add_json_argument(parser: argparse.ArgumentParser, what: str) -> None:
    """Adds the --json flag.

    Args:
        parser (argparse.ArgumentParser): The command's parser.
        what (str): What the JSON holds, for the help.
    """
    parser.add_argument('--json', action='store_true', help=f'write {what} as JSON')


def describe(parser: argparse.ArgumentParser, epilog: str) -> None:
    """Gives a command's help its examples and notes, laid out as written.

    Args:
        parser (argparse.ArgumentParser): The command's parser.
        epilog (str): The text after the options: output format, exit statuses, examples.
    """
    parser.epilog = epilog
    parser.formatter_class = argparse.RawDescriptionHelpFormatter


def desk_problem(desk: Path) -> str | None:
    """Says why a path cannot be read as a desk.

    Args:
        desk (Path): The path given.

    Returns:
        str | None: A one-line message naming the path and what to do, or None when it is a
            folder that can be read and holds at least one of sessions/, journal/ and notes/.
    """
    shown = visible_text(str(desk)).replace('\n', ' ')
    try:
        if not desk.exists():
            return (
                f'{shown}: no such folder. Give the path of a desk folder, such as '
                'workspace/desks/main.'
            )
        if not desk.is_dir():
            return (
                f'{shown}: not a folder. Give the desk folder itself, the one that holds '
                'sessions/, journal/ and notes/.'
            )
        with os.scandir(desk):
            pass
        holds_a_desk = any((desk / name).is_dir() for name in DESK_FOLDER_NAMES)
    except (OSError, ValueError) as error:
        reason = getattr(error, 'strerror', None) or str(error)
        return f'{shown}: cannot be read ({reason}). Check the path and its permissions.'
    if not holds_a_desk:
        folders = ', '.join(f'{name}/' for name in DESK_FOLDER_NAMES)
        return (
            f'{shown}: holds none of {folders} so it is not a desk, and no subfolder of it is '
            'one. Give a desk folder, such as workspace/desks/main, or a folder of desks, '
            'such as workspace/desks.'
        )
    return None


def checked_desk(arguments: argparse.Namespace) -> Path | None:
    """Returns the DESK argument when it can be read, else notes why on stderr.

    Args:
        arguments (argparse.Namespace): The parsed arguments, with a `desk`.

    Returns:
        Path | None: The desk folder, or None after writing a one-line message to stderr.
    """
    desk: Path = arguments.desk
    problem = desk_problem(desk)
    if problem is not None:
        print_note(problem)
        return None
    return desk


def workspace_of(arguments: argparse.Namespace) -> Workspace | None:
    """Returns the workspace the DESK argument names, when it is a folder of desks.

    Args:
        arguments (argparse.Namespace): The parsed arguments, with a `desk`.

    Returns:
        Workspace | None: The workspace; None when DESK is a desk itself, or holds none (the
            command then reads it as one desk, and says why it cannot).
    """
    workspace = find_desks(arguments.desk)
    return workspace if workspace.kind == 'workspace' else None


def guarded(run: Run) -> Run:
    """Wraps a command's run function so interruption and a closed stdout end it quietly.

    Args:
        run (Run): The command's run function.

    Returns:
        Run: The same function, returning 130 on Ctrl+C and 141 when stdout was closed.
    """

    @functools.wraps(run)
    def guarded_run(arguments: argparse.Namespace) -> int:
        try:
            status = run(arguments)
            # Flushed here, not at exit: a reader that left (| head) must end in 141, quietly,
            # not in Python's "Exception ignored" and status 120.
            sys.stdout.flush()
            return status
        except KeyboardInterrupt:
            print_note('interrupted')
            return EXIT_INTERRUPTED
        except BrokenPipeError:
            _silence_stdout()
            return EXIT_BROKEN_PIPE

    return guarded_run


def _silence_stdout() -> None:
    """Points stdout at the null device, so Python's exit does not fail flushing a closed pipe."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):
        pass
