"""The readers keep to the desk: no wait on a FIFO, no read past a limit, no link out of it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from desk_browser.cli import main
from desk_browser.demo import DEMO_TODAY, build_demo_desk
from desk_browser.memory import desk_files
from desk_browser.memory.desk_check import check_desk
from desk_browser.memory.file_reading import (
    ReadSettings,
    settings_in_force,
    size_text,
    too_big_reason,
)
from desk_browser.memory.session_search import SessionSearch
from desk_browser.memory.session_store import SessionStore, read_state_file
from tests.helpers.peak_memory import PEAK_BYTES_SOURCE

GIGABYTE = 1 << 30
HANG_TIMEOUT_SECONDS = 120
"""How long a read may take before it counts as stuck (it bounds a hang, it measures nothing)."""


@pytest.fixture
def desk(tmp_path: Path) -> Path:
    desk = tmp_path / 'main'
    build_demo_desk(desk, today=DEMO_TODAY, days=2)
    return desk


def found(desk: Path, **keywords: object) -> list[tuple[str, int | None, str]]:
    report = check_desk(desk, **keywords)  # type: ignore[arg-type]
    return [(report.relative_path(p), p.line_number, p.reason) for p in report.problems]


def finishes(work: Callable[[], object]) -> object:
    """Runs work in a thread and gives its result; fails (freeing the reader) when it hangs."""
    results: list[object] = []
    worker = threading.Thread(target=lambda: results.append(work()), daemon=True)
    worker.start()
    worker.join(HANG_TIMEOUT_SECONDS)
    assert results, 'the read waited'
    return results[0]


# Not a regular file


@pytest.mark.parametrize(
    'place',
    ['journal/2026-10-23.jsonl', 'notes/fifo.md', 'sessions/state.json', 'notes/no-suffix'],
)
def test_a_fifo_anywhere_in_the_desk_is_a_problem_never_a_wait(desk: Path, place: str) -> None:
    path = desk / place
    path.unlink(missing_ok=True)
    os.mkfifo(path)
    problems = finishes(lambda: found(desk))
    assert isinstance(problems, list)
    reasons = [reason for where, _line, reason in problems if where == place]
    expected = 'damaged state (not a regular file): the desk will start a new session'
    assert reasons == [expected if place.endswith('state.json') else 'not a regular file']
    assert finishes(lambda: SessionSearch(desk).search('nifty', 5).hits)


def test_a_fifo_as_a_log_is_read_as_nothing_by_every_reader(desk: Path) -> None:
    store = SessionStore(desk / 'sessions')
    state = store.load_state()
    assert state is not None
    log = desk / 'sessions' / f'{state.session_id}.jsonl'
    log.unlink()
    os.mkfifo(log)
    problems: list[desk_files.Problem] = []
    assert finishes(lambda: desk_files.read_json_objects(log, problems)) == []
    assert problems == [desk_files.Problem(log, None, 'not a regular file')]
    assert finishes(lambda: store.exchanges(state.session_id)) == []
    assert ('sessions/' + log.name, None, 'not a regular file') in found(desk)


# Too big


def test_sizes_are_written_for_people() -> None:
    assert too_big_reason(GIGABYTE, 16 << 20) == 'too big: 1.0 GB, limit 16 MB'
    assert size_text(512) == '512 bytes'
    assert size_text(1536) == '1.5 KB'
    assert size_text(40 << 20) == '40 MB'


def sparse(path: Path, size: int) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open('wb') as handle:
        handle.truncate(size)
    return path


def test_a_note_past_its_limit_is_too_big_and_not_read(desk: Path) -> None:
    note = sparse(desk / 'notes' / 'huge.md', GIGABYTE)
    problems: list[desk_files.Problem] = []
    assert desk_files.read_text(note, problems) is None
    assert problems == [desk_files.Problem(note, None, 'too big: 1.0 GB, limit 16 MB')]
    assert ('notes/huge.md', None, 'too big: 1.0 GB, limit 16 MB') in found(desk)
    small = ReadSettings(text_limit=10)
    (desk / 'notes' / 'small.md').write_text('eleven byte', encoding='utf-8')
    assert ('notes/small.md', None, 'too big: 11 bytes, limit 10 bytes') in found(
        desk, settings=small
    )


def test_a_state_past_its_limit_is_damaged(desk: Path) -> None:
    with settings_in_force(ReadSettings(state_limit=8)):
        reading = read_state_file(desk / 'sessions' / 'state.json')
    assert reading.state is None and reading.problem is not None
    assert reading.problem.reason.startswith('too big: ')
    assert reading.problem.reason.endswith(', limit 8 bytes')


def test_a_line_past_its_limit_is_reported_and_read_no_further(tmp_path: Path) -> None:
    path = tmp_path / 'log.jsonl'
    long_line = json.dumps({'text': 'x' * 100}).encode()
    path.write_bytes(b'{"a": 1}\n' + long_line + b'\n{"b": 2}\n')
    problems: list[desk_files.Problem] = []
    with settings_in_force(ReadSettings(line_limit=50)):
        objects = desk_files.read_json_objects(path, problems)
    assert objects == [(1, {'a': 1})]
    reason = f'too big: {len(long_line)} bytes, limit 50 bytes'
    assert problems == [desk_files.Problem(path, 2, reason)]


def test_a_line_past_its_limit_across_chunks_is_never_held(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from desk_browser.memory import json_lines
    from desk_browser.memory.appended_lines import AppendedLines

    monkeypatch.setattr(json_lines, 'CHUNK_BYTES', 16)
    path = tmp_path / 'log.jsonl'
    long_line = json.dumps({'text': 'y' * 200}).encode()
    path.write_bytes(b'\xef\xbb\xbf{"a": 1}\n{"b": 2}\n' + long_line + b'\n{"c": 3}\n')
    problems: list[desk_files.Problem] = []
    settings = ReadSettings(line_limit=64)
    with settings_in_force(settings):
        objects = desk_files.read_json_objects(path, problems)
        following = desk_files.read_json_objects_from(path)
    assert objects == [(1, {'a': 1}), (2, {'b': 2})]
    assert problems == [desk_files.Problem(path, 3, 'too big: over 64 bytes, limit 64 bytes')]
    assert following.objects == objects
    assert following.stopped and following.next_line_number == 3
    lines = AppendedLines(path, settings)
    follower_problems: list[desk_files.Problem] = []
    assert lines.read(follower_problems).objects == objects
    with path.open('ab') as handle:
        handle.write(b'{"d": 4}\n')
    assert lines.read(follower_problems).objects == []  # Stopped at the line: reported once.
    assert follower_problems == problems


PEAK_PROGRAM = (
    PEAK_BYTES_SOURCE
    + """
