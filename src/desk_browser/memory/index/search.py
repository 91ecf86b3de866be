"""Session search from an index kept in the user's cache folder: the same results, in milliseconds.

`IndexedSearch` answers exactly what `SessionSearch` answers, during a `build` too. A missing,
damaged, stale or locked index is rebuilt or bypassed, never an exception or another answer.
Thread-safe; it reads files, so keep it off the event loop.

Typical usage example:

    search = IndexedSearch(Path('workspace/desks/main'))
    threading.Thread(target=search.build, kwargs={'progress': show_progress}).start()
    result = search.search('NIFTY gap down', limit=50)
"""

from __future__ import annotations

import collections
import dataclasses
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from desk_browser.memory.index import queries, store, tuning
from desk_browser.memory.index.build import Builder
from desk_browser.memory.index.days import DeskDay, DeskListing
from desk_browser.memory.index.direct import DirectReads
from desk_browser.memory.index.plan import DayChecks, Plan
from desk_browser.memory.index.pool import ReaderPool
from desk_browser.memory.index.scoping import Scoping
from desk_browser.memory.index.scrub import Verified
from desk_browser.memory.index.searcher import Searcher
from desk_browser.memory.index.status import (
    CancelCheck,
    IndexStatus,
    ProgressCallback,
    SearchCancelled,
)
from desk_browser.memory.index.store import default_cache_directory
from desk_browser.memory.index.vocabulary import VocabularyKeeper, merged_words
from desk_browser.memory.search_scope import SearchScope
from desk_browser.memory.session_search import SearchResult, words_of
from desk_browser.memory.word_suggestions import count_words

_Answer = TypeVar('_Answer')


@dataclasses.dataclass(frozen=True)
class SearchTotals:
    """What a search would find with no limit.

    Attributes:
        hits (int): The records with every keyword or, when none, with at least one.
        matched_every_word (bool): Whether those hits hold every keyword.
        missing_words (list[str]): The keywords no record in scope holds, in query order
            (looked for only when matched_every_word is False).
    """

    hits: int
    matched_every_word: bool
    missing_words: list[str]


