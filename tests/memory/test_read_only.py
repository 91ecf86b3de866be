"""Reading a desk changes nothing in it: every core reader, the search and the watcher.

Tests run as root, so permissions prove nothing; the desk's tree is compared byte for byte and
mtime for mtime before and after, and no file may appear in it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from desk_browser.demo import DEMO_TODAY, build_demo_desk
from desk_browser.memory import desk_files
from desk_browser.memory.desk_files import Problem
from desk_browser.memory.desk_watch import DeskWatcher, JsonLinesFollower
from desk_browser.memory.session_search import SessionSearch, words_of
from desk_browser.memory.session_store import (
    SessionStore,
    log_path,
    read_exchange_log,
    read_state_file,
)
from tests.helpers.desks import MakeDemoDesk
from tests.helpers.tree import snapshot_tree, tree_differences

QUERIES = ['nifty', 'NIFTY gap down', 'order_placed SELL', 'zzzz-nothing', 'risk rejected', '']


def read_everything(desk: Path) -> int:
    """Runs every core reader over the desk; returns how many problems they reported."""
    problems: list[Problem] = []
    for day, path in desk_files.journal_files(desk):
        journal_day = desk_files.read_journal_day(path, day, problems)
        for action in journal_day.actions:
            desk_files.action_text(action)
            desk_files.is_own_search(action)
        for exchange in journal_day.exchanges:
            assert isinstance(exchange.text, str)
        desk_files.read_json_objects(path, problems)
        desk_files.read_json_objects_from(path, 0, problems)
    for _day, path in desk_files.summary_files(desk):
        text = desk_files.read_text(path, problems)
        desk_files.summary_paragraphs(text or '')
    for _day, path in desk_files.note_files(desk):
        desk_files.note_day(path)
        desk_files.read_text(path, problems)
    sessions = desk / 'sessions'
    store = SessionStore(sessions)
    store.load_state()
    read_state_file(sessions / 'state.json')
    for session_id in store.session_ids():
        store.exchanges(session_id)
        read_exchange_log(log_path(sessions, session_id), problems)
        follower = JsonLinesFollower(log_path(sessions, session_id))
        follower.read_new(problems)
        follower.read_new(problems)
        reading = desk_files.read_json_objects_from(log_path(sessions, session_id))
        desk_files.read_json_objects_from(
            log_path(sessions, session_id),
            reading.end_offset,
            problems,
            first_line_number=reading.next_line_number,
        )
    store.summaries()
    store.latest_summary()
    search = SessionSearch(desk)
    for query in QUERIES:
        result = search.search(query, 20)
        assert result.words == words_of(query)
    watcher = DeskWatcher(desk)
    state = store.load_state()
    watcher.follow_sessions([state.session_id] if state else store.session_ids()[:1])
    for _ in range(3):
        watcher.poll()
    watcher.state_age(0.0)
    return len(problems)


@pytest.mark.parametrize('damaged', [False, True], ids=['healthy', 'damaged'])
def test_reading_a_desk_changes_nothing_in_it(make_demo_desk: MakeDemoDesk, damaged: bool) -> None:
    desk = make_demo_desk(days=4, damaged=damaged)
    before = snapshot_tree(desk)
    problem_count = read_everything(desk)
    assert (problem_count > 0) == damaged
    after = snapshot_tree(desk)
    assert tree_differences(before, after) == []
    assert after == before


def test_checking_a_desk_changes_nothing_in_it(make_demo_desk: MakeDemoDesk) -> None:
    desk_check = pytest.importorskip('desk_browser.memory.desk_check')
    desk = make_demo_desk(days=4, damaged=True)
    before = snapshot_tree(desk)
    report = desk_check.check_desk(desk)
    assert not report.healthy
    assert tree_differences(before, snapshot_tree(desk)) == []


def test_the_snapshot_sees_a_created_touched_or_changed_file(tmp_path: Path) -> None:
    desk = tmp_path / 'main'
    build_demo_desk(desk, today=DEMO_TODAY, days=1)
    before = snapshot_tree(desk)
    assert before['.'][2] is True
    note = desk / 'notes' / 'watchlist.md'
    status = note.stat()
    note.write_bytes(note.read_bytes())
    differences = tree_differences(before, snapshot_tree(desk))
    assert differences and differences[0].startswith('changed: notes/watchlist.md')
    os.utime(note, ns=(status.st_atime_ns, status.st_mtime_ns))
    assert snapshot_tree(desk) == before
    note.write_bytes(b'other')
    os.utime(note, ns=(status.st_atime_ns, status.st_mtime_ns))
    differences = tree_differences(before, snapshot_tree(desk))
    assert len(differences) == 1
    assert differences[0].startswith('changed: notes/watchlist.md')
    (desk / 'journal' / 'extra.jsonl').write_bytes(b'')
    assert 'created: journal/extra.jsonl' in tree_differences(before, snapshot_tree(desk))
