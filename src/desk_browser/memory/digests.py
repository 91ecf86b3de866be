"""SHA-256 digests of the keys the start needs, such as a desk's cache file names.

Made with the interpreter's own SHA-256 module, so the start does not import OpenSSL.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

_OWN_SHA256_MODULES = ('_sha2', '_sha256')
"""Where the interpreter keeps its own SHA-256: `_sha2` from Python 3.12, `_sha256` on 3.11."""


def _own_sha256() -> Callable[[bytes], Any]:
    """The interpreter's own SHA-256 constructor, or hashlib's (objects with `hexdigest()`)."""
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
    """The SHA-256 of some bytes in 64 lowercase hex digits, as hashlib.sha256(...).hexdigest()."""
    digest: str = _SHA256(data).hexdigest()
    return digest
