"""The search command's scope options: the qualifiers of the app's search box, given as options.

`--day`, `--since` (`day:X..`), `--until` (`day:..X`), `--kind`, `--backend`, `--session`, and
`--today` for the date day words count from. Each is read as its qualifier, with the same
values and reasons; a bad one is bad usage. Options and typed qualifiers combine as
qualifiers do.

Typical usage example:

    add_scope_arguments(parser)
    qualifiers = option_qualifiers(arguments)  # Raises argparse.ArgumentTypeError when bad.
"""

from __future__ import annotations

import argparse
import datetime

from desk_browser.commands.common import iso_date
from desk_browser.memory.search_scope import Qualifier, read_qualifier

_OPTIONS = (
    ('day', 'DAY', 'day:{}', 'only that day: YYYY-MM-DD, today, yesterday, a weekday, or A..B'),
    ('since', 'DAY', 'day:{}..', 'only that day and later (same values as --day)'),
    ('until', 'DAY', 'day:..{}', 'only that day and earlier (same values as --day)'),
    (
        'kind',
        'KIND',
        'kind:{}',
        'only exchange, action, summary, note or order records (KIND,KIND...)',
    ),
    ('backend', 'NAME', 'backend:{}', 'only exchanges that backend answered (NAME,NAME...)'),
    ('session', 'ID', 'session:{}', "only that session's exchanges, such as 2026-10-19-2"),
)


def add_scope_arguments(parser: argparse.ArgumentParser) -> None:
    """Adds the scope options to the search command's parser; each may be given more than once."""
    group = parser.add_argument_group(
        'scope', 'which records to search; the same as qualifiers typed among the words'
    )
    for name, metavar, _, help_text in _OPTIONS:
        group.add_argument(
            f'--{name}', action='append', default=[], metavar=metavar, help=help_text
        )
    group.add_argument(
        '--today',
        type=iso_date,
        default=None,
        metavar='YYYY-MM-DD',
        help="the date today, yesterday and weekdays count from (default: India's today)",
    )


def option_qualifiers(arguments: argparse.Namespace, today: datetime.date) -> list[Qualifier]:
    """Reads the scope options as qualifiers, one per option given, in the options' order.

    Raises:
        argparse.ArgumentTypeError: An option's value is bad; the message says why, such as
            "--day: 2026-13-01 is not a date".
    """
    qualifiers = []
    for name, _, template, _ in _OPTIONS:
        for value in getattr(arguments, name):
            piece = template.format(value)
            try:
                qualifiers.append(read_qualifier(piece, today))
            except ValueError as error:
                reason = str(error).partition(': ')[2]
                raise argparse.ArgumentTypeError(f'--{name}: {reason}') from None
    return qualifiers


__all__ = ['add_scope_arguments', 'option_qualifiers']
