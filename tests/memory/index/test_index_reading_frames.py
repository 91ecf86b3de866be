"""The index's reading workers send days and rows as JSON frames, and get back what was sent."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from desk_browser.memory.index.days import DeskDay
from desk_browser.memory.index.reading import _day_frame, _day_from, _rows_frame, _rows_from
from desk_browser.memory.index.rows import DayRows

texts = st.text(st.characters(codec='utf-8') | st.characters(categories=['Cs']), max_size=20)
values = st.none() | texts | st.binary(max_size=20)
rows = st.builds(
    DayRows,
    st.lists(st.tuples(st.integers(0, 2**63 - 1), texts | st.binary(max_size=20), values, values)),
    st.lists(st.tuples(st.integers(0, 2**63 - 1), texts)),
    st.text(max_size=32),
    st.binary(max_size=64),
)


@given(rows)
def test_a_days_rows_come_back_as_they_were_sent(sent: DayRows) -> None:
    frame = _rows_frame(sent)
    assert frame.isascii()
    assert _rows_from(frame) == sent


def test_no_rows_come_back_as_none() -> None:
    assert _rows_from(_rows_frame(None)) is None


@given(st.sampled_from([None, 'a/2026-12-01.jsonl']), st.lists(st.text(min_size=1), max_size=3))
def test_a_day_to_read_comes_back_as_it_was_sent(journal: str | None, notes: list[str]) -> None:
    day = DeskDay(
        '2026-12-01',
        None if journal is None else Path(journal),
        Path('s/2026-12-01.md'),
        tuple(Path(note) for note in notes),
    )
    assert _day_from(_day_frame(day)) == day
