"""Keyword search over everything a desk has said and done before.

It looks through four kinds of record in the desk folder, newest days first:

- exchanges: each trigger and the desk's answer, paired from the journal's trigger_received and
  text events;
- journal: the desk's actions, such as orders, risk decisions and tool calls, from
  journal/*.jsonl;
- summaries: each paragraph of the daily summaries, from sessions/summaries/*.md;
- notes: each note, from notes/*.md.

The journal is the complete record, going back before sessions were kept, so exchanges come from
it rather than from the session logs, which exist to resume a session. The desk's own
search_sessions calls are left out, so a search never finds itself.

A record matches when it contains every keyword, ignoring case. When nothing matches every
keyword, records that match some of them are returned instead, best first.

Typical usage example:

    search = SessionSearch(Path('workspace/desks/main'))
    hits = search.search('NIFTY gap down', limit=10)

Every file is read through desk_files, so damaged lines and unreadable files are skipped rather
than raised. The search reads one day at a time, newest first, and stops as soon as it has
`limit` records that match every keyword, since no older record can rank above them.

One SessionSearch keeps the days it has read in memory (up to about 48 million characters of
text, least recently used dropped first), keyed by each day's files' sizes, modification and
status change times and inode numbers, so repeated searches read only the days that changed.
Files modified in the last two seconds are always read again. When the browser has indexed the
desk (index.search.IndexedSearch keeps the index in the user's cache folder), a search reads
that index instead, without creating, writing or locking anything there (index.read_only): the
days it holds as they are now come from it, every other day from the desk, so the results are
the same.
"""

from __future__ import annotations

import bisect
import dataclasses
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from desk_browser.memory import desk_files
from desk_browser.memory.desk_files import JournalEvent, JournalExchange
from desk_browser.memory.index import days as index_days

if TYPE_CHECKING:
    from desk_browser.memory.index.read_only import ReadOnlyIndex


_SNIPPET_LENGTH = 160
_SNIPPET_CONTEXT_BEFORE = 60
_LONGEST_WORD_TRIMMED = 20
_ELLIPSIS = '…'
_CACHED_CHARACTERS = 48_000_000


@dataclasses.dataclass
class SearchRecord:
    """One searchable record.

    Attributes:
        day (str): The India date it belongs to, as YYYY-MM-DD.
        kind (str): "exchange", "summary", "note" or "journal".
        text (str): The record's text.
    """

    day: str
    kind: str
    text: str


@dataclasses.dataclass
class SearchHit:
    """One record that matched.

    Attributes:
        record (SearchRecord): The record.
        matched_words (int): How many of the keywords it contains.
        snippet (str): The part of its text around the first keyword.
    """

    record: SearchRecord
    matched_words: int
    snippet: str


@dataclasses.dataclass
class SearchResult:
    """The outcome of one search.

    Attributes:
        hits (list[SearchHit]): The matching records, best and newest first.
        matched_every_word (bool): Whether the hits contain every keyword, or only some.
        words (list[str]): The keywords searched for.
    """

    hits: list[SearchHit]
    matched_every_word: bool
    words: list[str]


def words_of(query: str) -> list[str]:
    """Turns a query into its keywords.

    Args:
        query (str): Keywords separated by white space.

    Returns:
        list[str]: The query lowered and split on white space, repeats dropped, order kept.
    """
    return list(dict.fromkeys(query.lower().split()))


def exchange_records(day: str, exchanges: Iterable[JournalExchange]) -> list[SearchRecord]:
    """The search records of a journal's exchanges.

    Args:
        day (str): The India date, as YYYY-MM-DD.
        exchanges (Iterable[JournalExchange]): The exchanges, in file order.

    Returns:
        list[SearchRecord]: One record each, in order.
    """
    return [SearchRecord(day=day, kind='exchange', text=exchange.text) for exchange in exchanges]


def action_records(day: str, actions: Iterable[JournalEvent]) -> list[SearchRecord]:
    """The search records of a journal's actions, the desk's own searches left out.

    Args:
        day (str): The India date, as YYYY-MM-DD.
        actions (Iterable[JournalEvent]): The actions, in file order.

    Returns:
        list[SearchRecord]: Their records, in order.
    """
    return [
        SearchRecord(day=day, kind='journal', text=desk_files.action_text(action))
        for action in actions
        if not desk_files.is_own_search(action)
    ]


