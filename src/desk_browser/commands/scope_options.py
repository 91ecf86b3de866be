"""The search command's scope options: the qualifiers of the app's search box, given as options.

Each option is a ScopeOption of search_scope.QUALIFIERS, read as its qualifier; a bad one is
bad usage. `--today` sets the date day words count from.

Typical usage example:

    add_scope_arguments(parser)
    qualifiers = option_qualifiers(arguments, today)  # argparse.ArgumentTypeError when bad.
"""

from __future__ import annotations

import argparse
import datetime

from desk_browser.commands.common import iso_date
from desk_browser.memory.search_scope import (
    QUALIFIERS,
    Qualifier,
    QualifierDefinition,
    ScopeOption,
    read_qualifier,
)


def _options(qualifiers: tuple[QualifierDefinition, ...]) -> list[ScopeOption]:
    """A table's options, in its order."""
    return [option for definition in qualifiers for option in definition.options]


def add_scope_arguments(
    parser: argparse.ArgumentParser, qualifiers: tuple[QualifierDefinition, ...] = QUALIFIERS
) -> None:
    """Adds the scope options to the search command's parser; each may be given more than once."""
    group = parser.add_argument_group(
        'scope', 'which records to search; the same as qualifiers typed among the words'
    )
    for option in _options(qualifiers):
        group.add_argument(
            f'--{option.name}',
            action='append',
            default=[],
            metavar=option.metavar,
            help=option.help,
        )
    group.add_argument(
        '--today',
        type=iso_date,
        default=None,
        metavar='YYYY-MM-DD',
        help="the date today, yesterday and weekdays count from (default: India's today)",
    )


def option_qualifiers(
    arguments: argparse.Namespace,
    today: datetime.date,
    qualifiers: tuple[QualifierDefinition, ...] = QUALIFIERS,
) -> list[Qualifier]:
    """Reads the scope options as qualifiers, one per option given, in the options' order.

    Raises:
        argparse.ArgumentTypeError: An option's value is bad; the message says why.
    """
    found = []
    for option in _options(qualifiers):
        for value in getattr(arguments, option.name):
            try:
                found.append(read_qualifier(option.template.format(value), today, qualifiers))
            except ValueError as error:
                reason = str(error).partition(': ')[2]
                raise argparse.ArgumentTypeError(f'--{option.name}: {reason}') from None
    return found


__all__ = ['add_scope_arguments', 'option_qualifiers']
