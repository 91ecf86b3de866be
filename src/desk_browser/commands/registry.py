"""The subcommands of `desk-browser`, by name, and how to run one.

A command's module is imported only when it is looked up.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING

from desk_browser.memory.file_reading import ReadSettings, settings_in_force

if TYPE_CHECKING:  # Browsing asks only whether a name is a command: it needs no argparse.
    import argparse


class Subcommand:
    """One subcommand of `desk-browser`, such as `desk-browser search`.

    Attributes:
        help: The one-line description shown by --help.
        add_arguments: Adds its arguments to its parser.
        run: Runs it with the parsed arguments and returns the exit status.
    """

    __slots__ = ('add_arguments', 'help', 'run')

    def __init__(
        self,
        help: str,
        add_arguments: Callable[[argparse.ArgumentParser], None],
        run: Callable[[argparse.Namespace], int],
    ) -> None:
        self.help = help
        self.add_arguments = add_arguments
        self.run = run


class _Subcommands(Mapping[str, Subcommand]):
    """The subcommands by name, each command's module imported when it is first looked up."""

    def __init__(self, modules: dict[str, str]) -> None:
        self._modules = modules
        self._found: dict[str, Subcommand] = {}

    def __getitem__(self, name: str) -> Subcommand:
        found = self._found.get(name)
        if found is None:
            module = importlib.import_module(self._modules[name])
            found = Subcommand(module.HELP, module.add_arguments, module.run)
            self._found[name] = found
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(self._modules)

    def __len__(self) -> int:
        return len(self._modules)

    def __contains__(self, name: object) -> bool:
        return name in self._modules


SUBCOMMANDS: Mapping[str, Subcommand] = _Subcommands(
    {
        'search': 'desk_browser.commands.search',
        'state': 'desk_browser.commands.state',
        'sessions': 'desk_browser.commands.sessions',
        'orders': 'desk_browser.commands.orders',
        'show': 'desk_browser.commands.show',
        'check': 'desk_browser.commands.check',
        'serve': 'desk_browser.commands.serve',
    }
)
"""Subcommands by name, in --help's order. A DESK with one of these names is given as ./NAME."""

_NEVER_FOLLOWING_LINKS = frozenset({'serve'})
"""Subcommands without --follow-symlinks: serve shows the desk to others, so its tabs never read
a link out of the desk (the app it runs for each tab is given no --follow-symlinks)."""


def build_subcommand_parser(name: str, subcommand: Subcommand) -> argparse.ArgumentParser:
    """Builds the parser of one subcommand."""
    import argparse  # Deferred, as the parsing of browsing's command line (cli.plain_browsing).

    from desk_browser.commands.common import add_follow_symlinks_argument

    parser = argparse.ArgumentParser(prog=f'desk-browser {name}', description=subcommand.help)
    subcommand.add_arguments(parser)
    if name not in _NEVER_FOLLOWING_LINKS:
        add_follow_symlinks_argument(parser)
    return parser


def run_subcommand(argv: list[str]) -> int | None:
    """Runs the subcommand that `argv` (after the program's name) starts with.

    Returns the exit status, or None for no subcommand; argparse raises SystemExit for --help.
    """
    if not argv or argv[0] not in SUBCOMMANDS:
        return None
    name = argv[0]
    subcommand = SUBCOMMANDS[name]
    parser = build_subcommand_parser(name, subcommand)
    arguments = parser.parse_args(argv[1:])
    follow = name not in _NEVER_FOLLOWING_LINKS and arguments.follow_symlinks
    with settings_in_force(ReadSettings(follow_symlinks=follow)):
        return subcommand.run(arguments)