def day_records(
    day: str,
    journal_path: Path | None,
    summary_path: Path | None,
    note_paths: Iterable[Path],
) -> list[SearchRecord]:
    """Reads one day's records, in the order the search returns them.

    Exchanges (from the journal, in file order), then actions (in file order, the desk's own
    search_sessions calls and results left out), then the summary's paragraphs, then the notes
    in the order given. The index reads days through this function too, and builds a growing
    journal's records with exchange_records and action_records, so every record is made here.

    Args:
        day (str): The India date, as YYYY-MM-DD.
        journal_path (Path | None): The day's journal file, or None.
        summary_path (Path | None): The day's summary file, or None.
        note_paths (Iterable[Path]): The day's notes, sorted by file name.

    Returns:
        list[SearchRecord]: The records.
    """
    records = []
    if journal_path is not None:
        journal_day = desk_files.read_journal_day(journal_path, day)
        records.extend(exchange_records(day, journal_day.exchanges))
        records.extend(action_records(day, journal_day.actions))
    if summary_path is not None:
        summary = desk_files.read_text(summary_path)
        if summary is not None:
            for paragraph in desk_files.summary_paragraphs(summary):
                records.append(SearchRecord(day=day, kind='summary', text=paragraph))
    for note_path in note_paths:
        note = desk_files.read_text(note_path)
        if note is not None:
            records.append(SearchRecord(day=day, kind='note', text=note))
    return records


def _lowered_span_in(folded: str, lowered: str, start: int, end: int) -> tuple[int, int]:
    """Maps a span of a lowered text back onto the text it was lowered from.

    Lowering can lengthen a character ("İ" lowers to two), so positions in the lowered text do
    not always match positions in the original.

    Args:
        folded (str): The original text.
        lowered (str): folded.lower().
        start (int): Where the span starts in the lowered text.
        end (int): Where it ends in the lowered text.

    Returns:
        tuple[int, int]: The span's start and end in the original text.
    """
    if len(lowered) == len(folded):
        return start, end
    offsets = []
    total = 0
    for character in folded:
        offsets.append(total)
        total += len(character.lower())
    return bisect.bisect_right(offsets, start) - 1, bisect.bisect_left(offsets, end)


def snippet_of(text: str, words: list[str]) -> str:
    """Cuts the part of a text around the earliest place where any keyword occurs.

    Runs of white space are folded to one space. The part is 160 characters (fewer when the
    text is shorter), starting 60 characters before the keyword or earlier when the keyword is
    near the end. Where it cuts a word of up to 20 characters, the cut piece is dropped, so the
    part starts and ends on whole words; longer words are cut where they are. Each end where
    the text was cut is marked with "…".

    Args:
        text (str): The text.
        words (list[str]): The keywords, lowered.

    Returns:
        str: The snippet; the text's start when no keyword occurs.
    """
    folded = ' '.join(text.split())
    lowered = folded.lower()
    found = []
    for word in words:
        position = lowered.find(word)
        if position >= 0:
            found.append((position, -len(word)))
    if found:
        position, negative_length = min(found)
        word_start, word_end = _lowered_span_in(
            folded, lowered, position, position - negative_length
        )
    else:
        word_start, word_end = 0, 0
    start = max(0, word_start - _SNIPPET_CONTEXT_BEFORE)
    end = min(len(folded), start + _SNIPPET_LENGTH)
    start = max(0, min(start, end - _SNIPPET_LENGTH))
    if start > 0 and folded[start - 1] != ' ':
        space = folded.find(' ', start, min(word_start, start + _LONGEST_WORD_TRIMMED + 1))
        if space >= 0:
            start = space + 1
    if end < len(folded) and folded[end] != ' ':
        space = folded.rfind(' ', max(word_end, end - _LONGEST_WORD_TRIMMED - 1), end)
        if space >= 0:
            end = space
    snippet = folded[start:end].strip()
    if start > 0:
        snippet = _ELLIPSIS + snippet
    if end < len(folded):
        snippet += _ELLIPSIS
    return snippet


