"""`desk-browser search WORKSPACE WORDS --all-desks | --desk NAME`: one search across desks.

Each desk is searched as `search DESK WORDS` does; hits are merged newest day first, then by
desk name, each naming its desk.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from desk_browser.commands.common import EXIT_FOUND, EXIT_NOTHING, EXIT_USAGE
from desk_browser.commands.output import print_data, print_note
from desk_browser.commands.search import (
    hit_line,
    note_unread,
    parsed_query,
    result_object,
    search_with_total,
    unread_path,
)
from desk_browser.memory.desk_files import Problem
from desk_browser.memory.session_search import SearchResult, words_of
from desk_browser.memory.unread_files import UnreadFiles
from desk_browser.memory.workspace import Workspace, entry_problem
from desk_browser.presentation.formatting import plural
from desk_browser.presentation.safe_text import json_text, visible_field
from desk_browser.presentation.workspace_search import desk_qualifiers, merge_desk_results

EPILOG = """\
over a folder of desks (such as workspace/desks), give --all-desks, or --desk NAME (more than
once, or NAME,NAME), or desk:NAME among the words: each line then starts with the DESK's name
and a tab. Hits are merged newest day first, then by desk name; within a desk the order above
holds. --json adds "desk" to each hit, "desks" (the desks searched) and per-desk "totals";
its "problems" are the files of a desk that could not be read: [{"desk", "path", "reason"}].
examples:
  desk-browser search workspace/desks rbi --all-desks
  desk-browser search workspace/desks nifty desk:main,options day:yesterday
"""


def add_workspace_arguments(parser: argparse.ArgumentParser) -> None:
    """Adds --all-desks and --desk to the search command's parser."""
    group = parser.add_argument_group(
        'desks', 'when DESK is a folder of desks (such as workspace/desks)'
    )
    group.add_argument('--all-desks', action='store_true', help='search every desk in it')
    group.add_argument(
        '--desk',
        dest='desks',
        action='append',
        default=[],
        metavar='NAME',
        help='search that desk of it (more than once, or NAME,NAME)',
    )


def _chosen_desks(
    workspace: Workspace, arguments: argparse.Namespace, named: list[str] | None
) -> list[str] | str:
    """The desks to search from --all-desks, --desk and the desk: pieces, or a usage message."""
    names = workspace.names
    by_folded = {name.casefold(): name for name in names}
    chosen: set[str] = set()
    for value in arguments.desks:
        for wanted in (part for part in value.split(',') if part):
            found = by_folded.get(wanted.casefold())
            if found is None:
                return f'--desk {wanted}: no such desk here; the desks are {", ".join(names)}.'
            chosen.add(found)
    if named is not None:
        chosen.update(named)
    if chosen:
        return [name for name in names if name in chosen]
    if arguments.all_desks:
        return names
    return (
        f'{workspace.path} is a folder of {plural(len(names), "desk")} '
        f'({", ".join(names)}): give --all-desks, --desk NAME or desk:NAME.'
    )


def run_workspace_search(workspace: Workspace, arguments: argparse.Namespace) -> int:
    """Searches some or all desks of a workspace and writes the merged hits (0: hits, 1: none)."""
    words, named, desk_problems = desk_qualifiers(' '.join(arguments.words), workspace.names)
    chosen = _chosen_desks(workspace, arguments, named)
    if isinstance(chosen, str):
        print_note(visible_field(chosen))
        return EXIT_USAGE
    try:
        parsed = parsed_query(_with_words(arguments, words.split()))
    except argparse.ArgumentTypeError as error:
        print_note(f'{visible_field(str(error))}.')
        return EXIT_USAGE
    for reason in [*desk_problems, *(problem.reason for problem in parsed.problems)]:
        print_note(f'{visible_field(reason)}; searched without it.')
    query = parsed.words_text
    if not words_of(query):
        print_note('give at least one word to search for, besides the qualifiers.')
        return EXIT_USAGE
    results: dict[str, SearchResult] = {}
    totals: dict[str, int] = {}
    paths: dict[str, Path] = {}
    unread: dict[str, list[Problem]] = {}
    for name in chosen:
        entry = workspace.entry(name)
        if entry is None:
            continue
        problem = entry.problem or entry_problem(entry.path)
        if problem is not None:
            print_note(f'{visible_field(name)}: {visible_field(problem)}; not searched.')
            continue
        result, total, _missing = search_with_total(
            entry.path, query, arguments.limit, parsed.scope
        )
        results[name], totals[name], paths[name] = result, total, entry.path
        unread[name] = UnreadFiles(entry.path).find(parsed.scope)
    hits, every_word = merge_desk_results(results, arguments.limit)
    total = sum(
        totals[name]
        for name, result in results.items()
        if result.hits and result.matched_every_word == every_word
    )
    if arguments.json:
        data = _result_object(hits, every_word, results, totals, paths, total)
        data['problems'] = [
            {'desk': name, 'path': unread_path(paths[name], problem), 'reason': problem.reason}
            for name, problems in unread.items()
            for problem in problems
        ]
        print_data(json_text(data))
    else:
        for found in hits:
            print_data(f'{visible_field(found.desk)}\t{hit_line(found.hit, results[found.desk])}')
    for name, problems in unread.items():
        note_unread(paths[name], problems, name)
    if not hits:
        print_note('no record in these desks contains any of the words.')
        return EXIT_NOTHING
    if not every_word:
        print_note('no record contains every word; these contain some of them.')
    if total > len(hits):
        print_note(
            f'{len(hits):,} of {plural(total, "hit")} shown; --limit N for more, --limit 0 for all.'
        )
    return EXIT_FOUND


def _with_words(arguments: argparse.Namespace, words: list[str]) -> argparse.Namespace:
    """A copy of the arguments with other words (the desk: pieces taken out)."""
    copied = argparse.Namespace(**vars(arguments))
    copied.words = words
    return copied


def _result_object(
    hits: list[Any],
    every_word: bool,
    results: dict[str, SearchResult],
    totals: dict[str, int],
    paths: dict[str, Path],
    total: int,
) -> dict[str, Any]:
    """Describes the merged result for --json: each desk's hit objects, with its desk's name."""
    objects: dict[str, list[dict[str, Any]]] = {}
    for name, result in results.items():
        kept = [found.hit for found in hits if found.desk == name]
        cut = SearchResult(hits=kept, matched_every_word=result.matched_every_word, words=[])
        objects[name] = result_object(paths[name], cut, totals[name])['hits']
    taken = dict.fromkeys(results, 0)
    merged = []
    for found in hits:
        hit_data = objects[found.desk][taken[found.desk]]
        taken[found.desk] += 1
        merged.append({'desk': found.desk, **hit_data})
    words = next((result.words for result in results.values()), [])
    return {
        'hits': merged,
        'matched_every_word': every_word,
        'words': words,
        'total': total,
        'desks': list(results),
        'totals': totals,
    }
