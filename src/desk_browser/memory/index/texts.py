"""The texts the index holds: as stored (UTF-8 where they can be), and as the trigrams see them.

The records table keeps a record's text as a string, or as its bytes when it holds a lone
surrogate (not UTF-8). The trigram table gets a lowered copy that FTS5 can hold, ending in marks
(trigrams no keyword can have) for the record's kind and an exchange's session and backend, so a
scope is a few more terms of a query (see grams_text).
"""

from __future__ import annotations

import functools
import re
import zlib

from desk_browser.memory.index.keys import KINDS

_UNSAFE_CHARACTERS = re.compile('[\x00-\x08\ud800-\udfff]')
_REPLACEMENT = '\ufffd'
PADDING = '  '
"""What grams_text puts between a record's lowered text and its marks."""
_MARK_CHARACTERS = ''.join(chr(code) for code in range(1, 9))
"""The characters of the marks (see grams_text): no indexed text or keyword holds them."""
_KIND_MARK, _SESSION_MARK, _BACKEND_MARK = '\x01', '\x02', '\x03'


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


def fact_bytes(value: str | bytes | None) -> bytes | None:
    """A stored fact's bytes for a digest, as SQLite's CAST(fact AS BLOB) gives them.

    Args:
        value (str | bytes | None): What stored_text gave, or None.

    Returns:
        bytes | None: The bytes, or None for an unknown fact.
    """
    return None if value is None else stored_bytes(value)


def _mark(kind_of_mark: str, value: int) -> str:
    """A mark: a trigram of the mark characters alone.

    Args:
        kind_of_mark (str): What it marks (a kind, a session, a backend): its first character.
        value (int): Which one, 0 to 63.

    Returns:
        str: The three characters.
    """
    return kind_of_mark + _MARK_CHARACTERS[value // 8 % 8] + _MARK_CHARACTERS[value % 8]


KIND_MARKS = {kind: _mark(_KIND_MARK, number) for number, kind in enumerate(KINDS)}
"""Each kind's mark (kind_mark)."""


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
    return KIND_MARKS[kind]


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


def fact_marks(session: str | None, backend: str | None) -> str:
    """The marks grams_text adds after the kind's for an exchange's facts.

    Args:
        session (str | None): The exchange's session, None when unknown.
        backend (str | None): Its backend, None when unknown.

    Returns:
        str: The session's mark then the backend's, each when known.
    """
    marks = '' if session is None else session_mark(session)
    return marks if backend is None else marks + backend_mark(backend)


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
    marks = KIND_MARKS[kind]
    if session is not None:
        marks += session_mark(session)
    if backend is not None:
        marks += backend_mark(backend)
    return lowered + PADDING + marks


_LOW_CHARACTERS = tuple(chr(code) for code in range(9))


def holds_low_characters(text: str) -> bool:
    """Tells whether a text holds U+0000 to U+0008, by a C search for each.

    Args:
        text (str): The text.

    Returns:
        bool: True when it holds one.
    """
    return any(character in text for character in _LOW_CHARACTERS)


def is_safe(text: str) -> bool:
    """Tells whether a text holds none of _UNSAFE_CHARACTERS, faster than the expression.

    A character found by `in` (a C search, not the expression's a character at a time) for
    U+0000 to U+0008; a surrogate by UTF-8's encoder, which refuses every one. A fifth of the
    expression's time on a day's texts.

    Args:
        text (str): The text.

    Returns:
        bool: True when _UNSAFE_CHARACTERS finds nothing in it.
    """
    if holds_low_characters(text):
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
