"""Session search from an index kept in the user's cache folder: the same results, in milliseconds.

`IndexedSearch` answers exactly what `session_search.SessionSearch` answers (the documented
rule: every keyword, ignoring case; otherwise most keywords first; ties in record order, newest
day first), but reads the desk only where it must:

- The index (see store) is an SQLite file in the user's cache folder
  (platformdirs.user_cache_dir('desk-browser'), which honours XDG_CACHE_HOME), named after a hash
  of the desk's resolved path. The browser never writes into the desk.
- `build` indexes the desk's days newest first, in batches, reporting progress and honouring a
  cancel check. Searches work during the build: a day is used from the index only when the
  signature of its files (sizes, modification times, inodes) still matches the one it was
  indexed with; every other day (not indexed yet, changed since, or changed in the last two
  seconds, as today's growing journal is) is read from the desk, with the most recent such days
  kept in memory; a journal being written is parsed only from where the last read ended
  (tail).
- A keyword of three characters or more is looked up in a trigram index of the lowered text,
  which gives candidates; every candidate is checked against the documented rule. A keyword of
  one or two characters is looked up through the index's trigrams that start with it, unless it
  is common in the newest records, when reading the records in order finds hits soonest.
  Records are visited in the order the search ranks them, so the search stops as soon as it has
  `limit` hits: for the full hits, and then one level of partial hits at a time (records with
  every keyword but one, and so on), each level asking the index for the records that may hold
  that many keywords.
- A missing, damaged, stale or locked index is created again or bypassed (the desk is then read
  directly): never an exception, never a different answer. An index whose bytes changed while
  SQLite still calls it healthy is caught too: each day's records carry a digest, a day is used
  only once a search or the build's scrub found them matching it (see scrub; a later process
  trusts what an earlier scrub found while the index's files are unchanged: scrub_stamp), and
  the build indexes a day that does not match again.

Changes to the desk's folders (a new day, a deleted file), to the newest day and to the notes
are seen by every search; a change to an older day's files is seen within `recheck_seconds`
(1 second unless told), since checking every file on every keystroke costs more than the search.

One IndexedSearch may be used from several threads at once (it keeps a small pool of SQLite
connections); its searches and builds read files, so an app runs them off its event loop.

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
        hits (int): How many hits: the records with every keyword, or when there are none, the
            records with at least one.
        matched_every_word (bool): Whether those hits hold every keyword.
        missing_words (list[str]): The keywords that no record inside the scope holds, in the
            query's order (only looked for when the hits do not hold every keyword).
    """

    hits: int
    matched_every_word: bool
    missing_words: list[str]


