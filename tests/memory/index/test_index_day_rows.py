"""A day's rows (rows.day_rows) are what the documented pieces make, one record at a time.

day_rows takes shortcuts (one look for unsafe characters over the whole day, one hash of all
the rows at once); these tests compare it on random days with the rows, grams and digest made
from stored_text, grams_text and a BLAKE2b updated once a row, as the index has always held them.
"""

from __future__ import annotations

import hashlib

from hypothesis import given, settings
from hypothesis import strategies as st

from desk_browser.memory.exchange_facts import ExchangeFacts
from desk_browser.memory.index import keys
from desk_browser.memory.index import rows as index_rows
from desk_browser.memory.index import texts as index_texts

DAY = '2026-10-21'

texts = st.text(alphabet='aB é日\x00\x01\x08\t\n\ud800\udfffİ', max_size=8)
records = st.lists(st.tuples(st.sampled_from(keys.KINDS), texts), max_size=10)
facts = st.lists(st.builds(ExchangeFacts, st.none() | texts, st.none() | texts), max_size=4)

safe_texts = st.text(alphabet='aB é日\t\nİ:', max_size=8)
# Kinds in id order, as read_day gives them: day_rows' quick path when no text is unsafe.
sorted_records = st.lists(
    st.tuples(st.sampled_from(keys.KINDS), safe_texts | texts), max_size=12
).map(lambda day: sorted(day, key=lambda record: keys.KINDS.index(record[0])))


def _fact(value: bytes | None) -> bytes:
    return b'\xff' if value is None else len(value).to_bytes(8, 'big') + value


def _documented(
    records: list[tuple[str, str]], facts: list[ExchangeFacts]
) -> tuple[list[index_rows.RecordRow], list[tuple[int, str]], str, list[str]]:
    positions = dict.fromkeys(keys.KINDS, 0)
    rows: list[index_rows.RecordRow] = []
    grams = []
    for kind, text in records:
        position = positions[kind]
        positions[kind] = position + 1
        identifier = keys.record_id(keys.day_ordinal(DAY), keys.KINDS.index(kind), position)
        session, backend = (
            facts[position] if kind == 'exchange' and position < len(facts) else (None, None)
        )
        rows.append(
            (
                identifier,
                index_texts.stored_text(text),
                None if session is None else index_texts.stored_text(session),
                None if backend is None else index_texts.stored_text(backend),
            )
        )
        grams.append((identifier, index_texts.grams_text(text.lower(), kind, session, backend)))
    rows.sort(key=lambda row: row[0])
    digest = hashlib.blake2b(digest_size=16)
    for identifier, stored, *facts_stored in rows:
        session_stored, backend_stored = facts_stored
        data = index_texts.stored_bytes(stored)
        digest.update(identifier.to_bytes(8, 'big') + len(data).to_bytes(8, 'big') + data)
        session_bytes = index_texts.fact_bytes(session_stored)
        backend_bytes = index_texts.fact_bytes(backend_stored)
        digest.update(_fact(session_bytes) + _fact(backend_bytes))
    return rows, grams, digest.hexdigest(), [text.lower() for _, text in records]


@settings(max_examples=500, deadline=None)
@given(st.one_of(records, sorted_records), facts)
def test_day_rows_are_the_documented_rows_grams_and_digest(
    day_records: list[tuple[str, str]], day_facts: list[ExchangeFacts]
) -> None:
    rows, lowered = index_rows.day_rows(DAY, day_records, day_facts)
    assert (rows.records, rows.grams, rows.digest, lowered) == _documented(day_records, day_facts)


def test_a_known_day_keeps_the_digest_older_code_gave_it() -> None:
    rows, _ = index_rows.day_rows(
        DAY, [('exchange', 'Hi'), ('note', 'n\x00')], [ExchangeFacts('s', None)]
    )
    assert rows.digest == '082678626aec457bdd567ad83d16afd0'  # As main at 2085bfa made it.


@settings(max_examples=300, deadline=None)
@given(texts)
def test_the_quick_look_for_unsafe_characters_is_the_expressions(text: str) -> None:
    assert index_texts.is_safe(text) == (index_texts._UNSAFE_CHARACTERS.search(text) is None)


def test_a_known_plain_day_keeps_the_digest_older_code_gave_it() -> None:
    records = [('exchange', 'Hi'), ('exchange', 'there'), ('journal', 'a'), ('note', 'é')]
    rows, _ = index_rows.day_rows(
        DAY, records, [ExchangeFacts('s', None), ExchangeFacts(None, 'claude')]
    )
    assert rows.digest == '44359957f1c4a765d141f0d93b7aefd2'  # As main at fdec6bf made it.
