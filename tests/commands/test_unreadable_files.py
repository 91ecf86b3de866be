"""Files this user may not read: called what they are (permissions), never damage.

The commands run as a real unprivileged user (tests/helpers/unprivileged.py) over a copy of the
demo desk with one file chmod 000; the words are also checked in process, with our own reader
made to raise PermissionError for one path.
"""

from __future__ import annotations

import datetime
import errno
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any, BinaryIO

import pytest

from desk_browser.commands.state import state_facts
from desk_browser.demo import DEMO_TODAY
from desk_browser.memory import desk_files, file_reading, unread_files
from desk_browser.memory.desk_check import check_desk
from desk_browser.memory.desk_files import Problem
from desk_browser.memory.search_scope import SearchScope
from desk_browser.memory.unread_files import UnreadFiles
from desk_browser.memory.workspace import DeskEntry
from desk_browser.presentation.desk_data import read_desk_state
from desk_browser.presentation.desk_health import read_glance
from desk_browser.presentation.problem_explanations import explain
from desk_browser.presentation.search_headlines import unread_files_note
from desk_browser.presentation.unusable_state import unusable_state
from tests.helpers.commands import run_command
from tests.helpers.faults import deny_reading
from tests.helpers.unprivileged import deny, run_unprivileged, shared_desk, shared_folder

ADVICE = "check the folder's permissions or run as the desk's user"
WRONG_WORDS = ('damaged', 'new session', 'unless it recurs')


@pytest.fixture
def shared(demo_desk: Path) -> Iterator[Path]:
    """A copy of the demo desk that every user may read, in a folder every user may reach."""
    for folder in shared_folder():
        yield shared_desk(demo_desk, folder)


def _run(desk: Path, *arguments: str) -> Any:
    return run_unprivileged([*arguments[:1], str(desk), *arguments[1:]], desk.parent / 'cache')


def test_state_says_a_state_it_may_not_read_is_a_permissions_problem(shared: Path) -> None:
    deny(shared / 'sessions' / 'state.json')
    text = _run(shared, 'state', '--today', DEMO_TODAY.isoformat())
    assert text.returncode == 1, text.stderr
    assert text.stdout == ''
    assert f'state.json cannot be read: permission denied; {ADVICE}' in text.stderr
    assert not any(words in text.stderr for words in WRONG_WORDS)
    as_json = _run(shared, 'state', '--json')
    data = json.loads(as_json.stdout)
    assert data['problem'] == f'state.json cannot be read: permission denied; {ADVICE}'


def test_check_says_a_state_it_may_not_read_is_a_permissions_problem(shared: Path) -> None:
    deny(shared / 'sessions' / 'state.json')
    text = _run(shared, 'check')
    assert text.returncode == 1, text.stderr
    assert 'sessions/state.json: cannot read: permission denied' in text.stdout.splitlines()
    assert ADVICE in text.stdout
    assert not any(words in text.stdout for words in WRONG_WORDS)


def test_check_names_every_kind_of_file_it_may_not_read(shared: Path) -> None:
    denied = [
        next(iter(sorted((shared / 'journal').iterdir()))),
        next(iter(sorted((shared / 'notes').iterdir()))),
        next(iter(sorted((shared / 'sessions' / 'summaries').iterdir()))),
        next(iter(sorted((shared / 'sessions').glob('*.jsonl')))),
    ]
    for path in denied:
        deny(path)
    result = _run(shared, 'check', '--json')
    assert result.returncode == 1, result.stderr
    problems = json.loads(result.stdout)['problems']
    for path in denied:
        relative = path.relative_to(shared).as_posix()
        [problem] = [problem for problem in problems if problem['path'] == relative]
        assert problem['reason'] == 'cannot read: permission denied'
        assert ADVICE in problem['advice']


