"""Following a desk as it writes: read_json_objects_from and DeskWatcher."""

from __future__ import annotations

import builtins
import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from desk_browser.demo import DEMO_TODAY, build_demo_desk
from desk_browser.memory import desk_files
from desk_browser.memory.desk_files import (
    BYTE_ORDER_MARK,
    Problem,
    read_json_objects,
    read_json_objects_from,
)
from desk_browser.memory.desk_watch import DeskChanges, DeskWatcher, JsonLinesFollower
from tests.helpers.desks import MakeDemoDesk, append

EXCHANGE = {
    'trigger_text': '09:15 open',
    'answer': 'Holding.',
    'backend_name': 'claude',
    'finished_at': '2026-10-21T03:46:02+00:00',
}


def line(data: dict[str, Any]) -> bytes:
    return json.dumps(data).encode('utf-8') + b'\n'


@pytest.fixture
def desk(make_demo_desk: MakeDemoDesk) -> Path:
    return make_demo_desk(days=3)


def current_session(desk: Path) -> str:
    state = json.loads((desk / 'sessions' / 'state.json').read_text(encoding='utf-8'))
    session_id = state['session_id']
    assert isinstance(session_id, str)
    return session_id


# read_json_objects_from


def test_an_unfinished_last_line_is_left_unread_and_unreported(tmp_path: Path) -> None:
    path = tmp_path / 'log.jsonl'
    path.write_bytes(line({'a': 1}) + b'{"b": ')
    problems: list[Problem] = []
    reading = read_json_objects_from(path, 0, problems)
    assert reading.objects == [(1, {'a': 1})]
    assert problems == []
    assert reading.end_offset == len(line({'a': 1}))
    assert reading.next_line_number == 2
    assert reading.pending_bytes == len(b'{"b": ')
    assert not reading.shrank


def test_the_unfinished_line_is_read_once_complete(tmp_path: Path) -> None:
    path = tmp_path / 'log.jsonl'
    path.write_bytes(line({'a': 1}) + b'{"b": ')
    first = read_json_objects_from(path)
    append(path, b'2}\n' + line({'c': 3}))
    problems: list[Problem] = []
    second = read_json_objects_from(
        path, first.end_offset, problems, first_line_number=first.next_line_number
    )
    assert second.objects == [(2, {'b': 2}), (3, {'c': 3})]
    assert problems == []
    assert second.end_offset == path.stat().st_size
    assert second.next_line_number == 4
    assert second.pending_bytes == 0


def test_reading_in_pieces_gives_what_one_read_gives(tmp_path: Path) -> None:
    path = tmp_path / 'log.jsonl'
    content = (
        BYTE_ORDER_MARK
        + line({'a': 1})
        + b'\n'
        + b'{"cut": \n'
        + b'\xff\xfe\n'
        + b'[1]\n'
        + line({'b': 2})
        + b'  \n'
        + line({'c': 3})
    )
    whole_problems: list[Problem] = []
    whole = read_json_objects(path_with(path, content), whole_problems)
    piece_problems: list[Problem] = []
    objects: list[tuple[int, dict[str, Any]]] = []
    path.write_bytes(b'')
    offset, line_number = 0, 1
    for size in range(1, len(content) + 1, 5):
        path.write_bytes(content[:size])
        reading = read_json_objects_from(
            path, offset, piece_problems, first_line_number=line_number
        )
        objects.extend(reading.objects)
        offset, line_number = reading.end_offset, reading.next_line_number
    path.write_bytes(content)
    reading = read_json_objects_from(path, offset, piece_problems, first_line_number=line_number)
    objects.extend(reading.objects)
    assert objects == whole
    assert piece_problems == whole_problems
    assert [problem.line_number for problem in whole_problems] == [3, 4, 5]


def path_with(path: Path, content: bytes) -> Path:
    path.write_bytes(content)
    return path


