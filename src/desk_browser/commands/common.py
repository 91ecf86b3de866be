"""What every command shares: exit statuses, the DESK argument and its checks, interruption.

Exit statuses (README.md's "Exit status" table): 0 found, 1 nothing found, 2 bad usage or no
readable desk, 130 interrupted, 141 stdout closed.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import functools
import importlib
import logging
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

from desk_browser.commands.output import print_note
from desk_browser.memory.workspace import DESK_FOLDERS, Workspace, find_desks
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
"""A command's run function: the parsed arguments in, the exit status out."""
DeskRun = Callable[[Path, argparse.Namespace], int]
"""A command's work on one desk that can be read: the desk folder and the arguments."""
WorkspaceRun = Callable[[Workspace, argparse.Namespace], int]
"""A command's work on a folder of desks: the workspace and the arguments."""


def add_desk_argument(parser: argparse.ArgumentParser, *, workspaces: bool = True) -> None:
    """Adds the DESK argument every command takes first (`workspaces`: or a folder of desks)."""
    desk_help = 'the desk folder, which holds sessions/, journal/ and notes/'
    if workspaces:
        desk_help += ', or a folder of desks (such as workspace/desks: every desk in it)'
    parser.add_argument('desk', metavar='DESK', type=Path, help=desk_help)


def iso_date(text: str) -> datetime.date:
    """Reads a YYYY-MM-DD argument, such as --today.

    Raises:
        argparse.ArgumentTypeError: The text is not a YYYY-MM-DD date.
    """
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f'not a YYYY-MM-DD date: {text!r}') from None


def add_follow_symlinks_argument(parser: argparse.ArgumentParser) -> None:
    """Adds --follow-symlinks, which lets the readers follow links out of the desk folder."""
    parser.add_argument(
        '--follow-symlinks',
        action='store_true',
        help='read links whose target lies outside the desk folder (by default they are not '
        'followed, and check reports them: "points outside the desk")',
    )


def add_json_argument(parser: argparse.ArgumentParser, what: str) -> None:
    """Adds the --json flag, its help saying `what` the JSON holds."""
    parser.add_argument('--json', action='store_true', help=f'write {what} as JSON')


def describe(parser: argparse.ArgumentParser, epilog: str) -> None:
    """Gives a command's help its epilog (output format, exit statuses, examples), as written."""
    parser.epilog = epilog
    parser.formatter_class = argparse.RawDescriptionHelpFormatter


def add_desk_arguments(parser: argparse.ArgumentParser, json_what: str, epilog: str) -> None:
    """Adds DESK and --json, and the epilog (see describe), for a command that reads a desk."""
    add_desk_argument(parser)
    add_json_argument(parser, json_what)
    describe(parser, epilog)


def desk_problem(desk: Path) -> str | None:
    """Why a path cannot be read as a desk, naming it and what to do; None for a desk folder."""
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
        holds_a_desk = any((desk / name).is_dir() for name in DESK_FOLDERS)
    except (OSError, ValueError) as error:
        reason = getattr(error, 'strerror', None) or str(error)
        return f'{shown}: cannot be read ({reason}). Check the path and its permissions.'
    if not holds_a_desk:
        folders = ', '.join(f'{name}/' for name in DESK_FOLDERS)
        return (
            f'{shown}: holds none of {folders} so it is not a desk, and no subfolder of it is '
            'one. Give a desk folder, such as workspace/desks/main, or a folder of desks, '
            'such as workspace/desks.'
        )
    return None


def checked_desk(arguments: argparse.Namespace) -> Path | None:
    """The DESK argument when it can be read; else None, after a one-line note on stderr."""
    desk: Path = arguments.desk
    problem = desk_problem(desk)
    if problem is not None:
        print_note(problem)
        return None
    return desk


def workspace_of(arguments: argparse.Namespace) -> Workspace | None:
    """The workspace DESK names; None when DESK is a desk itself or holds no desk."""
    workspace = find_desks(arguments.desk)
    return workspace if workspace.kind == 'workspace' else None


def guarded(run: Run) -> Run:
    """Wraps a command's run so Ctrl+C returns 130 and a closed stdout 141, quietly."""

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


def desk_command(workspace_run: str | None = None) -> Callable[[DeskRun], Run]:
    """Makes a command's run function from its work on one desk.

    A folder of desks goes to the workspace run, a DESK that cannot be read ends in status 2.

    Args:
        workspace_run (str | None): The workspace run as MODULE.FUNCTION, or None.

    Returns:
        Callable[[DeskRun], Run]: The decorator.
    """

    def decorate(desk_run: DeskRun) -> Run:
        def run(arguments: argparse.Namespace) -> int:
            with _warnings_as_notes():
                workspace = workspace_of(arguments)
                if workspace is not None:
                    if workspace_run is not None:
                        return _workspace_function(workspace_run)(workspace, arguments)
                    print_note(_one_desk_only(workspace))
                    return EXIT_USAGE
                desk = checked_desk(arguments)
                if desk is None:
                    return EXIT_USAGE
                return desk_run(desk, arguments)

        run.__doc__ = desk_run.__doc__
        return guarded(run)

    return decorate


@contextlib.contextmanager
def _warnings_as_notes() -> Iterator[None]:
    """Writes what the readers log as warnings as notes: prefixed, made safe, once each."""
    written: set[str] = set()

    def as_note(record: logging.LogRecord) -> bool:
        """Writes a warning once (a workspace's desks may each log the same), made safe."""
        note = visible_text(record.getMessage()).replace('\n', ' ')
        if record.levelno < logging.WARNING or note in written:
            return False
        written.add(note)
        print_note(note)
        return False  # Written here: the handler itself writes nothing.

    handler = logging.Handler(logging.WARNING)
    handler.addFilter(as_note)
    root = logging.getLogger()
    root.addHandler(handler)
    try:
        yield
    finally:
        root.removeHandler(handler)


def _one_desk_only(workspace: Workspace) -> str:
    """A one-line note that a one-desk command was given a folder of desks, naming one to give."""
    shown = visible_text(str(workspace.path)).replace('\n', ' ')
    names = visible_text(', '.join(workspace.names)).replace('\n', ' ')
    folder = workspace.desks_folder or workspace.path
    example = visible_text(str(folder / workspace.names[0])).replace('\n', ' ')
    return (
        f'{shown}: a folder of desks ({names}), and this command reads one desk. '
        f'Give one of them, such as {example}.'
    )


def _workspace_function(name: str) -> WorkspaceRun:
    """Imports a command's run over a workspace, named MODULE.FUNCTION in this package."""
    module_name, function_name = name.rsplit('.', 1)
    module = importlib.import_module(f'{__package__}.{module_name}')
    function: WorkspaceRun = getattr(module, function_name)
    return function


def _silence_stdout() -> None:
    """Points stdout at the null device, so Python's exit does not fail flushing a closed pipe."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):
        pass
