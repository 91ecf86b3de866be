"""Did you mean: the vocabulary's nearest words (memory/word_suggestions.py)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from desk_browser.memory import word_suggestions
from desk_browser.memory.word_suggestions import (
    Vocabulary,
    count_lowered_words,
    count_words,
    reach,
    words_in,
)


def test_words_in_a_text() -> None:
    text = 'order_placed\norder_id: 7731\nsymbol: NIFTY24OCTFUT\nprice: 24512.5 Gap-down ok'
    assert words_in(text) == [
        'order_placed',
        'order_id',
        'symbol',
        'nifty24octfut',
        'price',
        'gap',
        'down',
    ]


def test_counts() -> None:
    assert count_words(['Rollover rollover', 'ROLLOVER roller']) == {'rollover': 3, 'roller': 1}


def test_the_nearest_word_is_suggested() -> None:
    vocabulary = Vocabulary({'rollover': 40, 'roller': 2, 'nifty': 100})
    assert vocabulary.suggestion('rollver') == 'rollover'
    assert vocabulary.suggestions('nitfy') == ['nifty']  # Two letters swapped: one edit.


def test_nearest_first_then_most_frequent_then_alphabetical() -> None:
    vocabulary = Vocabulary({'hedges': 3, 'hedged': 9, 'ledger': 50, 'edges': 9, 'hedge': 1})
    assert vocabulary.suggestions('hedgez', limit=5) == [
        'hedged',
        'hedges',
        'hedge',
        'ledger',
        'edges',
    ]


def test_reach_grows_with_the_word() -> None:
    assert [reach(word) for word in ['a', 'ab', 'abc', 'abcde', 'abcdef']] == [0, 0, 1, 1, 2]
    vocabulary = Vocabulary({'gap': 5, 'rbi': 5})
    assert vocabulary.suggestions('ga') == []
    assert vocabulary.suggestions('gapx') == ['gap']
    assert vocabulary.suggestions('qwxz') == []


def test_the_keyword_itself_is_never_suggested() -> None:
    vocabulary = Vocabulary({'nifty': 5})
    assert vocabulary.suggestions('nifty') == []
    assert vocabulary.count('nifty') == 5
    assert vocabulary.count('other') == 0
    assert len(vocabulary) == 1


@given(
    st.dictionaries(st.text('abcde', min_size=1, max_size=8), st.integers(1, 50), max_size=30),
    st.text('abcde', max_size=9),
)
def test_suggestions_are_within_reach_and_ordered(counts: dict[str, int], word: str) -> None:
    vocabulary = Vocabulary(counts)
    found = vocabulary.suggestions(word, limit=100)
    expected = sorted(
        (_distance(word, other), -count, other)
        for other, count in counts.items()
        if other != word and _distance(word, other) <= reach(word)
    )
    assert found == [other for _, _, other in expected]


def _distance(first: str, second: str) -> int:
    """Optimal string alignment distance, by hand."""
    rows = [[0] * (len(second) + 1) for _ in range(len(first) + 1)]
    for i in range(len(first) + 1):
        rows[i][0] = i
    for j in range(len(second) + 1):
        rows[0][j] = j
    for i in range(1, len(first) + 1):
        for j in range(1, len(second) + 1):
            cost = 0 if first[i - 1] == second[j - 1] else 1
            rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
            if i > 1 and j > 1 and first[i - 1] == second[j - 2] and first[i - 2] == second[j - 1]:
                rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1)
    return rows[len(first)][len(second)]


@given(st.lists(st.text(st.characters(codec='utf-8'), max_size=30), max_size=6))
def test_counting_finds_every_word_of_every_text(texts: list[str]) -> None:
    expected: dict[str, int] = {}
    for text in texts:
        for word in words_in(text):
            expected[word] = expected.get(word, 0) + 1
    assert count_words(texts) == expected


@given(
    st.lists(
        st.text(st.sampled_from('aZ9_ -.,:(₹)é日İ\n') | st.characters(codec='utf-8'), max_size=30),
        max_size=6,
    )
)
def test_counted_words_come_in_the_order_they_first_occur(texts: list[str]) -> None:
    # The index packs the words in this order (vocabulary.packed_words): it must not change.
    expected: dict[str, int] = {}
    for text in texts:  # words_in without its lowering: count_lowered_words does not lower.
        for word in word_suggestions._WORD.findall(text):
            if 3 <= len(word) <= 40 and word_suggestions._LETTER.search(word):
                expected[word] = expected.get(word, 0) + 1
    assert list(count_lowered_words(texts).items()) == list(expected.items())
