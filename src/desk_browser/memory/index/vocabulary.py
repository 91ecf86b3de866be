"""The words a desk's records hold, for "did you mean" (word_suggestions): the whole index's.

The sum of each indexed day's packed words and the days read from the desk, counted when
first asked for and again after tuning.VOCABULARY_SECONDS.

Typical usage example:

    keeper = VocabularyKeeper()
    vocabulary = keeper.vocabulary(lambda: counts)
"""

from __future__ import annotations

import array
import collections
import threading
import time
import zlib
from collections.abc import Callable, Iterable, Mapping

from desk_browser.memory.index import tuning
from desk_browser.memory.word_suggestions import Vocabulary, count_lowered_words

_COUNT_TYPE = 'I'  # Unsigned, at least 32 bits: a day's count of one word.
_LEVEL = 1  # zlib's fastest: the words are a few kilobytes a day.


def packed_words(lowered_texts: Iterable[str]) -> bytes:
    """A day's vocabulary words and counts, from its lowered texts, as the index keeps them.

    Returns:
        bytes: zlib of the words, newline-joined, a NUL, then the counts (native unsigned).
    """
    counts = count_lowered_words(lowered_texts)
    words = '\n'.join(counts).encode('utf-8', 'surrogatepass')
    numbers = array.array(_COUNT_TYPE, (min(count, 2**32 - 1) for count in counts.values()))
    return zlib.compress(words + b'\x00' + numbers.tobytes(), _LEVEL)


def merged_words(packed: Iterable[bytes | None]) -> collections.Counter[str]:
    """Sums days' packed words (packed_words), leaving out any that cannot be read."""
    total: collections.Counter[str] = collections.Counter()
    for value in packed:
        if not value:
            continue
        try:
            data = zlib.decompress(value)
            words_bytes, _, numbers_bytes = data.partition(b'\x00')
            numbers = array.array(_COUNT_TYPE)
            numbers.frombytes(numbers_bytes)
            words = words_bytes.decode('utf-8', 'surrogatepass').split('\n')
        except (zlib.error, ValueError, UnicodeDecodeError):
            continue
        if len(words) != len(numbers):
            continue
        total.update(dict(zip(words, numbers, strict=True)))
    return total


class VocabularyKeeper:
    """Keeps one desk's vocabulary, counting it again when it is old; safe from several threads."""

    def __init__(self) -> None:
        """Starts with nothing counted."""
        self._lock = threading.Lock()
        self._vocabulary: Vocabulary | None = None
        self._counted_at = 0

    def vocabulary(self, counts: Callable[[], Mapping[str, int]]) -> Vocabulary:
        """The vocabulary, counted with `counts` when there is none or it is old."""
        now = time.monotonic_ns()
        with self._lock:
            vocabulary = self._vocabulary
            fresh = now - self._counted_at <= tuning.VOCABULARY_SECONDS * 1e9
            if vocabulary is not None and fresh:
                return vocabulary
        vocabulary = Vocabulary(counts())
        with self._lock:
            self._vocabulary = vocabulary
            self._counted_at = now
        return vocabulary


__all__ = ['VocabularyKeeper', 'merged_words', 'packed_words']
