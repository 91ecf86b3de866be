"""ExchangeCards renders blocks only when asked, keeps them, and measures their heights."""

from __future__ import annotations

from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip

from desk_browser.memory.session_store import Exchange
from desk_browser.presentation.desk_data import SessionLog
from desk_browser.ui.widgets.exchange_cards import ExchangeCards
from desk_browser.ui.widgets.exchange_rendering import CARD_BAR, CardStyles, card_line


def _log(count: int) -> SessionLog:
    exchanges = [
        Exchange(
            trigger_text=f'trigger {number}',
            answer=f'Answer {number}\n\nline\n\nline',
            backend_name='claude',
            finished_at='2026-10-21T04:00:00+00:00',
        )
        for number in range(1, count + 1)
    ]
    return SessionLog(session_id='2026-10-21-1', exchanges=exchanges, problems=[])


def _cards(count: int, width: int = 40) -> ExchangeCards:
    cards = ExchangeCards()
    cards.plain_first = True  # Plain answers: no Markdown import in a unit test.
    cards.show(_log(count), None, blocks=1 + count)
    cards.rewrap(width)
    return cards


def test_only_the_blocks_measured_are_rendered_and_their_heights_become_exact() -> None:
    console = Console(width=80)
    cards = _cards(50)
    assert cards.rendered_indexes == []
    cards.measure(0, 20, console)
    rendered = cards.rendered_indexes
    assert rendered and max(rendered) < 10
    heights = cards.heights
    for index in rendered:
        block = index + 1
        assert heights.exact[block]
        assert heights.heights[block] == len(cards.block_strips(block, console)) + 1
    assert not heights.exact[len(heights.heights) - 1]
    assert cards.plain_blocks == {index + 1 for index in rendered}


def test_new_styles_drop_the_kept_blocks_and_the_same_styles_keep_them() -> None:
    console = Console(width=80)
    cards = _cards(5)
    cards.measure(0, 10, console)
    kept = cards.rendered_indexes
    cards.use_styles(CardStyles())
    assert cards.rendered_indexes == kept
    cards.use_styles(CardStyles(muted=Style(dim=True)))
    assert cards.rendered_indexes == []


def test_a_log_that_grows_renders_its_header_again_and_keeps_its_cards() -> None:
    console = Console(width=80)
    cards = _cards(3)
    cards.measure(0, 100, console)
    assert cards.rendered_indexes == [0, 1, 2]
    grown = _log(4)
    cards.grow(grown)
    cards.heights.extend(cards.estimates(grown.exchanges[3:]))
    assert cards.strips.get(0) is None
    assert not cards.heights.exact[0]
    assert cards.rendered_indexes == [0, 1, 2]
    assert len(cards.heights.heights) == 5


def test_a_card_line_is_its_bar_then_the_line_exactly_the_width() -> None:
    bar, current, base = Style(color='red'), Style(bold=True), Style(bgcolor='black')
    line = Strip([Segment('text')])
    drawn = card_line(line, bar, None, base, 20)
    assert drawn.cell_length == 20
    assert drawn.text.startswith(CARD_BAR + 'text')
    marked = card_line(line, bar, current, base, 20)
    assert marked.text == drawn.text
    assert [segment.style.bold for segment in list(marked)[:2] if segment.style] == [True, True]
    assert not any(segment.style is not None and segment.style.bold for segment in drawn)
