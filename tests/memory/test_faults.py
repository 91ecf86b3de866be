"""Faults a live desk throws at its readers: each ends as a Problem or an empty result, never an
exception, for desk_files, the session store, the search, check_desk and DeskWatcher.

Root bypasses file permissions, so "permission denied" is simulated by making Path.open raise
for one path; "deleted", "truncated" and "replaced" between listing and reading are done for real,
by a hook that runs when a reader opens the file, after it was listed.
"""

from __future__ import annotations

import contextlib
import dataclasses
import errno
import json
import os
import random
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from desk_browser.memory import desk_check, desk_files
from desk_browser.memory.desk_files import Problem
from desk_browser.memory.desk_watch import DeskChanges, DeskWatcher, JsonLinesFollower
from desk_browser.memory.session_search import SessionSearch
from desk_browser.memory.session_store import (
    Exchange,
    SessionStore,
    StateReading,
    log_path,
    read_exchange_log,
    read_state_file,
)
from desk_browser.presentation.problem_explanations import explain
from tests.helpers.desks import MakeDemoDesk
from tests.helpers.peak_memory import PEAK_BYTES_SOURCE

QUERIES = ['nifty', 'NIFTY gap down', 'zzzz-nothing']
READER_REASONS = (
    'cut short',
    'not JSON',
    'not an object',
    'not UTF-8',
    'missing type',
    'wrong type for field',
    'missing field',
    'unreadable:',
    'cannot read: permission denied',
    'not a file',
    'a link that points to itself',
    'a link to a file that does not exist',
    'not a folder',
    'empty',
    'not a regular file',
    'too big:',
    'nested too deep',
    'points outside the desk:',
)


@dataclasses.dataclass
class Findings:
    """What every reader made of a desk."""

    problems: list[Problem]
    state: StateReading
    session_ids: list[str]
    exchanges: dict[str, list[Exchange]]
    logs: dict[str, list[Exchange]]
    summaries: int
    hits: dict[str, int]
    report_problems: list[Problem] | None
    changes: list[DeskChanges]

    def check_reports(self, path: Path, reason: str) -> bool:
        """Whether check_desk reported this path for this reason (True when it is absent)."""
        if self.report_problems is None:
            return True
        return any(
            problem.path == path and reason in problem.reason for problem in self.report_problems
        )


def read_desk(desk: Path, watcher: DeskWatcher | None = None) -> Findings:
    """Runs every core reader over the desk, as the browser and `check` do."""
    problems: list[Problem] = []
    for day, path in desk_files.journal_files(desk):
        desk_files.read_journal_day(path, day, problems)
    for _day, path in desk_files.summary_files(desk):
        desk_files.read_text(path, problems)
    for _day, path in desk_files.note_files(desk):
        desk_files.read_text(path, problems)
    sessions = desk / 'sessions'
    state = read_state_file(sessions / 'state.json')
    if state.problem is not None:
        problems.append(state.problem)
    store = SessionStore(sessions)
    store.load_state()
    session_ids = store.session_ids()
    exchanges = {session_id: store.exchanges(session_id) for session_id in session_ids}
    logs = {}
    for session_id in session_ids:
        path = log_path(sessions, session_id)
        logs[session_id] = read_exchange_log(path, problems)
        follower = JsonLinesFollower(path)
        follower.read_new()
        follower.read_new()
        reading = desk_files.read_json_objects_from(path)
        desk_files.read_json_objects_from(
            path, reading.end_offset, first_line_number=reading.next_line_number
        )
    summaries = len(store.summaries())
    store.latest_summary()
    search = SessionSearch(desk)
    hits = {query: len(search.search(query, 10).hits) for query in QUERIES}
    report_problems = desk_check.check_desk(desk).problems
    watcher = watcher or DeskWatcher(desk)
    if state.state is not None:
        watcher.follow_session(state.state.session_id)
    changes = [watcher.poll(), watcher.poll()]
    watcher.state_age(0.0)
    return Findings(
        problems=problems,
        state=state,
        session_ids=session_ids,
        exchanges=exchanges,
        logs=logs,
        summaries=summaries,
        hits=hits,
        report_problems=report_problems,
        changes=changes,
    )


