"""What the index reports: its coverage of the desk, and the callbacks a build and a search take."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

ProgressCallback = Callable[[int, int], None]
"""Called as progress(indexed_days, total_days) while the index is built."""
CancelCheck = Callable[[], bool]
"""Returns True when the work should stop."""


class SearchCancelled(Exception):
    """A search was stopped by its cancel check."""


@dataclasses.dataclass(frozen=True)
class IndexStatus:
    """How much of a desk the index covers.

    Attributes:
        indexed_days (int): Days searched from the index (racy days count).
        total_days (int): The desk's days.
        available (bool): Whether the index can be used; when it cannot, searches read the desk.
        problem (str): Why the index cannot be used or its builds stopped short; or "".
        repaired_days (int): Days the build found half written and wrote again.
    """

    indexed_days: int
    total_days: int
    available: bool
    problem: str = ''
    repaired_days: int = 0

    @property
    def complete(self) -> bool:
        """Whether the index is available and every day is indexed."""
        return self.available and self.indexed_days >= self.total_days

    @property
    def text(self) -> str:
        """The status for the screen, such as "indexed 212 of 1,250 days (repaired 1 day)"."""
        if not self.available:
            return f'search index unavailable ({self.problem}): searching the desk directly'
        text = f'indexed {self.indexed_days:,} of {self.total_days:,} days'
        if self.problem and not self.complete:
            text = f'search index incomplete ({text}): {self.problem}'
        if self.repaired_days:
            text += f' ({repaired_text(self.repaired_days)})'
        return text


def repaired_text(days: int) -> str:
    """Says how many days a build repaired, such as "repaired 1 day"."""
    return f'repaired {days:,} day' if days == 1 else f'repaired {days:,} days'
