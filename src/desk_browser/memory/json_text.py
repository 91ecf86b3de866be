"""Field values as the search reads them: text as it is, anything else as compact JSON.

Exactly what `json.dumps(value, ensure_ascii=False, separators=(',', ':'))` writes.
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
    """A field's value as the search reads it: a string as is, "" if missing, else compact JSON."""
    if isinstance(value, str):
        return value
    if value is None:
        return ''
    return compact_json(value)


def compact_json(value: Any) -> str:
    """Writes a value as compact JSON, non-ASCII kept, exactly as json.dumps would."""
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
    """A parsed-JSON value as json.dumps writes it (compact), or None for anything else."""
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
