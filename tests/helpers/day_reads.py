"""Counting what a search reads from the desk, day by day."""

from __future__ import annotations

from typing import Any

import pytest

from desk_browser.memory import session_search


def reads_of(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Counts the days read from the desk by day_records from now on.

    Args:
        monkeypatch (pytest.MonkeyPatch): The test's monkeypatch, which puts day_records back.

    Returns:
        list[str]: The days read, in order; it grows as the desk is read.
    """
    reads: list[str] = []
    original = session_search.day_records

    def counting(day: str, *arguments: Any) -> Any:
        reads.append(day)
        return original(day, *arguments)

    monkeypatch.setattr(session_search, 'day_records', counting)
    return reads