def test_reading_everything_matches_read_json_objects(tmp_path: Path) -> None:
    path = path_with(tmp_path / 'log.jsonl', line({'a': 1}) + b'{"cut": ')
    problems_all: list[Problem] = []
    problems_from: list[Problem] = []
    reading = read_json_objects_from(path, 0, problems_from, complete_lines_only=False)
    assert reading.objects == read_json_objects(path, problems_all)
    assert problems_from == problems_all == [Problem(path, 2, 'cut short')]
    assert reading.end_offset == path.stat().st_size
    assert reading.pending_bytes == 0


def test_a_file_that_shrank_below_the_offset_is_reported(tmp_path: Path) -> None:
    path = path_with(tmp_path / 'log.jsonl', line({'a': 1}) + line({'b': 2}))
    first = read_json_objects_from(path)
    path.write_bytes(line({'x': 0}))
    second = read_json_objects_from(path, first.end_offset, first_line_number=3)
    assert second.shrank
    assert second.objects == []
    assert second.end_offset == first.end_offset


def test_an_unreadable_file_reads_as_nothing_and_is_reported(tmp_path: Path) -> None:
    problems: list[Problem] = []
    missing = tmp_path / 'missing.jsonl'
    reading = read_json_objects_from(missing, 10, problems, first_line_number=4)
    assert reading.objects == []
    assert (reading.end_offset, reading.next_line_number) == (10, 4)
    assert problems == [Problem(missing, None, 'unreadable: No such file or directory')]
    problems.clear()
    read_json_objects_from(tmp_path, 10, problems)
    assert problems == [Problem(tmp_path, None, 'unreadable: Is a directory')]


def test_a_byte_order_mark_counts_as_bytes_of_the_first_line(tmp_path: Path) -> None:
    path = path_with(tmp_path / 'log.jsonl', BYTE_ORDER_MARK + line({'a': 1}))
    reading = read_json_objects_from(path)
    assert reading.objects == [(1, {'a': 1})]
    assert reading.end_offset == path.stat().st_size


# DeskWatcher


def test_nothing_changed_reports_nothing(desk: Path) -> None:
    watcher = DeskWatcher(desk)
    watcher.follow_session(current_session(desk))
    for _ in range(3):
        changes = watcher.poll()
        assert changes == DeskChanges()
        assert not changes.has_changes


