"""The trigram queries (FTS5 expressions) that find the records a search may match.

A query may find too many candidates (each is checked against the rule), never too few.

Typical usage example:

    expressions = [word_expression(word, terms_of) for word in words]
    query = candidate_expression([expression for expression in expressions if expression], 2)
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence

from desk_browser.memory.index import keys, texts, tuning
from desk_browser.memory.search_scope import FactLimits

NO_CANDIDATES = ''
"""The candidate query that no indexed record can satisfy."""


def _fts_string(text: str) -> str:
    """Quotes a string for an FTS5 query: in double quotes, inner quotes doubled."""
    return '"' + text.replace('"', '""') + '"'


def word_expression(word: str, terms_of: Callable[[str], list[str] | None]) -> str | None:
    """The FTS5 query for the indexed records whose lowered text may contain a keyword.

    Args:
        word (str): The keyword, lowered.
        terms_of (Callable[[str], list[str] | None]): A short keyword's trigrams (queries).

    Returns:
        str | None: The query; "" when no record can hold it; None when it cannot narrow.
    """
    if not texts.is_indexable(word):
        return None
    if len(word) >= 3:
        grams = dict.fromkeys(word[index : index + 3] for index in range(len(word) - 2))
        return '(' + ' AND '.join(_fts_string(gram) for gram in grams) + ')'
    terms = terms_of(word)
    if terms is None:
        return None
    if not terms:
        return NO_CANDIDATES
    return '(' + ' OR '.join(_fts_string(term) for term in terms) + ')'


def scope_marks(kinds: frozenset[str] | None, fact_limits: FactLimits) -> str | None:
    """The FTS5 query for the indexed records a scope may hold, from their marks (grams_text).

    Args:
        kinds (frozenset[str] | None): The kinds (from keys.KINDS), or None for every kind.
        fact_limits (FactLimits): The scope's fact limits (SearchScope.fact_limits).

    Returns:
        str | None: The query; None when the scope asks for none of them.
    """
    groups = []
    if kinds is not None:
        groups.append([texts.kind_mark(kind) for kind in keys.KINDS if kind in kinds])
    for definition, values in fact_limits:
        index = definition.fact_index
        groups.append(sorted({texts.fact_mark(index, value) for value in values}))
    if not groups:
        return None
    return ' AND '.join(
        '(' + ' OR '.join(_fts_string(mark) for mark in group) + ')' for group in groups
    )


def narrowed(expression: str | None, marks: str | None) -> str | None:
    """Narrows a candidate query (None: every record) to a scope's marks (None: no narrowing)."""
    if marks is None or expression == NO_CANDIDATES:
        return expression
    if expression is None:
        return marks
    return f'({expression}) AND {marks}'


def candidate_expression(expressions: Sequence[str], least: int) -> str:
    """The FTS5 query for the records that may contain at least `least` of some keywords.

    Args:
        expressions (Sequence[str]): Each keyword's query (word_expression), none empty.
        least (int): How many of them a record must contain, at least 1.

    Returns:
        str: The query; NO_CANDIDATES when `least` is more than there are keywords.
    """
    if least > len(expressions):
        return NO_CANDIDATES
    most = tuning.MOST_SUBSETS
    subsets = list(itertools.islice(itertools.combinations(expressions, least), most + 1))
    if len(subsets) > most:
        subsets = [(expression,) for expression in expressions]
    return ' OR '.join('(' + ' AND '.join(subset) + ')' for subset in subsets)
