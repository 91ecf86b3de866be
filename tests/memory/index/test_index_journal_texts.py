"""The build's one-pass journal reading gives exactly the documented records and exchange facts.

journal_texts (index/journal_texts.py) is compared on random journals with what the documented
path gives: desk_files.read_journal_day, session_search.exchange_records/action_records and
exchange_facts.day_exchange_facts. compact_json's own writing of numbers, booleans and null is
compared with json.dumps, and so is its own writing of dicts and lists (any nesting, keys of
any type, tuples, huge integers, special floats inside).
"""

from __future__ import annotations

import json
import math
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from desk_browser.memory import desk_files, json_text, session_search
from desk_browser.memory.exchange_facts import day_exchange_facts
from desk_browser.memory.index.days import DeskDay
from desk_browser.memory.index.journal_texts import day_records, journal_texts

DAY = '2026-10-21'
TEXTS_SETTINGS = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**25), 10**25),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(alphabet='ab é日"\\\n\x00\u2028\x7f\ud800', max_size=6),
)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=6,
)
names = st.sampled_from(
    [
        'trigger_received',
        'text',
        'session_started',
        'session_ended',
        'tool_call',
        'tool_result',
        'order_placed',
    ]
)
field_names = st.sampled_from(['text', 'backend', 'session_id', 'tool', 'time', 'input', 'q'])
tools = st.sampled_from(['search_sessions', 'get_quote', 7])
objects = st.builds(
    lambda event_type, fields, tool: {
        **({} if event_type is None else {'type': event_type}),
        **fields,
        **({} if tool is None else {'tool': tool}),
    },
    st.one_of(names, st.none(), st.integers(0, 3)),
    st.dictionaries(field_names, values, max_size=4),
    st.one_of(st.none(), tools),
)
lines = st.one_of(
    objects.map(json.dumps).map(str.encode),  # Escaped: lone surrogates read back as text.
    objects.map(
        lambda value: json.dumps(value, ensure_ascii=False).encode('utf-8', 'surrogatepass')
    ),
    st.sampled_from([b'{"type": "text", "text": "cut', b'\xff\xfe', b'[1]', b'', b'{"a": 1e400}']),
)


def _documented(path: Path) -> tuple[list[str], list[str], list[tuple[str | None, str | None]]]:
    journal_day = desk_files.read_journal_day(path, DAY)
    exchanges = [
        record.text for record in session_search.exchange_records(DAY, journal_day.exchanges)
    ]
    actions = [record.text for record in session_search.action_records(DAY, journal_day.actions)]
    facts = [(fact.session_id, fact.backend) for fact in day_exchange_facts(journal_day)]
    return exchanges, actions, facts


@TEXTS_SETTINGS
@given(st.lists(lines, max_size=12))
def test_journal_texts_equal_the_documented_records_and_facts(journal: list[bytes]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f'{DAY}.jsonl'
        path.write_bytes(b'\n'.join(journal) + b'\n')
        texts = journal_texts(path)
        assert (texts.exchanges, texts.actions, texts.facts) == _documented(path)
        summary = Path(folder) / 'summary.md'
        summary.write_text('A paragraph.\n\nAnother one.\n', encoding='utf-8')
        desk_day = DeskDay(DAY, path, summary, (summary,))
        assert day_records(desk_day) == session_search.day_records(DAY, path, summary, [summary])


def test_journal_texts_of_a_missing_file_are_empty(tmp_path: Path) -> None:
    texts = journal_texts(tmp_path / f'{DAY}.jsonl')
    assert (texts.exchanges, texts.actions, texts.facts) == ([], [], [])


def _reference_json(value: Any) -> str:
    try:
        return json.dumps(value, ensure_ascii=False, separators=(',', ':'))
    except (ValueError, TypeError, RecursionError):
        return repr(value)


@settings(max_examples=300, deadline=None)
@given(values)
def test_compact_json_writes_what_json_dumps_writes(value: Any) -> None:
    assert json_text.compact_json(value) == _reference_json(value)


def test_compact_json_of_special_floats_is_what_json_dumps_writes() -> None:
    for value in (math.nan, math.inf, -math.inf, -0.0, 1e16, 1e-7, 0.1, 2.5e300):
        assert json_text.compact_json(value) == _reference_json(value)


containers = st.recursive(
    scalars | st.sampled_from([10**999, -(10**999), 10**1000, 10**1200, (1, 'a')]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text(alphabet='ab é"\\\n\x01\ud800', max_size=3), inner, max_size=4)
        | st.dictionaries(st.integers(0, 3) | st.none() | st.booleans(), inner, max_size=2)
    ),
    max_leaves=12,
)


@settings(max_examples=400, deadline=None)
@given(containers)
def test_compact_json_writes_containers_as_json_dumps_writes_them(value: Any) -> None:
    assert json_text.compact_json(value) == _reference_json(value)


def test_compact_json_of_deep_and_circular_containers_is_what_json_dumps_writes() -> None:
    deep: list[Any] = []
    for _ in range(800):  # Parsed JSON nests at most about 1000 deep.
        deep = [deep]
    circular: dict[str, Any] = {'a': 1}
    circular['self'] = circular
    examples: list[Any] = [[[[]]] * 3, deep, circular, {'a': [1.5, {'b': math.nan}]}]
    for value in examples:
        assert json_text.compact_json(value) == _reference_json(value)
