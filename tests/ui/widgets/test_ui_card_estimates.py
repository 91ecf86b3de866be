"""Estimating many exchange cards at once gives each card's own estimate."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from desk_browser.memory.session_store import Exchange
from desk_browser.presentation.safe_text import DEFAULT_LIMIT
from desk_browser.ui.widgets.exchange_rendering import (
    estimate_card_height,
    estimate_card_heights,
)

_TEXTS = st.one_of(
    st.text(alphabet=st.sampled_from('ab \n\t€'), max_size=300),
    st.builds(lambda size: 'x\n' * size, st.integers(DEFAULT_LIMIT // 2 - 2, DEFAULT_LIMIT)),
)


def _exchange(trigger: str, answer: str) -> Exchange:
    return Exchange(
        trigger_text=trigger,
        answer=answer,
        backend_name='claude',
        finished_at='2026-10-21T04:00:00+00:00',
    )


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(_TEXTS, _TEXTS), max_size=8), st.integers(1, 200))
def test_many_cards_are_estimated_as_each_alone(texts: list[tuple[str, str]], width: int) -> None:
    exchanges = [_exchange(trigger, answer) for trigger, answer in texts]
    assert estimate_card_heights(exchanges, width) == [
        estimate_card_height(exchange, width) for exchange in exchanges
    ]
