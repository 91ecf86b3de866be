"""Searching several desks at once: the `desk:` scope, and merging each desk's hits.

Within a desk the documented rule and order hold. The merge keeps full hits when any desk has
some, else partial hits, most words first; newest day first, then by desk name. A `desk:NAME`
that is no desk is reported and left out, as a bad qualifier is.
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Callable, Mapping

from desk_browser.memory.search_scope import (
    EVERYTHING,
    ParsedQuery,
    Qualifier,
    QualifierProblem,
    parse_query,
)
from desk_browser.memory.session_search import SearchHit, SearchResult
from desk_browser.presentation.safe_text import visible

DESK_QUALIFIER = 'desk'
"""The qualifier that narrows a search across desks to some of them."""


@dataclasses.dataclass(frozen=True)
class DeskHit:
    """One hit of a search across desks: the `desk` name it was found in, and the `hit`."""

    desk: str
    hit: SearchHit


def desk_qualifiers(query: str, names: list[str]) -> tuple[str, list[str] | None, list[str]]:
    """Takes the `desk:` pieces out of a query, given the workspace's desk `names`.

    Returns:
        The query without them; the desks named (None: every desk); a reason for each bad name.
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


def desks_query(query: str, names: list[str], today: datetime.date) -> ParsedQuery:
    """Reads a query across desks as one desk's search reads its own, `desk` qualifier first."""
    words, named, notes = desk_qualifiers(query, names)
    parsed = parse_query(words, today)
    # Desk names are folder names: shown with nothing a terminal would act on, on one line.
    shown = [visible(name).replace('\n', ' ') for name in named or ()]
    desks = (
        ()
        if named is None
        else (Qualifier(DESK_QUALIFIER, f'desk:{",".join(named)}', ', '.join(shown), EVERYTHING),)
    )
    unknown = tuple(
        QualifierProblem(DESK_QUALIFIER, '', visible(note).replace('\n', ' ')) for note in notes
    )
    return dataclasses.replace(
        parsed,
        qualifiers=(*desks, *parsed.qualifiers),
        problems=(*unknown, *parsed.problems),
    )


def day_number(day: str) -> int:
    """Turns an ISO day into YYYYMMDD as a number, which sorts as the day does (0 for non-days)."""
    digits = day.replace('-', '')
    return int(digits) if len(digits) == 8 and digits.isdigit() else 0


def merge_desk_results(
    results: dict[str, SearchResult], limit: int = 0
) -> tuple[list[DeskHit], bool]:
    """Merges each desk's result (its first `limit` hits) into the first `limit` (0: all)."""
    every_word = any(result.matched_every_word and result.hits for result in results.values())
    merged: list[DeskHit] = []
    for name in sorted(results):
        result = results[name]
        if every_word and not result.matched_every_word:
            continue
        merged.extend(DeskHit(name, hit) for hit in result.hits)
    if every_word:
        merged.sort(key=lambda found: (-day_number(found.hit.record.day), found.desk))
    else:
        merged.sort(
            key=lambda found: (
                -found.hit.matched_words,
                -day_number(found.hit.record.day),
                found.desk,
            )
        )
    if limit:
        merged = merged[:limit]
    return merged, every_word


@dataclasses.dataclass(frozen=True)
class DesksFound:
    """The first hits of a search across desks, and which desks were asked.

    Attributes:
        hits: The merged first hits, in merge_desk_results's order.
        every_word: Whether they hold every word.
        results: The last result of each desk asked, by name.
        left_out: The desks not asked: none of their hits could be among these.
        asked: How many searches of a desk were made.
    """

    hits: list[DeskHit]
    every_word: bool
    results: dict[str, SearchResult]
    left_out: tuple[str, ...]
    asked: int = 0


_UNKNOWN_DAY = 10**9
"""Later than any day: a desk whose newest day is not known is asked first."""

_FIRST_ASK = 4
"""The fewest hits a desk is first asked for."""

_Key = tuple[int, ...]


NO_FULL_HIT = -1
"""A desk's newest full hit's day when it has none (see search_desks' `known`)."""


