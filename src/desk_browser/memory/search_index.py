"""Session search from an index kept in the user's cache folder: the same results, in milliseconds.

`IndexedSearch` answers exactly what `session_search.SessionSearch` answers (the documented
rule: every keyword, ignoring case; otherwise most keywords first; ties in record order, newest
day first), but reads the desk only where it must:

- The index (see index_store) is an SQLite file in the user's cache folder
  (platformdirs.user_cache_dir('desk-browser'), which honours XDG_CACHE_HOME), named after a hash
  of the desk's resolved path. The browser never writes into the desk.
- `build` indexes the desk's days newest first, in batches, reporting progress and honouring a
  cancel check. Searches work during the build: a day is used from the index only when the
  signature of its files (sizes, modification times, inodes) still matches the one it was
  indexed with; every other day (not indexed yet, changed since, or changed in the last two
  seconds, as today's growing journal is) is read from the desk, with the most recent such days
  kept in memory; a journal being written is parsed only from where the last read ended
  (index_tail).
- A keyword of three characters or more is looked up in a trigram index of the lowered text,
  which gives candidates; every candidate is checked against the documented rule. A keyword of
  one or two characters is looked up through the index's trigrams that start with it, unless it
  is common in the newest records, when reading the records in order finds hits soonest.
  Records are visited in the order the search ranks them, so the search stops as soon as it has
  `limit` hits: for the full hits, and then one level of partial hits at a time (records with
  every keyword but one, and so on), each level asking the index for the records that may hold
  that many keywords.
- A missing, damaged, stale or locked index is created again or bypassed (the desk is then read
  directly): never an exception, never a different answer.

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

import contextlib
import dataclasses
import itertools
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Generator, Iterator, Sequence
from pathlib import Path
from typing import IO, Any

import platformdirs

from desk_browser.memory import index_days, index_store, index_tail
from desk_browser.memory.session_search import (
    SearchHit,
    SearchRecord,
    SearchResult,
    day_records,
    snippet_of,
    words_of,
)

try:
    import fcntl
except ImportError:  # pragma: no cover - not on POSIX.
    fcntl = None  # type: ignore[assignment]

_LOGGER = logging.getLogger(__name__)

ProgressCallback = Callable[[int, int], None]
"""Called as progress(indexed_days, total_days) while the index is built."""
CancelCheck = Callable[[], bool]
"""Returns True when the work should stop."""

_APPLICATION_NAME = 'desk-browser'
_DIRECT_CACHE_CHARACTERS = 16_000_000
_BATCH_RECORDS = 20_000
_BATCH_DAYS = 16
_MOST_SUBSETS = 64
_CANCEL_EVERY = 512
_RETRY_SECONDS = 5.0
_READER_BUSY_SECONDS = 1.0
_LOCK_POLL_SECONDS = 0.1
_MOST_TERMS = 256
_COMMON_SHARE = 50  # A short keyword in over 1 record in 50 is found sooner by reading in order.
_SAMPLE_RECORDS = 512
_POOL_SIZE = 4
_MOST_TAILS = 4

NO_CANDIDATES = ''
"""The candidate query that no indexed record can satisfy."""


class SearchCancelled(Exception):
    """A search was stopped by its cancel check."""


@dataclasses.dataclass(frozen=True)
class IndexStatus:
    """How much of a desk the index covers.

    Attributes:
        indexed_days (int): Days searched from the index (days changed in the last two seconds,
            which are always read from the desk, count as indexed).
        total_days (int): The desk's days.
        available (bool): Whether the index can be used; when it cannot, searches read the desk.
        problem (str): Why the index cannot be used, or "".
    """

    indexed_days: int
    total_days: int
    available: bool
    problem: str = ''

    @property
    def complete(self) -> bool:
        """Whether every day is indexed.

        Returns:
            bool: True when indexed_days equals total_days and the index is available.
        """
        return self.available and self.indexed_days >= self.total_days

    @property
    def text(self) -> str:
        """The status for the screen, such as "indexed 212 of 1,250 days".

        Returns:
            str: The text.
        """
        if not self.available:
            return f'search index unavailable ({self.problem}): searching the desk directly'
        return f'indexed {self.indexed_days:,} of {self.total_days:,} days'


def default_cache_directory() -> Path:
    """The user's cache folder for the browser (honours XDG_CACHE_HOME on Linux).

    Returns:
        Path: The folder, such as ~/.cache/desk-browser.
    """
    return Path(platformdirs.user_cache_dir(_APPLICATION_NAME, appauthor=False))


def _fts_string(text: str) -> str:
    """Quotes a string for an FTS5 query.

    Args:
        text (str): The string.

    Returns:
        str: The string in double quotes, inner quotes doubled.
    """
    return '"' + text.replace('"', '""') + '"'


def word_expression(word: str, terms_of: Callable[[str], list[str] | None]) -> str | None:
    """The FTS5 query for the indexed records whose lowered text may contain a keyword.

    Args:
        word (str): The keyword, lowered.
        terms_of (Callable[[str], list[str] | None]): Finds the index's trigrams that start with
            a one- or two-character keyword (None when there are too many to ask for).

    Returns:
        str | None: For three characters or more, every trigram of the keyword joined with AND;
            for one or two, the trigrams that start with it joined with OR; "" when no indexed
            record can contain it; None when the index cannot narrow it down.
    """
    if not index_store.is_indexable(word):
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


def candidate_expression(expressions: Sequence[str], least: int) -> str:
    """The FTS5 query for the records that may contain at least `least` of some keywords.

    Args:
        expressions (Sequence[str]): Each keyword's query (word_expression), none empty.
        least (int): How many of them a record must contain, at least 1.

    Returns:
        str: The query; NO_CANDIDATES when `least` is more than there are keywords. With too
            many combinations it asks for any one keyword, which finds more candidates but never
            fewer.
    """
    if least > len(expressions):
        return NO_CANDIDATES
    subsets = list(itertools.islice(itertools.combinations(expressions, least), _MOST_SUBSETS + 1))
    if len(subsets) > _MOST_SUBSETS:
        subsets = [(expression,) for expression in expressions]
    return ' OR '.join('(' + ' AND '.join(subset) + ')' for subset in subsets)


@dataclasses.dataclass
class _DayCheck:
    """What the last look at a day's files found.

    Attributes:
        desk_day (index_days.DeskDay): The day's files.
        signature (str): Their signature.
        racy (bool): Whether they changed too recently to be trusted.
        checked_at (int): When they were looked at (time.monotonic_ns()).
    """

    desk_day: index_days.DeskDay
    signature: str
    racy: bool
    checked_at: int


class _Reader:
    """A connection to the index used for searching, with what it last read of the index."""

    def __init__(self, connection: sqlite3.Connection):
        """Wraps a connection.

        Args:
            connection (sqlite3.Connection): The open index (check_same_thread off: one thread
                at a time uses it, taking it from the pool).
        """
        self.connection = connection
        self.closed = False
        self._version: int | None = None
        self._indexed: tuple[dict[str, str], int] = ({}, 0)
        self._sample_version: int | None = None
        self._sample: list[str] = []
        index_store.attach_vocabulary(connection)

    def close(self) -> None:
        """Closes the connection."""
        self.closed = True
        with contextlib.suppress(sqlite3.Error):
            self.connection.close()

    def indexed(self) -> tuple[dict[str, str], int]:
        """The index's days and signatures, read again only when another connection wrote.

        Returns:
            tuple[dict[str, str], int]: Each indexed day's signature, and how many records the
                index holds.
        """
        version = self.connection.execute('PRAGMA data_version').fetchone()[0]
        if self._version != version:
            days = index_store.indexed_days(self.connection)
            signatures = {day: signature for day, (signature, _) in days.items()}
            total = sum(records for _, records in days.values())
            self._indexed = (signatures, total)
            self._version = version
        return self._indexed

    def sample(self) -> list[str]:
        """The lowered texts of the index's newest records, to tell common short keywords.

        Returns:
            list[str]: Up to _SAMPLE_RECORDS texts, read again when the index changed.
        """
        if self._sample_version != self._version or self._version is None:
            rows = self.connection.execute(
                'SELECT text FROM records ORDER BY id LIMIT ?', (_SAMPLE_RECORDS,)
            ).fetchall()
            self._sample = [index_store.loaded_text(row[0]).lower() for row in rows]
            self._sample_version = self._version
        return self._sample


@dataclasses.dataclass
class _Segment:
    """A run of days read the same way: consecutive indexed days, or one day read directly.

    Attributes:
        desk_day (index_days.DeskDay | None): The day read from the desk, or None for a run of
            indexed days.
        low (int): The lowest record id of the run.
        high (int): The highest record id of the run so far (it grows as days are examined).
        closed (bool): Whether the run is known to end at `high`.
    """

    desk_day: index_days.DeskDay | None
    low: int = 0
    high: int = -1
    closed: bool = False


class _Plan:
    """Which of the desk's days come from the index, examined lazily in ranking order.

    A search that stops early examines only the days it reached. A plan is kept for the next
    searches while the desk's listing and the index are unchanged, for up to recheck_seconds;
    the newest day and the days with notes are examined again by every search.
    """

    def __init__(
        self,
        owner: IndexedSearch,
        days: list[index_days.DeskDay],
        indexed: dict[str, str],
        usable: bool,
    ):
        """Starts a plan with no day examined.

        Args:
            owner (IndexedSearch): Examines days (with its recent looks at their files).
            days (list[index_days.DeskDay]): The desk's days, newest first.
            indexed (dict[str, str]): The index's days and their signatures.
            usable (bool): Whether the index can be read at all.
        """
        self.owner = owner
        self.days = days
        self.indexed = indexed
        self.usable = usable
        self.created_at = time.monotonic_ns()
        self.segments: list[_Segment] = []
        self.ordinal_days: dict[int, str] = {}
        self.watched: list[tuple[int, bool]] = []
        self._examined = 0
        self._lock = threading.RLock()

    def _is_fresh(self, position: int, desk_day: index_days.DeskDay) -> bool:
        """Tells whether a day can be read from the index.

        Args:
            position (int): The day's place in the list.
            desk_day (index_days.DeskDay): The day.

        Returns:
            bool: True when the index holds the day as its files are now.
        """
        signature = self.indexed.get(desk_day.day)
        if not self.usable or signature is None:
            return False
        check = self.owner._check_day(desk_day, always=position == 0)
        return not check.racy and check.signature == signature

    def still_valid(self) -> bool:
        """Examines the watched days again and tells whether the plan still holds.

        Returns:
            bool: False when one of them changed between indexed and not.
        """
        with self._lock:
            for position, fresh in self.watched:
                if self._is_fresh(position, self.days[position]) != fresh:
                    return False
            return True

    def _examine_next(self) -> bool:
        """Examines the next day, adding it to the last run or starting a new segment.

        Returns:
            bool: False when every day was examined already.
        """
        if self._examined >= len(self.days):
            if self.segments:
                self.segments[-1].closed = True
            return False
        position = self._examined
        desk_day = self.days[position]
        self._examined += 1
        fresh = self._is_fresh(position, desk_day)
        if position == 0 or desk_day.notes:
            self.watched.append((position, fresh))
        last = self.segments[-1] if self.segments else None
        if not fresh:
            if last is not None:
                last.closed = True
            self.segments.append(_Segment(desk_day=desk_day, closed=True))
            return True
        low, high = index_store.day_range(desk_day.day)
        self.ordinal_days[index_store.day_ordinal(desk_day.day)] = desk_day.day
        if last is not None and last.desk_day is None and not last.closed:
            last.high = high
        else:
            if last is not None:
                last.closed = True
            self.segments.append(_Segment(desk_day=None, low=low, high=high))
        return True

    def segment(self, number: int) -> _Segment | None:
        """The plan's segment with this number, examining days until it exists.

        Args:
            number (int): Its place, from 0.

        Returns:
            _Segment | None: The segment, or None when there are fewer.
        """
        with self._lock:
            while len(self.segments) <= number:
                if not self._examine_next():
                    return None
            return self.segments[number]

    def extend(self, segment: _Segment) -> bool:
        """Examines one more day to see whether a run of indexed days goes on.

        Args:
            segment (_Segment): The run.

        Returns:
            bool: True when its `high` grew; False when the run is closed.
        """
        with self._lock:
            if segment.closed or segment is not self.segments[-1]:
                segment.closed = True
                return False
            before = segment.high
            self._examine_next()
            return segment.high != before

    def close(self, segment: _Segment) -> None:
        """Examines days until a run of indexed days is known to end.

        Args:
            segment (_Segment): The run.
        """
        while self.extend(segment):
            pass


class _Searcher:
    """One search: visits the desk's records in ranking order, from the index where it can."""

    def __init__(
        self,
        owner: IndexedSearch,
        words: list[str],
        plan: _Plan,
        reader: _Reader | None,
        cancelled: CancelCheck | None,
        indexed_records: int = 0,
    ):
        """Prepares the search.

        Args:
            owner (IndexedSearch): The search's owner (its caches).
            words (list[str]): The keywords.
            plan (_Plan): Which days come from the index and which from the desk.
            reader (_Reader | None): The index, or None to read the desk only.
            cancelled (CancelCheck | None): The cancel check, or None.
            indexed_records (int): How many records the index holds.
        """
        self._owner = owner
        self._words = words
        self._plan = plan
        self._reader = reader
        self._connection = None if reader is None else reader.connection
        self._indexed_records = indexed_records
        self._cancelled = cancelled
        self._visited = 0

    def _check_cancelled(self) -> None:
        """Stops the search when its cancel check says so.

        Raises:
            SearchCancelled: When the check returns True.
        """
        self._visited += 1
        if self._cancelled is not None and self._visited % _CANCEL_EVERY == 0 and self._cancelled():
            raise SearchCancelled

    def _count(self, text: str) -> int:
        """Counts the keywords a text contains, by the documented rule.

        Args:
            text (str): The record's text.

        Returns:
            int: How many keywords its lowered text contains.
        """
        lowered = text.lower()
        return sum(1 for word in self._words if word in lowered)

    def _index_rows(
        self, expression: str | None, start: int
    ) -> Generator[tuple[int, Any], None, None]:
        """Reads candidate records from the index, in ranking order.

        Args:
            expression (str | None): The FTS5 query, or None for every record.
            start (int): The lowest id to read.

        Yields:
            tuple[int, Any]: Each record's id and stored text.
        """
        assert self._connection is not None
        if expression is None:
            cursor = self._connection.execute(
                'SELECT id, text FROM records WHERE id >= ? ORDER BY id', (start,)
            )
        else:
            cursor = self._connection.execute(
                'SELECT records.id, records.text FROM record_grams '
                'JOIN records ON records.id = record_grams.rowid '
                'WHERE record_grams MATCH ? AND record_grams.rowid >= ? '
                'ORDER BY record_grams.rowid',
                (expression, start),
            )
        try:
            while True:
                rows = cursor.fetchmany(64)
                if not rows:
                    return
                yield from rows
        finally:
            cursor.close()

    def candidates(self, expression: str | None) -> Iterator[tuple[int, SearchRecord]]:
        """Visits the records that may hold enough keywords, in ranking order.

        Args:
            expression (str | None): The FTS5 query for the index's candidates, None when every
                record is a candidate, NO_CANDIDATES when no indexed record is.

        Yields:
            tuple[int, SearchRecord]: Each record with at least one keyword, with how many.
        """
        plan = self._plan
        number = 0
        while True:
            segment = plan.segment(number)
            if segment is None:
                return
            number += 1
            if self._cancelled is not None and self._cancelled():
                raise SearchCancelled
            if segment.desk_day is not None:
                for record in self._owner._direct_records(segment.desk_day):
                    self._check_cancelled()
                    matched = self._count(record.text)
                    if matched:
                        yield matched, record
                continue
            if expression == NO_CANDIDATES:
                plan.close(segment)
                continue
            rows = self._index_rows(expression, segment.low)
            try:
                for identifier, value in rows:
                    self._check_cancelled()
                    while identifier > segment.high and plan.extend(segment):
                        pass
                    if identifier > segment.high:
                        break
                    day = plan.ordinal_days.get(index_store.ordinal_of(identifier))
                    if day is None:  # A day no longer on the desk, still in the index.
                        continue
                    text = index_store.loaded_text(value)
                    matched = self._count(text)
                    if matched:
                        kind = index_store.kind_of(identifier)
                        yield matched, SearchRecord(day=day, kind=kind, text=text)
                else:
                    plan.close(segment)
            finally:
                rows.close()

    def run(self, limit: int) -> SearchResult:
        """Finds the best hits, one level of matched keywords at a time.

        Args:
            limit (int): The most hits, at least 1.

        Returns:
            SearchResult: The hits, as the documented rank gives them.
        """
        words = self._words
        connection = self._connection
        if connection is None or self._reader is None:
            expressions: list[str | None] = [None] * len(words)
        else:
            sample = self._reader.sample()

            def terms_of(prefix: str) -> list[str] | None:
                # A keyword common in the newest records is found soonest by reading in order;
                # the vocabulary (which counts every record of each trigram) is not worth it.
                in_sample = sum(1 for lowered in sample if prefix in lowered)
                if in_sample * _COMMON_SHARE >= len(sample) > 0:
                    return None
                found = index_store.vocabulary_terms(connection, prefix, _MOST_TERMS)
                if found is None or found[1] * _COMMON_SHARE > self._indexed_records:
                    return None
                return found[0]

            expressions = [word_expression(word, terms_of) for word in words]
        unfiltered = expressions.count(None)
        present = [expression for expression in expressions if expression]
        collected: list[tuple[int, SearchRecord]] = []
        full = False
        for level in range(len(words), 0, -1):
            least = level - unfiltered
            expression = candidate_expression(present, least) if least > 0 else None
            for matched, record in self.candidates(expression):
                if matched == level:
                    collected.append((matched, record))
                    if len(collected) >= limit:
                        break
            if level == len(words) and collected:
                full = True
                break
            if len(collected) >= limit:
                break
        hits = [
            SearchHit(
                record=SearchRecord(day=record.day, kind=record.kind, text=record.text),
                matched_words=matched,
                snippet=snippet_of(record.text, words),
            )
            for matched, record in collected
        ]
        return SearchResult(hits=hits, matched_every_word=full, words=words)


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
        self._recheck_nanoseconds = int(recheck_seconds * 1e9)
        self._listing = index_days.DeskListing(desk_directory)
        self._direct_cache: index_days.DayCache[list[SearchRecord]] = index_days.DayCache(
            _DIRECT_CACHE_CHARACTERS
        )
        self._checks: dict[str, _DayCheck] = {}
        self._lock = threading.Lock()
        self._pool: list[_Reader] = []
        self._plan: _Plan | None = None
        self._damaged = False
        self._tails: dict[Path, index_tail.JournalTail] = {}
        self._tails_lock = threading.Lock()
        self._problem = ''
        self._retry_at = 0.0
        self._index_path: Path | None = None

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
            self._index_path = index_store.index_file(cache, self._desk_directory)
        return self._index_path

    def _check_day(self, desk_day: index_days.DeskDay, *, always: bool) -> _DayCheck:
        """Examines a day's files, or trusts a recent look at them.

        Args:
            desk_day (index_days.DeskDay): The day.
            always (bool): Whether to examine them even after a recent look.

        Returns:
            _DayCheck: What was found.
        """
        now = time.monotonic_ns()
        check = self._checks.get(desk_day.day)
        if (
            check is None
            or always
            or check.racy
            or check.desk_day != desk_day
            or desk_day.notes
            or now - check.checked_at > self._recheck_nanoseconds
        ):
            signature, racy = index_days.day_signature(desk_day, time.time_ns())
            check = _DayCheck(desk_day, signature, racy, now)
            self._checks[desk_day.day] = check
        return check

    def _direct_records(self, desk_day: index_days.DeskDay) -> list[SearchRecord]:
        """Reads a day's records from the desk, or from memory when its files have not changed.

        Args:
            desk_day (index_days.DeskDay): The day.

        Returns:
            list[SearchRecord]: Its records, in ranking order (shared: not to be changed).
        """
        signature, racy = index_days.day_signature(desk_day, time.time_ns())
        if not racy:
            cached = self._direct_cache.get(signature)
            if cached is not None:
                return cached
        journal = desk_day.journal
        if journal is not None and (racy or journal in self._tails):
            # A journal being written: parse only what was appended since the last read.
            with self._tails_lock:
                tail = self._tails.pop(journal, None) or index_tail.JournalTail(
                    journal, desk_day.day
                )
                self._tails[journal] = tail
                while len(self._tails) > _MOST_TAILS:
                    del self._tails[next(iter(self._tails))]
                records = tail.records()
            if desk_day.summary is not None or desk_day.notes:
                rest = index_days.DeskDay(desk_day.day, None, desk_day.summary, desk_day.notes)
                records += self._direct_records(rest)
        else:
            records = day_records(desk_day.day, desk_day.journal, desk_day.summary, desk_day.notes)
        if not racy:
            characters = sum(len(record.text) for record in records)
            self._direct_cache.put(signature, records, characters)
        return records

    def _plan_for(
        self, days: list[index_days.DeskDay], indexed: dict[str, str], usable: bool
    ) -> _Plan:
        """The plan of a search: the last one while it still holds, else a new one.

        Args:
            days (list[index_days.DeskDay]): The desk's days now (DeskListing's shared list).
            indexed (dict[str, str]): The index's days and signatures (the reader's shared dict).
            usable (bool): Whether the index can be read.

        Returns:
            _Plan: The plan.
        """
        plan = self._plan
        if (
            plan is not None
            and plan.days is days
            and plan.indexed is indexed
            and plan.usable == usable
            and time.monotonic_ns() - plan.created_at <= self._recheck_nanoseconds
            and plan.still_valid()
        ):
            return plan
        plan = _Plan(self, days, indexed, usable)
        self._plan = plan
        return plan

    def _take_reader(self) -> _Reader | None:
        """Takes a connection to the index from the pool, opening (or creating) one if none is free.

        Returns:
            _Reader | None: The connection, or None while the index is unavailable.
        """
        with self._lock:
            if self._pool:
                return self._pool.pop()
            if time.monotonic() < self._retry_at:
                return None
        try:
            connection = index_store.open_index(
                self.index_path, self._desk_directory, busy_seconds=_READER_BUSY_SECONDS
            )
        except (index_store.IndexUnavailable, sqlite3.Error) as error:
            self._unavailable(str(error))
            return None
        try:
            reader = _Reader(connection)
        except sqlite3.Error as error:
            connection.close()
            self._unavailable(f'{error.__class__.__name__}: {error}')
            return None
        with self._lock:
            self._problem = ''
        return reader

    def _give_back(self, reader: _Reader) -> None:
        """Returns a connection to the pool, or closes it when the pool is full.

        Args:
            reader (_Reader): The connection.
        """
        with self._lock:
            if len(self._pool) < _POOL_SIZE:
                self._pool.append(reader)
                return
        reader.close()

    def _unavailable(self, problem: str) -> None:
        """Notes that the index cannot be used for a while.

        Args:
            problem (str): Why.
        """
        _LOGGER.warning('Search index unavailable, reading the desk directly: %s', problem)
        with self._lock:
            self._problem = problem
            self._retry_at = time.monotonic() + _RETRY_SECONDS
            pool, self._pool = self._pool, []
        for reader in pool:
            reader.close()

    def search(
        self,
        query: str,
        limit: int,
        *,
        cancelled: CancelCheck | None = None,
    ) -> SearchResult:
        """Finds the records that best match the keywords: SessionSearch.search's answer.

        Args:
            query (str): Keywords separated by spaces.
            limit (int): The most hits to return; 0 or less returns no hits.
            cancelled (CancelCheck | None): Checked while searching; when it returns True the
                search stops.

        Returns:
            SearchResult: The hits.

        Raises:
            SearchCancelled: When `cancelled` returned True.
        """
        words = words_of(query)
        if not words or limit <= 0:
            return SearchResult(hits=[], matched_every_word=False, words=words)
        days = self._listing.days(time.time_ns())
        reader = self._take_reader()
        if reader is not None:
            connection = reader.connection
            healthy = False
            try:
                connection.execute('BEGIN')
                try:
                    indexed, records = reader.indexed()
                    plan = self._plan_for(days, indexed, usable=True)
                    searcher = _Searcher(
                        self, words, plan, reader, cancelled, indexed_records=records
                    )
                    result = searcher.run(limit)
                finally:
                    if connection.in_transaction:
                        connection.execute('COMMIT')
                healthy = True
                return result
            except sqlite3.Error as error:
                reader.close()
                self._unavailable(f'{error.__class__.__name__}: {error}')
                if not isinstance(error, sqlite3.OperationalError):
                    self._damaged = True  # The next build starts a new index.
            finally:
                if healthy or not reader.closed:
                    self._give_back(reader)
        plan = self._plan_for(days, {}, usable=False)
        return _Searcher(self, words, plan, None, cancelled).run(limit)

    def status(self) -> IndexStatus:
        """Counts the days the index covers now (reads the desk's folders: not for a UI thread).

        Returns:
            IndexStatus: The counts, or why the index is unavailable.
        """
        days = self._listing.days(time.time_ns())
        reader = self._take_reader()
        if reader is None:
            return IndexStatus(0, len(days), available=False, problem=self._problem)
        try:
            indexed, _ = reader.indexed()
        except sqlite3.Error as error:
            reader.close()
            self._unavailable(f'{error.__class__.__name__}: {error}')
            return IndexStatus(0, len(days), available=False, problem=self._problem)
        self._give_back(reader)
        return self._coverage(days, indexed)

    def _coverage(self, days: list[index_days.DeskDay], indexed: dict[str, str]) -> IndexStatus:
        """Counts the days an index covers.

        Args:
            days (list[index_days.DeskDay]): The desk's days.
            indexed (dict[str, str]): The index's days and their signatures.

        Returns:
            IndexStatus: The counts.
        """
        covered = 0
        for position, desk_day in enumerate(days):
            check = self._check_day(desk_day, always=position == 0)
            if check.racy or indexed.get(desk_day.day) == check.signature:
                covered += 1
        return IndexStatus(covered, len(days), available=True)

    def _lock_builds(self, cancelled: CancelCheck | None) -> IO[bytes] | None:
        """Waits until no other builder (in any process) works on this index.

        Args:
            cancelled (CancelCheck | None): Stops the wait when it returns True.

        Returns:
            IO[bytes] | None: The open lock file (closing it releases the lock), or None when
                cancelled or when the lock file cannot be made.
        """
        lock_path = self.index_path.with_name(self.index_path.name + '.lock')
        try:
            handle = open(lock_path, 'ab')  # noqa: SIM115 - held until the build ends.
        except OSError as error:
            _LOGGER.warning('Cannot open the index lock %s: %s', lock_path, error)
            return None
        if fcntl is None:  # pragma: no cover - not on POSIX: transactions still keep it whole.
            return handle
        while True:
            try:
                fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                return handle
            except BlockingIOError:
                if cancelled is not None and cancelled():
                    handle.close()
                    return None
                time.sleep(_LOCK_POLL_SECONDS)
            except OSError as error:
                _LOGGER.warning('Cannot lock %s: %s', lock_path, error)
                return handle

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
        if self._damaged:
            self._damaged = False
            self.close()
            with contextlib.suppress(index_store.IndexUnavailable):
                index_store.remove_index_files(self.index_path)
        try:
            connection = index_store.open_index(self.index_path, self._desk_directory)
        except (index_store.IndexUnavailable, sqlite3.Error) as error:
            self._unavailable(str(error))
            return IndexStatus(0, 0, available=False, problem=self._problem)
        with self._lock:
            self._retry_at = 0.0  # Searches may use the index again at once.
        lock = self._lock_builds(cancelled)
        damaged = False
        try:
            if lock is not None or fcntl is None:
                self._build_days(connection, progress, cancelled)
            indexed = index_store.indexed_days(connection)
            signatures = {day: signature for day, (signature, _) in indexed.items()}
            status = self._coverage(self._listing.days(time.time_ns()), signatures)
        except sqlite3.Error as error:
            _LOGGER.warning('Building the search index failed: %s', error)
            damaged = not isinstance(error, sqlite3.OperationalError)
            with self._lock:
                self._problem = f'{error.__class__.__name__}: {error}'
            status = IndexStatus(0, 0, available=False, problem=self._problem)
        finally:
            with contextlib.suppress(sqlite3.Error):
                if connection.in_transaction:
                    connection.execute('ROLLBACK')
            connection.close()
            if lock is not None:
                lock.close()
        if damaged:  # The next build starts a new index.
            with contextlib.suppress(index_store.IndexUnavailable):
                index_store.remove_index_files(self.index_path)
        return status

    def _build_days(
        self,
        connection: sqlite3.Connection,
        progress: ProgressCallback | None,
        cancelled: CancelCheck | None,
    ) -> None:
        """Indexes every day that is not indexed as it is now (see build).

        Args:
            connection (sqlite3.Connection): The builder's own connection.
            progress (ProgressCallback | None): The progress callback.
            cancelled (CancelCheck | None): The cancel check.
        """
        days = index_days.desk_days(self._desk_directory)
        total = len(days)
        indexed = {
            day: signature for day, (signature, _) in index_store.indexed_days(connection).items()
        }
        listed = {desk_day.day for desk_day in days}
        gone = [day for day in indexed if day not in listed]
        if gone:
            connection.execute('BEGIN IMMEDIATE')
            for day in gone:
                index_store.remove_day(connection, day)
            connection.execute('COMMIT')
        done = 0
        batch: list[tuple[str, str, list[tuple[str, str]]]] = []
        batch_records = 0
        if progress is not None:
            progress(0, total)
        for desk_day in days:
            if cancelled is not None and cancelled():
                break
            signature, racy = index_days.day_signature(desk_day, time.time_ns())
            if racy or indexed.get(desk_day.day) == signature:
                done += 1
                continue
            if not all(os.access(path, os.R_OK) for path in desk_day.paths):
                done += 1  # Read from the desk by every search, so a fixed file is seen.
                continue
            records = day_records(desk_day.day, desk_day.journal, desk_day.summary, desk_day.notes)
            if _too_many(records):
                done += 1  # Never indexed: searches read it from the desk.
                continue
            batch.append(
                (desk_day.day, signature, [(record.kind, record.text) for record in records])
            )
            batch_records += len(records)
            if batch_records >= _BATCH_RECORDS or len(batch) >= _BATCH_DAYS:
                _write_batch(connection, batch)
                done += len(batch)
                batch = []
                batch_records = 0
                if progress is not None:
                    progress(done, total)
        if batch:
            _write_batch(connection, batch)
            done += len(batch)
        if progress is not None:
            progress(done, total)

    def close(self) -> None:
        """Closes the connections this object keeps; it can still be used (and opens new ones)."""
        with self._lock:
            pool, self._pool = self._pool, []
        for reader in pool:
            reader.close()


