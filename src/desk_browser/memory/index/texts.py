"""The texts the index holds: as stored (UTF-8 where they can be), and as the trigrams see them.

Records keep text as a string (bytes with a lone surrogate); the trigram table gets a lowered
copy ending in marks for the kind and an exchange's facts.
"""

from __future__ import annotations

import functools
import re
import zlib

from desk_browser.memory.index.keys import KINDS
from desk_browser.memory.search_scope import FACT_QUALIFIERS

_UNSAFE_CHARACTERS = re.compile('[\x00-\x08\ud800-\udfff]')
_REPLACEMENT = '\ufffd'
PADDING = '  '
"""What grams_text puts between a record's lowered text and its marks."""
_MARK_CHARACTERS = ''.join(chr(code) for code in range(1, 9))
"""The characters of the marks (see grams_text): no indexed text or keyword holds them."""
_KIND_MARK = '\x01'
_FACT_MARKS = tuple(chr(2 + index) for index in range(len(FACT_QUALIFIERS)))
"""Each fact's kind of mark, in ExchangeFacts order: the session's U+0002, the backend's U+0003."""
_FOLDS = tuple(definition.fold for definition in FACT_QUALIFIERS)
assert len(_FACT_MARKS) < len(_MARK_CHARACTERS)


def stored_text(text: str) -> str | bytes:
    """A record's text as the records table holds it: the text, or its bytes when not UTF-8."""
    try:
        text.encode('utf-8')
    except UnicodeEncodeError:
        return text.encode('utf-8', 'surrogatepass')
    return text


def loaded_text(value: str | bytes) -> str:
    """A record's text as read back from the records table."""
    if isinstance(value, bytes):
        return value.decode('utf-8', 'surrogatepass')
    return value


def stored_bytes(value: str | bytes) -> bytes:
    """The bytes of a stored text, as SQLite's CAST(text AS BLOB) gives them."""
    if isinstance(value, bytes):
        return value
    return value.encode('utf-8', 'surrogatepass')


def fact_bytes(value: str | bytes | None) -> bytes | None:
    """A stored fact's bytes for a digest, as CAST(fact AS BLOB) gives them; None when unknown."""
    return None if value is None else stored_bytes(value)


def _mark(kind_of_mark: str, value: int) -> str:
    """A mark: a trigram of the mark characters alone, for a kind of mark and a value 0 to 63."""
    return kind_of_mark + _MARK_CHARACTERS[value // 8 % 8] + _MARK_CHARACTERS[value % 8]


KIND_MARKS = {kind: _mark(_KIND_MARK, number) for number, kind in enumerate(KINDS)}
"""Each kind's mark (kind_mark)."""


def _bucket(name: str) -> int:
    """A stable number from 0 to 63 for a name (the same in every process)."""
    return zlib.crc32(name.encode('utf-8', 'surrogatepass')) % 64


def kind_mark(kind: str) -> str:
    """The mark (trigram) of a record kind (see grams_text)."""
    return KIND_MARKS[kind]


@functools.lru_cache(maxsize=2048)
def fact_mark(index: int, value: str) -> str:
    """The mark of the exchanges whose fact `index` is `value`, folded (64 marks a fact)."""
    return _mark(_FACT_MARKS[index], _bucket(_FOLDS[index](value)))


def fact_marks(*facts: str | None) -> str:
    """The marks grams_text adds for an exchange's facts (in ExchangeFacts order), when known."""
    return ''.join(
        fact_mark(index, value) for index, value in enumerate(facts) if value is not None
    )


def grams_text(lowered: str, kind: str, *facts: str | None) -> str:
    """The trigram index's text for a lowered text: NUL, U+0001-U+0008 and surrogates as U+FFFD."""
    if _UNSAFE_CHARACTERS.search(lowered) is not None:
        lowered = _UNSAFE_CHARACTERS.sub(_REPLACEMENT, lowered)
    return lowered + PADDING + KIND_MARKS[kind] + fact_marks(*facts)


_LOW_CHARACTERS = tuple(chr(code) for code in range(9))


def holds_low_characters(text: str) -> bool:
    """Whether a text holds any of U+0000 to U+0008."""
    return any(character in text for character in _LOW_CHARACTERS)


def is_safe(text: str) -> bool:
    """Whether a text holds none of _UNSAFE_CHARACTERS (faster than the expression)."""
    if holds_low_characters(text):
        return False
    try:
        text.encode('utf-8')
    except UnicodeEncodeError:
        return False
    return True


def is_indexable(word: str) -> bool:
    """Whether the trigram index can find a lowered keyword: no NUL, U+0001-U+0008 or surrogate."""
    return bool(word) and _UNSAFE_CHARACTERS.search(word) is None