class IndexedSearch:
    """Searches one desk with the help of an index in the user's cache folder.

    Safe to use from several threads: build in one, search in others. Two processes may share
    one desk's index: SQLite's WAL mode lets searches read while one process builds, and a lock
    file lets one process build at a time.
    """

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
            cache_directory (Path | None): Where indexes are kept; None for the user's cache
                folder (default_cache_directory()).
            recheck_seconds (float): How long a look at an older day's files is trusted before
                they are examined again; 0 examines them on every search.
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
        """The index file.

        Returns:
            Path: Where the desk's index is kept.
        """
        if self._index_path is None:
            cache = self._cache_directory
            if cache is None:
                cache = default_cache_directory()
            self._index_path = store.index_file(cache, self._desk_directory)
        return self._index_path

    @property
    def building(self) -> bool:
        """Whether this object is building the index now, in any thread.

        While it builds, every day not indexed yet is read from the desk by each search, so a
        count of every hit (totals) costs about as much as reading the whole desk: an app asks
        for it once the build is done. A build that only waits for another process's build
        (`waiting`) does not count: that one may take minutes and is not the app's to end.

        Returns:
            bool: True while a call to `build` runs and does not wait for another process.
        """
        with self._builds_lock:
            return self._builds > self._waiting

    @property
    def waiting(self) -> bool:
        """Whether a call to `build` waits for another process's build of the same index.

        Returns:
            bool: True while one waits for the index's build lock.
        """
        with self._builds_lock:
            return self._waiting > 0

    def _note_waiting(self, waiting: bool) -> None:
        """Counts the builds that wait for another process's build (Builder's waiting).

        Args:
            waiting (bool): True when one starts waiting, False when it stops.
        """
        with self._builds_lock:
            self._waiting += 1 if waiting else -1

    @property
    def idle_connections(self) -> int:
        """How many connections to the index are kept open between searches.

        Returns:
            int: The count.
        """
        return self._readers.idle_count

    def _plan_for(self, days: list[DeskDay], indexed: dict[str, str], usable: bool) -> Plan:
        """The plan of a search: the last one while it still holds, else a new one.

        Args:
            days (list[DeskDay]): The desk's days now (DeskListing's shared list).
            indexed (dict[str, str]): The index's days and signatures (the reader's shared dict).
            usable (bool): Whether the index can be read.

        Returns:
            Plan: The plan.
        """
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
        """Runs some work with searchers over the scope's days, from the index where it can.

        Args:
            words (list[str]): The keywords.
            scope (SearchScope | None): Which records to look at, or None for all.
            cancelled (CancelCheck | None): The cancel check, or None.
            work (Callable[[Callable[[list[str]], Searcher]], _Answer]): Given a maker of
                searchers for some keywords, gives the answer.

        Returns:
            _Answer: What `work` returned.
        """
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
            cancelled (CancelCheck | None): Checked while searching; when it returns True the
                search stops.
            scope (SearchScope | None): Which records to look at (search_scope); None for all.
                The documented rule is applied to the records inside the scope only: its answer
                is the plain scan's records, filtered by the scope, then ranked.

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
        """Counts what a search would find with no limit, and names the keywords no record holds.

        It visits every candidate record, so it costs more than a search of one screenful: an app
        asks for it after showing the first hits, in the same worker, and lets the next keystroke
        cancel it.

        Args:
            query (str): Keywords separated by spaces.
            cancelled (CancelCheck | None): Checked while counting; when it returns True the
                count stops.
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
        """The desk's vocabulary words with their counts, for the suggestions.

        Returns:
            collections.Counter[str]: Every indexed day's words (vocabulary.merged_words), and
                those of the newest days the index does not hold, read from the desk (at most
                about tuning.VOCABULARY_RECORDS records of them).
        """
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
        """Did you mean: the nearest word of the desk's vocabulary for each keyword given.

        Meant for the keywords that no record holds (SearchTotals.missing_words). The vocabulary
        is the words of every record the index holds and of the newest days it does not
        (memory/index/vocabulary.py), summed on the first call and again a minute later.

        Args:
            words (list[str]): The keywords, lowered.

        Returns:
            dict[str, str]: For each keyword with a word near enough (word_suggestions), that
                word, nearest first, then most frequent.
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
            IndexStatus: The counts, or why the index is unavailable (or incomplete: its
                builds stopped when the cache's disk filled up).
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

        Meant to run in a background thread. Days already indexed as they are now are kept;
        changed days are read again, new days added, days gone from the desk dropped. Days
        changed in the last two seconds are left to the searches, which read them directly.
        An index found damaged (by this build or by a search) is deleted and built again, so
        an app calls build again when status() says the index is unavailable.

        Args:
            progress (ProgressCallback | None): Called as progress(indexed_days, total_days)
                at the start and after each batch.
            cancelled (CancelCheck | None): Checked between days; when it returns True the
                build stops, keeping the batches already written.

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
        """Empties the index's WALs and closes the connections this object keeps.

        It can still be used (and opens new ones). The WALs are emptied (a truncating
        checkpoint, which never waits for another connection) even while a build's connection
        stays open, so quitting leaves no WAL holding space on the cache's disk.
        """
        self._readers.close(empty_logs=True)

    def keep_idle_connections(self, most: int | None) -> None:
        """Keeps at most this many idle connections to the index, closing any beyond it now.

        Args:
            most (int | None): How many; None for the usual few (tuning.POOL_SIZE), enough for
                the searches, counts and suggestions of one keystroke at once.
        """
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
