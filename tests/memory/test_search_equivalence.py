"""IndexedSearch and SessionSearch answer exactly what the documented algorithm answers.

The documented algorithm is written out independently of the package in tests/helpers/plain_scan:
read every day's journal, summary and notes, newest day first, and rank every record. Random
small desks and queries (hypothesis) are searched through a plain scan, through SessionSearch
and through IndexedSearch before, during and after indexing, and after the desk changes.
"""

from __future__ import annotations

import datetime
import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any
from unittest import mock

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from desk_browser.memory.index import tail as index_tail
from desk_browser.memory.index import tuning as index_tuning
from desk_browser.memory.index.search import IndexedSearch
from desk_browser.memory.session_search import SessionSearch, day_records, snippet_of
from tests.helpers.plain_scan import INDIA, as_reference, reference_search, reference_totals

OLD_TIME = datetime.datetime(2026, 10, 20, 12, 0, tzinfo=INDIA).timestamp()
LATER_TIME = OLD_TIME + 3 * 86400
EQUIVALENCE_SETTINGS = settings(
    max_examples=70,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def assert_same(desk: Path, searches: list[Any], queries: list[tuple[str, int]]) -> None:
    for query, limit in queries:
        expected = reference_search(desk, query, limit)
        for search in searches:
            if isinstance(search, IndexedSearch):  # Counted before any search looks at a day.
                totals = search.totals(query)
                counted = (totals.hits, totals.matched_every_word)
                assert counted == reference_totals(desk, query), query
            result = search.search(query, limit)
            assert as_reference(result) == expected, (type(search).__name__, query, limit)
            for hit in result.hits:
                assert hit.snippet == snippet_of(hit.record.text, result.words)


# ---------------------------------------------------------------------------------------------
# Random desks.

# İ lowers to two characters, the Kelvin sign to an ASCII k; NUL and a lone surrogate are kept
# out of the trigram index.
ALPHABET = 'abcABK çÇİıé日.,-_"\\\n\t\x00\ud800\u212a'
QUERY_ALPHABET = 'abcABKçÇİıé日.,-_"\\\x00\ud800\u212a'
DAYS = ['2026-10-14', '2026-10-15', '2026-10-16', '2026-10-19', '2026-10-20']
fragments = st.text(alphabet=ALPHABET, max_size=14)

events = st.one_of(
    st.builds(lambda text: {'type': 'trigger_received', 'time': 't', 'text': text}, fragments),
    st.builds(lambda text: {'type': 'text', 'time': 't', 'text': text, 'backend': 'x'}, fragments),
    st.builds(
        lambda tool, query: {'type': 'tool_call', 'time': 't', 'tool': tool, 'input': {'q': query}},
        st.sampled_from(['search_sessions', 'get_quote']),
        fragments,
    ),
    st.builds(
        lambda symbol, quantity: {
            'type': 'order_placed',
            'time': 't',
            'symbol': symbol,
            'quantity': quantity,
        },
        fragments,
        st.integers(-5, 10**20),
    ),
    st.builds(lambda kind, text: {'type': kind, 'time': 't', 'note': text}, fragments, fragments),
)
raw_lines = st.sampled_from(
    [b'{"type": "text", "text": "cut sho', b'\xff\xfeabc', b'[1, 2]', b'{"no": "type"}', b'  ']
)
journal_lines = st.lists(
    st.one_of(
        st.tuples(events, st.booleans()).map(
            lambda pair: json.dumps(pair[0], ensure_ascii=pair[1]).encode('utf-8', 'surrogatepass')
        ),
        raw_lines,
    ),
    max_size=8,
)
day_contents = st.fixed_dictionaries(
    {
        'journal': st.one_of(st.none(), journal_lines),
        'summary': st.one_of(st.none(), st.lists(fragments, max_size=3)),
        'notes': st.lists(st.tuples(st.sampled_from(['-a', '-b']), fragments), max_size=2),
    }
)
desks = st.dictionaries(st.sampled_from(DAYS), day_contents, min_size=1, max_size=4)
undated_notes = st.lists(
    st.tuples(st.sampled_from(['watch', 'ideas']), fragments, st.integers(0, 3)), max_size=2
)
words = st.text(alphabet=QUERY_ALPHABET, min_size=1, max_size=4)
queries = st.lists(
    st.tuples(st.lists(words, min_size=1, max_size=3).map(' '.join), st.integers(1, 5)),
    min_size=1,
    max_size=6,
)


def write_desk(desk: Path, days: dict[str, Any], undated: list[tuple[str, str, int]]) -> None:
    for day, content in days.items():
        if content['journal'] is not None:
            write_file(desk / 'journal' / f'{day}.jsonl', b'\n'.join(content['journal']) + b'\n')
        if content['summary'] is not None:
            text = '\n\n'.join(content['summary'])
            write_file(desk / 'sessions' / 'summaries' / f'{day}.md', encode(text))
        for suffix, text in content['notes']:
            write_file(desk / 'notes' / f'{day}{suffix}.md', encode(text))
    for name, text, days_back in undated:
        path = write_file(desk / 'notes' / f'{name}.md', encode(text))
        moment = OLD_TIME - days_back * 86400
        os.utime(path, (moment, moment))
    (desk / 'notes').mkdir(parents=True, exist_ok=True)
    (desk / 'journal').mkdir(parents=True, exist_ok=True)


def encode(text: str) -> bytes:
    return text.encode('utf-8', 'surrogatepass')


def write_file(path: Path, content: bytes, moment: float = OLD_TIME) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    os.utime(path, (moment, moment))
    return path


def age_folders(desk: Path) -> None:
    """Gives the desk's folders old modification times, so their listings can be kept."""
    for folder in (desk / 'journal', desk / 'notes', desk / 'sessions' / 'summaries'):
        if folder.exists():
            os.utime(folder, (OLD_TIME, OLD_TIME))


def documented_cache(temporary: str) -> tuple[Path, Any]:
    """The index folder SessionSearch looks in, and the patch that points XDG_CACHE_HOME at it."""
    xdg = Path(temporary) / 'xdg'
    return xdg / 'desk-browser', mock.patch.dict(os.environ, {'XDG_CACHE_HOME': str(xdg)})


def age_index(search: IndexedSearch) -> None:
    """Dates the index file in the past, so SessionSearch trusts it (a fresh one may be written)."""
    os.utime(search.index_path, (OLD_TIME, OLD_TIME))


def stop_after(calls: int) -> Callable[[], bool]:
    count = [0]

    def cancelled() -> bool:
        count[0] += 1
        return count[0] > calls

    return cancelled


# The index's choices (short keywords through the vocabulary or read in order, too many trigrams,
# too many combinations of keywords) are forced both ways, since small desks rarely reach them.
tunings = st.fixed_dictionaries(
    {
        'COMMON_SHARE': st.sampled_from([0, 50]),
        'MOST_TERMS': st.sampled_from([1, 256]),
        'MOST_SUBSETS': st.sampled_from([1, 64]),
        'SAMPLE_RECORDS': st.sampled_from([1, 512]),
    }
)


@EQUIVALENCE_SETTINGS
@given(
    days=desks,
    undated=undated_notes,
    query_list=queries,
    stop=st.integers(0, 4),
    tuning=tunings,
)
def test_every_search_answers_what_the_plain_scan_answers(
    days: dict[str, Any],
    undated: list[tuple[str, str, int]],
    query_list: list[tuple[str, int]],
    stop: int,
    tuning: dict[str, Any],
) -> None:
    with tempfile.TemporaryDirectory() as temporary, mock.patch.multiple(index_tuning, **tuning):
        desk = Path(temporary) / 'main'
        cache, environment = documented_cache(temporary)
        with environment:  # SessionSearch reads the index once it is there: both paths.
            write_desk(desk, days, undated)
            age_folders(desk)
            session = SessionSearch(desk)
            indexed = IndexedSearch(desk, cache_directory=cache, recheck_seconds=0)
            assert_same(desk, [session, indexed], query_list)  # Nothing indexed yet.
            indexed.build(cancelled=stop_after(stop))  # Part of the desk indexed.
            age_index(indexed)
            assert_same(desk, [session, indexed], query_list)
            indexed.build()
            age_index(indexed)
            assert indexed.status().complete
            assert_same(desk, [session, indexed], query_list)
            reopened = IndexedSearch(desk, cache_directory=cache, recheck_seconds=0)
            assert_same(desk, [reopened], query_list)
            indexed.close()
            reopened.close()


changes = st.lists(
    st.one_of(
        st.tuples(st.just('append'), st.sampled_from(DAYS), journal_lines),
        st.tuples(st.just('new day'), st.just('2026-10-21'), journal_lines),
        st.tuples(st.just('edit note'), st.sampled_from(DAYS), fragments),
        st.tuples(st.just('delete'), st.sampled_from(DAYS), st.sampled_from(['journal', 'note'])),
        st.tuples(st.just('summary'), st.sampled_from(DAYS), fragments),
    ),
    min_size=1,
    max_size=3,
)


def apply_change(desk: Path, change: tuple[str, str, Any], moment: float) -> None:
    action, day, content = change
    if action in ('append', 'new day'):
        path = desk / 'journal' / f'{day}.jsonl'
        old = path.read_bytes() if path.exists() else b''
        write_file(path, old + b''.join(line + b'\n' for line in content), moment)
    elif action == 'edit note':
        write_file(desk / 'notes' / f'{day}-a.md', encode(content), moment)
    elif action == 'summary':
        write_file(desk / 'sessions' / 'summaries' / f'{day}.md', encode(content), moment)
    elif content == 'journal':
        (desk / 'journal' / f'{day}.jsonl').unlink(missing_ok=True)
    else:
        for path in (desk / 'notes').glob(f'{day}-*.md'):
            path.unlink()


@EQUIVALENCE_SETTINGS
@given(days=desks, change_list=changes, query_list=queries, tuning=tunings)
def test_searches_stay_exact_after_the_desk_changes(
    days: dict[str, Any],
    change_list: list[tuple[str, str, Any]],
    query_list: list[tuple[str, int]],
    tuning: dict[str, Any],
) -> None:
    with tempfile.TemporaryDirectory() as temporary, mock.patch.multiple(index_tuning, **tuning):
        desk = Path(temporary) / 'main'
        cache, environment = documented_cache(temporary)
        with environment:  # SessionSearch reads the index: around the changes too.
            write_desk(desk, days, [])
            age_folders(desk)
            session = SessionSearch(desk)
            indexed = IndexedSearch(desk, cache_directory=cache, recheck_seconds=0)
            indexed.build()
            age_index(indexed)
            assert_same(desk, [session, indexed], query_list)
            for number, change in enumerate(change_list):
                apply_change(desk, change, LATER_TIME + number * 60)
                assert_same(desk, [session, indexed], query_list)  # Read around the stale index.
            indexed.build()
            assert indexed.status().complete
            assert_same(desk, [session, indexed], query_list)
            indexed.close()


# ---------------------------------------------------------------------------------------------
# A journal being written, read again after every append.

chunks = st.lists(
    st.one_of(
        journal_lines.map(lambda lines: b''.join(line + b'\n' for line in lines)),
        st.binary(max_size=12),  # Pieces of lines, a line's end arriving later.
        st.sampled_from([b'\xef\xbb\xbf', b'\n', b'{"type": "text", "text": "x"}']),
    ),
    min_size=1,
    max_size=8,
)


@EQUIVALENCE_SETTINGS
@given(pieces=chunks, bom=st.booleans(), rewrite_at=st.integers(0, 10))
def test_a_journal_read_as_it_grows_gives_what_a_whole_read_gives(
    pieces: list[bytes], bom: bool, rewrite_at: int
) -> None:
    with tempfile.TemporaryDirectory() as temporary:
        path = Path(temporary) / '2026-10-21.jsonl'
        path.write_bytes(b'\xef\xbb\xbf' if bom else b'')
        tail = index_tail.JournalTail(path, '2026-10-21')
        for number, piece in enumerate(pieces):
            if number == rewrite_at:
                path.write_bytes(piece + path.read_bytes()[len(piece) :])  # Not an append.
            else:
                with open(path, 'ab') as handle:
                    handle.write(piece)
            expected = day_records('2026-10-21', path, None, [])
            assert tail.records() == expected
            assert tail.records() == expected


@EQUIVALENCE_SETTINGS
@given(days=desks, growth=st.lists(journal_lines, min_size=1, max_size=4), query_list=queries)
def test_searches_read_a_journal_being_written_exactly(
    days: dict[str, Any],
    growth: list[list[bytes]],
    query_list: list[tuple[str, int]],
) -> None:
    with tempfile.TemporaryDirectory() as temporary:
        desk = Path(temporary) / 'main'
        write_desk(desk, days, [])
        session = SessionSearch(desk)
        indexed = IndexedSearch(desk, cache_directory=Path(temporary) / 'cache')
        indexed.build()
        journal = desk / 'journal' / '2026-10-21.jsonl'
        for lines in growth:  # Written now: every search reads it directly.
            with open(journal, 'ab') as handle:
                handle.write(b''.join(line + b'\n' for line in lines))
            assert_same(desk, [session, indexed], query_list)
        indexed.close()
