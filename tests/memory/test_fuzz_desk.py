"""Fuzzing: random desks, with random bytes and random JSON in every kind of file and random file
names, read by every core reader, searched, watched and checked, never raise.
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime
import json
import os
import tempfile
import unicodedata
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from desk_browser.memory import desk_check, desk_files
from desk_browser.memory.desk_files import Problem
from desk_browser.memory.desk_watch import DeskWatcher, JsonLinesFollower
from desk_browser.memory.session_search import SessionSearch
from desk_browser.memory.session_store import (
    SessionStore,
    log_path,
    read_exchange_log,
    read_state_file,
)
from tests.helpers import strategies

FUZZ_SETTINGS = settings(max_examples=60, deadline=None)
PAIR_SETTINGS = settings(max_examples=30, deadline=None)  # Two desks a case: half as many.

texts = st.text(max_size=30)
json_values = strategies.json_values(texts, special_floats=True, width=4, key_size=8, max_leaves=12)
dates = st.dates(min_value=datetime.date(2000, 1, 1), max_value=datetime.date(2099, 12, 31)).map(
    datetime.date.isoformat
)
words = st.sampled_from(['NIFTY', 'gap', 'down', 'held', 'BANKNIFTY', 'risk', 'İ', 'ß', '…', 'ﬃ'])
known_types = st.sampled_from(
    [
        'trigger_received',
        'text',
        'tool_call',
        'tool_result',
        'order_placed',
        'risk_decision',
        'session_started',
    ]
)
events = st.fixed_dictionaries(
    {'type': known_types | json_values, 'time': texts | json_values},
    optional={
        'text': st.lists(words, max_size=5).map(' '.join) | json_values,
        'tool': st.sampled_from(['search_sessions', 'get_quote']) | json_values,
        'output': json_values,
        'source': texts,
        'backend': texts,
    },
)
exchanges = st.fixed_dictionaries(
    {},
    optional={
        'trigger_text': st.lists(words, max_size=5).map(' '.join) | json_values,
        'answer': texts | json_values,
        'backend_name': texts,
        'finished_at': texts,
    },
)
states = st.fixed_dictionaries(
    {},
    optional={
        'session_id': st.sampled_from(['2026-10-21-1', '2026-10-21-2', '../x', '']) | json_values,
        'trading_date': dates | json_values,
        'routes': st.dictionaries(
            texts,
            st.fixed_dictionaries(
                {},
                optional={
                    'exchanges_seen': st.integers(-3, 10**30) | json_values,
                    'runner_state': json_values,
                },
            )
            | json_values,
            max_size=3,
        )
        | json_values,
    },
)


def json_line(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False).encode('utf-8', 'surrogatepass')


def line_contents(objects: st.SearchStrategy[Any]) -> st.SearchStrategy[bytes]:
    """A JSON-lines file: objects, other JSON, random bytes, blank lines, maybe no last newline."""
    line = objects.map(json_line) | json_values.map(json_line) | st.binary(max_size=40)
    return st.builds(
        lambda lines, final, bom: (
            (b'\xef\xbb\xbf' if bom else b'') + b'\n'.join(lines) + (b'\n' if final else b'')
        ),
        st.lists(line, max_size=8),
        st.booleans(),
        st.booleans(),
    )


def usable_name(name: str) -> bool:
    if name in ('', '.', '..') or '/' in name or '\x00' in name:
        return False
    if any(unicodedata.category(character) == 'Cs' for character in name):
        return False
    return len(name.encode('utf-8')) <= 200


odd_names = st.text(min_size=1, max_size=20).filter(usable_name)
session_names = (
    st.builds(lambda day, number: f'{day}-{number}', dates, st.integers(0, 12))
    | st.sampled_from(['2026-10-21-1', '2026-10-21-2', '2026-10-21-01', '2026-13-40-1'])
    | odd_names
)
dated_names = dates | st.sampled_from(['2026-02-30', '20261021', '2026-10-21 ', '２０２６-10-21'])
binary_or_text = st.binary(max_size=200) | st.text(max_size=200).map(
    lambda text: text.encode('utf-8', 'surrogatepass')
)


@dataclasses.dataclass
class FuzzDesk:
    """The files of a random desk: relative path -> content, or None for a folder."""

    files: dict[str, bytes | None]
    note_times: list[int]


def entries(
    folder: str,
    names: st.SearchStrategy[str],
    suffix: str,
    contents: st.SearchStrategy[bytes],
) -> st.SearchStrategy[dict[str, bytes | None]]:
    odd_suffix = st.sampled_from([suffix, suffix, '', '.txt', suffix.upper()])
    return st.dictionaries(
        st.builds(lambda name, ending: f'{folder}/{name}{ending}', names, odd_suffix),
        contents.map(lambda content: content) | st.none(),
        max_size=4,
    )


@st.composite
def fuzz_desks(draw: st.DrawFn) -> FuzzDesk:
    files: dict[str, bytes | None] = {}
    state = draw(
        st.none()
        | states.map(json_line)
        | json_values.map(json_line)
        | binary_or_text
        | st.just(b'\x00' * 64)
    )
    if state is not None:
        files['sessions/state.json'] = state
    files.update(draw(entries('sessions', session_names, '.jsonl', line_contents(exchanges))))
    files.update(
        draw(entries('sessions/summaries', dated_names | odd_names, '.md', binary_or_text))
    )
    files.update(draw(entries('journal', dated_names | odd_names, '.jsonl', line_contents(events))))
    files.update(draw(entries('notes', odd_names | dated_names, '.md', binary_or_text)))
    if draw(st.booleans()):  # Sometimes a folder is a file, or missing.
        folder = draw(st.sampled_from(['journal', 'notes', 'sessions/summaries', 'sessions']))
        files = {path: content for path, content in files.items() if not path.startswith(folder)}
        if draw(st.booleans()):
            files[folder] = draw(binary_or_text)
    note_times = draw(st.lists(st.integers(-(2**62), 2**62), max_size=3))
    return FuzzDesk(files=files, note_times=note_times)


def write_desk(desk: Path, fuzz_desk: FuzzDesk) -> None:
    desk.mkdir()
    for relative, content in sorted(fuzz_desk.files.items()):
        path = desk / relative
        with contextlib.suppress(OSError):  # A name clash with an earlier entry.
            path.parent.mkdir(parents=True, exist_ok=True)
            if content is None:
                path.mkdir(exist_ok=True)
            else:
                path.write_bytes(content)
    notes = sorted((desk / 'notes').glob('*')) if (desk / 'notes').is_dir() else []
    for note, moment in zip(notes, fuzz_desk.note_times, strict=False):
        with contextlib.suppress(OSError, OverflowError, ValueError):
            os.utime(note, ns=(moment, moment))


def read_everything(desk: Path, queries: list[str], offsets: list[int]) -> int:
    """Runs every reader; returns how many problems were reported."""
    problems: list[Problem] = []
    for day, path in desk_files.journal_files(desk):
        journal_day = desk_files.read_journal_day(path, day, problems)
        for action in journal_day.actions:
            desk_files.action_text(action)
        for exchange in journal_day.exchanges:
            assert isinstance(exchange.text, str)
        for offset in offsets:
            desk_files.read_json_objects_from(path, offset, problems)
    for _day, path in desk_files.summary_files(desk):
        desk_files.summary_paragraphs(desk_files.read_text(path, problems) or '')
    for day, path in desk_files.note_files(desk):
        assert day == '' or desk_files.date_of_name(day) == day
        desk_files.read_text(path, problems)
    sessions = desk / 'sessions'
    reading = read_state_file(sessions / 'state.json')
    assert (reading.state is None) == (reading.problem is not None or not reading.exists)
    store = SessionStore(sessions)
    state = store.load_state()
    session_ids = store.session_ids()
    for session_id in session_ids:
        assert store.exchanges(session_id) == read_exchange_log(log_path(sessions, session_id))
        read_exchange_log(log_path(sessions, session_id), problems)
        follower = JsonLinesFollower(log_path(sessions, session_id))
        assert not follower.read_new().restarted
        assert follower.read_new().objects == []
    store.summaries()
    store.latest_summary()
    search = SessionSearch(desk)
    for query in queries:
        result = search.search(query, 5)
        assert len(result.hits) <= 5
    watcher = DeskWatcher(desk)
    followed = session_ids[:2] + ([state.session_id] if state else []) + ['../x', 'a\x00b']
    watcher.follow_sessions(followed)
    changes = watcher.poll()
    assert not changes.has_changes
    watcher.state_age(0.0)
    report = desk_check.check_desk(desk)
    for problem in report.problems:
        report.relative_path(problem)
        report.kind_of(problem)
    return len(problems)


@FUZZ_SETTINGS
@given(
    fuzz_desk=fuzz_desks(),
    queries=st.lists(st.text(max_size=12) | words, min_size=1, max_size=3),
    offsets=st.lists(st.integers(-5, 300), max_size=2),
)
def test_random_desks_are_read_searched_watched_and_checked_without_raising(
    fuzz_desk: FuzzDesk, queries: list[str], offsets: list[int]
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        desk = Path(folder) / 'main'
        write_desk(desk, fuzz_desk)
        read_everything(desk, queries, offsets)


@PAIR_SETTINGS
@given(
    before=fuzz_desks(),
    after=fuzz_desks(),
    query=st.text(max_size=12) | words,
)
def test_a_random_desk_rewritten_under_a_watcher_is_noticed_without_raising(
    before: FuzzDesk, after: FuzzDesk, query: str
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        desk = Path(folder) / 'main'
        write_desk(desk, before)
        watcher = DeskWatcher(desk)
        store = SessionStore(desk / 'sessions')
        watcher.follow_sessions(store.session_ids())
        search = SessionSearch(desk)
        search.search(query, 5)
        os.rename(desk, Path(folder) / 'old')
        assert watcher.poll().vanished
        write_desk(desk, after)
        changes = watcher.poll()
        assert not changes.vanished
        search.search(query, 5)
        new_ids = set(store.session_ids())
        assert set(changes.new_sessions) <= new_ids
        read_everything(desk, [query], [])


@FUZZ_SETTINGS
@given(
    content=line_contents(exchanges),
    cuts=st.lists(st.integers(0, 400), max_size=6),
)
def test_following_a_log_as_it_is_written_reads_what_one_read_gives(
    content: bytes, cuts: list[int]
) -> None:
    if not content.endswith(b'\n'):
        content += b'\n'  # The writer finishes its last line in the end.
    with tempfile.TemporaryDirectory() as folder:
        desk = Path(folder) / 'main'
        log = desk / 'sessions' / '2026-10-21-1.jsonl'
        log.parent.mkdir(parents=True)
        log.write_bytes(b'')
        watcher = DeskWatcher(desk)
        watcher.follow_session('2026-10-21-1')
        objects: list[tuple[int, dict[str, Any]]] = []
        problems: list[Problem] = []
        offset, line_number, written = 0, 1, 0
        for cut in [*sorted(min(cut, len(content)) for cut in cuts), len(content)]:
            if cut > written:
                with log.open('ab') as file:
                    file.write(content[written:cut])
                written = cut
                assert watcher.poll().grown_logs == {'2026-10-21-1': written}
            reading = desk_files.read_json_objects_from(
                log, offset, problems, first_line_number=line_number
            )
            assert not reading.shrank
            assert reading.end_offset + reading.pending_bytes == written
            objects.extend(reading.objects)
            offset, line_number = reading.end_offset, reading.next_line_number
        whole_problems: list[Problem] = []
        assert objects == desk_files.read_json_objects(log, whole_problems)
        assert problems == whole_problems
