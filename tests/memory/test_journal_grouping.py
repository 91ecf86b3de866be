"""group_journal_objects: a journal read in pieces groups as read_journal_day groups it whole."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from desk_browser.memory import desk_files
from desk_browser.memory.desk_files import JournalEvent, JournalExchange, Problem

EVENTS: list[dict[str, Any]] = [
    {'type': 'text', 'time': 't0', 'text': 'before any trigger'},
    {'type': 'trigger_received', 'time': 't1', 'text': 'NIFTY gap down?'},
    {'type': 'text', 'time': 't2', 'text': 'Looking.'},
    {'type': 'order_placed', 'time': 't3', 'order_id': 'A1'},
    {'type': 'text', 'time': 't4', 'text': 'Placed.'},
    {'no type': True},
    {'type': 'trigger_received', 'time': 't5', 'text': 'And now?'},
    {'type': 'text', 'time': 't6', 'text': 'Flat.'},
]


def _write(path: Path) -> None:
    path.write_text(''.join(json.dumps(event) + '\n' for event in EVENTS), encoding='utf-8')


def test_read_in_pieces_groups_like_a_whole_read(tmp_path: Path) -> None:
    path = tmp_path / '2026-10-21.jsonl'
    _write(path)
    whole = desk_files.read_journal_day(path, '2026-10-21')
    objects = desk_files.read_json_objects(path)
    for cut in range(len(objects) + 1):
        exchanges: list[JournalExchange] = []
        actions: list[JournalEvent] = []
        first = desk_files.group_journal_objects(path, objects[:cut], exchanges, actions)
        rest = desk_files.group_journal_objects(path, objects[cut:], exchanges, actions)
        assert first + rest == whole.events
        assert [exchange.text for exchange in exchanges] == [
            exchange.text for exchange in whole.exchanges
        ]
        assert actions == whole.actions


def test_an_object_without_a_type_is_skipped_and_reported(tmp_path: Path) -> None:
    path = tmp_path / '2026-10-21.jsonl'
    _write(path)
    problems: list[Problem] = []
    events = desk_files.group_journal_objects(
        path, desk_files.read_json_objects(path), [], [], problems
    )
    assert len(events) == len(EVENTS) - 1
    assert problems == [Problem(path, 6, 'missing type')]


def test_the_text_after_the_last_trigger_continues_its_exchange(tmp_path: Path) -> None:
    path = tmp_path / '2026-10-21.jsonl'
    _write(path)
    exchanges: list[JournalExchange] = []
    actions: list[JournalEvent] = []
    desk_files.group_journal_objects(path, [(1, EVENTS[1])], exchanges, actions)
    desk_files.group_journal_objects(path, [(2, EVENTS[2])], exchanges, actions)
    assert len(exchanges) == 1
    assert exchanges[0].answer == 'Looking.'
    assert actions == []
