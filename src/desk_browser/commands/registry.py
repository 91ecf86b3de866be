"""The subcommands of `desk-browser`, by name, and how to run one.

`desk_browser.cli` takes `Subcommand` and `SUBCOMMANDS` from here, so there is one list of the
commands. `run_subcommand` runs one the way the entry point does.
"""

from __future__ import annotations

import argparse
import logging
from collections.abc import Callable
from dataclasses import dataclass

from desk_browser.commands import check, search, serve, sessions, show, state

_LOGGER = logging.getLogger(__name__)


@dataclass(frozen=True)
class Subcommand:
    """One subcommand of `desk-browser`, such as `desk-browser search`.

    Attributes:
        help: The one-line description shown by --help.
        add_arguments: Adds the subcommand's arguments to its parser.
        run: Runs it with the parsed arguments and returns the exit status.
    """

    help: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


SUBCOMMANDS: dict[str, Subcommand] = {
    'search': Subcommand(search.HELP, search.add_arguments, search.run),
    'state': Subcommand(state.HELP, state.add_arguments, state.run),
    'sessions': Subcommand(sessions.HELP, sessions.add_arguments, sessions.run),
    'show': Subcommand(show.HELP, show.add_arguments, show.run),
    'check': Subcommand(check.HELP, check.add_arguments, check.run),
    'serve': Subcommand(serve.HELP, serve.add_arguments, serve.run),
}
"""Subcommands by name. A DESK with one of these names is given as ./NAME."""


def build_subcommand_parser(name: str, subcommand: Subcommand) -> argparse.ArgumentParser:
    """Builds the parser of one subcommand.

    Args:
        name (str): The subcommand's name.
        subcommand (Subcommand): The subcommand.

    Returns:
        argparse.ArgumentParser: The parser.
    """
    parser = argparse.ArgumentParser(prog=f'desk-browser {name}', description=subcommand.help)
    subcommand.add_arguments(parser)
    return parser


def run_subcommand(argv: list[str]) -> int | None:
    """Runs the subcommand that the arguments start with.

    Args:
        argv (list[str]): The arguments after the program's name.

    Returns:
        int | None: The exit status, or None when the arguments start with no subcommand's name.

    Raises:
        SystemExit: For --help (status 0) and a wrong command line (status 2), from argparse.
    """
    if not argv or argv[0] not in SUBCOMMANDS:
        return None
    name = argv[0]
    subcommand = SUBCOMMANDS[name]
    parser = build_subcommand_parser(name, subcommand)
    return subcommand.run(parser.parse_args(argv[1:]))
