"""Field values as the search reads them: text as it is, anything else as compact JSON.

desk_files (an action's text, an exchange's text) and the index's one-pass journal reading
(index/journal_texts.py) write a journal field's value the same way, as
`json.dumps(value, ensure_ascii=False, separators=(',', ':'))` writes it. json.dumps is most of
that cost for the small values of a journal, so the common ones are written here, exactly as
json.dumps writes them (tests/core/test_index_journal_texts.py compares both).

Typical usage example:

    compact_json({'symbol': 'TCS', 'ltp': 3952.0})  # '{"symbol":"TCS","ltp":3952.0}'
"""

from __future__ import annotations

import json
import json.encoder
import math
from typing import Any

# What json.dumps writes strings with when it keeps non-ASCII text (compact_json's containers).
_encode_string = json.encoder.encode_basestring
# Beyond, an integer is left to json.dumps (int.__repr__ has a limit of digits).
_BIG_INT = 10**1000


def text_of(value: Any) -> str:
    """Turns a field's value into text, as the search reads it.

    Args:
        value (Any): The value.

    Returns:
        str: A string as it is, "" for a missing value, anything else as compact JSON.
    """
    if isinstance(value, str):
        return value
    if value is None:
        return ''
    return compact_json(value)


def compact_json(value: Any) -> str:
    """Writes a value as compact JSON, keeping non-ASCII text as it is.

    Integers, finite floats, booleans and null are written here as json.dumps writes them
    (int.__repr__, float.__repr__, true, false, null): most of an action's values are such,
    and json.dumps costs ten times as much for one. Dicts and lists of parsed JSON's values
    are written here too (_json_of); anything else goes to json.dumps.

    Args:
        value (Any): The value.

    Returns:
        str: The JSON.
    """
    kind = type(value)
    if kind is int:
        return int.__repr__(value)
    if kind is float and math.isfinite(value):
        return float.__repr__(value)
    if kind is bool:
        return 'true' if value else 'false'
    if value is None:
        return 'null'
    if kind is dict or kind is list:
        try:
            written = _json_of(value)
        except RecursionError:  # Nested deeper than Python goes: json.dumps decides.
            written = None
        if written is not None:
            return written
    try:
        return json.dumps(value, ensure_ascii=False, separators=(',', ':'))
    except (ValueError, TypeError, RecursionError):
        return repr(value)


def _json_of(value: Any) -> str | None:
    """Writes a value of parsed JSON's types as json.dumps writes it (compact, non-ASCII kept).

    Strings go through json.encoder.encode_basestring, json.dumps' own writer of strings when
    non-ASCII is kept; integers, finite floats, booleans and null as compact_json writes them;
    dicts with string keys and lists of such values in json.dumps' form. About a fifth of
    json.dumps' cost for an action's small containers (a tool's input or output).

    Args:
        value (Any): The value.

    Returns:
        str | None: Its JSON, or None when it holds anything else (a float that is not finite,
            a huge integer, another type, a key that is no string): json.dumps then writes it.
    """
    kind = type(value)
    if kind is str:
        return _encode_string(value)
    if kind is int:
        return int.__repr__(value) if -_BIG_INT < value < _BIG_INT else None
    if kind is float:
        return float.__repr__(value) if math.isfinite(value) else None
    if kind is bool:
        return 'true' if value else 'false'
    if value is None:
        return 'null'
    pieces = []
    if kind is list:
        for item in value:
            written = _json_of(item)
            if written is None:
                return None
            pieces.append(written)
        return '[' + ','.join(pieces) + ']'
    if kind is not dict:
        return None
    for key, item in value.items():
        written = _json_of(item)
        if written is None or type(key) is not str:
            return None
        pieces.append(_encode_string(key) + ':' + written)
    return '{' + ','.join(pieces) + '}'


__all__ = ['compact_json', 'text_of']
