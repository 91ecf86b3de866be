"""A day's records as the index's tables hold them, made ready away from the writer, and digests.

The digest covers the ids and stored bytes, so bytes changed under SQLite are caught by a scrub.
"""

from __future__ import annotations

import dataclasses
import hashlib
import struct
from collections.abc import Iterable, Sequence
from itertools import chain, repeat

from desk_browser.memory.exchange_facts import FACT_NAMES, ExchangeFacts
from desk_browser.memory.index.keys import KIND_NUMBERS, KIND_SHIFT, KINDS, day_part
from desk_browser.memory.index.texts import (
    KIND_MARKS,
    PADDING,
    fact_bytes,
    fact_marks,
    grams_text,
    holds_low_characters,
    is_safe,
    stored_text,
)

_FACT_COUNT = len(FACT_NAMES)
UNKNOWN_FACTS = (None,) * _FACT_COUNT
"""A row's fact columns when none is known (every record that is not an exchange)."""
_ABSENT = b'\xff'  # What an unknown fact counts as in a digest: no length starts with it.
_NO_FACTS = _ABSENT * _FACT_COUNT
_ID_AND_LENGTH = struct.Struct('>QQ')  # A digest's id and length, as 8 bytes each, big-endian.

DigestRow = tuple[int, bytes, *tuple[bytes | None, ...]]
"""A record as digested: id, stored bytes, and each fact column's bytes (None when unknown)."""

RecordRow = tuple[int, str | bytes, *tuple[str | bytes | None, ...]]
"""A records table's row: id, stored text, and the fact columns (search_scope.FACT_COLUMNS:
stored_text, None when unknown). A plain tuple, as SQLite takes and gives it."""


def digest_of(rows: Iterable[DigestRow]) -> str:
    """The digest of a day's records, in id order: a 16-byte BLAKE2b, in hexadecimal."""
    # Hashed at once: the same digest as one update a row, without a call a row.
    pieces: list[bytes] = []
    add = pieces.append
    pack = _ID_AND_LENGTH.pack
    known: dict[tuple[bytes | None, ...], bytes] = {}  # A day names a few sessions and backends.
    for row in rows:
        data = row[1]
        add(pack(row[0], len(data)))
        add(data)
        if row.count(None) == _FACT_COUNT:  # Only facts can be None; most rows know none.
            add(_NO_FACTS)
            continue
        facts = row[2:]
        piece = known.get(facts)
        if piece is None:
            piece = known[facts] = _facts(facts)
        add(piece)
    return hashlib.blake2b(b''.join(pieces), digest_size=16).hexdigest()


def _fact(value: bytes | None) -> bytes:
    """A fact as a digest takes it: its length and bytes, or a marker byte when unknown."""
    return _ABSENT if value is None else len(value).to_bytes(8, 'big') + value


def _facts(values: tuple[bytes | None, ...]) -> bytes:
    """An exchange's fact columns as a digest takes them."""
    return b''.join(map(_fact, values))


def _stored_facts(facts: ExchangeFacts) -> tuple[str | bytes | None, ...]:
    """An exchange's facts as the records table stores them."""
    return tuple(None if value is None else stored_text(value) for value in facts)


@dataclasses.dataclass
class DayRows:
    """A day's records as the index's tables hold them, made ready away from the writer.

    Attributes:
        records (list[RecordRow]): The records table's rows, in id order.
        grams (list[tuple[int, str]]): The trigram table's rows: id and text to index.
        digest (str): The day's digest (digest_of).
        words (bytes): The day's vocabulary words and their counts (vocabulary.packed_words).
    """

    records: list[RecordRow]
    grams: list[tuple[int, str]]
    digest: str
    words: bytes = b''


def _first(row: tuple[int, *tuple[object, ...]]) -> int:
    """A row's id, to sort rows by."""
    return row[0]


