"""Scoped searches answer "filter the plain scan's records by the scope, then rank them".

The plain scan and what the journal records about each exchange (its session and backend) are
written out without the package in tests/helpers/plain_scan.
"""

from __future__ import annotations

import datetime
import json
import tempfile
from pathlib import Path
from typing import Any
from unittest import mock

from hypothesis import given
from hypothesis import strategies as st

from desk_browser.memory.index import tuning as index_tuning
from desk_browser.memory.index.search import IndexedSearch
from desk_browser.memory.search_scope import EVERYTHING, SearchScope, parse_query
from desk_browser.memory.session_search import snippet_of
from tests.helpers.plain_scan import as_reference, rank_reference, reference_scoped_records
from tests.memory.test_search_equivalence import (
    DAYS,
    EQUIVALENCE_SETTINGS,
    age_folders,
    fragments,
    queries,
    raw_lines,
    stop_after,
    tunings,
    undated_notes,
    write_desk,
    write_file,
)


def assert_scoped_same(
    desk: Path, search: IndexedSearch, scopes: list[SearchScope], query_list: list[Any]
) -> None:
    for scope in scopes:
        records = reference_scoped_records(desk, scope)
        for query, limit in query_list:
            expected = rank_reference(records, query, limit)
            result = search.search(query, limit, scope=scope)
            assert as_reference(result) == expected, (scope, query, limit)
            for hit in result.hits:
                assert hit.snippet == snippet_of(hit.record.text, result.words)
            every, full = rank_reference(records, query, None)
            totals = search.totals(query, scope=scope)
            assert (totals.hits, totals.matched_every_word) == (len(every), full), (scope, query)
            words = list(dict.fromkeys(query.lower().split()))
            missing = [
                word
                for word in words
                if not full and not any(word in text.lower() for _, _, text in records)
            ]
            assert totals.missing_words == missing, (scope, query)


session_events = st.one_of(
    st.builds(lambda text: {'type': 'trigger_received', 'time': 't', 'text': text}, fragments),
    st.builds(
        lambda text, backend: {'type': 'text', 'time': 't', 'text': text, 'backend': backend},
        fragments,
        st.sampled_from(['claude', 'codex', '', 7]),
    ),
    st.builds(lambda text: {'type': 'text', 'time': 't', 'text': text}, fragments),
    st.builds(
        lambda session: {'type': 'session_started', 'time': 't', 'session_id': session},
        st.sampled_from(['2026-10-19-1', '2026-10-19-2', '', None]),
    ),
    st.just({'type': 'session_ended', 'time': 't', 'session_id': '2026-10-19-1'}),
    st.builds(
        lambda kind, symbol: {'type': kind, 'time': 't', 'symbol': symbol},
        st.sampled_from(['order_placed', 'order_filled', 'risk_decision', 'tool_call']),
        fragments,
    ),
)
session_journals = st.lists(
    st.one_of(session_events.map(lambda event: json.dumps(event).encode()), raw_lines),
    max_size=10,
)
scoped_desks = st.dictionaries(
    st.sampled_from(DAYS),
    st.fixed_dictionaries(
        {
            'journal': st.one_of(st.none(), session_journals),
            'summary': st.one_of(st.none(), st.lists(fragments, max_size=2)),
            'notes': st.lists(st.tuples(st.sampled_from(['-a', '-b']), fragments), max_size=2),
        }
    ),
    min_size=1,
    max_size=4,
)
optional_days = st.one_of(st.none(), st.sampled_from(DAYS).map(datetime.date.fromisoformat))
search_scopes = st.builds(
    SearchScope,
    first_day=optional_days,
    last_day=optional_days,
    kinds=st.frozensets(st.sampled_from(['exchange', 'journal', 'summary', 'note', 'order'])),
    backends=st.one_of(st.just(frozenset()), st.frozensets(st.sampled_from(['claude', 'codex']))),
    sessions=st.one_of(
        st.just(frozenset()), st.frozensets(st.sampled_from(['2026-10-19-1', '2026-10-19-2']))
    ),
)


@EQUIVALENCE_SETTINGS
@given(
    days=scoped_desks,
    undated=undated_notes,
    query_list=queries,
    scopes=st.lists(search_scopes, min_size=1, max_size=3),
    stop=st.integers(0, 4),
    tuning=tunings,
)
def test_scoped_searches_answer_the_filtered_plain_scan(
    days: dict[str, Any],
    undated: list[tuple[str, str, int]],
    query_list: list[tuple[str, int]],
    scopes: list[SearchScope],
    stop: int,
    tuning: dict[str, Any],
) -> None:
    with tempfile.TemporaryDirectory() as temporary, mock.patch.multiple(index_tuning, **tuning):
        desk = Path(temporary) / 'main'
        write_desk(desk, days, undated)
        age_folders(desk)
        indexed = IndexedSearch(desk, cache_directory=Path(temporary) / 'cache', recheck_seconds=0)
        scopes = [EVERYTHING, *scopes]
        assert_scoped_same(desk, indexed, scopes, query_list)  # Nothing indexed yet.
        indexed.build(cancelled=stop_after(stop))
        assert_scoped_same(desk, indexed, scopes, query_list)
        indexed.build()
        assert_scoped_same(desk, indexed, scopes, query_list)
        indexed.close()


def journal_line(event: dict[str, Any]) -> bytes:
    return json.dumps(event).encode()