def assert_known_reasons(problems: list[Problem]) -> None:
    for problem in problems:
        assert problem.reason.startswith(READER_REASONS), problem


@pytest.fixture
def desk(make_demo_desk: MakeDemoDesk) -> Path:
    return make_demo_desk(days=3)


def current_session(desk: Path) -> str:
    session_id = json.loads((desk / 'sessions' / 'state.json').read_bytes())['session_id']
    assert isinstance(session_id, str)
    return session_id


def file_of_kind(desk: Path, kind: str) -> Path:
    """One file of each kind the desk holds."""
    if kind == 'journal':
        return desk_files.journal_files(desk)[0][1]
    if kind == 'log':
        return log_path(desk / 'sessions', current_session(desk))
    if kind == 'state':
        return desk / 'sessions' / 'state.json'
    if kind == 'summary':
        return desk_files.summary_files(desk)[0][1]
    assert kind == 'note'
    return desk / 'notes' / 'watchlist.md'


@contextlib.contextmanager
def on_open(
    monkeypatch: pytest.MonkeyPatch, target: Path, hook: Callable[[Callable[[], Any]], Any]
) -> Iterator[list[int]]:
    """Runs hook(open_the_file) when `target` is opened for reading; yields a list of the opens."""
    original_open = Path.open
    opens: list[int] = []

    def patched_open(self: Path, *arguments: Any, **keywords: Any) -> Any:
        mode = arguments[0] if arguments else keywords.get('mode', 'r')
        if self == target and mode in ('r', 'rb'):
            opens.append(1)
            return hook(lambda: original_open(self, *arguments, **keywords))
        return original_open(self, *arguments, **keywords)

    original_os_open = os.open

    def patched_os_open(path: Any, flags: int, *arguments: Any, **keywords: Any) -> Any:
        if Path(path) == target and not flags & (os.O_WRONLY | os.O_RDWR):
            opens.append(1)
            return hook(lambda: original_os_open(path, flags, *arguments, **keywords))
        return original_os_open(path, flags, *arguments, **keywords)

    with monkeypatch.context() as patch:
        patch.setattr(Path, 'open', patched_open)
        patch.setattr(os, 'open', patched_os_open)  # The core's readers open files so.
        yield opens


KINDS = ['journal', 'log', 'state', 'summary', 'note']


