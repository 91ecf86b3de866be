"""One indexed search: visits the desk's records in ranking order, from the index where it can.

Full hits first, then partial levels; each asks the index for candidates and checks them
against the documented rule, stopping at `limit` hits of the best level.

Typical usage example:

    result = Searcher(words, plan, reader, direct, cancelled).run(limit)
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Generator, Iterator

from desk_browser.memory.index import keys, queries, texts, tuning
from desk_browser.memory.index.days import DeskDay
from desk_browser.memory.index.direct import DirectReads
from desk_browser.memory.index.expressions import (
    NO_CANDIDATES,
    candidate_expression,
    narrowed,
    scope_marks,
    word_expression,
)
from desk_browser.memory.index.plan import Plan, Segment
from desk_browser.memory.index.pool import Reader
from desk_browser.memory.index.scoping import RecordFilter
from desk_browser.memory.index.status import CancelCheck, SearchCancelled
from desk_browser.memory.session_search import SearchHit, SearchRecord, SearchResult, snippet_of


class Searcher:
    """One search over a plan of the desk's days."""

    def __init__(
        self,
        words: list[str],
        plan: Plan,
        reader: Reader | None,
        direct: DirectReads,
        cancelled: CancelCheck | None,
        indexed_records: int = 0,
        keep: RecordFilter | None = None,
    ):
        """Prepares the search.

        Args:
            words (list[str]): The keywords.
            plan (Plan): Which days come from the index and which from the desk.
            reader (Reader | None): The index, or None to read the desk only.
            direct (DirectReads): Reads the days the plan takes from the desk.
            cancelled (CancelCheck | None): The cancel check, or None.
            indexed_records (int): How many records the index holds.
            keep (RecordFilter | None): Which records are inside the scope; None for all.
        """
        self._keep = keep
        self._words = words
        self._plan = plan
        self._reader = reader
        self._direct = direct
        self._indexed_records = indexed_records
        self._cancelled = cancelled
        self._visited = 0

    def _check_cancelled(self) -> None:
        """Stops the search when its cancel check says so.

        Raises:
            SearchCancelled: When the check returns True.
        """
        self._visited += 1
        if (
            self._cancelled is not None
            and self._visited % tuning.CANCEL_EVERY == 0
            and self._cancelled()
        ):
            raise SearchCancelled

    def _count(self, text: str) -> int:
        """How many keywords a record's lowered text contains, by the documented rule."""
        lowered = text.lower()
        return sum(1 for word in self._words if word in lowered)

    def candidates(self, expression: str | None) -> Iterator[tuple[int, SearchRecord]]:
        """Visits the records that may hold enough keywords, in ranking order.

        Args:
            expression (str | None): The FTS5 query; None for every record, or NO_CANDIDATES.

        Yields:
            tuple[int, SearchRecord]: Each record with at least one keyword, with how many.

        Raises:
            SearchCancelled: When the cancel check returned True.
        """
        plan = self._plan
        connection = None if self._reader is None else self._reader.connection
        number = 0
        while True:
            segment = plan.segment(number)
            if segment is None:
                return
            number += 1
            if self._cancelled is not None and self._cancelled():
                raise SearchCancelled
            keep = self._keep
            if segment.desk_day is not None:
                yield from self._direct_candidates(segment.desk_day)
                continue
            if expression == NO_CANDIDATES:
                plan.close(segment)
                continue
            assert connection is not None  # A plan without an index has no indexed run.
            skip_through = -1  # The last id of a day read from the desk instead.
            with contextlib.closing(self._run_rows(connection, expression, segment)) as rows:
                for row in rows:
                    identifier = row[0]
                    if identifier <= skip_through:
                        continue
                    day = plan.ordinal_days.get(keys.ordinal_of(identifier))
                    if day is None:  # A day no longer on the desk, still in the index.
                        continue
                    if not plan.intact(day, connection):
                        # Its rows changed under SQLite: the day's records come from the desk,
                        # in the day's place (a day with no candidate holds no hit either way).
                        skip_through = keys.day_range(day)[1]
                        yield from self._direct_candidates(plan.indexed_desk_days[day])
                        continue
                    value = row[1]
                    if value is None:  # An intact day has all its rows; this one is safe anyway.
                        continue
                    kind = keys.kind_of(identifier)
                    if keep is not None and not keep.holds_stored(kind, row):
                        continue
                    text = texts.loaded_text(value)
                    if keep is not None and not keep.holds_text(kind, text):
                        continue
                    matched = self._count(text)
                    if matched:
                        yield matched, SearchRecord(day=day, kind=kind, text=text)

    def _run_rows(
        self, connection: sqlite3.Connection, expression: str | None, segment: Segment
    ) -> Generator[queries.RecordData, None, None]:
        """The index's candidate rows in a run of indexed days, the run extended as they go."""
        plan = self._plan
        rows = self._indexed_rows(connection, expression, segment.low)
        try:
            for row in rows:
                self._check_cancelled()
                while row[0] > segment.high and plan.extend(segment):
                    pass
                if row[0] > segment.high:
                    return
                yield row
            plan.close(segment)
        finally:
            rows.close()

    def _indexed_rows(
        self, connection: sqlite3.Connection, expression: str | None, start: int
    ) -> Generator[queries.RecordData, None, None]:
        """The index's possible hits from id `start` on, in ranking order, narrowed to the scope."""
        keep = self._keep
        if keep is None:
            return queries.record_rows(connection, expression, start)
        marks = scope_marks(keep.kinds, keep.fact_limits)
        return queries.record_rows(connection, narrowed(expression, marks), start, keep.kinds)

    def _direct_candidates(self, desk_day: DeskDay) -> Iterator[tuple[int, SearchRecord]]:
        """A day read from the desk: its records with at least one keyword, with how many."""
        keep = self._keep
        for position, record in enumerate(self._direct.records(desk_day)):
            self._check_cancelled()
            # Exchanges come first among a day's records, so their place is `position`.
            if keep is not None and not (
                keep.holds(record.day, record.kind, position)
                and keep.holds_text(record.kind, record.text)
            ):
                continue
            matched = self._count(record.text)
            if matched:
                yield matched, record

    def _expressions(self) -> list[str | None]:
        """Each keyword's candidate query (word_expression), None where the index cannot help."""
        reader = self._reader
        if reader is None:
            return [None] * len(self._words)
        sample = reader.sample()

        def terms_of(prefix: str) -> list[str] | None:
            # A keyword common in the newest records is found soonest by reading in order;
            # the vocabulary (which counts every record of each trigram) is not worth it.
            in_sample = sum(1 for lowered in sample if prefix in lowered)
            if in_sample * tuning.COMMON_SHARE >= len(sample) > 0:
                return None
            found = queries.vocabulary_terms(reader.connection, prefix, tuning.MOST_TERMS)
            if found is None or found[1] * tuning.COMMON_SHARE > self._indexed_records:
                return None
            return found[0]

        return [word_expression(word, terms_of) for word in self._words]

    def count(self) -> tuple[int, bool]:
        """Counts the hits a search without a limit would return.

        Returns:
            tuple[int, bool]: How many, and whether they hold every keyword.
        """
        words = self._words
        expressions = self._expressions()
        unfiltered = expressions.count(None)
        present = [expression for expression in expressions if expression]
        least = len(words) - unfiltered
        expression = candidate_expression(present, least) if least > 0 else None
        full = self._count_holding(expression, len(words))
        if full:
            return full, True
        expression = candidate_expression(present, 1) if unfiltered == 0 else None
        return self._count_holding(expression, 1), False

    def _count_holding(self, expression: str | None, least: int) -> int:
        """Counts the candidates holding at least `least` keywords, as `candidates` visits them.

        Raises:
            SearchCancelled: When the cancel check returned True.
        """
        plan = self._plan
        connection = None if self._reader is None else self._reader.connection
        total = 0
        number = 0
        while True:
            segment = plan.segment(number)
            if segment is None:
                return total
            number += 1
            if self._cancelled is not None and self._cancelled():
                raise SearchCancelled
            if segment.desk_day is not None:
                total += self._count_direct(segment.desk_day, least)
            elif expression == NO_CANDIDATES:
                plan.close(segment)
            else:
                assert connection is not None  # A plan without an index has no indexed run.
                total += self._count_indexed(connection, expression, segment, least)

    def _count_direct(self, desk_day: DeskDay, least: int) -> int:
        """Counts a day read from the desk's records that hold at least `least` keywords."""
        return sum(1 for matched, _ in self._direct_candidates(desk_day) if matched >= least)

    def _count_indexed(
        self, connection: sqlite3.Connection, expression: str | None, segment: Segment, least: int
    ) -> int:
        """Counts a run of indexed days' candidates holding at least `least` keywords."""
        plan = self._plan
        keep = self._keep
        words = self._words
        only = words[0] if len(words) == 1 else ''  # One keyword (the most common count).
        total = 0
        day: str | None = None
        day_high = -1  # The last id of the day of the rows being read.
        with contextlib.closing(self._run_rows(connection, expression, segment)) as rows:
            for row in rows:
                identifier, value = row[0], row[1]
                if identifier > day_high:  # The first candidate of another day.
                    day = plan.ordinal_days.get(keys.ordinal_of(identifier))
                    if day is None:  # A day no longer on the desk, still in the index.
                        continue
                    day_high = keys.day_range(day)[1]
                    if not plan.intact(day, connection):
                        # Its rows changed under SQLite: the day's records come from the desk.
                        total += self._count_direct(plan.indexed_desk_days[day], least)
                        day = None
                        continue
                if day is None or value is None:
                    continue
                kind = keys.kind_of(identifier)
                if keep is not None and not keep.holds_stored(kind, row):
                    continue
                text = texts.loaded_text(value)
                if keep is not None and not keep.holds_text(kind, text):
                    continue
                lowered = text.lower()
                if (only in lowered) if only else sum(word in lowered for word in words) >= least:
                    total += 1
        return total

    def run(self, limit: int) -> SearchResult:
        """Finds the best `limit` hits, a level of matched keywords at a time, as rank does."""
        words = self._words
        expressions = self._expressions()
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
