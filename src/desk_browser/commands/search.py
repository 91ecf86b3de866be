"""`desk-browser search DESK WORDS... [--day DAY ...] [--limit N] [--json]`: the app's search.

The words may hold the app's qualifiers; the answers are the documented search's.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from pathlib import Path
from typing import Any

from desk_browser.commands.common import (
    EXIT_FOUND,
    EXIT_NOTHING,
    EXIT_USAGE,
    add_desk_argument,
    add_json_argument,
    describe,
    desk_command,
)
from desk_browser.commands.output import print_data, print_note
from desk_browser.commands.scope_options import add_scope_arguments, option_qualifiers
from desk_browser.memory.desk_files import Problem
from desk_browser.memory.index.search import IndexedSearch
from desk_browser.memory.search_scope import EVERYTHING, ParsedQuery, SearchScope, parse_query
from desk_browser.memory.session_search import SearchHit, SearchResult, words_of
from desk_browser.memory.unread_files import UnreadFiles
from desk_browser.presentation.formatting import hit_label, india_today, kind_name, plural
from desk_browser.presentation.hit_details import HitDetailsReader
from desk_browser.presentation.problem_explanations import why_not_read
from desk_browser.presentation.safe_text import json_text, visible_field

HELP = 'search every exchange, action, summary and note of a desk, as the app does'
DEFAULT_LIMIT = 50

_EPILOG = """\
output:
  one hit per line, four fields separated by tabs: DAY, KIND (exchange, action, summary or
  note), how well it matched ("all words" or "2 of 3 words") and the snippet; control
  characters in desk text are shown, never sent to the terminal.
  When more records match than --limit lets through, a note on stderr says how many ("50 of
  170 hits shown; --limit N for more"); --limit 0 writes them all. Counting them reads the
  whole desk.
  A word that no record holds is named on stderr, with the nearest word that one does
  ("rollver: in no record; did you mean rollover?"); a qualifier with a bad value is named with
  why, and the search runs without it.
  --json writes the whole result as one object:
  {"hits": [{"record": {"day", "kind", "text"}, "matched_words", "snippet",
             "session_id", "time", "backend", "answered"}],
   "matched_every_word", "words", "total", "scope": [{"name", "text", "meaning"}],
   "problems": [{"text", "reason"} | {"path", "reason"}], "missing_words",
   "suggestions": {WORD: SUGGESTION}}
  A problem with "text" is a qualifier searched without; one with "path" a file of the desk
  that could not be read (as check names it), so its records were not searched: it is noted
  on stderr too ("journal/2026-10-19.jsonl could not be read, so it was not searched:
  permission denied; ...").
  "total" is how many records match as these hits do (every word, or some of them when
  "matched_every_word" is false), however many --limit lets through. A record's "kind" is the
  API's: "journal" for an action. For an exchange, "session_id" (for desk-browser show), "time"
  (when its trigger came, ISO 8601 in India time: the app's "asked"), "backend" and "answered"
  (when its answer's last piece came) come from the day's journal; for an action, "time" (when
  it happened); they are null where the journal does not say, and for summaries and notes.

scope qualifiers (among WORDS, or as the options above):
  day:2026-10-19  day:today  day:yesterday  day:monday (the last seven days)
  day:2026-10-01..2026-10-19  day:..2026-10-19  day:2026-10-01..
  kind:exchange,note (exchange, action, summary, note, order)  backend:claude
  session:2026-10-19-2  kind:order: order_placed, _filled, _cancelled and risk_decision actions
  A word that merely holds a colon (order_id:7731) stays a word.

exit status: 0 hits found, 1 none,
2 bad usage or a DESK that is missing, unreadable or no desk,
130 interrupted, 141 stdout closed (as by | head)

examples:
  desk-browser search workspace/desks/main nifty gap
  desk-browser search workspace/desks/main order_placed --limit 200 | cut -f1 | uniq -c
  desk-browser search workspace/desks/main rbi --json | jq '.hits[].record.text'
  desk-browser search workspace/desks/main rbi --json | jq -r '.hits[].session_id // empty'
  desk-browser search workspace/desks/main nifty day:yesterday kind:exchange
  desk-browser search workspace/desks/main rollover --since 2026-10-01 --backend claude
"""


def _limit(text: str) -> int:
    """Reads --limit: a whole number of hits, 0 for all (else argparse.ArgumentTypeError)."""
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f'not a whole number: {text!r}') from None
    if number < 0:
        raise argparse.ArgumentTypeError(f'must be 0 (all hits) or more, not {number}')
    return number


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Adds the search command's arguments to its parser."""
    add_desk_argument(parser)
    parser.add_argument(
        'words',
        metavar='WORDS',
        nargs='+',
        help='the keywords (a record matches one when it contains it anywhere, ignoring case) '
        'and qualifiers such as day:yesterday',
    )
    parser.add_argument(
        '--limit',
        type=_limit,
        default=DEFAULT_LIMIT,
        metavar='N',
        help=f'the most hits to write, 0 for all (default: {DEFAULT_LIMIT})',
    )
    from desk_browser.commands.workspace_search import (  # Circular at the top.
        EPILOG,
        add_workspace_arguments,
    )

    add_json_argument(parser, 'the whole search result')
    add_scope_arguments(parser)
    add_workspace_arguments(parser)
    describe(parser, f'{_EPILOG}\n{EPILOG}')


def hit_line(hit: SearchHit, result: SearchResult) -> str:
    """Writes a hit as a safe tab-separated line: DAY, KIND, label (never empty), snippet."""
    label = hit_label(hit, result) or 'all words'
    fields = (hit.record.day, kind_name(hit.record.kind), label, hit.snippet)
    return '\t'.join(visible_field(field) for field in fields)


def search_with_total(
    desk: Path, query: str, limit: int, scope: SearchScope = EVERYTHING
) -> tuple[SearchResult, int, list[str]]:
    """Searches the desk: the hits SessionSearch.search(query, limit) returns (0: all), and more.

    Returns:
        The result; how many hits there are in all; and the keywords no record in the scope holds.
    """
    search = IndexedSearch(desk)
    try:
        everything = search.search(query, sys.maxsize, scope=scope)
    finally:
        search.close()
    total = len(everything.hits)
    missing = []
    if not everything.matched_every_word:  # The hits are then every record with some keyword.
        lowered = [hit.record.text.lower() for hit in everything.hits]
        missing = [word for word in everything.words if not any(word in text for text in lowered)]
    if limit and total > limit:
        everything.hits = everything.hits[:limit]
    return everything, total, missing


def result_object(desk: Path, result: SearchResult, total: int) -> dict[str, Any]:
    """Describes a result for --json: the core's fields, the total and each hit's details."""
    data = dataclasses.asdict(result)
    details = HitDetailsReader(desk).details_of(result.hits)
    for hit_data, hit_details in zip(data['hits'], details, strict=True):
        hit_data['session_id'] = hit_details.session_id if hit_details is not None else None
        hit_data['time'] = hit_details.time if hit_details is not None else None
        hit_data['backend'] = hit_details.backend if hit_details is not None else None
        hit_data['answered'] = hit_details.answered if hit_details is not None else None
    data['total'] = total
    return data


def parsed_query(arguments: argparse.Namespace) -> ParsedQuery:
    """Reads the words, their qualifiers and the scope options (ArgumentTypeError when bad)."""
    today = arguments.today or india_today()
    parsed = parse_query(' '.join(arguments.words), today)
    qualifiers = [*parsed.qualifiers, *option_qualifiers(arguments, today)]
    scope = EVERYTHING
    for qualifier in qualifiers:
        scope = scope.joined(qualifier.scope)
    return dataclasses.replace(parsed, scope=scope, qualifiers=tuple(qualifiers))


@desk_command(workspace_run='workspace_search.run_workspace_search')
def run(desk: Path, arguments: argparse.Namespace) -> int:
    """Searches the desk and writes the hits.

    Returns:
        0 when there were hits, 1 when there were none, 2 for an unreadable desk, a bad scope
        option or no keywords.
    """
    try:
        parsed = parsed_query(arguments)
    except argparse.ArgumentTypeError as error:
        print_note(f'{visible_field(str(error))}.')
        return EXIT_USAGE
    for problem in parsed.problems:
        print_note(f'{visible_field(problem.reason)}; searched without it.')
    query = parsed.words_text
    if not words_of(query):
        print_note('give at least one word to search for, besides the qualifiers.')
        return EXIT_USAGE
    result, total, missing = search_with_total(desk, query, arguments.limit, parsed.scope)
    unread = UnreadFiles(desk).find(parsed.scope)
    suggestions = _suggestions(desk, missing)
    if arguments.json:
        data = result_object(desk, result, total)
        data['scope'] = [
            {'name': qualifier.name, 'text': qualifier.text, 'meaning': qualifier.meaning}
            for qualifier in parsed.qualifiers
        ]
        data['problems'] = [
            {'text': problem.text, 'reason': problem.reason} for problem in parsed.problems
        ] + [{'path': unread_path(desk, problem), 'reason': problem.reason} for problem in unread]
        data['missing_words'] = missing
        data['suggestions'] = suggestions
        print_data(json_text(data))
    else:
        for hit in result.hits:
            print_data(hit_line(hit, result))
    note_unread(desk, unread)
    for word in missing:
        suggestion = suggestions.get(word)
        hint = f'; did you mean {visible_field(suggestion)}?' if suggestion else ''
        print_note(f'{visible_field(word)}: in no record{hint}')
    if not result.hits:
        print_note('no record contains any of the words.')
        return EXIT_NOTHING
    if not result.matched_every_word:
        print_note('no record contains every word; these contain some of them.')
    if total > len(result.hits):
        print_note(
            f'{len(result.hits):,} of {plural(total, "hit")} shown; '
            '--limit N for more, --limit 0 for all.'
        )
    return EXIT_FOUND


def unread_path(desk: Path, problem: Problem) -> str:
    """A file the search could not read, relative to the desk (as check names it), made safe."""
    try:
        shown = problem.path.relative_to(desk).as_posix()
    except ValueError:
        shown = str(problem.path)
    return visible_field(shown)


def note_unread(desk: Path, problems: list[Problem], name: str = '') -> None:
    """Notes on stderr each file the search could not read, each path led by `name` if given."""
    before = f'{visible_field(name)}: ' if name else ''
    for problem in problems:
        reason = visible_field(why_not_read(problem.reason))
        path = unread_path(desk, problem)
        print_note(f'{before}{path} could not be read, so it was not searched: {reason}')


def _suggestions(desk: Path, words: list[str]) -> dict[str, str]:
    """Did you mean: the nearest word some record holds, for each keyword none holds."""
    if not words:
        return {}
    search = IndexedSearch(desk)
    try:
        return search.suggestions(words)
    finally:
        search.close()
