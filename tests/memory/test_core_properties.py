"""Property tests: whatever bytes the desk's files hold, reading and searching never raise."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from desk_browser.memory.desk_files import read_journal_day, read_text
from desk_browser.memory.session_search import (
    SearchHit,
    SearchRecord,
    SessionSearch,
    rank,
    snippet_of,
    words_of,
)
from desk_browser.memory.session_store import Exchange, SessionStore, read_exchange_log
from tests.helpers import strategies

PROPERTY_SETTINGS = settings(max_examples=60, deadline=None)

texts = st.text(max_size=20)
json_values = strategies.json_values(texts, special_floats=False, width=3, key_size=5, max_leaves=8)
exchange_dictionaries = st.fixed_dictionaries(
    {'trigger_text': texts, 'answer': texts, 'backend_name': texts, 'finished_at': texts}
)
event_types = st.sampled_from(
    ['trigger_received', 'text', 'tool_call', 'tool_result', 'order_placed', 'risk_decision']
) | st.text(min_size=1, max_size=8)
event_dictionaries = st.builds(
    lambda event_type, time, fields: {'type': event_type, 'time': time, **fields},
    event_types,
    texts,
    st.dictionaries(
        st.text(max_size=6).filter(lambda key: key not in ('type', 'time')),
        json_values,
        max_size=4,
    ),
)


def encode(data: dict[str, Any]) -> bytes:
    return json.dumps(data, ensure_ascii=False).encode('utf-8')


def parsed(line: bytes) -> Any:
    try:
        return json.loads(line.decode('utf-8'))
    except (ValueError, RecursionError):
        return None


def is_exchange_line(line: bytes) -> bool:
    data = parsed(line)
    return isinstance(data, dict) and all(
        isinstance(data.get(field), str)
        for field in ('trigger_text', 'answer', 'backend_name', 'finished_at')
    )


def is_event_line(line: bytes) -> bool:
    data = parsed(line)
    return isinstance(data, dict) and isinstance(data.get('type'), str)


def garbage_lines(good: st.SearchStrategy[dict[str, Any]]) -> st.SearchStrategy[bytes]:
    """Arbitrary bytes, good lines cut short, and good lines with bytes spliced in."""
    arbitrary = st.binary(max_size=40)
    cut_short = st.tuples(good, st.integers(min_value=0, max_value=200)).map(
        lambda pair: encode(pair[0])[: pair[1]]
    )
    spliced = st.tuples(good, st.integers(min_value=0, max_value=200), st.binary(max_size=4)).map(
        lambda triple: encode(triple[0])[: triple[1]] + triple[2] + encode(triple[0])[triple[1] :]
    )
    return (arbitrary | cut_short | spliced).map(lambda line: line.replace(b'\n', b''))


def mixed_lines(
    good: st.SearchStrategy[dict[str, Any]], is_good_line: Any
) -> st.SearchStrategy[list[tuple[dict[str, Any] | None, bytes]]]:
    good_entries = good.map(lambda data: (data, encode(data)))
    bad_entries = garbage_lines(good).filter(lambda line: not is_good_line(line))
    return st.lists(
        good_entries | bad_entries.map(lambda line: (None, line)),
        max_size=12,
    )


def joined(entries: list[tuple[Any, bytes]], final_newline: bool) -> bytes:
    content = b'\n'.join(line for _, line in entries)
    return content + b'\n' if final_newline and entries else content


@PROPERTY_SETTINGS
@given(entries=mixed_lines(exchange_dictionaries, is_exchange_line), final_newline=st.booleans())
def test_reading_a_log_never_raises_and_keeps_every_well_formed_line(
    entries: list[tuple[dict[str, Any] | None, bytes]], final_newline: bool
) -> None:
    expected = [Exchange(**data) for data, _ in entries if data is not None]
    with tempfile.TemporaryDirectory() as folder:
        sessions = Path(folder) / 'sessions'
        sessions.mkdir()
        path = sessions / '2026-10-19-1.jsonl'
        path.write_bytes(joined(entries, final_newline))
        assert read_exchange_log(path, []) == expected
        assert SessionStore(sessions).exchanges('2026-10-19-1') == expected


@PROPERTY_SETTINGS
@given(
    entries=mixed_lines(exchange_dictionaries, is_exchange_line),
    added=exchange_dictionaries,
)
def test_append_exchange_after_any_log_content_is_read_back(
    entries: list[tuple[dict[str, Any] | None, bytes]], added: dict[str, Any]
) -> None:
    expected = [Exchange(**data) for data, _ in entries if data is not None]
    with tempfile.TemporaryDirectory() as folder:
        sessions = Path(folder)
        (sessions / 's.jsonl').write_bytes(joined(entries, final_newline=False))
        store = SessionStore(sessions)
        store.append_exchange('s', Exchange(**added))
        assert store.exchanges('s') == [*expected, Exchange(**added)]


@PROPERTY_SETTINGS
@given(entries=mixed_lines(event_dictionaries, is_event_line), final_newline=st.booleans())
def test_reading_a_journal_never_raises_and_keeps_every_well_formed_line(
    entries: list[tuple[dict[str, Any] | None, bytes]], final_newline: bool
) -> None:
    expected = [data for data, _ in entries if data is not None]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / '2026-10-19.jsonl'
        path.write_bytes(joined(entries, final_newline))
        day = read_journal_day(path, '2026-10-19', [])
    assert [
        {'type': event.type, 'time': event.time, **event.fields} for event in day.events
    ] == expected
    triggers = [event for event in day.events if event.type == 'trigger_received']
    assert [exchange.trigger for exchange in day.exchanges] == triggers
    answered = sum(len(exchange.texts) for exchange in day.exchanges)
    assert len(triggers) + answered + len(day.actions) == len(day.events)


@PROPERTY_SETTINGS
@given(content=st.binary(max_size=200))
def test_reading_any_text_file_never_raises(content: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / 'note.md'
        path.write_bytes(content)
        text = read_text(path, [])
    assert text is not None
    assert text == content.removeprefix(b'\xef\xbb\xbf').decode('utf-8', errors='replace')


@PROPERTY_SETTINGS
@given(
    journal=mixed_lines(event_dictionaries, is_event_line),
    summary=st.binary(max_size=100),
    note=st.binary(max_size=100),
    query=st.text(max_size=12),
    limit=st.integers(min_value=-2, max_value=8),
)
def test_search_on_any_desk_never_raises(
    journal: list[tuple[Any, bytes]],
    summary: bytes,
    note: bytes,
    query: str,
    limit: int,
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        desk = Path(folder)
        (desk / 'journal').mkdir()
        (desk / 'journal' / '2026-10-19.jsonl').write_bytes(joined(journal, True))
        (desk / 'sessions' / 'summaries').mkdir(parents=True)
        (desk / 'sessions' / 'summaries' / '2026-10-18.md').write_bytes(summary)
        (desk / 'notes').mkdir()
        (desk / 'notes' / 'any.md').write_bytes(note)
        result = SessionSearch(desk).search(query, limit)
    assert result.words == words_of(query)
    assert len(result.hits) <= max(limit, 0)
    for hit in result.hits:
        assert 1 <= hit.matched_words <= len(result.words)
        if result.matched_every_word:
            assert hit.matched_words == len(result.words)


def reference_rank(records: list[SearchRecord], words: list[str], limit: int) -> list[SearchHit]:
    """The search rules written the slow, obvious way."""
    scored = []
    for record in records:
        matched = sum(1 for word in words if word in record.text.lower())
        if matched:
            scored.append((matched, record))
    full = [(matched, record) for matched, record in scored if matched == len(words)]
    chosen = full or sorted(scored, key=lambda pair: -pair[0])
    return [
        SearchHit(record, matched, snippet_of(record.text, words))
        for matched, record in chosen[: max(limit, 0)]
    ]


@PROPERTY_SETTINGS
@given(
    texts_of_records=st.lists(st.text(alphabet='abAB c\n', max_size=12), max_size=15),
    query=st.text(alphabet='abAB c', max_size=6),
    limit=st.integers(min_value=-1, max_value=6),
)
def test_rank_keeps_the_search_rules(texts_of_records: list[str], query: str, limit: int) -> None:
    records = [
        SearchRecord(day=f'2026-10-{30 - index:02d}', kind='note', text=text)
        for index, text in enumerate(texts_of_records)
    ]
    words = words_of(query)
    result = rank(records, words, limit)
    expected = reference_rank(records, words, limit) if words else []
    assert result.hits == expected
    assert result.matched_every_word == (
        bool(expected) and all(hit.matched_words == len(words) for hit in expected)
    )


@PROPERTY_SETTINGS
@given(text=st.text(max_size=400), words=st.lists(st.text(min_size=1, max_size=4), max_size=3))
def test_snippet_of_any_text_never_raises_and_folds_white_space(
    text: str, words: list[str]
) -> None:
    keywords = [word for word in words_of(' '.join(words))]
    snippet = snippet_of(text, keywords)
    core = snippet.removeprefix('…').removesuffix('…')
    assert core in ' '.join(text.split())
    assert '  ' not in snippet
