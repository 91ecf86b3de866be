"""Searching many desks for a screenful asks only the desks that can hold some of its hits."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from desk_browser.memory.session_search import SearchHit, SearchRecord, SearchResult
from desk_browser.presentation.workspace_search import (
    NO_FULL_HIT,
    DesksFound,
    day_number,
    desks_query,
    full_hit_days,
    merge_desk_results,
    narrows,
    search_desks,
)

WORDS = ['nifty', 'gap', 'down']

_record = st.tuples(st.integers(min_value=1, max_value=9), st.integers(min_value=1, max_value=3))
"""A record that holds some keywords: (its day of October, how many of the three it holds)."""


def _desk_result(records: list[tuple[int, int]], limit: int) -> SearchResult:
    """What a desk's search answers, by the documented rule: full hits newest first, else
    partial ones most words first (ties newest day first, then in record order)."""
    hits = [
        SearchHit(SearchRecord(f'2026-10-{day:02d}', 'note', f'{index}'), matched, f'{index}')
        for index, (day, matched) in enumerate(records)
    ]
    full = [hit for hit in hits if hit.matched_words == len(WORDS)]
    if full:
        ordered = sorted(full, key=lambda hit: -day_number(hit.record.day))
    else:
        ordered = sorted(hits, key=lambda hit: (-hit.matched_words, -day_number(hit.record.day)))
    return SearchResult(hits=ordered[:limit], matched_every_word=bool(full), words=WORDS)


def _searches(
    desks: dict[str, list[tuple[int, int]]], asked: list[str]
) -> dict[str, Callable[[int], SearchResult]]:
    def search_of(name: str) -> Callable[[int], SearchResult]:
        def search(limit: int) -> SearchResult:
            asked.append(name)
            return _desk_result(desks[name], limit)

        return search

    return {name: search_of(name) for name in desks}


def _newest(desks: dict[str, list[tuple[int, int]]]) -> dict[str, int]:
    return {
        name: max((day_number(f'2026-10-{day:02d}') for day, _ in records), default=0)
        for name, records in desks.items()
    }


@settings(max_examples=300, deadline=None)
@given(
    desks=st.dictionaries(
        st.sampled_from(['alpha', 'beta', 'desk-05', 'main', 'options', 'zeta']),
        st.lists(_record, max_size=12),
        min_size=1,
    ),
    limit=st.integers(min_value=1, max_value=15),
    hints=st.lists(st.one_of(st.none(), st.integers(min_value=0, max_value=3)), max_size=6),
)
def test_the_first_hits_are_those_of_every_desk_merged(
    desks: dict[str, list[tuple[int, int]]], limit: int, hints: list[int | None]
) -> None:
    everything = {name: _desk_result(records, limit) for name, records in desks.items()}
    known = {}  # What an earlier search may have said: a newest full hit's day, or later.
    for (name, result), hint in zip(sorted(everything.items()), hints, strict=False):
        if hint is not None:
            newest_full = full_hit_days(merged_found(result)).get('desk', NO_FULL_HIT)
            known[name] = newest_full if newest_full == NO_FULL_HIT else newest_full + hint
    asked: list[str] = []
    found = search_desks(_searches(desks, asked), _newest(desks), limit, known)
    assert (found.hits, found.every_word) == merge_desk_results(everything, limit)
    assert sorted(set(asked)) == sorted(found.results)
    assert sorted([*found.results, *found.left_out]) == sorted(desks)


def merged_found(result: SearchResult) -> DesksFound:
    """One desk's result as search_desks answers it (for full_hit_days)."""
    return DesksFound([], result.matched_every_word, {'desk': result}, ())


def test_a_desk_known_to_hold_no_full_hit_is_not_asked_once_others_have_some() -> None:
    desks = {'alpha': [(9, 3)] * 2, 'beta': [(1, 3)], 'gamma': [(5, 2)]}
    asked: list[str] = []
    known = {'gamma': NO_FULL_HIT, 'beta': day_number('2026-10-01')}
    found = search_desks(_searches(desks, asked), _newest(desks), 2, known)
    assert asked == ['alpha']
    assert [hit.desk for hit in found.hits] == ['alpha', 'alpha']


def test_a_query_narrows_an_earlier_one_when_each_earlier_word_is_part_of_a_word() -> None:
    assert narrows(['nifty', 'g'], ['nifty'])
    assert narrows(['nifty', 'gap'], ['nifty', 'ga'])
    assert narrows(['gap', 'nifty'], ['nif'])
    assert not narrows(['nifty'], ['nifty', 'g'])
    assert not narrows(['nift'], ['nifty'])
    assert not narrows(['nifty'], [])


def test_desks_whose_hits_come_after_a_screenful_are_not_asked() -> None:
    desks = {
        'alpha': [(9, 3)] * 10,  # Ten full hits on the newest day: a screenful of 10.
        'beta': [(9, 3)] * 4,
        'gamma': [(8, 3)] * 4,
        'old': [(2, 3)],
    }
    asked: list[str] = []
    found = search_desks(_searches(desks, asked), _newest(desks), 10)
    assert set(asked) == {'alpha'}
    assert found.left_out == ('beta', 'gamma', 'old')
    assert [hit.desk for hit in found.hits] == ['alpha'] * 10


def test_a_desk_whose_newest_day_is_not_known_is_asked() -> None:
    desks = {'alpha': [(9, 3)] * 3, 'beta': [(1, 3)]}
    asked: list[str] = []
    search_desks(_searches(desks, asked), {'alpha': day_number('2026-10-09')}, 2)
    assert asked == ['beta', 'alpha']


def test_partial_hits_ask_every_desk() -> None:
    desks = {'alpha': [(9, 2)] * 5, 'beta': [(1, 3)]}
    asked: list[str] = []
    found = search_desks(_searches(desks, asked), _newest(desks), 2)
    assert asked == ['alpha', 'beta']
    assert found.every_word and [hit.desk for hit in found.hits] == ['beta']


def test_a_query_across_desks_reads_as_chips_its_desks_first_names_shown_safely() -> None:
    """Desk names are folder names: an escape sequence in one is shown, never obeyed."""
    import datetime

    hostile = 'red\x1b[31m\u202ex'  # An escape sequence and a bidi override, in one word.
    parsed = desks_query(
        f'nifty desk:main,{hostile} kind:note desk:nope day:2026-13-01',
        ['main', hostile],
        datetime.date(2026, 10, 21),
    )
    assert parsed.words_text == 'nifty'
    assert [(qualifier.name, qualifier.meaning) for qualifier in parsed.qualifiers] == [
        ('desk', 'main, red␛[31m<U+202E>x'),
        ('kind', 'note'),
    ]
    reasons = [problem.reason for problem in parsed.problems]
    assert reasons[0].startswith('desk: nope is no desk here (the desks: main, red␛[31m<U+202E>x)')
    assert reasons[1] == 'day: 2026-13-01 is not a date'
    assert all('\x1b' not in reason and '\u202e' not in reason for reason in reasons)
