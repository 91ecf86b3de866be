"""The demo desk's command line: `python -m desk_browser.demo DIR [options]`."""

from __future__ import annotations

import argparse
import datetime
import functools
import sys
from collections.abc import Callable
from pathlib import Path

from desk_browser.demo.builder import INDIA, STATE_VARIANTS, build_demo_desk
from desk_browser.demo.workspace import build_demo_workspace


def _date(text: str) -> datetime.date:
    """Reads a --today argument, an ISO 8601 date (else argparse.ArgumentTypeError)."""
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f'not a date (YYYY-MM-DD): {text!r}') from None


def _positive(text: str) -> int:
    """Reads a --days argument, a whole number of at least 1 (else argparse.ArgumentTypeError)."""
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f'not a whole number: {text!r}') from None
    if number < 1:
        raise argparse.ArgumentTypeError(f'must be at least 1: {number}')
    return number


def _parser() -> argparse.ArgumentParser:
    """The command's argument parser."""
    parser = argparse.ArgumentParser(
        prog='python -m desk_browser.demo',
        description='Builds a demo trading desk folder; the same arguments give the same bytes.',
    )
    parser.add_argument(
        'directory', metavar='DIR', type=Path, help='where to build; must be empty or missing'
    )
    parser.add_argument(
        '--today',
        type=_date,
        default=None,
        help="the current India date, YYYY-MM-DD (default: today's India date)",
    )
    parser.add_argument(
        '--seed', type=int, default=7, help='another seed gives another desk (default: 7)'
    )
    parser.add_argument(
        '--days', type=_positive, default=10, help='how many trading days (default: 10)'
    )
    parser.add_argument(
        '--damaged',
        action='store_true',
        help=(
            'add typical damage: a cut-short line, lines that are not UTF-8, '
            'a backend ahead of its log'
        ),
    )
    parser.add_argument(
        '--state',
        choices=STATE_VARIANTS,
        default='normal',
        help='state.json: normal, damaged (not JSON) or missing (default: normal)',
    )
    parser.add_argument(
        '--events-per-day',
        type=_positive,
        default=None,
        help='roughly how many journal events a day holds (for benchmarks)',
    )
    parser.add_argument(
        '--desks',
        type=_positive,
        default=None,
        metavar='N',
        help=(
            'build a workspace of N desks in DIR instead (DIR/main healthy, DIR/options with a '
            'damaged state, DIR/hedging with a backend behind, DIR/research idle for days, '
            'then healthy desks); --damaged and --state do not apply'
        ),
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    """Builds a demo desk, or with --desks a demo workspace, from `argv` (None: sys.argv).

    Returns:
        0 on success, 2 for wrong arguments or a non-empty folder, 1 when writing fails.
    """
    parser = _parser()
    try:
        arguments = parser.parse_args(argv)
    except SystemExit as error:
        return int(error.code or 0)
    today = arguments.today or datetime.datetime.now(INDIA).date()
    build: Callable[..., object]
    if arguments.desks is not None:
        what = 'workspace'
        build = functools.partial(build_demo_workspace, desks=arguments.desks)
        built = f'a workspace of {arguments.desks} desks of {arguments.days} trading days'
    else:
        what = 'desk'
        build = functools.partial(
            build_demo_desk,
            seed=arguments.seed,
            damaged=arguments.damaged,
            state=arguments.state,
        )
        built = f'a desk of {arguments.days} trading days'
    try:
        build(
            arguments.directory,
            today=today,
            days=arguments.days,
            events_per_day=arguments.events_per_day,
        )
    except FileExistsError as error:
        print(f'demo: refusing to build the {what}: {error}', file=sys.stderr)
        return 2
    except OSError as error:
        print(
            f'demo: could not build the {what} in {arguments.directory}: {error}', file=sys.stderr
        )
        return 1
    print(f'demo: built {built} ending {today.isoformat()} in {arguments.directory}')
    return 0
