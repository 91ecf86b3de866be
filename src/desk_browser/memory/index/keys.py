"""The index's record ids: each sorts its record as the search returns it.

An id packs the day (newest first), the kind and the place among that kind's records.

Typical usage example:

    identifier = record_id(day_ordinal('2026-10-20'), KINDS.index('note'), 0)
    assert kind_of(identifier) == 'note'
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable

KINDS = ('exchange', 'journal', 'summary', 'note')
"""Record kinds, in the order the search returns them within a day."""

KIND_NUMBERS = {kind: number for number, kind in enumerate(KINDS)}
"""Each kind's place in KINDS."""

_DAY_SHIFT = 32
KIND_SHIFT = 28
"""Where an id's kind starts, in bits from the right (its place below, its day above)."""
_LAST_ORDINAL = 4_000_000  # Above datetime.date.max.toordinal().
MAX_POSITION = (1 << KIND_SHIFT) - 1
"""The most records of one kind that one indexed day can hold."""


def day_ordinal(day: str) -> int:
    """A number that orders days: the date's ordinal; 0 for "" (an unknown day) or non-dates."""
    try:
        return datetime.date.fromisoformat(day).toordinal() if day else 0
    except ValueError:
        return 0


def record_id(ordinal: int, kind: int, position: int) -> int:
    """The id of a record from its day's ordinal, its kind's place in KINDS and its place."""
    return ((_LAST_ORDINAL - ordinal) << _DAY_SHIFT) | (kind << KIND_SHIFT) | position


def day_part(day: str) -> int:
    """The bits of every id of a day's records but their kind's and place's."""
    return (_LAST_ORDINAL - day_ordinal(day)) << _DAY_SHIFT


def day_range(day: str) -> tuple[int, int]:
    """The lowest and highest id (inclusive) a day's records can have."""
    low = day_part(day)
    return low, low + (1 << _DAY_SHIFT) - 1


def ordinal_of(identifier: int) -> int:
    """The day ordinal (day_ordinal) of the record with this id."""
    return _LAST_ORDINAL - (identifier >> _DAY_SHIFT)


def kind_of(identifier: int) -> str:
    """The kind of the record with this id."""
    return KINDS[(identifier >> KIND_SHIFT) & 0xF]


def kind_sql(column: str, kinds: frozenset[str]) -> str:
    """An SQL condition on a column of record ids for kinds: "((rowid >> 28) & 15) IN (0,3)"."""
    numbers = ','.join(str(number) for number, kind in enumerate(KINDS) if kind in kinds)
    return f'(({column} >> {KIND_SHIFT}) & 15) IN ({numbers})'


def position_of(identifier: int) -> int:
    """The place (from 0) of the record with this id among its day's records of its kind."""
    return identifier & MAX_POSITION


def too_many(kinds: Iterable[str]) -> bool:
    """Whether a day holds more records of one kind than an id can number (it cannot be indexed)."""
    counts: dict[str, int] = {}
    for kind in kinds:
        counts[kind] = counts.get(kind, 0) + 1
    return max(counts.values(), default=0) > MAX_POSITION
