"""The start's digests are hashlib's SHA-256, made without importing hashlib."""

from __future__ import annotations

import hashlib
import importlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from desk_browser.memory import digests
from desk_browser.memory.digests import sha256_hex


@given(st.binary(max_size=2000))
def test_the_digest_is_hashlibs_sha256(data: bytes) -> None:
    assert sha256_hex(data) == hashlib.sha256(data).hexdigest()


def test_an_interpreter_without_its_own_sha256_falls_back_on_hashlib(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real_import = importlib.import_module

    def without_own_sha256(name: str, package: str | None = None) -> object:
        if name in digests._OWN_SHA256_MODULES:
            raise ImportError(name)
        return real_import(name, package)

    monkeypatch.setattr(importlib, 'import_module', without_own_sha256)
    constructor = digests._own_sha256()
    assert constructor is hashlib.sha256
    assert constructor(b'desk').hexdigest() == hashlib.sha256(b'desk').hexdigest()
