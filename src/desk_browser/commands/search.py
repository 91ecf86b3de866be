"""`desk-browser search DESK WORDS... [--limit N] [--json]`: the app's search, for scripts."""

from __future__ import annotations

import argparse
import dataclasses
import logging

from desk_browser.commands.common import (
    EXIT_FOUND,
    EXIT_NOTHING,
    EXIT_USAGE,
    add_desk_argument,
    add_json_argument,
    checked_desk,
    describe,
    guarded,
)
from desk_browser.commands.output import json_text, print_data, print_note, visible_field
from desk_browser.memory.session_search import SearchHit, SearchResult, SessionSearch, words_of
from desk_browser.presentation.formatting import hit_label

_LOGGER = logging.getLogger(__name__)

HELP = 'search every exchange, action, summary and note of a desk, as the app does'
DEFAULT_LIMIT = 50

_EPILOG = """\
output:
  one hit per line, four fields separated by tabs: DAY, KIND (exchange, journal, summary or
  note), how well it matched ("all words" or "2 of 3 words") and the snippet; control
  characters in desk text are shown, never sent to the terminal.
  --json writes the whole result as one object:
  {"hits": [{"record": {"day", "kind", "text"}, "matched_words", "snippet"}],
   "matched_every_word", "words"}

exit status: 0 hits found, 1 none,
2 bad usage or a DESK that is missing, unreadable or no desk,
130 interrupted, 141 stdout closed (as by | head)

examples:
  desk-browser search workspace/desks/main nifty gap
  desk-browser search workspace/desks/main order_placed --limit 200 | cut -f1 | uniq -c
  desk-browser search workspace/desks/main rbi --json | jq '.hits[].record.text'
"""


def _positive_number(text: str) -> int:
    """Reads a whole number of at least 1 for --limit.

    Args:
        text (str): The argument.

    Returns:
        int: The number.

    Raises:
        argparse.ArgumentTypeError: The text is not such a number.
    """
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f'not a whole number: {text!r}') from None
    if number < 1:
        raise argparse.ArgumentTypeError(f'must be at least 1, not {number}')
    return number


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Adds the search command's arguments.

    Args:
        parser (argparse.ArgumentParser): The command's parser.
    """
    add_desk_argument(parser)
    parser.add_argument(
        'words',
        metavar='WORDS',
        nargs='+',
        help='the keywords; a record matches one when it contains it anywhere, ignoring case',
    )
    parser.add_argument(
        '--limit',
        type=_positive_number,
        default=DEFAULT_LIMIT,
        metavar='N',
        help=f'the most hits to write (default: {DEFAULT_LIMIT})',
    )
    add_json_argument(parser, 'the whole search result')
    describe(parser, _EPILOG)


def hit_line(hit: SearchHit, result: SearchResult) -> str:
    """Writes one hit as a tab-separated line.

    Args:
        hit (SearchHit): The hit.
        result (SearchResult): The search it came from.

    Returns:
        str: DAY, KIND, label and snippet, separated by tabs, every field made safe.
    """
    fields = (hit.record.day, hit.record.kind, hit_label(hit, result), hit.snippet)
    return '\t'.join(visible_field(field) for field in fields)


@guarded
def run(arguments: argparse.Namespace) -> int:
    """Searches the desk and writes the hits.

    Args:
        arguments (argparse.Namespace): desk, words, limit and json.

    Returns:
        int: 0 when there were hits, 1 when there were none, 2 for an unreadable desk or no
            keywords.
    """
    desk = checked_desk(arguments)
    if desk is None:
        return EXIT_USAGE
    query = ' '.join(arguments.words)
    if not words_of(query):
        print_note('give at least one word to search for.')
        return EXIT_USAGE
    result = SessionSearch(desk).search(query, arguments.limit)
    if arguments.json:
        print_data(json_text(dataclasses.asdict(result)))
    else:
        for hit in result.hits:
            print_data(hit_line(hit, result))
    if not result.hits:
        print_note('no record contains any of the words.')
        return EXIT_NOTHING
    if not result.matched_every_word:
        print_note('no record contains every word; these contain some of them.')
    return EXIT_FOUND