import json, resource, sys
from pathlib import Path
from desk_browser.memory.desk_check import check_desk
from desk_browser.memory.session_search import SessionSearch
desk = Path(sys.argv[1])
problems = [p.reason for p in check_desk(desk).problems]
hits = len(SessionSearch(desk).search('nifty', 10).hits)
print(json.dumps({
    'problems': problems, 'hits': hits,
    'peak_bytes': peak_bytes(),
}))
"""
)


def test_check_and_search_over_a_gigabyte_note_stay_under_300_megabytes(desk: Path) -> None:
    sparse(desk / 'notes' / '2026-10-20-huge.md', GIGABYTE)
    completed = subprocess.run(
        [sys.executable, '-c', PEAK_PROGRAM, str(desk)],
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    result = json.loads(completed.stdout)
    assert 'too big: 1.0 GB, limit 16 MB' in result['problems']
    assert result['hits'] > 0
    assert result['peak_bytes'] < 300 * (1 << 20)


# Links out of the desk


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    secret = tmp_path / 'elsewhere' / 'passwd'
    secret.parent.mkdir()
    secret.write_text('root:x:0:0:SECRETWORD:/root:/bin/sh\n', encoding='utf-8')
    return secret


def test_a_link_out_of_the_desk_is_a_problem_and_not_read(desk: Path, outside: Path) -> None:
    (desk / 'notes' / 'passwd.md').symlink_to(outside)
    reason = f'points outside the desk: {os.path.realpath(outside)}'
    assert ('notes/passwd.md', None, reason) in found(desk)
    assert desk_files.read_text(desk / 'notes' / 'passwd.md') is None
    assert SessionSearch(desk).search('SECRETWORD', 5).hits == []
    assert found(desk, settings=ReadSettings(follow_symlinks=True)) == found(
        desk, settings=ReadSettings(follow_symlinks=True)
    )
    assert ('notes/passwd.md', None, reason) not in found(
        desk, settings=ReadSettings(follow_symlinks=True)
    )
    with settings_in_force(ReadSettings(follow_symlinks=True)):
        assert SessionSearch(desk).search('SECRETWORD', 5).hits


def test_links_inside_the_desk_still_work(desk: Path) -> None:
    note = desk / 'notes' / 'watchlist.md'
    (desk / 'notes' / 'again.md').symlink_to(note)
    (desk / 'linked').symlink_to(desk)
    assert desk_files.read_text(desk / 'notes' / 'again.md') == desk_files.read_text(note)
    assert desk_files.read_text(desk / 'linked' / 'notes' / 'again.md') is not None
    assert not [p for p in found(desk) if 'outside' in p[2]]


def test_a_notes_folder_linked_out_of_the_desk_is_not_read(desk: Path, outside: Path) -> None:
    (outside.parent / 'secret.md').write_text('SECRETWORD', encoding='utf-8')
    for note in (desk / 'notes').iterdir():
        note.unlink()
    (desk / 'notes').rmdir()
    (desk / 'notes').symlink_to(outside.parent)
    assert SessionSearch(desk).search('SECRETWORD', 5).hits == []
    assert any(reason.startswith('points outside the desk: ') for *_, reason in found(desk))


def test_the_command_line_follows_links_out_only_when_asked(
    desk: Path, outside: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (desk / 'notes' / 'passwd.md').symlink_to(outside)
    assert main(['check', str(desk)]) == 1
    assert 'notes/passwd.md: points outside the desk: ' in capsys.readouterr().out
    assert main(['check', str(desk), '--follow-symlinks']) == 0
    capsys.readouterr()
    assert main(['search', str(desk), 'SECRETWORD']) == 1
    capsys.readouterr()
    assert main(['search', str(desk), 'SECRETWORD', '--follow-symlinks']) == 0
    assert 'SECRETWORD' in capsys.readouterr().out
    assert desk_files.read_text(desk / 'notes' / 'passwd.md') is None  # Nothing left in force.
    with pytest.raises(SystemExit):
        main(['serve', str(desk), '--follow-symlinks'])  # Serving never follows links out.
