"""check beside a desk being written: no false alarms, and real damage is still found.

A writer runs in a thread while check_desk runs in a loop (in-process: the command adds only its
output). The counts are of runs, never of time: nothing here asserts how fast anything is.
"""

from __future__ import annotations

import datetime
import json
import os
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from desk_browser.cli import main
from desk_browser.memory.desk_check import check_desk
from desk_browser.memory.session_store import Exchange, RouteState, SessionState, SessionStore

RUNS = 200
DAY = datetime.date(2026, 10, 21)
AN_HOUR_AGO = time.time() - 3600


def exchange(number: int) -> Exchange:
    return Exchange(f'trigger {number}', f'answer {number} ' * 20, 'claude', '2026-10-21T04:00Z')


def state(session_id: str, seen: int) -> SessionState:
    return SessionState(session_id, DAY, {'claude': RouteState(seen, None)})


@pytest.fixture
def live_desk(tmp_path: Path) -> tuple[Path, SessionStore, str]:
    desk = tmp_path / 'main'
    (desk / 'journal').mkdir(parents=True)
    (desk / 'notes').mkdir()
    for day in range(1, 6):  # Older, settled days: what check reads between the logs and state.
        line = json.dumps({'type': 'text', 'time': '2026-09-01T04:00Z', 'text': 'old ' * 50})
        (desk / 'journal' / f'2026-09-0{day}.jsonl').write_text((line + '\n') * 100)
        (desk / 'notes' / f'2026-09-0{day}-note.md').write_text('A note.\n' * 100)
    store = SessionStore(desk / 'sessions', date_source=lambda: DAY)
    session_id = store.new_session_id(DAY)
    store.save_state(state(session_id, 0))
    (desk / 'journal' / '2026-10-21.jsonl').write_bytes(b'')
    return desk, store, session_id


def write_in_two_halves(desk: Path, session_id: str, stop: threading.Event) -> None:
    """Appends exchanges to the log and events to the journal, each line in two writes."""
    log = desk / 'sessions' / f'{session_id}.jsonl'
    journal = desk / 'journal' / '2026-10-21.jsonl'
    number = 0
    while not stop.is_set():
        number += 1
        event = {'type': 'text', 'time': '2026-10-21T04:00Z', 'text': f'piece {number}'}
        lines = [
            (log, (json.dumps(exchange(number).to_json_dictionary()) + '\n').encode()),
            (journal, (json.dumps(event) + '\n').encode()),
        ]
        for path, line in lines:
            with path.open('ab') as handle:
                handle.write(line[: len(line) // 2])
        time.sleep(0.01)
        for path, line in lines:
            with path.open('ab') as handle:
                handle.write(line[len(line) // 2 :])
        time.sleep(0.005)


def append_then_save_state(store: SessionStore, session_id: str, stop: threading.Event) -> None:
    """Runs the desk's own writer at about 50 exchanges a second: append, then save the state."""
    number = 0
    while not stop.is_set():
        number += 1
        store.append_exchange(session_id, exchange(number))
        store.save_state(state(session_id, number))
        time.sleep(0.02)


@pytest.fixture
def writing(
    live_desk: tuple[Path, SessionStore, str],
) -> Iterator[Callable[[Callable[..., None], tuple[object, ...]], None]]:
    stop = threading.Event()
    threads: list[threading.Thread] = []

    def start(writer: Callable[..., None], arguments: tuple[object, ...]) -> None:
        thread = threading.Thread(target=writer, args=(*arguments, stop), daemon=True)
        thread.start()
        threads.append(thread)

    yield start
    stop.set()
    for thread in threads:
        thread.join(timeout=60)


def false_alarms(desk: Path) -> list[str]:
    alarms: list[str] = []
    for _ in range(RUNS):
        report = check_desk(desk)
        alarms.extend(f'{report.relative_path(p)}: {p.reason}' for p in report.problems)
    return alarms


def test_lines_written_in_two_halves_are_no_false_alarm(
    live_desk: tuple[Path, SessionStore, str],
    writing: Callable[[Callable[..., None], tuple[object, ...]], None],
) -> None:
    desk, _store, session_id = live_desk
    writing(write_in_two_halves, (desk, session_id))
    assert false_alarms(desk) == []
    report = check_desk(desk)
    assert report.healthy


def test_a_desk_saving_its_state_as_it_appends_is_no_false_alarm(
    live_desk: tuple[Path, SessionStore, str],
    writing: Callable[[Callable[..., None], tuple[object, ...]], None],
) -> None:
    desk, store, session_id = live_desk
    writing(append_then_save_state, (store, session_id))
    assert false_alarms(desk) == []


def test_a_half_line_is_pending_while_fresh_and_cut_short_once_quiet(
    live_desk: tuple[Path, SessionStore, str], capsys: pytest.CaptureFixture[str]
) -> None:
    desk, store, session_id = live_desk
    store.append_exchange(session_id, exchange(1))
    store.save_state(state(session_id, 1))
    log = desk / 'sessions' / f'{session_id}.jsonl'
    with log.open('ab') as handle:
        handle.write(b'{"trigger_text": "half')
    fresh = check_desk(desk)
    assert fresh.healthy
    assert fresh.pending == [log]
    assert main(['check', str(desk)]) == 0
    assert 'being written: 1 file' in capsys.readouterr().out
    assert main(['check', str(desk), '--json']) == 0
    assert json.loads(capsys.readouterr().out)['pending'] == [f'sessions/{session_id}.jsonl']
    os.utime(log, (AN_HOUR_AGO, AN_HOUR_AGO))  # Quiet for longer than the window.
    quiet = check_desk(desk)
    assert [(p.line_number, p.reason) for p in quiet.problems] == [(2, 'cut short')]
    assert quiet.pending == []
    assert main(['check', str(desk)]) == 1


def test_a_log_truly_behind_its_routes_is_still_reported(
    live_desk: tuple[Path, SessionStore, str],
) -> None:
    desk, store, session_id = live_desk
    for number in range(3):
        store.append_exchange(session_id, exchange(number))
    store.save_state(state(session_id, 5))
    report = check_desk(desk)
    assert [p.reason for p in report.problems] == [
        'route claude: 2 ahead of the log (the log lost lines)'
    ]
    assert main(['check', str(desk)]) == 1
