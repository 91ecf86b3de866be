"""Searching several desks at once: the `desk:` scope, and merging each desk's hits.

Each desk is searched on its own, by its own index (memory/index keeps one per desk in the cache
folder), so within a desk the documented rule and order hold. The desks' hits are then merged:
when any desk has records holding every word, only such full hits are kept (as within a desk);
else every desk's partial hits, most words first. Either way newest day first, then by desk
name, each desk's own order kept among its hits of a day.

A `desk:NAME` piece among the words (several names separated by commas, several pieces adding
up; names match ignoring case) keeps those desks; a name that is no desk of the workspace is
named with why and left out, as a bad qualifier is.

Typical usage example:

    words, names, problems = desk_qualifiers('nifty desk:main,options', ['main', 'options'])
    hits, every_word = merge_desk_results({'main': result_main, 'options': result_options})
"""

from __future__ import annotations

import dataclasses

from desk_browser.memory.session_search import SearchHit, SearchResult

DESK_QUALIFIER = 'desk'
"""The qualifier that narrows a search across desks to some of them."""


@dataclasses.dataclass(frozen=True)
class DeskHit:
    """One hit of a search across desks.

    Attributes:
        desk (str): The name of the desk it was found in.
        hit (SearchHit): The hit, as that desk's search found it.
    """

    desk: str
    hit: SearchHit


def desk_qualifiers(query: str, names: list[str]) -> tuple[str, list[str] | None, list[str]]:
    """Takes the `desk:` pieces out of a query.

    Args:
        query (str): The query, words and qualifiers.
        names (list[str]): The workspace's desk names.

    Returns:
        tuple[str, list[str] | None, list[str]]: The query without the desk pieces; the desks they
            name, in the workspace's order (None when no piece names a desk: every desk); and a
            reason for each name that is no desk.
    """
    by_folded = {name.casefold(): name for name in names}
    kept: list[str] = []
    chosen: set[str] = set()
    problems: list[str] = []
    for piece in query.split():
        name, colon, value = piece.partition(':')
        if not colon or name.casefold() != DESK_QUALIFIER:
            kept.append(piece)
            continue
        for wanted in (part for part in value.split(',') if part):
            found = by_folded.get(wanted.casefold())
            if found is None:
                known = ', '.join(names)
                problems.append(f'desk: {wanted} is no desk here (the desks: {known})')
            else:
                chosen.add(found)
        if not value:
            problems.append('desk: give a desk name, such as desk:main')
    selected = [name for name in names if name in chosen] if chosen else None
    return ' '.join(kept), selected, problems


def _day_number(day: str) -> int:
    """Turns an ISO day into a number that sorts as the day does (0 for anything else).

    Args:
        day (str): The record's day.

    Returns:
        int: YYYYMMDD as a number.
    """
    digits = day.replace('-', '')
    return int(digits) if len(digits) == 8 and digits.isdigit() else 0


def merge_desk_results(
    results: dict[str, SearchResult], limit: int = 0
) -> tuple[list[DeskHit], bool]:
    """Merges the results of each desk's search.

    Args:
        results (dict[str, SearchResult]): Each desk's result, by name.
        limit (int): The most hits to keep; 0 keeps them all. Each desk's result needs only its own
            first `limit` hits for the merged first `limit` to be right.

    Returns:
        tuple[list[DeskHit], bool]: The merged hits and whether they hold every word.
    """
    every_word = any(result.matched_every_word and result.hits for result in results.values())
    merged: list[DeskHit] = []
    for name in sorted(results):
        result = results[name]
        if every_word and not result.matched_every_word:
            continue
        merged.extend(DeskHit(name, hit) for hit in result.hits)
    if every_word:
        merged.sort(key=lambda found: (-_day_number(found.hit.record.day), found.desk))
    else:
        merged.sort(
            key=lambda found: (
                -found.hit.matched_words,
                -_day_number(found.hit.record.day),
                found.desk,
            )
        )
    if limit:
        merged = merged[:limit]
    return merged, every_word