def rank(records: Iterable[SearchRecord], words: list[str], limit: int) -> SearchResult:
    """Scores records against keywords and keeps the best.

    A record that contains every keyword is a full hit. When there is no full hit, the records
    that contain at least one keyword are returned instead, most keywords first; ties keep the
    records' order. The ranking happens before the limit. Records are consumed lazily: once
    `limit` full hits are found, the rest are never read.

    Args:
        records (Iterable[SearchRecord]): The records, best order first (newest day first).
        words (list[str]): The keywords, as words_of gives them.
        limit (int): The most hits to return; 0 or less returns none.

    Returns:
        SearchResult: The hits, with snippets.
    """
    if not words or limit <= 0:
        return SearchResult(hits=[], matched_every_word=False, words=words)
    full_hits: list[SearchRecord] = []
    partial_hits: dict[int, list[SearchRecord]] = {}
    for record in records:
        lowered = record.text.lower()
        matched = 0
        for word in words:
            if word in lowered:
                matched += 1
        if matched == 0:
            continue
        if matched == len(words):
            full_hits.append(record)
            if len(full_hits) >= limit:
                break
        elif not full_hits:
            same_count = partial_hits.setdefault(matched, [])
            if len(same_count) < limit:
                same_count.append(record)
    if full_hits:
        scored = [(len(words), record) for record in full_hits]
    else:
        scored = [
            (matched, record)
            for matched in sorted(partial_hits, reverse=True)
            for record in partial_hits[matched]
        ][:limit]
    hits = [
        SearchHit(record=record, matched_words=matched, snippet=snippet_of(record.text, words))
        for matched, record in scored
    ]
    return SearchResult(hits=hits, matched_every_word=bool(full_hits), words=words)


class SessionSearch:
    """Searches one desk's records."""

    def __init__(self, desk_directory: Path):
        """Creates the search.

        Args:
            desk_directory (Path): The desk folder.
        """
        self._desk_directory = desk_directory
        self._day_cache: index_days.DayCache[list[SearchRecord]] = index_days.DayCache(
            _CACHED_CHARACTERS
        )
        self._index: ReadOnlyIndex | None = None

    def _indexed_search(self, words: list[str], limit: int) -> SearchResult | None:
        """Answers from the browser's index of the desk, when a current one exists.

        Args:
            words (list[str]): The keywords.
            limit (int): The most hits.

        Returns:
            SearchResult | None: The hits, or None when the desk must be read instead.
        """
        if self._index is None:
            # Imported here: the index package builds on this module's records and rule.
            from desk_browser.memory.index.direct import DirectReads
            from desk_browser.memory.index.read_only import ReadOnlyIndex

            self._index = ReadOnlyIndex(self._desk_directory, DirectReads(self._day_cache))
        return self._index.search(words, limit)

    def _day_records(self, desk_day: index_days.DeskDay) -> list[SearchRecord]:
        """Reads one day's records, or finds them in memory when its files have not changed.

        Args:
            desk_day (index_days.DeskDay): The day and its files.

        Returns:
            list[SearchRecord]: The records, as day_records reads them (shared: not to be changed).
        """
        signature, racy = index_days.day_signature(desk_day, time.time_ns())
        if not racy:
            cached = self._day_cache.get(signature)
            if cached is not None:
                return cached
        records = day_records(desk_day.day, desk_day.journal, desk_day.summary, desk_day.notes)
        if not racy:
            self._day_cache.put(signature, records, sum(len(record.text) for record in records))
        return records

    def _records(self) -> Iterator[SearchRecord]:
        """Reads the desk's records lazily, one day at a time, newest day first.

        Yields:
            SearchRecord: The records, in the order the search ranks ties.
        """
        for desk_day in index_days.desk_days(self._desk_directory):
            yield from self._day_records(desk_day)

    def search(self, query: str, limit: int) -> SearchResult:
        """Finds the records that best match the keywords.

        Args:
            query (str): Keywords separated by spaces.
            limit (int): The most hits to return; 0 or less returns no hits.

        Returns:
            SearchResult: The hits.
        """
        words = words_of(query)
        if not words or limit <= 0:
            return SearchResult(hits=[], matched_every_word=False, words=words)
        indexed = self._indexed_search(words, limit)
        if indexed is not None:
            return indexed
        result = rank(self._records(), words, limit)
        for hit in result.hits:  # The kept records stay as they were read.
            hit.record = dataclasses.replace(hit.record)
        return result
