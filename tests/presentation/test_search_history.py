"""presentation.search_history: the last 100 queries in the user's state folder."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from desk_browser.presentation.search_history import (
    HistoryCursor,
    SearchHistory,
    default_history_path,
)


def test_queries_are_kept_newest_first_and_saved(tmp_path: Path) -> None:
    path = tmp_path / 'state' / 'search-history.json'
    history = SearchHistory(path)
    assert history.queries() == []
    history.add('nifty')
    history.add('  rbi   policy ')
    history.add('nifty')  # Searched again: moves to the newest place.
    assert history.queries() == ['nifty', 'rbi policy']
    assert json.loads(path.read_text(encoding='utf-8')) == ['rbi policy', 'nifty']
    assert SearchHistory(path).queries() == ['nifty', 'rbi policy']
    history.add('   ')
    assert history.queries() == ['nifty', 'rbi policy']


def test_only_the_last_hundred_are_kept(tmp_path: Path) -> None:
    history = SearchHistory(tmp_path / 'history.json')
    for number in range(130):
        history.add(f'query {number}')
    queries = SearchHistory(tmp_path / 'history.json').queries()
    assert len(queries) == 100
    assert queries[0] == 'query 129'
    assert queries[-1] == 'query 30'


@pytest.mark.parametrize(
    'content', [b'not json', b'{"a": 1}', b'[1, null, "ok", ["x"]]', b'\xff\xfe', b'[' * 100000]
)
def test_a_damaged_file_is_no_history(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / 'history.json'
    path.write_bytes(content)
    history = SearchHistory(path)
    assert history.queries() in ([], ['ok'])
    history.add('nifty')
    assert history.queries()[0] == 'nifty'


def test_saving_never_raises(tmp_path: Path) -> None:
    blocked = tmp_path / 'file'
    blocked.write_text('a file where the folder should be')
    history = SearchHistory(blocked / 'state' / 'history.json')
    history.add('nifty')
    assert history.queries() == ['nifty']


def test_the_default_path_is_in_the_state_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv('XDG_STATE_HOME', str(tmp_path / 'state-home'))
    assert (
        default_history_path() == tmp_path / 'state-home' / 'desk-browser' / 'search-history.json'
    )


def test_the_cursor_walks_back_and_forth() -> None:
    cursor = HistoryCursor(['c', 'b', 'a'])
    assert cursor.newer() is None
    assert [cursor.older(), cursor.older(), cursor.older(), cursor.older()] == ['c', 'b', 'a', None]
    assert [cursor.newer(), cursor.newer(), cursor.newer(), cursor.newer()] == ['b', 'c', '', None]


@settings(deadline=None, max_examples=50)  # Each example writes files: no time limit.
@given(st.lists(st.text(max_size=8), max_size=30))
def test_the_history_is_the_distinct_newest_queries(queries: list[str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        history = SearchHistory(Path(folder) / 'history.json', most=5)
        for query in queries:
            history.add(query)
        assert SearchHistory(Path(folder) / 'history.json', most=5).queries() == history.queries()
    expected = list(dict.fromkeys(' '.join(query.split()) for query in reversed(queries)))
    assert history.queries() == [query for query in expected if query][:5]