def day_rows(
    day: str,
    records: Sequence[tuple[str, str]],
    facts: Sequence[ExchangeFacts] = (),
) -> tuple[DayRows, list[str]]:
    """A day's rows as the tables hold them.

    Args:
        day (str): The day.
        records (Sequence[tuple[str, str]]): Each record's kind and text, in the search's order.
        facts (Sequence[ExchangeFacts]): The facts of each of the day's exchanges, in order.

    Returns:
        tuple[DayRows, list[str]]: The rows (words empty), and each record's lowered text.
    """
    day_bits = day_part(day)  # As record_id makes ids.
    lowered_texts = [text.lower() for _, text in records]
    # One look for the characters grams_text replaces, over the whole day: most days hold none,
    # and each record's text is then its grams' text as it is.
    joined = ' '.join(lowered_texts)
    kind_numbers = KIND_NUMBERS
    kinds = [kind_numbers[kind] for kind, _ in records]
    if kinds == sorted(kinds) and not holds_low_characters(joined):
        # A day as read_day gives it (kinds in id order), with no NUL or mark character.
        quick = _plain_day_rows(day_bits, records, lowered_texts, kinds, facts)
        if quick is not None:
            return quick, lowered_texts
    plain = is_safe(joined)
    positions = [0] * len(KINDS)
    rows: list[RecordRow] = []
    digested: list[DigestRow] = []
    grams = []
    kind_marks = KIND_MARKS
    fact_count = len(facts)
    for (kind, text), lowered in zip(records, lowered_texts, strict=True):
        kind_index = kind_numbers[kind]
        position = positions[kind_index]
        positions[kind_index] = position + 1
        identifier = day_bits | (kind_index << KIND_SHIFT) | position
        try:  # Encoded once, for the table and for the digest.
            data = text.encode('utf-8')
            stored: str | bytes = text
        except UnicodeEncodeError:
            data = text.encode('utf-8', 'surrogatepass')
            stored = data
        if kind_index == 0 and position < fact_count:
            fact = facts[position]
            stored_facts = _stored_facts(fact)
            rows.append((identifier, stored, *stored_facts))
            digested.append((identifier, data, *map(fact_bytes, stored_facts)))
            grams.append((identifier, grams_text(lowered, kind, *fact)))
        else:  # No facts: the common case, without the calls that would find none.
            rows.append((identifier, stored, *UNKNOWN_FACTS))
            digested.append((identifier, data, *UNKNOWN_FACTS))
            if plain:  # As grams_text makes it, without its look for characters to replace.
                grams.append((identifier, lowered + PADDING + kind_marks[kind]))
            else:
                grams.append((identifier, grams_text(lowered, kind)))
    rows.sort(key=_first)
    digested.sort(key=_first)
    digest = digest_of(digested)
    return DayRows(records=rows, grams=grams, digest=digest), lowered_texts


_FactPieces = tuple[tuple[str | bytes | None, ...], bytes, str]
"""An exchange's facts as stored, as digested, and as marked (_plain_day_rows)."""


def _plain_day_rows(
    day_bits: int,
    records: Sequence[tuple[str, str]],
    lowered_texts: list[str],
    kinds: list[int],
    facts: Sequence[ExchangeFacts],
) -> DayRows | None:
    """day_rows' rows for a usual day (records in id order, no NUL or mark), by C loops.

    Returns:
        DayRows | None: What day_rows makes; None when a text holds a lone surrogate.
    """
    texts = [text for _, text in records]
    try:
        data = [text.encode('utf-8') for text in texts]
    except UnicodeEncodeError:
        return None
    identifiers: list[int] = []
    for kind_index in range(len(KINDS)):
        first = day_bits | (kind_index << KIND_SHIFT)
        identifiers += range(first, first + kinds.count(kind_index))
    nones = [repeat(None)] * _FACT_COUNT
    rows: list[RecordRow] = list(zip(identifiers, texts, *nones, strict=False))
    marks = [KIND_MARKS[kind] for kind in KINDS]
    grams = [
        (identifier, lowered + PADDING + marks[kind])
        for identifier, lowered, kind in zip(identifiers, lowered_texts, kinds, strict=True)
    ]
    digested_facts = [_NO_FACTS] * len(rows)
    exchanges = min(kinds.count(0), len(facts))  # The first records: exchange 0 comes first.
    # A day's exchanges name a few sessions and backends: each one's pieces are made once.
    pieces_of_facts: dict[ExchangeFacts, _FactPieces] = {}
    for position in range(exchanges):
        fact = facts[position]
        if fact == UNKNOWN_FACTS:
            continue
        pieces = pieces_of_facts.get(fact)
        if pieces is None:
            stored_facts = _stored_facts(fact)
            fact_stream = _facts(tuple(map(fact_bytes, stored_facts)))
            pieces = (stored_facts, fact_stream, fact_marks(*fact))
            pieces_of_facts[fact] = pieces
        identifier = identifiers[position]
        rows[position] = (identifier, texts[position], *pieces[0])
        digested_facts[position] = pieces[1]
        grams[position] = (identifier, grams[position][1] + pieces[2])
    heads = map(_ID_AND_LENGTH.pack, identifiers, map(len, data))
    stream = b''.join(chain.from_iterable(zip(heads, data, digested_facts, strict=True)))
    digest = hashlib.blake2b(stream, digest_size=16).hexdigest()
    return DayRows(records=rows, grams=grams, digest=digest)
