"""The browsing command line's parser class: `desk-browser [DESK] [--demo] ...`, its --help.

`cli.build_parser` makes it only for a command line that `cli.plain_browsing` leaves (an option,
or more than one argument): `desk-browser` and `desk-browser DESK`, the usual starts, are read
without argparse, whose import (with gettext's) cost the first paint about 1.5 ms.
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
    """Lists the subcommands for --help.

    Returns:
        str: One line per subcommand.
    """
    lines = ['commands (desk-browser COMMAND --help for more):']
    lines.extend(f'  {name:<10}{subcommand.help}' for name, subcommand in SUBCOMMANDS.items())
    return '\n'.join(lines)


class BrowsingParser(argparse.ArgumentParser):
    """The browsing parser: its epilog lists the commands, written only when --help is shown.

    Listing them imports every command's module, which browsing never needs.
    """

    def format_help(self) -> str:
        """Writes --help, with the examples and the commands after the options.

        Returns:
            str: The help text.
        """
        self.epilog = f'{_EXAMPLES}\n{_commands_text()}\n'
        return super().format_help()
