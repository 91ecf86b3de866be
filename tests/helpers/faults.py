"""Faults the core's readers meet, injected where they open files (os.open)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest


def deny_reading(monkeypatch: pytest.MonkeyPatch, *paths: Path) -> None:
    """Makes opening these files for reading fail with "Permission denied" (tests run as root).

    Args:
        monkeypatch (pytest.MonkeyPatch): The test's monkeypatch.
        *paths (Path): The files.
    """
    denied = {os.fspath(path) for path in paths}
    original_open = os.open

    def refusing_open(path: Any, flags: int, *arguments: Any, **keywords: Any) -> int:
        if os.fspath(path) in denied and not flags & (os.O_WRONLY | os.O_RDWR):
            raise PermissionError(13, 'Permission denied', os.fspath(path))
        return original_open(path, flags, *arguments, **keywords)

    monkeypatch.setattr(os, 'open', refusing_open)
