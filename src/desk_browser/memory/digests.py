"""SHA-256 digests of the keys the start needs: a desk's cache files, the CSS and drawings memos.

They are made with the interpreter's own SHA-256 module (`_sha256` on 3.11, `_sha2` from 3.12),
the one hashlib falls back on, not with hashlib: importing hashlib loads its OpenSSL module
(`_hashlib`), whose set-up (listing OpenSSL's digests) cost the first paint about 2 ms, more than
importing any of our modules, for three digests of a few hundred bytes. The digest is the same
either way; hashlib is the fallback for an interpreter built without its own.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

_OWN_SHA256_MODULES = ('_sha2', '_sha256')
"""Where the interpreter keeps its own SHA-256: `_sha2` from Python 3.12, `_sha256` on 3.11."""


def _own_sha256() -> Callable[[bytes], Any]:
    """Finds the interpreter's own SHA-256 constructor, or hashlib's.

    Returns:
        Callable[[bytes], Any]: A constructor whose objects have `hexdigest()`.
    """
    for name in _OWN_SHA256_MODULES:
        try:
            constructor: Callable[[bytes], Any] = importlib.import_module(name).sha256
        except (ImportError, AttributeError):
            continue
        return constructor
    import hashlib  # Only for an interpreter built without its own SHA-256.

    return hashlib.sha256


_SHA256 = _own_sha256()


def sha256_hex(data: bytes) -> str:
    """The SHA-256 of some bytes, as hashlib.sha256(data).hexdigest() gives it.

    Args:
        data (bytes): What to digest.

    Returns:
        str: 64 lowercase hexadecimal digits.
    """
    digest: str = _SHA256(data).hexdigest()
    return digest