def _too_many(records: Sequence[SearchRecord]) -> bool:
    """Tells whether a day holds more records of one kind than an id can number.

    Args:
        records (Sequence[SearchRecord]): The day's records.

    Returns:
        bool: True when the day cannot be indexed.
    """
    if len(records) <= index_store.MAX_POSITION:
        return False
    counts: dict[str, int] = {}
    for record in records:
        counts[record.kind] = counts.get(record.kind, 0) + 1
    return max(counts.values()) > index_store.MAX_POSITION


def _write_batch(
    connection: sqlite3.Connection,
    batch: Sequence[tuple[str, str, list[tuple[str, str]]]],
) -> None:
    """Writes a batch of days in one transaction, skipping days another builder already wrote.

    Args:
        connection (sqlite3.Connection): The builder's connection.
        batch (Sequence[tuple[str, str, list[tuple[str, str]]]]): Each day, its signature and
            its records' kinds and texts.
    """
    connection.execute('BEGIN IMMEDIATE')
    try:
        for day, signature, records in batch:
            row = connection.execute('SELECT signature FROM days WHERE day = ?', (day,)).fetchone()
            if row is not None and row[0] == signature:
                continue
            index_store.write_day(connection, day, signature, records)
        connection.execute('COMMIT')
    except BaseException:
        if connection.in_transaction:
            connection.execute('ROLLBACK')
        raise


__all__ = [
    'NO_CANDIDATES',
    'CancelCheck',
    'IndexStatus',
    'IndexedSearch',
    'ProgressCallback',
    'SearchCancelled',
    'candidate_expression',
    'default_cache_directory',
    'word_expression',
]