@pytest.mark.parametrize('kind', KINDS)
def test_a_file_deleted_between_listing_and_reading_is_reported(
    desk: Path, kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = file_of_kind(desk, kind)
    aside = desk.parent / 'aside'

    def deleted_meanwhile(open_file: Callable[[], Any]) -> Any:
        os.replace(target, aside)
        try:
            return open_file()
        finally:
            os.replace(aside, target)

    with on_open(monkeypatch, target, deleted_meanwhile) as opens:
        findings = read_desk(desk)
    assert opens
    unreadable = Problem(target, None, 'unreadable: No such file or directory')
    assert unreadable in findings.problems
    assert findings.check_reports(target, 'unreadable: No such file or directory')
    assert_known_reasons(findings.problems)
    if kind == 'log':
        assert findings.exchanges[current_session(desk)] == []
    if kind == 'state':
        assert findings.state.exists and findings.state.state is None
    assert findings.hits['nifty'] > 0


@pytest.mark.parametrize('kind', ['journal', 'log'])
def test_a_file_truncated_between_listing_and_reading_loses_only_its_tail(
    desk: Path, kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = file_of_kind(desk, kind)
    content = target.read_bytes()
    cut = content.rfind(b'\n', 0, len(content) - 1) + 40  # Inside the last line.

    def truncated_meanwhile(open_file: Callable[[], Any]) -> Any:
        if target.stat().st_size == len(content):
            with os.fdopen(os.open(target, os.O_WRONLY), 'wb') as file:
                file.truncate(cut)
            # Quiet since: a last line cut just now is being written, not damage (pending).
            an_hour_ago = time.time() - 3600
            os.utime(target, (an_hour_ago, an_hour_ago))
        return open_file()

    last_line = content[:cut].count(b'\n') + 1
    with on_open(monkeypatch, target, truncated_meanwhile):
        findings = read_desk(desk)
    assert Problem(target, last_line, 'cut short') in findings.problems
    assert findings.check_reports(target, 'cut short')
    assert_known_reasons(findings.problems)
    if kind == 'log':
        lines = content.count(b'\n')
        assert len(findings.logs[current_session(desk)]) == lines - 1


def test_a_log_replaced_while_open_reads_as_the_file_that_was_opened(
    desk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session_id = current_session(desk)
    target = file_of_kind(desk, 'log')
    original = target.read_bytes()
    replacement = (
        b'{"trigger_text": "new", "answer": "file", "backend_name": "x", "finished_at": ""}\n'
    )
    watcher = DeskWatcher(desk)
    watcher.follow_session(session_id)

    def replaced_while_open(open_file: Callable[[], Any]) -> Any:
        opened = open_file()
        if not replaced:
            new_file = target.with_name('replacement.tmp')
            new_file.write_bytes(replacement)
            os.replace(new_file, target)
            replaced.append(True)
        return opened

    replaced: list[bool] = []
    with on_open(monkeypatch, target, replaced_while_open):
        problems: list[Problem] = []
        first = read_exchange_log(target, problems)
        assert len(first) == original.count(b'\n')
        assert problems == []
        changes = watcher.poll()
        assert changes.rewritten_logs == [session_id]
        second = read_exchange_log(target, problems)
        assert [exchange.trigger_text for exchange in second] == ['new']
        assert problems == []
        findings = read_desk(desk, watcher)
    assert_known_reasons(findings.problems)
    assert not any(problem.path == target for problem in findings.problems)


@pytest.mark.parametrize('kind', KINDS)
def test_permission_denied_on_one_file_is_reported(
    desk: Path, kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = file_of_kind(desk, kind)

    def denied(open_file: Callable[[], Any]) -> Any:
        raise PermissionError(errno.EACCES, 'Permission denied', str(target))

    with on_open(monkeypatch, target, denied):
        findings = read_desk(desk)
    assert Problem(target, None, 'cannot read: permission denied') in findings.problems
    assert findings.check_reports(target, 'cannot read: permission denied')
    assert_known_reasons(findings.problems)
    others = [problem for problem in findings.problems if problem.path != target]
    assert others == []
    if kind == 'log':
        assert findings.exchanges[current_session(desk)] == []
        assert len(findings.session_ids) > 1
        assert all(findings.exchanges[session_id] for session_id in findings.session_ids[1:])
    assert not findings.changes[0].has_changes


def test_a_symlink_loop_under_notes_is_skipped_and_checked(desk: Path) -> None:
    notes = desk / 'notes'
    (notes / 'loop.md').symlink_to('loop.md')
    (notes / 'ping.md').symlink_to('pong.md')
    (notes / 'pong.md').symlink_to('ping.md')
    (notes / 'again').symlink_to('.')
    (notes / 'again.md').symlink_to('again')
    findings = read_desk(desk)
    assert findings.problems == []
    names = [path.name for _day, path in desk_files.note_files(desk)]
    assert 'watchlist.md' in names
    assert not {'loop.md', 'ping.md', 'pong.md', 'again.md'} & set(names)
    for name in ('loop.md', 'ping.md', 'pong.md'):  # Each leads back to itself.
        assert findings.check_reports(notes / name, 'a link that points to itself')
    assert findings.check_reports(notes / 'again.md', 'not a file')  # It leads to notes/.
    assert explain('a link that points to itself', whole_file=True).meaning.startswith(
        'a link that leads back to itself'
    )


def test_a_journal_that_is_a_file_reads_as_no_journal(desk: Path) -> None:
    journal = desk / 'journal'
    shutil.rmtree(journal)
    journal.write_bytes(b'{"type": "text"}\n')
    findings = read_desk(desk)
    assert desk_files.journal_files(desk) == []
    assert findings.problems == []
    assert findings.check_reports(journal, 'not a folder')
    assert findings.hits['nifty'] > 0  # Summaries and notes are still searched.


def test_a_journal_file_that_is_a_folder_is_skipped_and_checked(desk: Path) -> None:
    folder = desk / 'journal' / '2026-10-22.jsonl'
    folder.mkdir()
    (folder / 'inside.jsonl').write_bytes(b'{"type": "text"}\n')
    findings = read_desk(desk)
    assert '2026-10-22' not in [day for day, _path in desk_files.journal_files(desk)]
    assert findings.problems == []
    assert findings.check_reports(folder, 'not a file')
    assert findings.hits['nifty'] > 0


def test_a_removed_desk_reads_as_empty(desk: Path) -> None:
    store = SessionStore(desk / 'sessions')
    search = SessionSearch(desk)
    watcher = DeskWatcher(desk)
    session_id = current_session(desk)
    watcher.follow_session(session_id)
    assert search.search('nifty', 5).hits
    shutil.rmtree(desk)
    assert store.session_ids() == []
    assert store.exchanges(session_id) == []
    assert store.load_state() is None
    assert search.search('nifty', 5).hits == []
    changes = watcher.poll()
    assert changes.vanished and changes.state_changed
    findings = read_desk(desk, watcher)
    assert findings.problems == []
    assert findings.session_ids == []
    assert not findings.state.exists
    assert findings.hits == dict.fromkeys(QUERIES, 0)
    assert findings.report_problems in (None, [])
    assert all(changes.vanished for changes in findings.changes)


BIG_JOURNAL_PROGRAM = (
    PEAK_BYTES_SOURCE
    + """
import json, resource, sys
from pathlib import Path
from desk_browser.memory import desk_files
from desk_browser.memory.session_search import SessionSearch
desk = Path(sys.argv[1])
path = desk_files.journal_files(desk)[0][1]
problems = []
day = desk_files.read_journal_day(path, '2026-10-22', problems)
events = len(day.events)
del day
hits = len(SessionSearch(desk).search('zzzz-nothing', 10).hits)
found = len(SessionSearch(desk).search('ORDER-LAST', 10).hits)
try:
    from desk_browser.memory.desk_check import check_desk
    checked = len(check_desk(desk).problems)
except ImportError:
    checked = -1
print(json.dumps({
    'events': events, 'problems': len(problems), 'hits': hits, 'found': found,
    'checked': checked, 'peak_bytes': peak_bytes(),
}))
"""
)


def test_a_200_megabyte_journal_is_read_within_bounded_memory(tmp_path: Path) -> None:
    desk = tmp_path / 'main'
    journal = desk / 'journal' / '2026-10-22.jsonl'
    journal.parent.mkdir(parents=True)
    # One line repeated: a tool result of 16 KB. (With 1 KB lines the same 200 MB is 200,000
    # events, which the readers take about 4 s each to turn into objects on a slow machine.)
    output = 'NIFTY 24512.5 ' * 1170
    line = (
        json.dumps({'type': 'tool_result', 'time': '', 'tool': 'quotes', 'output': output}) + '\n'
    ).encode('utf-8')
    chunk = line * 512
    size = 200 * 1024 * 1024
    with journal.open('wb') as file:
        for _ in range(size // len(chunk) + 1):
            file.write(chunk)
        file.write(b'{"type": "order_placed", "time": "", "order_id": "ORDER-LAST"}\n')
    size = journal.stat().st_size
    assert size >= 200 * 1024 * 1024
    completed = subprocess.run(
        [sys.executable, '-c', BIG_JOURNAL_PROGRAM, str(desk)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    result = json.loads(completed.stdout)
    assert result['events'] == size // len(line) + (1 if size % len(line) else 0)
    assert result['problems'] == 0
    assert result['hits'] == 0
    assert result['found'] == 1
    assert result['checked'] in (0, -1)
    assert result['peak_bytes'] < 5 * size
    watcher = DeskWatcher(desk)
    with journal.open('ab') as file:
        file.write(b'{"type": "text", "time": "", "text": "more"}\n')
    assert watcher.poll().journal_changed


def test_a_5_megabyte_single_line_is_read_whole(desk: Path) -> None:
    big_text = 'gap ' * (5 * 1024 * 1024 // 4) + 'NEEDLE'
    day = '2026-10-22'
    journal = desk / 'journal' / f'{day}.jsonl'
    journal.write_bytes(
        (
            json.dumps({'type': 'trigger_received', 'time': '', 'text': big_text, 'source': 's'})
            + '\n'
        ).encode('utf-8')
    )
    log = desk / 'sessions' / f'{day}-1.jsonl'
    exchange = {'trigger_text': 't', 'answer': big_text, 'backend_name': 'b', 'finished_at': ''}
    log.write_bytes((json.dumps(exchange) + '\n').encode('utf-8'))
    (desk / 'notes' / 'huge.md').write_bytes(big_text.encode('utf-8'))  # No newline at all.
    findings = read_desk(desk)
    assert findings.problems == []
    assert findings.exchanges[f'{day}-1'][0].answer == big_text
    assert desk_files.read_journal_day(journal, day).exchanges[0].trigger_text == big_text
    hits = SessionSearch(desk).search('needle', 10).hits
    assert sorted(hit.record.kind for hit in hits) == ['exchange', 'note']
    assert all(len(hit.snippet) <= 162 and 'NEEDLE' in hit.snippet for hit in hits)


def binary_bytes(size: int) -> bytes:
    return random.Random(5).randbytes(size)


@pytest.mark.parametrize(
    ('name', 'content'),
    [('binary', binary_bytes(64 * 1024)), ('nul-filled', b'\x00' * 64 * 1024)],
    ids=['binary', 'nul-filled'],
)
def test_a_binary_or_nul_filled_file_in_every_place_is_reported_not_raised(
    desk: Path, name: str, content: bytes
) -> None:
    places = [
        desk / 'journal' / '2026-10-22.jsonl',
        desk / 'sessions' / '2026-10-22-1.jsonl',
        desk / 'sessions' / 'state.json',
        desk / 'sessions' / 'summaries' / '2026-10-22.md',
        desk / 'notes' / f'{name}.md',
    ]
    for place in places:
        place.write_bytes(content)
    findings = read_desk(desk)
    assert_known_reasons(findings.problems)
    damaged_paths = {problem.path for problem in findings.problems}
    assert places[0] in damaged_paths and places[1] in damaged_paths
    assert places[2] in damaged_paths  # The state is damaged: the desk would start anew.
    assert findings.state.state is None
    assert findings.exchanges['2026-10-22-1'] == []
    if name == 'nul-filled':
        assert Problem(places[0], 1, 'not JSON') in findings.problems
        assert Problem(places[2], None, 'not JSON') in findings.problems
    assert findings.report_problems is None or findings.report_problems
    assert findings.hits['nifty'] > 0


def make_sparse(path: Path, size: int) -> None:
    with path.open('wb') as file:
        file.truncate(size)


HUGE_SPARSE_SIZE = 1 << 40  # 1 TiB of nothing: no memory can hold it, no disk is used.


def refuses_huge_allocations() -> bool:
    """Whether asking for 1 TiB fails at once (Linux without vm.overcommit_memory=1), instead
    of being granted and exhausting memory as the file is read."""
    if sys.platform != 'linux':
        return False
    try:
        return Path('/proc/sys/vm/overcommit_memory').read_text(encoding='ascii').strip() != '1'
    except OSError:
        return False


needs_refused_huge_allocations = pytest.mark.skipif(
    not refuses_huge_allocations(), reason='this system might grant a 1 TiB allocation'
)


@needs_refused_huge_allocations
def test_a_huge_sparse_file_is_reported_too_big_not_raised(desk: Path) -> None:
    places = [
        desk / 'journal' / '2026-10-22.jsonl',
        desk / 'sessions' / '2026-10-22-1.jsonl',
        desk / 'sessions' / 'summaries' / '2026-10-22.md',
        desk / 'notes' / 'sparse.md',
    ]
    for place in places:
        make_sparse(place, HUGE_SPARSE_SIZE)
    findings = read_desk(desk)
    # Issue 18: "too big" by the limits, not by a MemoryError Linux may never raise.
    line_too_big = 'too big: over 32 MB, limit 32 MB'
    for place in places[:2]:
        assert Problem(place, 1, line_too_big) in findings.problems
    for place in places[2:]:
        assert Problem(place, None, 'too big: 1.0 TB, limit 16 MB') in findings.problems
    assert findings.exchanges['2026-10-22-1'] == []
    assert findings.hits['nifty'] > 0
    problems: list[Problem] = []
    reading = desk_files.read_json_objects_from(places[0], 10, problems)
    assert reading.objects == []
    assert problems == [Problem(places[0], 1, line_too_big)]


@needs_refused_huge_allocations
def test_a_huge_sparse_state_file_is_reported_not_raised(desk: Path) -> None:
    state = desk / 'sessions' / 'state.json'
    make_sparse(state, HUGE_SPARSE_SIZE)
    reading = read_state_file(state)
    assert reading.state is None and reading.problem is not None


def test_file_names_that_are_not_utf8_are_read_or_skipped(desk: Path) -> None:
    sessions = os.fsencode(desk / 'sessions')
    notes = os.fsencode(desk / 'notes')
    exchange = {
        'trigger_text': 'odd name',
        'answer': 'nifty',
        'backend_name': 'b',
        'finished_at': '',
    }
    with open(os.path.join(sessions, b'2026-10-22-\xff.jsonl'), 'wb') as file:
        file.write(json.dumps(exchange).encode('utf-8') + b'\n')
    with open(os.path.join(notes, b'\xfe\xff-odd.md'), 'wb') as file:
        file.write(b'an odd NIFTY note\n')
    with open(os.path.join(os.fsencode(desk / 'journal'), b'2026-10-2\xff.jsonl'), 'wb') as file:
        file.write(b'{"type": "text"}\n')
    watcher = DeskWatcher(desk)
    findings = read_desk(desk)
    assert findings.problems == []
    odd_session = os.fsdecode(b'2026-10-22-\xff')
    assert odd_session in findings.session_ids
    assert [exchange.trigger_text for exchange in findings.exchanges[odd_session]] == ['odd name']
    assert os.fsdecode(b'\xfe\xff-odd.md') in [
        path.name for _day, path in desk_files.note_files(desk)
    ]
    assert findings.hits['nifty'] > 0
    assert watcher.poll() == DeskChanges()
    (desk / 'sessions' / f'{odd_session}-2.jsonl').write_bytes(b'')
    assert watcher.poll().new_sessions == [f'{odd_session}-2']


def test_a_dangling_state_link_is_damage_not_a_missing_state(desk: Path) -> None:
    state = desk / 'sessions' / 'state.json'
    state.unlink()
    state.symlink_to('gone.json')
    reading = read_state_file(state)
    assert reading.exists and reading.state is None
    assert reading.problem is not None and 'does not exist' in reading.problem.reason
    report = desk_check.check_desk(desk)
    assert [problem.reason for problem in report.problems if problem.path == state] == [
        'damaged state (a link to a file that does not exist): the desk will start a new session'
    ]


def test_a_state_link_loop_is_unreadable(desk: Path) -> None:
    state = desk / 'sessions' / 'state.json'
    state.unlink()
    state.symlink_to('state.json')
    reading = read_state_file(state)
    assert reading.exists and reading.state is None
    assert reading.problem is not None
    assert reading.problem.reason == 'a link that points to itself'