class _DeskMerge:
    """The state of search_desks: each desk's last result and what its unseen hits can be."""

    def __init__(self, names: list[str], newest: Mapping[str, int], known: Mapping[str, int]):
        self.rank = {name: position for position, name in enumerate(sorted(names))}
        self.newest = {
            name: min(newest.get(name, _UNKNOWN_DAY), known.get(name, _UNKNOWN_DAY))
            for name in names
        }
        self.order = sorted(
            names,
            key=lambda name: (
                self.newest[name] == NO_FULL_HIT,
                -self.newest[name],
                self.rank[name],
            ),
        )
        self.results: dict[str, SearchResult] = {}
        self.limits: dict[str, int] = {}
        self.every_word = False

    def key(self, name: str, found: SearchHit) -> _Key:
        """Where a hit comes in the merge (smaller first), as merge_desk_results orders them."""
        day = -day_number(found.record.day)
        if self.every_word:
            return (day, self.rank[name])
        return (-found.matched_words, day, self.rank[name])

    def note(self, name: str, limit: int, result: SearchResult) -> None:
        self.results[name] = result
        self.limits[name] = limit
        self.every_word = self.every_word or bool(result.matched_every_word and result.hits)

    def bounds(self, limit: int) -> dict[str, _Key | None]:
        """The desks that may hold unseen hits among the first `limit`, with their best keys."""
        bounds: dict[str, _Key | None] = {}
        for name in self.order:
            result = self.results.get(name)
            if result is None:
                if not self.every_word:
                    bounds[name] = None
                elif self.newest[name] != NO_FULL_HIT:
                    bounds[name] = (-self.newest[name], self.rank[name])
            elif (
                self.limits[name] < limit
                and len(result.hits) >= self.limits[name]
                and (result.matched_every_word or not self.every_word)
            ):
                bounds[name] = self.key(name, result.hits[-1])
        return bounds

    def certain(self, bounds: dict[str, _Key], limit: int) -> int:
        """How many of the merged hits seen come before any hit not seen yet (at most `limit`)."""
        lowest = sorted((bound, name) for name, bound in bounds.items())
        seen = sorted(
            (self.key(name, found), position, name)
            for name, result in self.results.items()
            if result.matched_every_word or not self.every_word
            for position, found in enumerate(result.hits)
        )
        count = 0
        for key, _position, name in seen[:limit]:
            others = [bound for bound, desk in lowest[:2] if desk != name]
            if others and key >= others[0]:
                break
            count += 1
        return count


def search_desks(
    searches: Mapping[str, Callable[[int], SearchResult]],
    newest: Mapping[str, int],
    limit: int,
    known: Mapping[str, int] | None = None,
) -> DesksFound:
    """Finds the first `limit` hits across desks, asking each desk for no more than it must.

    The answer is merge_desk_results over every desk's first `limit` hits.

    Args:
        searches: Each desk's search, by name: given a limit, that desk's result.
        newest: Each desk's newest day (day_number) at least; a desk missing here is asked first.
        limit: How many hits are wanted (more than 0).
        known: Some desks' newest full hit day at least, or NO_FULL_HIT (full_hit_days).
    """
    merge = _DeskMerge(list(searches), newest, known or {})
    first_ask = max(_FIRST_ASK, -(-limit // max(1, len(searches))))
    asked = 0
    while True:
        bounds = merge.bounds(limit)
        waiting = [name for name, bound in bounds.items() if bound is None]
        if waiting:
            name = waiting[0]
        else:
            open_desks = {name: bound for name, bound in bounds.items() if bound is not None}
            if not open_desks or merge.certain(open_desks, limit) >= limit:
                break
            name = min(open_desks, key=lambda name: open_desks[name])
        wanted = min(limit, max(first_ask, merge.limits.get(name, 0) * 4))
        merge.note(name, wanted, searches[name](wanted))
        asked += 1
    hits, every_word = merge_desk_results(merge.results, limit)
    left_out = tuple(name for name in merge.order if name not in merge.results)
    return DesksFound(hits, every_word, merge.results, left_out, asked)


def full_hit_days(found: DesksFound) -> dict[str, int]:
    """For each desk a search asked, its newest full hit's day_number at least, or NO_FULL_HIT."""
    days = {}
    for name, result in found.results.items():
        if result.matched_every_word and result.hits:
            days[name] = day_number(result.hits[0].record.day)
        else:
            days[name] = NO_FULL_HIT
    return days


def narrows(words: list[str], earlier: list[str]) -> bool:
    """Whether every record holding each of `words` holds each `earlier` word (letters added)."""
    return bool(earlier) and all(any(old in new for new in words) for old in earlier)
