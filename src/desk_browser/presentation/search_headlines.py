"""The search's headline: what a search found, in words, and the query with suggestions taken.

The live search writes these above its hits, the totals once every hit is counted.
"""

from __future__ import annotations

from desk_browser.memory.problems import Problem
from desk_browser.memory.search_scope import qualifier_name
from desk_browser.memory.session_search import SearchResult
from desk_browser.presentation.formatting import plural

PROMPT = 'Type to search every exchange, action, summary and note. Enter opens a hit.'
"""The headline before the first search (one line at 80 columns)."""


def totals_headline(
    result: SearchResult, total: int, missing: list[str], suggestions: dict[str, str]
) -> str:
    """Says what a search found in all, such as "170 hits with every word".

    It names each `missing` keyword and each of `suggestions`; with no hits, only suggestions.
    """
    if not result.hits:
        parts = ['No hits']
    elif result.matched_every_word:
        parts = [f'{plural(total, "hit")} with every word']
    else:
        parts = [f'No record has every word · {plural(total, "partial hit")}']
    for word in missing:
        suggestion = suggestions.get(word)
        if not result.hits and not suggestion:
            continue  # "No hits" says it already.
        parts.append(
            f'{word}: in no record, did you mean {suggestion}?'
            if suggestion
            else f'{word}: in no record'
        )
    if suggestions:
        parts.append('Enter takes it')
    return ' · '.join(parts)


def with_suggestions(value: str, suggestions: dict[str, str]) -> str:
    """Replaces a query's missing (lowered) words with their suggestions, qualifiers kept."""
    pieces = []
    for piece in value.split():
        if qualifier_name(piece) is None:
            piece = suggestions.get(piece.lower(), piece)
        pieces.append(piece)
    return ' '.join(pieces)


def loading_headline(shown: int, total: int | None) -> str:
    """Says in one 80-column line that every hit loads (`total` None: not counted yet)."""
    every = 'every hit' if total is None else f'all {plural(total, "hit")}'
    return f'Loading {every}… {shown:,} shown so far'


def result_headline(result: SearchResult, limit: int) -> str:
    """Says what a search found: "12 hits with every word" ("(the first 500)" at `limit`)."""
    count = len(result.hits)
    more = f' (the first {limit:,})' if count >= limit else ''
    if count == 0:
        return 'No hits'
    if result.matched_every_word:
        return f'{plural(count, "hit")} with every word{more}'
    return f'No record has every word · {plural(count, "partial hit")}{more}'


_UNREAD_KINDS = {'journal': 'day', 'summaries': 'summary', 'notes': 'note'}
"""The kind of a file the search reads, by its folder, as the headline counts it."""


def unread_files_note(problems: list[Problem]) -> str | None:
    """Which files a search could not read: "1 day could not be read: see Problems", or None."""
    if not problems:
        return None
    counts: dict[str, int] = {}
    for problem in problems:
        folder = problem.path.parent.name
        kind = _UNREAD_KINDS.get(folder, 'note')
        counts[kind] = counts.get(kind, 0) + 1
    parts = []
    for kind, many in (('day', 'days'), ('summary', 'summaries'), ('note', 'notes')):
        if kind in counts:
            parts.append(f'{counts[kind]:,} {kind if counts[kind] == 1 else many}')
    return f'{" and ".join(parts)} could not be read: see Problems'