def test_a_poll_reads_no_file(desk: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    watcher = DeskWatcher(desk)
    watcher.follow_session(current_session(desk))
    append(desk / 'sessions' / f'{current_session(desk)}.jsonl', line(EXCHANGE))
    (desk / 'notes' / 'new.md').write_text('new', encoding='utf-8')

    def refuse(*arguments: Any, **keywords: Any) -> Any:
        raise AssertionError(f'a poll opened a file: {arguments}')

    monkeypatch.setattr(builtins, 'open', refuse)
    monkeypatch.setattr(os, 'open', refuse)
    changes = watcher.poll()
    assert changes.notes_changed
    assert changes.grown_logs


def test_an_appended_exchange_grows_the_followed_log(desk: Path) -> None:
    session_id = current_session(desk)
    log = desk / 'sessions' / f'{session_id}.jsonl'
    watcher = DeskWatcher(desk)
    watcher.follow_session(session_id)
    append(log, line(EXCHANGE))
    changes = watcher.poll()
    assert changes.grown_logs == {session_id: log.stat().st_size}
    assert changes.rewritten_logs == []
    assert watcher.poll() == DeskChanges()


def test_a_log_that_is_not_followed_is_not_watched(desk: Path) -> None:
    watcher = DeskWatcher(desk)
    append(desk / 'sessions' / f'{current_session(desk)}.jsonl', line(EXCHANGE))
    assert watcher.poll() == DeskChanges()


def test_a_replaced_log_is_rewritten(desk: Path) -> None:
    session_id = current_session(desk)
    log = desk / 'sessions' / f'{session_id}.jsonl'
    watcher = DeskWatcher(desk)
    watcher.follow_session(session_id)
    replacement = desk.parent / 'replacement.jsonl'
    replacement.write_bytes(log.read_bytes() + line(EXCHANGE))
    os.replace(replacement, log)
    changes = watcher.poll()
    assert changes.grown_logs == {session_id: log.stat().st_size}
    assert changes.rewritten_logs == [session_id]


def test_a_truncated_log_is_rewritten(desk: Path) -> None:
    session_id = current_session(desk)
    log = desk / 'sessions' / f'{session_id}.jsonl'
    watcher = DeskWatcher(desk)
    watcher.follow_session(session_id)
    with log.open('r+b') as file:
        file.truncate(10)
    changes = watcher.poll()
    assert changes.grown_logs == {session_id: 10}
    assert changes.rewritten_logs == [session_id]


def test_a_deleted_followed_log_is_rewritten_with_size_zero(desk: Path) -> None:
    session_id = current_session(desk)
    watcher = DeskWatcher(desk)
    watcher.follow_session(session_id)
    (desk / 'sessions' / f'{session_id}.jsonl').unlink()
    changes = watcher.poll()
    assert changes.grown_logs == {session_id: 0}
    assert changes.rewritten_logs == [session_id]
    assert changes.removed_sessions == [session_id]


def test_following_another_session_takes_its_log_as_the_baseline(desk: Path) -> None:
    session_id = current_session(desk)
    watcher = DeskWatcher(desk)
    append(desk / 'sessions' / f'{session_id}.jsonl', line(EXCHANGE))
    watcher.follow_session(session_id)
    assert watcher.followed_sessions == (session_id,)
    assert watcher.poll() == DeskChanges()
    watcher.follow_session(None)
    # mypy keeps the property narrowed to the one-session tuple of the assert above.
    assert watcher.followed_sessions == ()  # type: ignore[comparison-overlap]


def test_new_and_removed_sessions_are_listed_oldest_first(desk: Path) -> None:
    watcher = DeskWatcher(desk)
    sessions = desk / 'sessions'
    (sessions / '2026-10-21-10.jsonl').write_bytes(b'')
    (sessions / '2026-10-21-9.jsonl').write_bytes(b'')
    (sessions / 'not-a-log.txt').write_bytes(b'')
    (sessions / 'folder.jsonl').mkdir()
    changes = watcher.poll()
    assert changes.new_sessions == ['2026-10-21-9', '2026-10-21-10']
    assert changes.removed_sessions == []
    (sessions / '2026-10-21-9.jsonl').unlink()
    changes = watcher.poll()
    assert changes.new_sessions == []
    assert changes.removed_sessions == ['2026-10-21-9']


def test_sessions_created_one_after_another_are_each_reported(desk: Path) -> None:
    watcher = DeskWatcher(desk)
    sessions = desk / 'sessions'
    found = []
    for number in range(20, 26):
        (sessions / f'2026-10-21-{number}.jsonl').write_bytes(b'')
        found.extend(watcher.poll().new_sessions)
    assert found == [f'2026-10-21-{number}' for number in range(20, 26)]


def test_a_rewritten_state_is_reported_and_its_age_known(desk: Path) -> None:
    state = desk / 'sessions' / 'state.json'
    watcher = DeskWatcher(desk)
    written_at = state.stat().st_mtime_ns / 1e9
    assert watcher.state_age(written_at + 14) == pytest.approx(14)
    assert watcher.state_age(written_at - 5) == 0
    replacement = desk / 'sessions' / '.state.json.tmp'
    replacement.write_bytes(state.read_bytes())
    os.utime(replacement, ns=(1_900_000_000_000_000_000, 1_900_000_000_000_000_000))
    os.replace(replacement, state)
    assert watcher.state_age(1_900_000_010.0) != pytest.approx(10)
    changes = watcher.poll()
    assert changes.state_changed
    assert watcher.state_age(1_900_000_010.0) == pytest.approx(10)
    state.unlink()
    assert watcher.poll().state_changed
    assert watcher.state_age(1_900_000_010.0) is None


def test_a_new_or_grown_journal_is_reported(desk: Path) -> None:
    watcher = DeskWatcher(desk)
    newest_day, newest = desk_files.journal_files(desk)[0]
    append(newest, line({'type': 'text', 'time': '', 'text': 'more'}))
    assert watcher.poll().journal_changed
    assert watcher.poll() == DeskChanges()
    (desk / 'journal' / '2026-10-22.jsonl').write_bytes(b'')
    assert watcher.poll().journal_changed
    (desk / 'journal' / 'scratch.jsonl').write_bytes(b'')
    assert watcher.poll() == DeskChanges()
    assert newest_day < '2026-10-22'


def test_a_changed_note_is_reported(desk: Path) -> None:
    watcher = DeskWatcher(desk)
    watchlist = desk / 'notes' / 'watchlist.md'
    append(watchlist, b'\nTCS\n')
    assert watcher.poll().notes_changed
    (desk / 'notes' / 'fresh.md').write_text('fresh', encoding='utf-8')
    assert watcher.poll().notes_changed
    (desk / 'notes' / 'picture.png').write_bytes(b'png')
    assert watcher.poll() == DeskChanges()
    watchlist.unlink()
    assert watcher.poll().notes_changed


def test_a_new_summary_is_reported(desk: Path) -> None:
    watcher = DeskWatcher(desk)
    (desk / 'sessions' / 'summaries' / f'{DEMO_TODAY.isoformat()}.md').write_text(
        'Done.', encoding='utf-8'
    )
    changes = watcher.poll()
    assert changes.summaries_changed
    assert not changes.state_changed
    assert changes.new_sessions == []


def test_the_newest_summary_is_watched_past_names_that_sort_after_it(desk: Path) -> None:
    summaries = desk / 'sessions' / 'summaries'
    newest = summaries / '2026-10-25.md'
    newest.write_text('Done.', encoding='utf-8')
    for name in ('2026-13-01.md', '2026-10-26-draft.md', 'zz-scratch.md', '2026-10-27.txt'):
        (summaries / name).write_text('not a summary', encoding='utf-8')
    watcher = DeskWatcher(desk)
    (summaries / 'zz-scratch.md').write_text('still not a summary, longer', encoding='utf-8')
    (summaries / 'other.md').write_text('nor this', encoding='utf-8')
    assert watcher.poll() == DeskChanges()
    newest.write_text('Done, and more.', encoding='utf-8')
    assert watcher.poll().summaries_changed
    (summaries / '2026-10-24.md').write_text('An older day, written late.', encoding='utf-8')
    assert watcher.poll().summaries_changed
    (summaries / '2026-10-24.md').unlink()
    assert watcher.poll().summaries_changed
    assert watcher.poll() == DeskChanges()


def test_a_folder_listed_again_unchanged_reports_nothing(desk: Path) -> None:
    sessions = desk / 'sessions'
    watcher = DeskWatcher(desk)
    (sessions / 'scratch.txt').write_bytes(b'')  # The folder changed; its logs did not.
    (desk / 'journal' / 'notes.txt').write_bytes(b'')
    assert watcher.poll() == DeskChanges()
    (sessions / '2026-10-21-30.jsonl').write_bytes(b'')
    (sessions / 'scratch.txt').unlink()
    assert watcher.poll().new_sessions == ['2026-10-21-30']


def test_a_removed_desk_vanishes_and_returns(desk: Path) -> None:
    session_id = current_session(desk)
    watcher = DeskWatcher(desk)
    watcher.follow_session(session_id)
    backup = desk.parent / 'backup'
    shutil.copytree(desk, backup)
    shutil.rmtree(desk)
    changes = watcher.poll()
    assert changes.vanished
    assert changes.state_changed and changes.journal_changed and changes.notes_changed
    assert session_id in changes.removed_sessions
    assert changes.rewritten_logs == [session_id]
    assert watcher.state_age(0.0) is None
    again = watcher.poll()
    assert again.vanished and not again.has_changes
    shutil.copytree(backup, desk)
    back = watcher.poll()
    assert not back.vanished
    assert back.state_changed and back.journal_changed
    assert session_id in back.new_sessions
    assert back.grown_logs[session_id] > 0


def test_a_desk_that_is_a_file_has_vanished(tmp_path: Path) -> None:
    path = tmp_path / 'main'
    path.write_bytes(b'not a desk')
    changes = DeskWatcher(path).poll()
    assert changes.vanished and not changes.has_changes


def test_a_desk_that_does_not_exist_yet_appears(tmp_path: Path) -> None:
    desk = tmp_path / 'main'
    watcher = DeskWatcher(desk)
    assert watcher.poll().vanished
    build_demo_desk(desk, today=DEMO_TODAY, days=1)
    changes = watcher.poll()
    assert not changes.vanished
    assert changes.state_changed and changes.journal_changed and changes.new_sessions


# JsonLinesFollower


def test_a_follower_reads_only_completed_lines_once(tmp_path: Path) -> None:
    path = path_with(tmp_path / 'log.jsonl', line({'a': 1}) + b'{"b": ')
    follower = JsonLinesFollower(path)
    problems: list[Problem] = []
    first = follower.read_new(problems)
    assert (first.objects, first.restarted, first.pending_bytes) == ([(1, {'a': 1})], False, 6)
    assert follower.read_new(problems).objects == []
    append(path, b'2}\n{"cut": \n' + line({'c': 3}))
    second = follower.read_new(problems)
    assert second.objects == [(2, {'b': 2}), (4, {'c': 3})]
    assert not second.restarted
    assert problems == [Problem(path, 3, 'cut short')]


def test_a_follower_starts_again_when_the_file_is_replaced(tmp_path: Path) -> None:
    path = path_with(tmp_path / 'log.jsonl', line({'a': 1}) + line({'b': 2}))
    follower = JsonLinesFollower(path)
    follower.read_new()
    replacement = path_with(tmp_path / 'new.jsonl', line({'x': 1}) + line({'y': 2}) + line({}))
    os.replace(replacement, path)
    lines = follower.read_new()
    assert lines.restarted
    assert lines.objects == [(1, {'x': 1}), (2, {'y': 2}), (3, {})]


def test_a_follower_starts_again_when_the_file_shrinks(tmp_path: Path) -> None:
    path = path_with(tmp_path / 'log.jsonl', line({'a': 1}) + line({'b': 2}))
    follower = JsonLinesFollower(path)
    follower.read_new()
    with path.open('r+b') as file:
        file.truncate(0)
        file.write(line({'z': 0}))
    lines = follower.read_new()
    assert lines.restarted
    assert lines.objects == [(1, {'z': 0})]


def test_a_follower_reports_a_vanished_file_and_picks_up_a_new_one(tmp_path: Path) -> None:
    path = path_with(tmp_path / 'log.jsonl', line({'a': 1}))
    follower = JsonLinesFollower(path)
    follower.read_new()
    path.unlink()
    problems: list[Problem] = []
    gone = follower.read_new(problems)
    assert gone.restarted and gone.objects == []
    assert problems == [Problem(path, None, 'unreadable: No such file or directory')]
    path_with(path, line({'b': 2}))
    back = follower.read_new()
    assert not back.restarted
    assert back.objects == [(1, {'b': 2})]


def test_a_follower_restarted_by_hand_reads_everything_again(tmp_path: Path) -> None:
    path = path_with(tmp_path / 'log.jsonl', line({'a': 1}))
    follower = JsonLinesFollower(path)
    follower.read_new()
    follower.restart()
    assert follower.read_new().objects == [(1, {'a': 1})]


def test_watcher_and_follower_show_an_appended_exchange(desk: Path) -> None:
    session_id = current_session(desk)
    log = desk / 'sessions' / f'{session_id}.jsonl'
    watcher = DeskWatcher(desk)
    watcher.follow_session(session_id)
    follower = JsonLinesFollower(log)
    before = len(follower.read_new().objects)
    half = line(EXCHANGE)[:20]
    append(log, half)
    assert watcher.poll().grown_logs == {session_id: log.stat().st_size}
    assert follower.read_new().objects == []
    append(log, line(EXCHANGE)[20:])
    assert watcher.poll().grown_logs
    assert follower.read_new().objects == [(before + 1, EXCHANGE)]
