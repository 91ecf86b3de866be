"""Moving from one keyword hit to the next inside an opened record (`n` and `N`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from desk_browser.presentation.formatting import plural
from desk_browser.presentation.safe_text import visible
from desk_browser.ui.highlight import keyword_pattern


@dataclass
class KeywordHits:
    """Every place a keyword occurs in one text, and which of them is current.

    Attributes:
        text: The text as shown (already made visible).
        spans: (start, end) of each occurrence, in order.
        current: The index of the current occurrence, or None before the first move.
    """

    text: str
    spans: list[tuple[int, int]] = field(default_factory=list)
    current: int | None = None

    @classmethod
    def find(cls, text: str, words: list[str]) -> KeywordHits:
        """Finds every keyword in desk text as given to `highlighted` (not yet visible)."""
        shown = visible(text)
        pattern = keyword_pattern(words)
        spans = [] if pattern is None else [m.span() for m in pattern.finditer(shown)]
        return cls(shown, [span for span in spans if span[1] > span[0]])

    def step(self, direction: int) -> int | None:
        """Moves to the next (+1) or previous (-1) occurrence, round; None when there is none."""
        if not self.spans:
            return None
        if self.current is None:
            self.current = 0 if direction > 0 else len(self.spans) - 1
        else:
            self.current = (self.current + direction) % len(self.spans)
        return self.current

    def label(self) -> str:
        """Says where the current occurrence is, such as "hit 3 of 12"."""
        if not self.spans:
            return 'no keyword in this record'
        if self.current is None:
            return f'{plural(len(self.spans), "keyword hit")} · n next, N previous'
        return f'hit {self.current + 1:,} of {len(self.spans):,} · n next, N previous'
