"""The list of search hits: kind, day, how many keywords, and the snippet with keywords marked."""

from __future__ import annotations

import asyncio
import logging

from textual import work
from textual.content import Content
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from desk_browser.memory.session_search import SearchHit, SearchResult
from desk_browser.ui.formatting import day_text
from desk_browser.ui.highlight import highlighted
from desk_browser.ui.safe_text import visible

_LOGGER = logging.getLogger(__name__)

HITS_AT_ONCE = 20
"""How many hits are added to the list in one go: a screenful. Textual wraps every option it is
given at once, so 500 hits added together would hold up typing for a large part of a second; the
rest follow in batches of this size, the event loop free between them."""


def hit_label(hit: SearchHit, result: SearchResult) -> str:
    """Says how well a hit matched: ``"all words"`` or ``"2 of 3 words"``.

    Args:
        hit: The hit.
        result: The search it came from.

    Returns:
        The label.
    """
    if result.matched_every_word or hit.matched_words >= len(result.words):
        return 'all words'
    return f'{hit.matched_words} of {len(result.words)} words'


def hit_prompt(hit: SearchHit, result: SearchResult) -> Content:
    """Writes one hit as two lines: what and when, then the snippet.

    Args:
        hit: The hit.
        result: The search it came from.

    Returns:
        The two lines.
    """
    return Content.assemble(
        (f'{visible(hit.record.kind):<9}', 'bold $text-accent'),
        (day_text(visible(hit.record.day)), 'bold'),
        ('  ·  ', '$text-muted'),
        (hit_label(hit, result), '$text-muted'),
        '\n',
        highlighted(hit.snippet, result.words),
    )


class SearchHitList(OptionList):
    """Lists the hits of one search; Enter on a hit posts OptionList.OptionSelected."""

    def __init__(self, *, id: str | None = None) -> None:
        """Prepares an empty list.

        Args:
            id: The widget's id.
        """
        super().__init__(id=id)
        self._hits: list[SearchHit] = []
        self.shown_result: SearchResult | None = None
        """The search whose hits are shown (for export), or None before the first."""

    def show_result(self, result: SearchResult) -> None:
        """Replaces the list with the hits of a search.

        Args:
            result: The search's result.
        """
        self._hits = list(result.hits)
        self.shown_result = result
        first = result.hits[:HITS_AT_ONCE]
        self.set_options(Option(hit_prompt(hit, result)) for hit in first)
        if result.hits:
            self.highlighted = 0
        self._add_the_rest(result)  # Also cancels adding an older search's hits.

    @work(exclusive=True, group='more-hits', exit_on_error=False, description='listing hits')
    async def _add_the_rest(self, result: SearchResult) -> None:
        """Adds the hits after the first screenful, a batch at a time.

        Args:
            result: The search whose hits are shown.
        """
        for start in range(HITS_AT_ONCE, len(result.hits), HITS_AT_ONCE):
            await asyncio.sleep(0)  # Lets the screen draw and keys in between.
            batch = result.hits[start : start + HITS_AT_ONCE]
            self.add_options(Option(hit_prompt(hit, result)) for hit in batch)

    def hit_at(self, index: int) -> SearchHit | None:
        """Returns the hit shown at a place in the list.

        Args:
            index: The option's index.

        Returns:
            The hit, or None when the index is out of range.
        """
        return self._hits[index] if 0 <= index < len(self._hits) else None
