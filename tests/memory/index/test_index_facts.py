"""What the index keeps beside records: kind marks, exchange facts, words, day signatures."""

from __future__ import annotations

import json
import os
import sqlite3
import time
from pathlib import Path

import pytest

from desk_browser.memory.index import store
from desk_browser.memory.index import tuning as index_tuning
from desk_browser.memory.index.days import DeskDay, day_signature
from desk_browser.memory.index.search import IndexedSearch
from desk_browser.memory.search_scope import SearchScope
from tests.helpers.index_files import connect_index
from tests.helpers.plain_scan import as_reference, rank_reference, reference_scoped_records
from tests.memory.test_scoped_search import journal_line, small_desk
from tests.memory.test_search_equivalence import write_file

KIND_SCOPES = [
    SearchScope(kinds=frozenset({'note'})),
    SearchScope(kinds=frozenset({'summary', 'note'})),
    SearchScope(kinds=frozenset({'exchange'})),
    SearchScope(kinds=frozenset({'journal'})),
    SearchScope(sessions=frozenset({'2026-10-19-1'})),
    SearchScope(sessions=frozenset({'2026-10-19-9'})),
    SearchScope(backends=frozenset({'codex'})),
]


def assert_scopes_exact(desk: Path, search: IndexedSearch, queries: list[str]) -> None:
    for scope in KIND_SCOPES:
        records = reference_scoped_records(desk, scope)
        for query in queries:
            expected = rank_reference(records, query, 50)
            assert as_reference(search.search(query, 50, scope=scope)) == expected, (scope, query)


def test_a_text_holding_marks_is_still_only_its_own_kind_session_and_backend(
    tmp_path: Path,
) -> None:
    desk = small_desk(tmp_path)
    text = 'nifty \x01\x01\x04 \x01\x01\x03 \x02\x05\x08 \x01 \x07'
    line = {'type': 'trigger_received', 'time': 't', 'text': text}
    write_file(desk / 'journal' / '2026-10-16.jsonl', journal_line(line))
    search = IndexedSearch(desk, cache_directory=tmp_path / 'cache')
    queries = ['nifty', '\x01', '\x01\x01\x04', 'nifty \x02\x05', '\x07', 'n', 'rollover']
    assert_scopes_exact(desk, search, queries)  # Read from the desk.
    assert search.build().complete
    assert_scopes_exact(desk, search, queries)  # From the index.
    search.close()


def test_an_exchange_fact_changed_in_the_index_is_caught_and_mended(tmp_path: Path) -> None:
    desk = small_desk(tmp_path)
    search = IndexedSearch(desk, cache_directory=tmp_path / 'cache')
    assert search.build().complete
    search.close()
    connection = connect_index(search.index_path)
    changed = connection.execute(
        "UPDATE records SET session = '2026-10-19-9', backend = 'codex' "
        "WHERE session = '2026-10-19-1'"
    ).rowcount
    connection.commit()
    assert changed == 1
    assert not all(store.day_is_intact(connection, day) for day in store.indexed_days(connection))
    connection.close()
    reopened = IndexedSearch(desk, cache_directory=tmp_path / 'cache')
    assert_scopes_exact(desk, reopened, ['nifty', 'holding', 'flat'])  # The day is read instead.
    assert reopened.build().complete  # Its scrub writes the day's rows again from the desk.
    connection = connect_index(reopened.index_path)
    assert all(store.day_is_intact(connection, day) for day in store.indexed_days(connection))
    assert connection.execute(
        "SELECT count(*) FROM records WHERE session = '2026-10-19-1'"
    ).fetchone()
    connection.close()
    assert_scopes_exact(desk, reopened, ['nifty', 'holding', 'flat'])
    reopened.close()


def test_suggestions_come_from_every_indexed_day(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(index_tuning, 'VOCABULARY_RECORDS', 1)
    desk = small_desk(tmp_path)  # "Holding." is in the older day only.
    before = IndexedSearch(desk, cache_directory=tmp_path / 'cache')
    assert before.suggestions(['holdng', 'rollver']) == {'rollver': 'rollover'}  # Newest day.
    assert before.build().complete
    before.close()
    after = IndexedSearch(desk, cache_directory=tmp_path / 'cache')
    assert after.suggestions(['holdng', 'rollver', 'qwxz']) == {
        'holdng': 'holding',
        'rollver': 'rollover',
    }
    after.close()


def test_a_day_whose_stored_words_cannot_be_read_gives_no_words_and_no_error(
    tmp_path: Path,
) -> None:
    desk = small_desk(tmp_path)
    search = IndexedSearch(desk, cache_directory=tmp_path / 'cache')
    assert search.build().complete
    search.close()
    connection = sqlite3.connect(search.index_path)
    connection.execute("UPDATE days SET words = x'00ff' WHERE day = '2026-10-19'")
    connection.execute("UPDATE days SET words = 'text' WHERE day = '2026-10-20'")
    connection.commit()
    connection.close()
    reopened = IndexedSearch(desk, cache_directory=tmp_path / 'cache')
    assert reopened.suggestions(['holdng', 'rollver']) == {}
    reopened.close()


def test_a_day_signature_is_the_json_of_its_files_status(tmp_path: Path) -> None:
    folder = os.fsdecode(os.fsencode(tmp_path))
    journal = Path(folder) / 'journal "quoted" \\ back.jsonl'
    journal.write_bytes(b'{}\n')
    note = Path(os.fsdecode(os.fsencode(tmp_path) + b'/note-\xff-\xc3\xa9-\x01.md'))
    note.write_bytes(b'note')
    missing = tmp_path / 'gone-\u4e2d.md'
    desk_day = DeskDay('2026-10-19', journal, None, (note, missing))
    signature, racy = day_signature(desk_day, time.time_ns())
    expected = []
    for role, path in [('journal', journal), ('note', note), ('note', missing)]:
        try:
            status = os.stat(path)
        except FileNotFoundError:
            expected.append([role, str(path), -1, -1, -1, -1])
            continue
        values = [status.st_size, status.st_mtime_ns, status.st_ctime_ns, status.st_ino]
        expected.append([role, str(path), *values])
    assert signature == json.dumps(expected, ensure_ascii=True, separators=(',', ':'))
    assert racy  # A file just written, and a file gone.
