"""The `desk-browser` command: opens a desk folder (or a demo desk) in the terminal browser.

`main` parses the arguments and dispatches. Besides browsing, the command is meant to grow
subcommands (`search`, `state`, `sessions`, `show`, `check`): add one by writing a function that
adds its arguments to a sub-parser and a function that runs it, and listing both in `SUBCOMMANDS`.
"""

from __future__ import annotations

import argparse
import logging
import shutil
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from desk_browser import __version__

_LOGGER = logging.getLogger(__name__)

EXIT_OK = 0
EXIT_USAGE = 2
"""The exit status for a wrong command line, such as a DESK that is not a folder."""

_EXAMPLES = """\
examples:
  desk-browser                        browse the desk in the current folder
  desk-browser workspace/desks/main   browse that desk
  desk-browser --demo                 browse a demo desk built in a temporary folder

keys inside: / search, n/p next/previous exchange, ? help, ctrl+p commands, q quit
"""


@dataclass(frozen=True)
class Subcommand:
    """One subcommand of `desk-browser`, such as a future `desk-browser search`.

    Attributes:
        help: The one-line description shown by --help.
        add_arguments: Adds the subcommand's arguments to its parser.
        run: Runs it with the parsed arguments and returns the exit status.
    """

    help: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


SUBCOMMANDS: dict[str, Subcommand] = {}
"""Subcommands by name. A DESK with one of these names is given as ./NAME."""


def build_parser() -> argparse.ArgumentParser:
    """Builds the parser for browsing (`desk-browser [DESK] [--demo]`).

    Returns:
        The parser.
    """
    parser = argparse.ArgumentParser(
        prog='desk-browser',
        description='Browse an AI trading desk folder: state, sessions, exchanges, summaries and '
        'search. It only reads the desk.',
        epilog=_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument('--version', action='version', version=f'%(prog)s {__version__}')
    parser.add_argument(
        'desk',
        nargs='?',
        default=None,
        metavar='DESK',
        help='the desk folder, with sessions/, journal/ and notes/ (default: the current folder)',
    )
    parser.add_argument(
        '--demo',
        action='store_true',
        help='build a demo desk in a temporary folder, browse it, and remove it on exit',
    )
    return parser


def build_subcommand_parser(name: str, subcommand: Subcommand) -> argparse.ArgumentParser:
    """Builds the parser of one subcommand.

    Args:
        name: The subcommand's name.
        subcommand: The subcommand.

    Returns:
        The parser.
    """
    parser = argparse.ArgumentParser(prog=f'desk-browser {name}', description=subcommand.help)
    subcommand.add_arguments(parser)
    return parser


def desk_problem(desk: Path) -> str | None:
    """Says why a path cannot be browsed as a desk.

    Args:
        desk: The path given.

    Returns:
        A one-line message naming the path and what to do, or None when it is a folder.
    """
    if not desk.exists():
        return (
            f'desk-browser: {desk}: no such folder. Give the path of a desk folder '
            '(such as workspace/desks/main), or try desk-browser --demo.'
        )
    if not desk.is_dir():
        return (
            f'desk-browser: {desk}: not a folder. Give the desk folder itself, the one that '
            'holds sessions/, journal/ and notes/.'
        )
    return None


def run_browser(desk: Path) -> int:
    """Runs the browser on a desk folder until the person quits.

    Args:
        desk: The desk folder.

    Returns:
        The exit status.
    """
    from desk_browser.ui.app import make_app  # Deferred: Textual loads only when browsing.

    app = make_app(desk)
    app.run()
    return app.return_code or EXIT_OK


def run_demo() -> int:
    """Builds the demo desk in a temporary folder named main, browses it, then removes it.

    Returns:
        The exit status.
    """
    from desk_browser.demo import build_demo_desk
    from desk_browser.ui.formatting import india_today

    temporary_root = Path(tempfile.mkdtemp(prefix='desk-browser-demo-'))
    try:
        desk = temporary_root / 'main'
        build_demo_desk(desk, today=india_today())
        return run_browser(desk)
    finally:
        shutil.rmtree(temporary_root, ignore_errors=True)


def browse(arguments: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    """Runs the browsing command.

    Args:
        arguments: The parsed arguments.
        parser: The parser, for usage errors.

    Returns:
        The exit status.
    """
    if arguments.demo:
        if arguments.desk is not None:
            parser.error('give either DESK or --demo, not both')
        return run_demo()
    desk = Path(arguments.desk if arguments.desk is not None else '.')
    problem = desk_problem(desk)
    if problem is not None:
        print(problem, file=sys.stderr)
        return EXIT_USAGE
    return run_browser(desk.resolve())


def main(argv: list[str] | None = None) -> int:
    """Runs `desk-browser` with the given arguments.

    Args:
        argv: The arguments after the program's name; None reads sys.argv.

    Returns:
        The exit status.
    """
    arguments_list = list(sys.argv[1:] if argv is None else argv)
    if arguments_list and arguments_list[0] in SUBCOMMANDS:
        name = arguments_list[0]
        subcommand = SUBCOMMANDS[name]
        parser = build_subcommand_parser(name, subcommand)
        return subcommand.run(parser.parse_args(arguments_list[1:]))
    parser = build_parser()
    return browse(parser.parse_args(arguments_list), parser)


if __name__ == '__main__':
    sys.exit(main())