def small_desk(root: Path) -> Path:
    desk = root / 'main'
    lines = [
        {'type': 'session_started', 'time': 't', 'session_id': '2026-10-19-1'},
        {'type': 'trigger_received', 'time': 't', 'text': 'NIFTY gap'},
        {'type': 'text', 'time': 't', 'text': 'Holding.', 'backend': 'claude'},
        {'type': 'order_placed', 'time': 't', 'symbol': 'NIFTY'},
        {'type': 'session_ended', 'time': 't', 'session_id': '2026-10-19-1'},
        {'type': 'trigger_received', 'time': 't', 'text': 'nifty late'},
        {'type': 'text', 'time': 't', 'text': 'Flat.', 'backend': 'codex'},
    ]
    write_file(desk / 'journal' / '2026-10-19.jsonl', b'\n'.join(map(journal_line, lines)))
    write_file(
        desk / 'journal' / '2026-10-20.jsonl',
        journal_line({'type': 'trigger_received', 'time': 't', 'text': 'nifty rollover'}),
    )
    write_file(desk / 'notes' / '2026-10-20-nifty.md', b'NIFTY rollover note')
    age_folders(desk)
    return desk


def test_a_typed_scope_narrows_the_hits(tmp_path: Path) -> None:
    search = IndexedSearch(small_desk(tmp_path), cache_directory=tmp_path / 'cache')
    today = datetime.date(2026, 10, 21)

    def found(query: str) -> list[tuple[str, str, str]]:
        parsed = parse_query(query, today)
        result = search.search(parsed.words_text, 50, scope=parsed.scope)
        return [(hit.record.day, hit.record.kind, hit.record.text) for hit in result.hits]

    for _ in range(2):  # Read from the desk, then from the index.
        assert [day for day, _, _ in found('nifty')] == ['2026-10-20'] * 2 + ['2026-10-19'] * 3
        assert found('nifty day:2026-10-19 kind:exchange') == [
            ('2026-10-19', 'exchange', 'NIFTY gap\n\nHolding.'),
            ('2026-10-19', 'exchange', 'nifty late\n\nFlat.'),
        ]
        assert found('nifty day:yesterday kind:note') == [
            ('2026-10-20', 'note', 'NIFTY rollover note')
        ]
        assert [text for _, _, text in found('nifty backend:codex')] == ['nifty late\n\nFlat.']
        assert [text for _, _, text in found('nifty session:2026-10-19-1')] == [
            'NIFTY gap\n\nHolding.'
        ]
        assert found('nifty kind:action') == [
            ('2026-10-19', 'journal', 'order_placed\nsymbol: NIFTY')
        ]
        assert found('nifty day:..2026-10-18') == []
        search.build()


def test_kind_order_holds_the_order_events_and_risk_decisions_only(tmp_path: Path) -> None:
    desk = tmp_path / 'main'
    lines: list[dict[str, Any]] = [
        {'type': 'trigger_received', 'time': 't', 'text': 'NIFTY gap'},
        {'type': 'tool_call', 'time': 't', 'tool': 'get_quote', 'input': {'symbol': 'NIFTY'}},
        {'type': 'risk_decision', 'time': 't', 'decision': 'rejected', 'symbol': 'NIFTY'},
        {'type': 'order_placed', 'time': 't', 'order_id': 7731, 'symbol': 'NIFTY'},
        {'type': 'order_filled', 'time': 't', 'order_id': 7731, 'symbol': 'NIFTY'},
        {'type': 'order_cancelled', 'time': 't', 'order_id': 7732, 'symbol': 'NIFTY'},
        {'type': 'order_amended', 'time': 't', 'order_id': 7733, 'symbol': 'NIFTY'},
    ]
    write_file(desk / 'journal' / '2026-10-19.jsonl', b'\n'.join(map(journal_line, lines)))
    age_folders(desk)
    search = IndexedSearch(desk, cache_directory=tmp_path / 'cache')
    today = datetime.date(2026, 10, 21)
    for _ in range(2):  # Read from the desk, then from the index.
        parsed = parse_query('nifty kind:order', today)
        result = search.search(parsed.words_text, 50, scope=parsed.scope)
        assert [hit.record.text.split('\n')[0] for hit in result.hits] == [
            'risk_decision',
            'order_placed',
            'order_filled',
            'order_cancelled',
        ]
        assert search.totals(parsed.words_text, scope=parsed.scope).hits == 4
        both = parse_query('nifty kind:order,action', today)
        assert len(search.search(both.words_text, 50, scope=both.scope).hits) == 6
        search.build()
    search.close()


def test_totals_count_every_hit_and_name_the_missing_words(tmp_path: Path) -> None:
    search = IndexedSearch(small_desk(tmp_path), cache_directory=tmp_path / 'cache')
    for _ in range(2):
        totals = search.totals('nifty')
        assert (totals.hits, totals.matched_every_word, totals.missing_words) == (5, True, [])
        totals = search.totals('nifty qwxz rollover')
        assert (totals.hits, totals.matched_every_word, totals.missing_words) == (
            5,
            False,
            ['qwxz'],
        )
        scope = SearchScope(kinds=frozenset({'exchange'}), backends=frozenset({'claude'}))
        totals = search.totals('rollover', scope=scope)
        assert (totals.hits, totals.missing_words) == (0, ['rollover'])
        search.build()


def test_suggestions_come_from_the_newest_records(tmp_path: Path) -> None:
    search = IndexedSearch(small_desk(tmp_path), cache_directory=tmp_path / 'cache')
    assert search.suggestions(['rollver', 'qwxz', 'nifyt']) == {
        'rollver': 'rollover',
        'nifyt': 'nifty',
    }
    search.build()
    fresh = IndexedSearch(small_desk(tmp_path), cache_directory=tmp_path / 'cache')
    assert fresh.suggestions(['holdng']) == {'holdng': 'holding'}
