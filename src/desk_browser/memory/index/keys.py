"""How the index keys and holds records: ids that sort as the search ranks, text as stored.

A record's id packs its day (newest first), its kind (exchanges, actions, summary paragraphs,
notes) and its place among the day's records of that kind, so reading ids in order visits
records exactly in the order the search returns them. Texts are kept as UTF-8 where they can
be, and the trigram table gets a lowered copy that FTS5 can hold (see grams_text). Each day's
digest (digest_of) covers its records' ids and stored bytes, so an index whose bytes changed
under SQLite (a flipped bit on disk, a tool that edited the file) is caught.

Typical usage example:

    identifier = record_id(day_ordinal('2026-10-20'), KINDS.index('note'), 0)
    assert kind_of(identifier) == 'note'
"""

from __future__ import annotations

import dataclasses
import datetime
import functools
import hashlib
import re
import struct
import zlib
from collections.abc import Iterable, Sequence
from itertools import chain, repeat

KINDS = ('exchange', 'journal', 'summary', 'note')
"""Record kinds, in the order the search returns them within a day."""

_DAY_SHIFT = 32
_KIND_SHIFT = 28
_LAST_ORDINAL = 4_000_000  # Above datetime.date.max.toordinal().
MAX_POSITION = (1 << _KIND_SHIFT) - 1
"""The most records of one kind that one indexed day can hold."""
_UNSAFE_CHARACTERS = re.compile('[\x00-\x08\ud800-\udfff]')
_REPLACEMENT = '\ufffd'
_PADDING = '  '
_MARK_CHARACTERS = ''.join(chr(code) for code in range(1, 9))
"""The characters of the marks (see grams_text): no indexed text or keyword holds them."""
_KIND_MARK, _SESSION_MARK, _BACKEND_MARK = '\x01', '\x02', '\x03'
_ABSENT = b'\xff'  # What an unknown fact counts as in a digest: no length starts with it.
_NO_FACTS = _ABSENT + _ABSENT
_ID_AND_LENGTH = struct.Struct('>QQ')  # A digest's id and length, as 8 bytes each, big-endian.


def day_ordinal(day: str) -> int:
    """Turns a day into a number that orders days.

    Args:
        day (str): YYYY-MM-DD, or "" (notes whose day cannot be found), which comes last.

    Returns:
        int: The date's ordinal; 0 for "" or anything that is not a date.
    """
    try:
        return datetime.date.fromisoformat(day).toordinal() if day else 0
    except ValueError:
        return 0


def record_id(ordinal: int, kind: int, position: int) -> int:
    """The id of a record, which sorts records in the order the search returns them.

    Args:
        ordinal (int): The day's ordinal (day_ordinal).
        kind (int): The kind's place in KINDS.
        position (int): The record's place among the day's records of that kind.

    Returns:
        int: The id.
    """
    return ((_LAST_ORDINAL - ordinal) << _DAY_SHIFT) | (kind << _KIND_SHIFT) | position


def day_range(day: str) -> tuple[int, int]:
    """The ids a day's records can have.

    Args:
        day (str): The day.

    Returns:
        tuple[int, int]: The lowest and highest id, inclusive.
    """
    low = (_LAST_ORDINAL - day_ordinal(day)) << _DAY_SHIFT
    return low, low + (1 << _DAY_SHIFT) - 1


def ordinal_of(identifier: int) -> int:
    """The day ordinal of the record with this id.

    Args:
        identifier (int): The record's id.

    Returns:
        int: The ordinal (day_ordinal) of its day.
    """
    return _LAST_ORDINAL - (identifier >> _DAY_SHIFT)


def kind_of(identifier: int) -> str:
    """The kind of the record with this id.

    Args:
        identifier (int): The record's id.

    Returns:
        str: The kind.
    """
    return KINDS[(identifier >> _KIND_SHIFT) & 0xF]


