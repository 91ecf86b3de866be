"""Did you mean: the words a desk's records hold that are nearest to a keyword no record holds.

A vocabulary is every word (3 to 40 characters, with a letter) with its count; the words within
`reach` (optimal string alignment distance) are suggested, nearest then most frequent first.
"""

from __future__ import annotations

import collections
import re
from collections.abc import Iterable, Mapping

SHORTEST_WORD = 3
"""The fewest characters a vocabulary word, or a keyword given suggestions, has."""
LONGEST_WORD = 40
"""The most characters a vocabulary word has (longer runs are ids, hashes and the like)."""

_WORD = re.compile(r'\w+')
_PUNCTUATION = '!"#$%&\'()*+,-./:;<=>?@[\\]^`{|}~'  # ASCII that \w does not match ("_" it does).
_LETTER = re.compile(r'[^\W\d_]')


def words_in(text: str) -> list[str]:
    """The lowered vocabulary words of a text, in order, repeats kept."""
    return [
        word
        for word in _WORD.findall(text.lower())
        if SHORTEST_WORD <= len(word) <= LONGEST_WORD and _LETTER.search(word)
    ]


def count_words(texts: Iterable[str]) -> collections.Counter[str]:
    """Counts the vocabulary words of some texts."""
    return count_lowered_words([text.lower() for text in texts])


def count_lowered_words(lowered_texts: Iterable[str]) -> collections.Counter[str]:
    """Counts the vocabulary words of texts already lowered (count_words without lowering)."""
    # Splitting on white space and counting the pieces runs in C; the few distinct pieces are
    # then cut into words (four times faster than finding every word with the expression).
    pieces = collections.Counter(' '.join(lowered_texts).split())
    counts: dict[str, int] = {}  # A plain dict: Counter's += on a new key runs Python code.
    found = counts.get
    has_letter = _LETTER.search
    for piece, count in pieces.items():
        # Most distinct pieces are numbers, prices and times: ASCII with no letter, told by two
        # C calls (an ASCII letter is lower case or changes when lowered), not the expression.
        if piece.isascii() and not piece.islower() and piece == piece.lower():
            continue
        letters = piece.strip(_PUNCTUATION)
        if letters.isalpha():  # Most pieces: one word, between punctuation that is no word.
            if SHORTEST_WORD <= len(letters) <= LONGEST_WORD:
                counts[letters] = found(letters, 0) + count
            continue
        if has_letter(piece) is None:  # Numbers, prices, times: no word.
            continue
        for word in _WORD.findall(piece):
            if SHORTEST_WORD <= len(word) <= LONGEST_WORD and has_letter(word):
                counts[word] = found(word, 0) + count
    return collections.Counter(counts)


def reach(word: str) -> int:
    """How many edits away a suggestion may be: 0 (none) under 3 characters, 1 up to 5, else 2."""
    if len(word) < SHORTEST_WORD:
        return 0
    return 1 if len(word) <= 5 else 2


class Vocabulary:
    """The words of a desk's records with their counts, ready to suggest the nearest ones."""

    def __init__(self, counts: Mapping[str, int]):
        """Sorts the counted words by length, so a suggestion compares only near lengths."""
        self._counts = dict(counts)
        by_length: dict[int, list[str]] = {}
        for word in self._counts:
            by_length.setdefault(len(word), []).append(word)
        self._by_length = by_length

    def __len__(self) -> int:
        """How many words it holds."""
        return len(self._counts)

    def count(self, word: str) -> int:
        """How many times a word occurs (0 for a word it does not hold)."""
        return self._counts.get(word, 0)

    def suggestions(self, word: str, limit: int = 3) -> list[str]:
        """Up to `limit` words within reach of a lowered keyword, never the keyword itself."""
        most = reach(word)
        if most == 0 or limit <= 0:
            return []
        # Imported here: the app imports this module at start, and suggestions come later.
        from rapidfuzz import process
        from rapidfuzz.distance import OSA

        found: list[tuple[int, int, str]] = []
        for length in range(len(word) - most, len(word) + most + 1):
            choices = self._by_length.get(length)
            if not choices:
                continue
            for choice, distance, _ in process.extract(
                word, choices, scorer=OSA.distance, score_cutoff=most, limit=None
            ):
                if choice != word:
                    found.append((int(distance), -self._counts[choice], choice))
        found.sort()
        return [choice for _, _, choice in found[:limit]]

    def suggestion(self, word: str) -> str | None:
        """The one word nearest to a lowered keyword (see suggestions), or None."""
        found = self.suggestions(word, limit=1)
        return found[0] if found else None


__all__ = [
    'LONGEST_WORD',
    'SHORTEST_WORD',
    'Vocabulary',
    'count_lowered_words',
    'count_words',
    'reach',
    'words_in',
]
