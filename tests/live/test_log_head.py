"""read_exchange_log_head: a big log's first exchanges, exactly as the whole read begins.

And LiveDesk.open_session(head_first=...): those first exchanges delivered, marked incomplete,
before the whole log.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from desk_browser.live.first_read import FirstRead
from desk_browser.live.live_desk import LiveDesk
from desk_browser.live.services import DeskServices
from desk_browser.memory.session_reading import read_exchange_log_head
from desk_browser.memory.session_store import read_exchange_log
from desk_browser.presentation.desk_data import SessionLog
from tests.helpers.desks import exchange, write_lines, write_state

GOOD = {'trigger_text': 't', 'answer': 'a', 'backend_name': 'b', 'finished_at': 'f'}


def big_log(path: Path, count: int = 400) -> Path:
    return write_lines(
        path, [exchange(f'trigger {number}', 'answer ' * 20) for number in range(count)]
    )


def test_a_small_log_is_left_to_the_whole_read(tmp_path: Path) -> None:
    log = big_log(tmp_path / 'log.jsonl', 3)
    assert read_exchange_log_head(log) is None


def test_a_big_logs_first_exchanges_are_the_whole_reads_first_ones(tmp_path: Path) -> None:
    log = big_log(tmp_path / 'log.jsonl')
    head = read_exchange_log_head(log, byte_limit=4096)
    whole = read_exchange_log(log)
    assert head is not None
    assert 1 <= len(head) < len(whole)
    assert head == whole[: len(head)]


def test_damaged_lines_are_skipped_without_a_word(tmp_path: Path) -> None:
    log = tmp_path / 'log.jsonl'
    lines = [json.dumps(GOOD), 'not json', json.dumps({'answer': 'a'}), json.dumps(GOOD)] * 50
    log.write_text('\n'.join(lines) + '\n', encoding='utf-8')
    head = read_exchange_log_head(log, byte_limit=1024)
    whole = read_exchange_log(log)
    assert head is not None
    assert head == whole[: len(head)]


def test_a_missing_log_or_a_first_line_past_the_limit_reads_as_nothing(tmp_path: Path) -> None:
    assert read_exchange_log_head(tmp_path / 'missing.jsonl') is None
    log = write_lines(tmp_path / 'log.jsonl', [exchange('t', 'x' * 5000), exchange('t', 'y')])
    assert read_exchange_log_head(log, byte_limit=1024) is None


@settings(max_examples=60, deadline=None)
@given(
    lines=st.lists(
        st.one_of(
            st.builds(lambda answer: json.dumps({**GOOD, 'answer': answer}), st.text(max_size=60)),
            st.sampled_from(['', 'not json', '{"answer": 1}', '[1]', '\ufeff{}', '{"a": ']),
        ),
        max_size=80,
    ),
    byte_limit=st.integers(min_value=0, max_value=3000),
    final_newline=st.booleans(),
)
def test_the_first_exchanges_always_begin_the_whole_read(
    tmp_path_factory: pytest.TempPathFactory, lines: list[str], byte_limit: int, final_newline: bool
) -> None:
    folder = tmp_path_factory.mktemp('head')
    log = folder / 'log.jsonl'
    log.write_text('\n'.join(lines) + ('\n' if final_newline else ''), encoding='utf-8')
    head = read_exchange_log_head(log, byte_limit=byte_limit)
    whole = read_exchange_log(log)
    if head is not None:
        assert head
        assert head == whole[: len(head)]
    if log.stat().st_size <= byte_limit:
        assert head is None


def opened(
    desk: Path, head_first: Callable[[], object] | None = None
) -> tuple[list[SessionLog], list[str]]:
    live_desk = LiveDesk(desk)
    events: list[str] = []
    logs: list[SessionLog] = []

    def deliver(log: SessionLog) -> None:
        events.append('complete' if log.complete else 'first')
        logs.append(log)

    live_desk.open_session('2026-10-21-1', deliver, threading.Event(), head_first=head_first)
    return logs, events


def test_open_session_delivers_a_big_logs_first_exchanges_then_the_whole_log(
    tmp_path: Path,
) -> None:
    desk = tmp_path / 'main'
    big_log(desk / 'sessions' / '2026-10-21-1.jsonl', 1000)
    write_state(desk, '2026-10-21-1', {})
    waits: list[str] = []
    logs, events = opened(desk)
    assert events == ['complete']
    whole = logs[0]
    logs, events = opened(desk, head_first=lambda: waits.append('waited'))
    assert events == ['first', 'complete']
    assert waits == ['waited']
    first, rest = logs
    assert first.problems == [] and not first.complete
    assert rest == whole
    assert first.exchanges == whole.exchanges[: len(first.exchanges)]


def test_open_session_reads_a_small_log_once_even_with_head_first(tmp_path: Path) -> None:
    desk = tmp_path / 'main'
    big_log(desk / 'sessions' / '2026-10-21-1.jsonl', 3)
    write_state(desk, '2026-10-21-1', {})
    waits: list[str] = []
    _, events = opened(desk, head_first=lambda: waits.append('waited'))
    assert events == ['complete']
    assert waits == []


def first_read_of(desk: Path, tmp_path: Path) -> FirstRead:
    services = DeskServices.for_desk(desk, cache_directory=tmp_path / 'cache')
    services.first_paint.set()  # As if the first exchanges were drawn: the rest is read at once.
    return FirstRead(services).start()


def test_the_first_read_of_a_big_log_looks_at_its_first_exchanges_then_hands_the_whole_log(
    tmp_path: Path,
) -> None:
    desk = tmp_path / 'main'
    big_log(desk / 'sessions' / '2026-10-21-1.jsonl', 1000)
    write_state(desk, '2026-10-21-1', {})
    first_read = first_read_of(desk, tmp_path)
    look = first_read.look(60)
    assert look is not None and look.session_log is not None
    assert not look.session_log.complete
    handed = threading.Event()
    logs: list[SessionLog | None] = []

    def listen(log: SessionLog | None) -> None:
        logs.append(log)
        handed.set()

    first_read.when_read_whole(listen)
    assert handed.wait(60)
    [whole] = logs
    assert whole is not None and whole.complete
    assert whole.exchanges == read_exchange_log(desk / 'sessions' / '2026-10-21-1.jsonl')


def test_the_first_read_of_a_small_log_looks_at_it_whole(tmp_path: Path) -> None:
    desk = tmp_path / 'main'
    big_log(desk / 'sessions' / '2026-10-21-1.jsonl', 3)
    write_state(desk, '2026-10-21-1', {})
    look = first_read_of(desk, tmp_path).look(60)
    assert look is not None and look.session_log is not None
    assert look.session_log.complete
    assert len(look.session_log.exchanges) == 3