@pytest.fixture
def denied_state(desk_copy: Any, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A desk whose state.json our reader is made to refuse as the system refuses nobody."""
    desk: Path = desk_copy()
    target = desk / 'sessions' / 'state.json'
    original = file_reading.open_desk_file

    def refusing(path: Path, *arguments: Any) -> BinaryIO:
        if path == target:
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
        return original(path, *arguments)

    monkeypatch.setattr(desk_files, 'open_desk_file', refusing)  # Our reader's name.
    return desk


def test_a_denied_state_is_worded_as_permissions_everywhere(denied_state: Path) -> None:
    reading = read_desk_state(denied_state)
    assert reading.problem is not None
    assert reading.problem.reason == 'cannot read: permission denied'
    unusable = unusable_state(reading)
    assert unusable is not None and unusable.not_readable_here
    assert unusable.headline == 'state.json cannot be read (permission denied).'
    assert unusable.consequence == "Check the folder's permissions or run as the desk's user."
    assert unusable.summary == 'state.json cannot be read: permission denied'
    facts = state_facts(denied_state, DEMO_TODAY)
    assert facts['problem'] == f'state.json cannot be read: permission denied; {ADVICE}'
    [problem] = [
        problem
        for problem in check_desk(denied_state).problems
        if problem.path.name == 'state.json'
    ]
    assert problem.reason == 'cannot read: permission denied'
    sentence = explain(problem.reason, whole_file=True).sentence
    assert ADVICE in sentence
    assert not any(words in sentence for words in WRONG_WORDS)
    glance = read_glance(DeskEntry('main', denied_state), datetime.datetime.now(datetime.UTC))
    assert glance.state_problem == 'state.json cannot be read: permission denied'
    assert [reason.text for reason in glance.reasons][:1] == ['state unreadable']


def test_search_notes_a_day_it_may_not_read_on_stderr_and_in_its_json(shared: Path) -> None:
    day = next(iter(sorted((shared / 'journal').iterdir())))
    deny(day)
    text = _run(shared, 'search', 'nifty', '--limit', '0')
    assert text.returncode == 0, text.stderr
    assert (
        f'desk-browser: journal/{day.name} could not be read, so it was not searched: '
        f'permission denied; {ADVICE}'
    ) in text.stderr.splitlines()
    as_json = _run(shared, 'search', 'nifty', '--json')
    data = json.loads(as_json.stdout)
    assert {'path': f'journal/{day.name}', 'reason': 'cannot read: permission denied'} in data[
        'problems'
    ]
    outside = _run(shared, 'search', 'nifty', '--kind', 'note', '--json')
    assert json.loads(outside.stdout)['problems'] == []  # Its scope reads no journal.


def test_unread_files_names_each_file_of_the_scope_our_reader_refuses(
    desk_copy: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    desk: Path = desk_copy()
    days = [path for _day, path in desk_files.journal_files(desk)]
    [note] = [path for _day, path in desk_files.note_files(desk)][:1]
    denied = {days[0], note}
    original = file_reading.open_desk_file

    def refusing(path: Path, *arguments: Any) -> BinaryIO:
        if path in denied:
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
        return original(path, *arguments)

    monkeypatch.setattr(unread_files, 'open_desk_file', refusing)  # Our reader's name.
    found = UnreadFiles(desk).find()
    assert found == [
        Problem(days[0], None, 'cannot read: permission denied'),
        Problem(note, None, 'cannot read: permission denied'),
    ]
    assert unread_files_note(found) == '1 day and 1 note could not be read: see Problems'
    assert UnreadFiles(desk).find(SearchScope(kinds=frozenset({'summary'}))) == []


def test_a_search_across_desks_notes_each_desks_file_it_could_not_read(
    demo_workspace: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    day = next(iter(sorted((demo_workspace / 'main' / 'journal').iterdir())))
    original = file_reading.open_desk_file

    def refusing(path: Path, *arguments: Any) -> BinaryIO:
        if path == day:
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
        return original(path, *arguments)

    monkeypatch.setattr(unread_files, 'open_desk_file', refusing)  # Our reader's name.
    result = run_command(['search', str(demo_workspace), 'nifty', '--all-desks', '--json'], capsys)
    problem = {
        'desk': 'main',
        'path': f'journal/{day.name}',
        'reason': 'cannot read: permission denied',
    }
    assert json.loads(result.stdout)['problems'] == [problem]
    assert f'desk-browser: main: journal/{day.name} could not be read, so it was not searched' in (
        result.stderr
    )


def test_sessions_and_show_name_a_log_they_may_not_read(shared: Path) -> None:
    log = sorted((shared / 'sessions').glob('*.jsonl'))[0]
    readable = json.loads(_run(shared, 'sessions', '--json').stdout)
    deny(log)
    listed = _run(shared, 'sessions')
    assert listed.returncode == 0, listed.stderr
    note = (
        f'desk-browser: sessions/{log.name} could not be read, so its exchanges are not '
        f'counted: permission denied; {ADVICE}'
    )
    assert note in listed.stderr.splitlines()
    line = next(line for line in listed.stdout.splitlines() if line.startswith(f'{log.stem}\t'))
    assert line.split('\t')[2] == 'log could not be read'  # Not "0 exchanges".
    as_json = _run(shared, 'sessions', '--json')
    assert as_json.returncode == 0, as_json.stderr
    assert note in as_json.stderr.splitlines()
    found = json.loads(as_json.stdout)
    unread = next(entry for entry in found if entry['session_id'] == log.stem)
    assert unread == {
        **next(entry for entry in readable if entry['session_id'] == log.stem),
        'exchanges': None,
        'damaged_lines': None,
        'problem': 'cannot read: permission denied',
    }
    assert [entry for entry in found if entry is not unread] == [  # The readable ones as before.
        entry for entry in readable if entry['session_id'] != log.stem
    ]
    shown = _run(shared, 'show', log.stem)
    assert shown.returncode == 1
    assert shown.stderr.splitlines() == [
        f'desk-browser: skipped the file of the log of {log.stem}: permission denied; {ADVICE}'
    ]


def test_sessions_across_desks_name_a_log_they_may_not_read(
    demo_workspace: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    before = json.loads(run_command(['sessions', str(demo_workspace), '--json'], capsys).stdout)
    log = sorted((demo_workspace / 'main' / 'sessions').glob('*.jsonl'))[0]
    deny_reading(monkeypatch, log)
    listed = run_command(['sessions', str(demo_workspace)], capsys)
    assert f'main\t{log.stem}\t' in listed.stdout
    line = next(line for line in listed.stdout.splitlines() if line.startswith(f'main\t{log.stem}'))
    assert line.split('\t')[3] == 'log could not be read'
    assert (
        f'desk-browser: main: sessions/{log.name} could not be read, so its exchanges are not '
        f'counted: permission denied; {ADVICE}'
    ) in listed.stderr.splitlines()
    after = json.loads(run_command(['sessions', str(demo_workspace), '--json'], capsys).stdout)
    sessions = next(desk['sessions'] for desk in after['desks'] if desk['name'] == 'main')
    unread = next(entry for entry in sessions if entry['session_id'] == log.stem)
    assert (unread['exchanges'], unread['damaged_lines']) == (None, None)
    assert unread['problem'] == 'cannot read: permission denied'
    for desk in after['desks']:  # Every other entry as before.
        desk['sessions'] = [entry for entry in desk['sessions'] if entry is not unread]
    for desk in before['desks']:
        desk['sessions'] = [
            entry
            for entry in desk['sessions']
            if entry['session_id'] != log.stem or desk['name'] != 'main'
        ]
    assert after == before