class IndexedSearch:
    """Searches one desk with the help of an index; build in one thread, search in others."""

    def __init__(
        self,
        desk_directory: Path,
        *,
        cache_directory: Path | None = None,
        recheck_seconds: float = 1.0,
    ):
        """Creates the search; nothing is read or written until it is used.

        Args:
            desk_directory (Path): The desk folder.
            cache_directory (Path | None): Where indexes are kept; None for the user's cache.
            recheck_seconds (float): How long an older day's files are trusted unexamined.
        """
        self._desk_directory = desk_directory
        self._cache_directory = cache_directory
        self._index_path: Path | None = None
        self._listing = DeskListing(desk_directory)
        self._checks = DayChecks(recheck_seconds)
        self._direct = DirectReads()
        self._verified = Verified()
        self._readers = ReaderPool(lambda: self.index_path, desk_directory)
        self._builder = Builder(
            lambda: self.index_path,
            desk_directory,
            self._readers,
            self._checks,
            self._listing,
            self._verified,
            self._note_waiting,
        )
        self._plan: Plan | None = None
        self._scoping = Scoping()
        self._vocabulary = VocabularyKeeper()
        self._builds = 0
        self._waiting = 0
        self._builds_lock = threading.Lock()

    @property
    def index_path(self) -> Path:
        """The index file."""
        if self._index_path is None:
            cache = self._cache_directory
            if cache is None:
                cache = default_cache_directory()
            self._index_path = store.index_file(cache, self._desk_directory)
        return self._index_path

    @property
    def building(self) -> bool:
        """Whether a call to `build` runs now (any thread), not merely waiting for another."""
        with self._builds_lock:
            return self._builds > self._waiting

    @property
    def waiting(self) -> bool:
        """Whether a call to `build` waits for another process's build of the same index."""
        with self._builds_lock:
            return self._waiting > 0

    def _note_waiting(self, waiting: bool) -> None:
        """Counts the builds that start (True) or stop (False) waiting for another's build."""
        with self._builds_lock:
            self._waiting += 1 if waiting else -1

    @property
    def idle_connections(self) -> int:
        """How many connections to the index are kept open between searches."""
        return self._readers.idle_count

    def _plan_for(self, days: list[DeskDay], indexed: dict[str, str], usable: bool) -> Plan:
        """The plan of a search: the last one while it still holds, else a new one."""
        plan = self._plan
        if plan is not None and plan.holds(days, indexed, usable, time.monotonic_ns()):
            return plan
        plan = Plan(self._checks, self._verified, days, indexed, usable, self._direct.forget)
        self._plan = plan
        return plan

    def _answer(
        self,
        words: list[str],
        scope: SearchScope | None,
        cancelled: CancelCheck | None,
        work: Callable[[Callable[[list[str]], Searcher]], _Answer],
    ) -> _Answer:
        """Runs `work` with a maker of searchers over the scope's days (index where it can)."""
        days = self._listing.days(time.time_ns())
        keep = None
        if scope is not None and not scope.is_everything:
            days = self._scoping.days(days, scope)
            keep = self._scoping.record_filter(scope, days)
        reader = self._readers.take()
        if reader is not None:
            try:
                with store.read_transaction(reader.connection):
                    indexed, records = reader.indexed()
                    plan = self._plan_for(days, indexed, usable=True)

                    def searcher(for_words: list[str]) -> Searcher:
                        return Searcher(
                            for_words,
                            plan,
                            reader,
                            self._direct,
                            cancelled,
                            indexed_records=records,
                            keep=keep,
                        )

                    answer = work(searcher)
                self._readers.give_back(reader)
                return answer
            except sqlite3.Error as error:
                self._readers.failed(reader, error)
            except BaseException:
                self._readers.give_back(reader)
                raise
        plan = self._plan_for(days, {}, usable=False)
        return work(
            lambda for_words: Searcher(for_words, plan, None, self._direct, cancelled, keep=keep)
        )

    def search(
        self,
        query: str,
        limit: int,
        *,
        cancelled: CancelCheck | None = None,
        scope: SearchScope | None = None,
    ) -> SearchResult:
        """Finds the records that best match the keywords: SessionSearch.search's answer.

        Args:
            query (str): Keywords separated by spaces.
            limit (int): The most hits to return; 0 or less returns no hits.
            cancelled (CancelCheck | None): Checked while searching; True stops the search.
            scope (SearchScope | None): Which records to look at; None for all.

        Returns:
            SearchResult: The hits.

        Raises:
            SearchCancelled: When `cancelled` returned True.
        """
        words = words_of(query)
        if not words or limit <= 0 or (scope is not None and scope.is_empty):
            return SearchResult(hits=[], matched_every_word=False, words=words)
        return self._answer(words, scope, cancelled, lambda searcher: searcher(words).run(limit))

    def totals(
        self,
        query: str,
        *,
        cancelled: CancelCheck | None = None,
        scope: SearchScope | None = None,
    ) -> SearchTotals:
        """Counts what a search would find with no limit (every candidate: ask after the hits).

        Args:
            query (str): Keywords separated by spaces.
            cancelled (CancelCheck | None): Checked while counting; True stops the count.
            scope (SearchScope | None): Which records to look at; None for all.

        Returns:
            SearchTotals: The number of hits and the missing keywords.

        Raises:
            SearchCancelled: When `cancelled` returned True.
        """
        words = words_of(query)
        if not words:
            return SearchTotals(0, False, [])
        if scope is not None and scope.is_empty:
            return SearchTotals(0, False, list(words))

        def work(searcher: Callable[[list[str]], Searcher]) -> SearchTotals:
            hits, full = searcher(words).count()
            missing = []
            if not full:
                for word in words:
                    if not searcher([word]).run(1).hits:
                        missing.append(word)
            return SearchTotals(hits, full, missing)

        return self._answer(words, scope, cancelled, work)

    def _word_counts(self) -> collections.Counter[str]:
        """The desk's vocabulary with counts: the indexed days' and the newest unindexed days'."""
        days = self._listing.days(time.time_ns())
        counts: collections.Counter[str] = collections.Counter()
        indexed: dict[str, str] = {}
        reader = self._readers.take()
        if reader is not None:
            try:
                with store.read_transaction(reader.connection):
                    indexed, _ = reader.indexed()
                    counts = merged_words(queries.packed_day_words(reader.connection))
                self._readers.give_back(reader)
            except sqlite3.Error as error:
                self._readers.failed(reader, error)
                counts, indexed = collections.Counter(), {}
            except BaseException:
                self._readers.give_back(reader)
                raise
        texts: list[str] = []
        for desk_day in days:
            if len(texts) >= tuning.VOCABULARY_RECORDS:
                break
            if desk_day.day not in indexed:
                texts += [record.text for record in self._direct.records(desk_day)]
        counts.update(count_words(texts))
        return counts

    def suggestions(self, words: list[str]) -> dict[str, str]:
        """Did you mean: the nearest vocabulary word for each keyword (those no record holds).

        Args:
            words (list[str]): The keywords, lowered.

        Returns:
            dict[str, str]: For each keyword with a word near enough (word_suggestions), that word.
        """
        vocabulary = self._vocabulary.vocabulary(self._word_counts)
        found = {}
        for word in words:
            suggestion = vocabulary.suggestion(word)
            if suggestion is not None:
                found[word] = suggestion
        return found

    def status(self) -> IndexStatus:
        """Counts the days the index covers now (reads the desk's folders: not for a UI thread).

        Returns:
            IndexStatus: The counts, or why the index is unavailable or incomplete.
        """
        days = self._listing.days(time.time_ns())
        reader = self._readers.take()
        if reader is None:
            return IndexStatus(0, len(days), available=False, problem=self._readers.problem)
        try:
            indexed, _ = reader.indexed()
        except sqlite3.Error as error:
            self._readers.failed(reader, error)
            return IndexStatus(0, len(days), available=False, problem=self._readers.problem)
        self._readers.give_back(reader)
        status = self._checks.coverage(days, indexed)
        return dataclasses.replace(status, problem=self._builder.space_problem())

    def build(
        self,
        progress: ProgressCallback | None = None,
        cancelled: CancelCheck | None = None,
    ) -> IndexStatus:
        """Brings the index up to date with the desk, newest days first, in batches.

        For a background thread. Days changed in the last two seconds are left to the searches;
        call build again when status() says unavailable.

        Args:
            progress (ProgressCallback | None): Called as progress(indexed_days, total_days).
            cancelled (CancelCheck | None): Checked between days; True stops (writes are kept).

        Returns:
            IndexStatus: The index's state when the build ended.
        """
        with self._builds_lock:
            self._builds += 1
        try:
            status = self._builder.build(progress, cancelled)
        finally:
            with self._builds_lock:
                self._builds -= 1
        if status.complete:
            # Every day is in the index now: the days read from the desk meanwhile (up to
            # tuning.DIRECT_CACHE_CHARACTERS of text, 60-90 MB) are not needed any more.
            self._direct.forget_all()
        return status

    def close(self) -> None:
        """Empties the index's WALs (never waiting) and closes its connections; still usable."""
        self._readers.close(empty_logs=True)

    def keep_idle_connections(self, most: int | None) -> None:
        """Keeps at most `most` idle connections (None: tuning.POOL_SIZE), closing the rest now."""
        self._readers.keep_idle(tuning.POOL_SIZE if most is None else most)


__all__ = [
    'CancelCheck',
    'IndexStatus',
    'IndexedSearch',
    'ProgressCallback',
    'SearchCancelled',
    'SearchTotals',
    'default_cache_directory',
]
