"""The browsing command line's parser class: `desk-browser [DESK] [--demo] ...`, its --help.

Only made when `cli.plain_browsing` cannot read the command line without argparse.
"""

from __future__ import annotations

import argparse

from desk_browser.commands.registry import SUBCOMMANDS

_EXAMPLES = """\
examples:
  desk-browser                        browse the desk in the current folder
  desk-browser workspace/desks/main   browse that desk
  desk-browser --demo                 browse a demo desk built in a temporary folder
  desk-browser DESK --day yesterday   open at yesterday's day view
  desk-browser DESK --session 2026-10-21-2 --search "nifty gap"
  desk-browser workspace/desks --search nifty --day yesterday   (every desk)

keys inside: / search, n/p next/previous exchange, ? help, ctrl+p commands, q quit
"""


def _commands_text() -> str:
    """Lists the subcommands for --help, one line each."""
    lines = ['commands (desk-browser COMMAND --help for more):']
    lines.extend(f'  {name:<10}{subcommand.help}' for name, subcommand in SUBCOMMANDS.items())
    return '\n'.join(lines)


class BrowsingParser(argparse.ArgumentParser):
    """The browsing parser: its epilog lists the commands (importing them) only for --help."""

    def format_help(self) -> str:
        """Writes --help, with the examples and the commands after the options."""
        self.epilog = f'{_EXAMPLES}\n{_commands_text()}\n'
        return super().format_help()
