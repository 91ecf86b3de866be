"""session_ids_in sorts a desk's own ids by name, and any others by session_sort_key: same order."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from desk_browser.memory import session_ids
from desk_browser.memory.file_status import FolderListing
from desk_browser.memory.session_ids import session_ids_in, session_sort_key

_PLAIN = st.builds(
    '{:04d}-{:02d}-{:02d}-{}'.format,
    st.integers(2020, 2030),
    st.integers(1, 12),
    st.integers(1, 28),
    st.integers(0, 9),
)
"""Ids as a desk writes them (one digit, a real day)."""

_ODD = st.one_of(
    st.builds(
        '{}-{}'.format,
        st.sampled_from(['2026-02-30', '0000-01-01', '2026-13-01']),
        st.integers(0, 9),
    ),
    st.builds('2026-10-{:02d}-{}'.format, st.integers(1, 31), st.integers(10, 12)),
    st.builds('2026-10-21-0{}'.format, st.integers(0, 9)),
    st.sampled_from(
        ['odd', '2026-10-21', '2026-10-21-1-2', 'x2026-10-21-1', '2026-10-21-١', '2026-W01-1-2']
    ),
    st.text(min_size=1, max_size=14).filter(lambda text: '/' not in text and '\x00' not in text),
)
"""Ids that are not: more digits, a leading zero, no real day, no number, anything."""


@given(st.lists(_PLAIN, unique=True), st.lists(_ODD, max_size=3, unique=True))
def test_ids_come_in_session_sort_keys_order(plain: list[str], odd: list[str]) -> None:
    for ids in (plain, [*plain, *odd], sorted({*plain, *odd})):
        expected = sorted(ids, key=session_sort_key, reverse=True)
        sorted_here = list(ids)
        if not session_ids._sorted_plain_ids(sorted_here):
            assert sorted_here == ids  # Left for session_sort_key.
            sorted_here.sort(key=session_sort_key, reverse=True)
        assert sorted_here == expected


def test_a_desks_own_ids_are_sorted_without_a_key_per_id(tmp_path: Path) -> None:
    folder = tmp_path / 'sessions'
    folder.mkdir()
    names = ['2026-10-20-2', '2026-10-21-1', '2026-10-19-9', '2026-10-21-3', '2024-02-29-1']
    for name in names:
        (folder / f'{name}.jsonl').write_text('', encoding='utf-8')
    plain = list(names)
    assert session_ids._sorted_plain_ids(plain)
    assert plain == sorted(names, key=session_sort_key, reverse=True)
    assert session_ids_in(folder, FolderListing()) == plain
    (folder / '2026-10-21-10.jsonl').write_text('', encoding='utf-8')
    assert session_ids_in(folder, FolderListing())[:2] == ['2026-10-21-10', '2026-10-21-3']
    assert not session_ids._sorted_plain_ids(['2023-02-29-1', *names])