def kind_sql(column: str, kinds: frozenset[str]) -> str:
    """An SQL condition that holds for the ids of records of some kinds.

    Args:
        column (str): The column holding record ids.
        kinds (frozenset[str]): The kinds (from KINDS).

    Returns:
        str: Such as "((rowid >> 28) & 15) IN (0,3)".
    """
    numbers = ','.join(str(number) for number, kind in enumerate(KINDS) if kind in kinds)
    return f'(({column} >> {_KIND_SHIFT}) & 15) IN ({numbers})'


def position_of(identifier: int) -> int:
    """The place of the record with this id among its day's records of its kind.

    Args:
        identifier (int): The record's id.

    Returns:
        int: The place, from 0.
    """
    return identifier & MAX_POSITION


def _mark(kind_of_mark: str, value: int) -> str:
    """A mark: a trigram of the mark characters alone.

    Args:
        kind_of_mark (str): What it marks (a kind, a session, a backend): its first character.
        value (int): Which one, 0 to 63.

    Returns:
        str: The three characters.
    """
    return kind_of_mark + _MARK_CHARACTERS[value // 8 % 8] + _MARK_CHARACTERS[value % 8]


_KIND_MARKS = {kind: _mark(_KIND_MARK, number) for number, kind in enumerate(KINDS)}
_KIND_NUMBERS = {kind: number for number, kind in enumerate(KINDS)}


def _bucket(name: str) -> int:
    """A stable number from 0 to 63 for a name (the same in every process).

    Args:
        name (str): The name.

    Returns:
        int: Its bucket.
    """
    return zlib.crc32(name.encode('utf-8', 'surrogatepass')) % 64


def kind_mark(kind: str) -> str:
    """The mark of a record kind (see grams_text).

    Args:
        kind (str): The kind (from KINDS).

    Returns:
        str: Its trigram.
    """
    return _KIND_MARKS[kind]


@functools.lru_cache(maxsize=1024)
def session_mark(session: str) -> str:
    """The mark of the exchanges of a session, and of a few others sessions (see grams_text).

    Args:
        session (str): The session.

    Returns:
        str: Its trigram.
    """
    return _mark(_SESSION_MARK, _bucket(session))


@functools.lru_cache(maxsize=256)
def backend_mark(backend: str) -> str:
    """The mark of the exchanges a backend answered, and of a few other backends'.

    Args:
        backend (str): The backend's name, in any case (it is lowered, as scopes compare it).

    Returns:
        str: Its trigram.
    """
    return _mark(_BACKEND_MARK, _bucket(backend.lower()))


def grams_text(
    lowered: str, kind: str, session: str | None = None, backend: str | None = None
) -> str:
    """The text the trigram index holds for a record's lowered text.

    NUL characters (which end FTS5's text), the marks' characters U+0001 to U+0008 and lone
    surrogates (which are not UTF-8) become U+FFFD. That adds candidates (which the search
    checks) and loses none for the keywords the index is asked about (see is_indexable). Two
    spaces are added at the end, so that every character starts a trigram, then the marks: the
    kind's, and an exchange's session's and backend's when the journal names them. A mark is a
    trigram of the marks' characters (so are the trigrams across two marks), which no keyword's
    trigram can be: a scope is then a few more terms of the query (expressions.scope_marks).
    Sessions and backends share 64 marks each, so a mark finds a few exchanges outside the
    scope too, which the search leaves out (their facts are stored with them).

    Args:
        lowered (str): The record's text, lowered.
        kind (str): The record's kind (from KINDS).
        session (str | None): An exchange's session, None when unknown (or not an exchange).
        backend (str | None): An exchange's backend, None when unknown (or not an exchange).

    Returns:
        str: The text to index.
    """
    if _UNSAFE_CHARACTERS.search(lowered) is not None:
        lowered = _UNSAFE_CHARACTERS.sub(_REPLACEMENT, lowered)
    marks = _KIND_MARKS[kind]
    if session is not None:
        marks += session_mark(session)
    if backend is not None:
        marks += backend_mark(backend)
    return lowered + _PADDING + marks


_LOW_CHARACTERS = tuple(chr(code) for code in range(9))


def _holds_low_characters(text: str) -> bool:
    """Tells whether a text holds U+0000 to U+0008, by a C search for each.

    Args:
        text (str): The text.

    Returns:
        bool: True when it holds one.
    """
    return any(character in text for character in _LOW_CHARACTERS)


def _is_safe(text: str) -> bool:
    """Tells whether a text holds none of _UNSAFE_CHARACTERS, faster than the expression.

    A character found by `in` (a C search, not the expression's a character at a time) for
    U+0000 to U+0008; a surrogate by UTF-8's encoder, which refuses every one. A fifth of the
    expression's time on a day's texts.

    Args:
        text (str): The text.

    Returns:
        bool: True when _UNSAFE_CHARACTERS finds nothing in it.
    """
    if _holds_low_characters(text):
        return False
    try:
        text.encode('utf-8')
    except UnicodeEncodeError:
        return False
    return True


def is_indexable(word: str) -> bool:
    """Tells whether the trigram index can find the records that contain a keyword.

    Args:
        word (str): The keyword, lowered.

    Returns:
        bool: True for a keyword with no NUL, none of U+0001 to U+0008 and no lone surrogate.
    """
    return bool(word) and _UNSAFE_CHARACTERS.search(word) is None


def stored_text(text: str) -> str | bytes:
    """A record's text as the records table holds it.

    Args:
        text (str): The text.

    Returns:
        str | bytes: The text, or its bytes (lone surrogates kept) when it is not valid UTF-8.
    """
    try:
        text.encode('utf-8')
    except UnicodeEncodeError:
        return text.encode('utf-8', 'surrogatepass')
    return text


def loaded_text(value: str | bytes) -> str:
    """A record's text as read back from the records table.

    Args:
        value (str | bytes): What the table holds.

    Returns:
        str: The text.
    """
    if isinstance(value, bytes):
        return value.decode('utf-8', 'surrogatepass')
    return value


def stored_bytes(value: str | bytes) -> bytes:
    """The bytes of a stored text, as SQLite's CAST(text AS BLOB) gives them.

    Args:
        value (str | bytes): What stored_text gave.

    Returns:
        bytes: Its UTF-8 bytes (lone surrogates kept), or the bytes themselves.
    """
    if isinstance(value, bytes):
        return value
    return value.encode('utf-8', 'surrogatepass')


def digest_of(rows: Iterable[tuple[int, bytes, bytes | None, bytes | None]]) -> str:
    """The digest of a day's records, to tell later that the index still holds them unchanged.

    Args:
        rows (Iterable[tuple[int, bytes, bytes | None, bytes | None]]): Each record's id,
            stored bytes, and its exchange's session and backend as stored bytes (None when
            unknown), in id order.

    Returns:
        str: A BLAKE2b digest (16 bytes, in hexadecimal) of the ids, lengths and bytes.
    """
    # Hashed at once: the same digest as one update a row, without a call a row.
    pieces: list[bytes] = []
    add = pieces.append
    for identifier, data, session, backend in rows:
        add(identifier.to_bytes(8, 'big'))
        add(len(data).to_bytes(8, 'big'))
        add(data)
        add(_NO_FACTS if session is None and backend is None else _facts(session, backend))
    return hashlib.blake2b(b''.join(pieces), digest_size=16).hexdigest()


def _fact(value: bytes | None) -> bytes:
    """A fact as a digest takes it.

    Args:
        value (bytes | None): The fact's stored bytes, or None when unknown.

    Returns:
        bytes: Its length and bytes, or a byte no length starts with when unknown.
    """
    return _ABSENT if value is None else len(value).to_bytes(8, 'big') + value


def _facts(session: bytes | None, backend: bytes | None) -> bytes:
    """An exchange's facts as a digest takes them.

    Args:
        session (bytes | None): Its session's stored bytes, or None.
        backend (bytes | None): Its backend's stored bytes, or None.

    Returns:
        bytes: Both, one after the other.
    """
    return _fact(session) + _fact(backend)


RecordRow = tuple[int, str | bytes, str | bytes | None, str | bytes | None]
"""A records table's row: id, stored text, and the exchange's session and backend (stored_text;
None when unknown, and for every record that is not an exchange)."""


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


def too_many(kinds: Iterable[str]) -> bool:
    """Tells whether a day holds more records of one kind than an id can number.

    Args:
        kinds (Iterable[str]): The kind of each of the day's records.

    Returns:
        bool: True when the day cannot be indexed.
    """
    counts: dict[str, int] = {}
    for kind in kinds:
        counts[kind] = counts.get(kind, 0) + 1
    return max(counts.values(), default=0) > MAX_POSITION


def _first(row: tuple[int, object, object, object]) -> int:
    """A row's id, to sort rows by.

    Args:
        row (tuple[int, object, object, object]): The row.

    Returns:
        int: Its id.
    """
    return row[0]


def fact_bytes(value: str | bytes | None) -> bytes | None:
    """A stored fact's bytes for a digest, as SQLite's CAST(fact AS BLOB) gives them.

    Args:
        value (str | bytes | None): What stored_text gave, or None.

    Returns:
        bytes | None: The bytes, or None for an unknown fact.
    """
    return None if value is None else stored_bytes(value)


def day_rows(
    day: str,
    records: Sequence[tuple[str, str]],
    facts: Sequence[tuple[str | None, str | None]] = (),
) -> tuple[DayRows, list[str]]:
    """A day's rows as the tables hold them.

    Args:
        day (str): The day.
        records (Sequence[tuple[str, str]]): Each record's kind and text, in the search's order.
        facts (Sequence[tuple[str | None, str | None]]): The session and backend of each of the
            day's exchanges, in order (exchange_facts); an exchange past its end has neither.

    Returns:
        tuple[DayRows, list[str]]: The rows and the digest (its words left empty), and each
            record's lowered text, in the order given.
    """
    day_bits = (_LAST_ORDINAL - day_ordinal(day)) << _DAY_SHIFT  # As record_id makes ids.
    lowered_texts = [text.lower() for _, text in records]
    # One look for the characters grams_text replaces, over the whole day: most days hold none,
    # and each record's text is then its grams' text as it is.
    joined = ' '.join(lowered_texts)
    kind_numbers = _KIND_NUMBERS
    kinds = [kind_numbers[kind] for kind, _ in records]
    if kinds == sorted(kinds) and not _holds_low_characters(joined):
        # A day as read_day gives it (kinds in id order), with no NUL or mark character.
        quick = _plain_day_rows(day_bits, records, lowered_texts, kinds, facts)
        if quick is not None:
            return quick, lowered_texts
    plain = _is_safe(joined)
    positions = [0] * len(KINDS)
    rows: list[RecordRow] = []
    digested: list[tuple[int, bytes, bytes | None, bytes | None]] = []
    grams = []
    kind_marks = _KIND_MARKS
    fact_count = len(facts)
    for (kind, text), lowered in zip(records, lowered_texts, strict=True):
        kind_index = kind_numbers[kind]
        position = positions[kind_index]
        positions[kind_index] = position + 1
        identifier = day_bits | (kind_index << _KIND_SHIFT) | position
        try:  # Encoded once, for the table and for the digest.
            data = text.encode('utf-8')
            stored: str | bytes = text
        except UnicodeEncodeError:
            data = text.encode('utf-8', 'surrogatepass')
            stored = data
        if kind_index == 0 and position < fact_count:
            session, backend = facts[position]
            stored_session = None if session is None else stored_text(session)
            stored_backend = None if backend is None else stored_text(backend)
            rows.append((identifier, stored, stored_session, stored_backend))
            digested.append(
                (identifier, data, fact_bytes(stored_session), fact_bytes(stored_backend))
            )
            grams.append((identifier, grams_text(lowered, kind, session, backend)))
        else:  # No facts: the common case, without the calls that would find none.
            rows.append((identifier, stored, None, None))
            digested.append((identifier, data, None, None))
            if plain:  # As grams_text makes it, without its look for characters to replace.
                grams.append((identifier, lowered + _PADDING + kind_marks[kind]))
            else:
                grams.append((identifier, grams_text(lowered, kind)))
    rows.sort(key=_first)
    digested.sort(key=_first)
    digest = digest_of(digested)
    return DayRows(records=rows, grams=grams, digest=digest), lowered_texts


_FactPieces = tuple[str | bytes | None, str | bytes | None, bytes, str]
"""An exchange's session and backend as stored, as digested, and as marked (_plain_day_rows)."""


def _plain_day_rows(
    day_bits: int,
    records: Sequence[tuple[str, str]],
    lowered_texts: list[str],
    kinds: list[int],
    facts: Sequence[tuple[str | None, str | None]],
) -> DayRows | None:
    """day_rows' rows for a day with no NUL or mark character whose records come in id order.

    Such a day (nearly every one) needs no per-record choices but for the exchanges with
    facts: the ids are runs of positions a kind, every text is valid UTF-8 (a lowered text
    holds a lone surrogate when its text does), every grams text is the lowered text, two
    spaces and the marks, and the digest's bytes are the rows' pieces joined by C loops (the
    same stream as digest_of's).

    Args:
        day_bits (int): The day's part of every id.
        records (Sequence[tuple[str, str]]): Each record's kind and text, kinds in KINDS' order.
        lowered_texts (list[str]): Each record's text, lowered (none holds U+0000 to U+0008).
        kinds (list[int]): Each record's kind, as its place in KINDS (never decreasing).
        facts (Sequence[tuple[str | None, str | None]]): The exchanges' sessions and backends.

    Returns:
        DayRows | None: The rows, exactly as day_rows' record by record loop makes them; None
            when a text holds a lone surrogate (not UTF-8): the loop then makes them.
    """
    texts = [text for _, text in records]
    try:
        data = [text.encode('utf-8') for text in texts]
    except UnicodeEncodeError:
        return None
    identifiers: list[int] = []
    for kind_index in range(len(KINDS)):
        first = day_bits | (kind_index << _KIND_SHIFT)
        identifiers += range(first, first + kinds.count(kind_index))
    rows: list[RecordRow] = list(zip(identifiers, texts, repeat(None), repeat(None), strict=False))
    marks = [_KIND_MARKS[kind] for kind in KINDS]
    grams = [
        (identifier, lowered + _PADDING + marks[kind])
        for identifier, lowered, kind in zip(identifiers, lowered_texts, kinds, strict=True)
    ]
    digested_facts = [_NO_FACTS] * len(rows)
    exchanges = min(kinds.count(0), len(facts))  # The first records: exchange 0 comes first.
    # A day's exchanges name a few sessions and backends: each pair's pieces are made once.
    pieces_of_facts: dict[tuple[str | None, str | None], _FactPieces] = {}
    for position in range(exchanges):
        pair = facts[position]
        if pair == (None, None):
            continue
        pieces = pieces_of_facts.get(pair)
        if pieces is None:
            session, backend = pair
            stored_session = None if session is None else stored_text(session)
            stored_backend = None if backend is None else stored_text(backend)
            fact_stream = _facts(fact_bytes(stored_session), fact_bytes(stored_backend))
            pieces = (stored_session, stored_backend, fact_stream, _fact_marks(session, backend))
            pieces_of_facts[pair] = pieces
        identifier = identifiers[position]
        rows[position] = (identifier, texts[position], pieces[0], pieces[1])
        digested_facts[position] = pieces[2]
        grams[position] = (identifier, grams[position][1] + pieces[3])
    heads = map(_ID_AND_LENGTH.pack, identifiers, map(len, data))
    stream = b''.join(chain.from_iterable(zip(heads, data, digested_facts, strict=True)))
    digest = hashlib.blake2b(stream, digest_size=16).hexdigest()
    return DayRows(records=rows, grams=grams, digest=digest)


def _fact_marks(session: str | None, backend: str | None) -> str:
    """The marks grams_text adds after the kind's for an exchange's facts.

    Args:
        session (str | None): The exchange's session, None when unknown.
        backend (str | None): Its backend, None when unknown.

    Returns:
        str: The session's mark then the backend's, each when known.
    """
    marks = '' if session is None else session_mark(session)
    return marks if backend is None else marks + backend_mark(backend)
