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
import hashlib
import re
from collections.abc import Iterable, Sequence

KINDS = ('exchange', 'journal', 'summary', 'note')
"""Record kinds, in the order the search returns them within a day."""

_DAY_SHIFT = 32
_KIND_SHIFT = 28
_LAST_ORDINAL = 4_000_000  # Above datetime.date.max.toordinal().
MAX_POSITION = (1 << _KIND_SHIFT) - 1
"""The most records of one kind that one indexed day can hold."""
_UNSAFE_CHARACTERS = re.compile('[\x00\ud800-\udfff]')
_REPLACEMENT = '\ufffd'
_PADDING = '  '


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


def grams_text(lowered: str) -> str:
    """The text the trigram index holds for a record's lowered text.

    NUL characters (which end FTS5's text) and lone surrogates (which are not UTF-8) become
    U+FFFD. That adds candidates (which the search checks) and loses none for the keywords the
    index is asked about (see is_indexable). Two spaces are added at the end, so that every
    character starts a trigram.

    Args:
        lowered (str): The record's text, lowered.

    Returns:
        str: The text to index.
    """
    if '\x00' in lowered or not lowered.isascii():
        lowered = _UNSAFE_CHARACTERS.sub(_REPLACEMENT, lowered)
    return lowered + _PADDING


def is_indexable(word: str) -> bool:
    """Tells whether the trigram index can find the records that contain a keyword.

    Args:
        word (str): The keyword, lowered.

    Returns:
        bool: True for a keyword with no NUL and no lone surrogate.
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


def digest_of(rows: Iterable[tuple[int, bytes]]) -> str:
    """The digest of a day's records, to tell later that the index still holds them unchanged.

    Args:
        rows (Iterable[tuple[int, bytes]]): Each record's id and stored bytes, in id order.

    Returns:
        str: A BLAKE2b digest (16 bytes, in hexadecimal) of the ids, lengths and bytes.
    """
    digest = hashlib.blake2b(digest_size=16)
    for identifier, data in rows:
        digest.update(identifier.to_bytes(8, 'big'))
        digest.update(len(data).to_bytes(8, 'big'))
        digest.update(data)
    return digest.hexdigest()


@dataclasses.dataclass
class DayRows:
    """A day's records as the index's tables hold them, made ready away from the writer.

    Attributes:
        records (list[tuple[int, str | bytes]]): The records table's rows: id and stored text,
            in id order.
        grams (list[tuple[int, str]]): The trigram table's rows: id and text to index.
        digest (str): The day's digest (digest_of).
    """

    records: list[tuple[int, str | bytes]]
    grams: list[tuple[int, str]]
    digest: str


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


def day_rows(day: str, records: Sequence[tuple[str, str]]) -> DayRows:
    """A day's rows as the tables hold them.

    Args:
        day (str): The day.
        records (Sequence[tuple[str, str]]): Each record's kind and text, in the search's order.

    Returns:
        DayRows: The rows and the digest.
    """
    ordinal = day_ordinal(day)
    positions = [0] * len(KINDS)
    rows = []
    grams = []
    for kind, text in records:
        kind_index = KINDS.index(kind)
        identifier = record_id(ordinal, kind_index, positions[kind_index])
        positions[kind_index] += 1
        rows.append((identifier, stored_text(text)))
        grams.append((identifier, grams_text(text.lower())))
    rows.sort()
    digest = digest_of((identifier, stored_bytes(value)) for identifier, value in rows)
    return DayRows(records=rows, grams=grams, digest=digest)
