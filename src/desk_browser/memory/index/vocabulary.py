"""The words a desk's newest records hold, for "did you mean" (word_suggestions).

The vocabulary is counted from the newest records (tuning.VOCABULARY_RECORDS of them: the index's
first records in ranking order, and the newest day's when it is read from the desk), not from
every record: counting is about 35 ms a busy day, and typos are made in the words a desk uses
now. It is counted when first asked for and again when asked for after
tuning.VOCABULARY_SECONDS.

Typical usage example:

    keeper = VocabularyKeeper()
    vocabulary = keeper.vocabulary(lambda: texts)
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable

from desk_browser.memory.index import tuning
from desk_browser.memory.word_suggestions import Vocabulary, count_words


class VocabularyKeeper:
    """Keeps one desk's vocabulary, counting it again when it is old; safe from several threads."""

    def __init__(self) -> None:
        """Starts with nothing counted."""
        self._lock = threading.Lock()
        self._vocabulary: Vocabulary | None = None
        self._counted_at = 0

    def vocabulary(self, texts: Callable[[], Iterable[str]]) -> Vocabulary:
        """The vocabulary, counted from `texts` when there is none or it is old.

        Args:
            texts (Callable[[], Iterable[str]]): Gives the newest records' texts.

        Returns:
            Vocabulary: The words and their counts.
        """
        now = time.monotonic_ns()
        with self._lock:
            vocabulary = self._vocabulary
            fresh = now - self._counted_at <= tuning.VOCABULARY_SECONDS * 1e9
            if vocabulary is not None and fresh:
                return vocabulary
        vocabulary = Vocabulary(count_words(texts()))
        with self._lock:
            self._vocabulary = vocabulary
            self._counted_at = now
        return vocabulary


__all__ = ['VocabularyKeeper']
