"""presentation.hit_details: the line, time, session and backend of a hit, from its journal."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from desk_browser.memory.session_search import SearchHit, SearchRecord, SessionSearch
from desk_browser.presentation.hit_details import (
    HitDetails,
    HitDetailsReader,
    india_iso_time,
)

DAY = '2026-10-21'


def _journal(desk: Path, events: list[dict[str, Any]], day: str = DAY) -> None:
    folder = desk / 'journal'
    folder.mkdir(parents=True, exist_ok=True)
    lines = [json.dumps(event) for event in events]
    (folder / f'{day}.jsonl').write_text('\n'.join(lines) + '\n', encoding='utf-8')


def _trigger(text: str, time: str = '2026-10-21T03:45:10+00:00') -> dict[str, Any]:
    return {'type': 'trigger_received', 'time': time, 'text': text, 'source': 'market_alert'}


def _answer(text: str, backend: Any = 'claude') -> dict[str, Any]:
    return {'type': 'text', 'time': '2026-10-21T03:46:00+00:00', 'text': text, 'backend': backend}


def _started(session_id: Any) -> dict[str, Any]:
    return {
        'type': 'session_started',
        'time': '2026-10-21T03:45:00+00:00',
        'session_id': session_id,
    }


def _ended(session_id: str) -> dict[str, Any]:
    return {'type': 'session_ended', 'time': '2026-10-21T10:00:00+00:00', 'session_id': session_id}


def _details(desk: Path, query: str) -> list[HitDetails | None]:
    result = SessionSearch(desk).search(query, 100)
    return HitDetailsReader(desk).details_of(result.hits)


ANSWERED = '2026-10-21T09:16:00+05:30'
"""When every `_answer` of these journals came, in India time: an exchange's answered time."""


def _trigger_details(
    line: int,
    time: str | None,
    session: str | None,
    backend: str | None,
    answered: str | None = None,
) -> HitDetails:
    return HitDetails(line, 'trigger_received', time, session, backend, answered)


def test_an_exchange_belongs_to_the_session_started_before_it(tmp_path: Path) -> None:
    _journal(
        tmp_path,
        [
            _trigger('before any session zebra'),
            _started('2026-10-21-1'),
            _trigger('in the first zebra', time='2026-10-21T04:00:00Z'),
            _answer('seen', backend='codex'),
            _ended('2026-10-21-1'),
            _trigger('between sessions zebra'),
            _started('2026-10-21-2'),
            _trigger('in the second zebra'),
            _answer('piece without a backend', backend=None),
            _answer('then claude'),
        ],
    )
    assert _details(tmp_path, 'zebra') == [
        _trigger_details(1, '2026-10-21T09:15:10+05:30', None, None),
        _trigger_details(3, '2026-10-21T09:30:00+05:30', '2026-10-21-1', 'codex', ANSWERED),
        _trigger_details(6, '2026-10-21T09:15:10+05:30', None, None),
        _trigger_details(8, '2026-10-21T09:15:10+05:30', '2026-10-21-2', 'claude', ANSWERED),
    ]


def test_exchanges_with_the_same_text_are_told_apart_by_their_order(tmp_path: Path) -> None:
    _journal(
        tmp_path,
        [
            _started('2026-10-21-1'),
            _trigger('same zebra'),
            _answer('same', backend='claude'),
            _ended('2026-10-21-1'),
            _started('2026-10-21-2'),
            _trigger('same zebra'),
            _answer('same', backend='codex'),
        ],
    )
    details = _details(tmp_path, 'zebra')
    assert [(item.session_id, item.backend) for item in details if item is not None] == [
        ('2026-10-21-1', 'claude'),
        ('2026-10-21-2', 'codex'),
    ]


def test_what_the_journal_does_not_say_is_none(tmp_path: Path) -> None:
    _journal(
        tmp_path,
        [
            _started(42),
            {'type': 'trigger_received', 'text': 'no time zebra'},
            {'type': 'trigger_received', 'time': 'soon', 'text': 'bad time zebra'},
            _answer('answer', backend=['not', 'a', 'name']),
        ],
    )
    assert _details(tmp_path, 'zebra') == [
        _trigger_details(2, None, None, None),
        _trigger_details(3, None, None, None, ANSWERED),  # Its answer's time is readable.
    ]


def test_hits_that_are_no_longer_in_the_journal_or_no_event_have_none(tmp_path: Path) -> None:
    _journal(tmp_path, [_started('2026-10-21-1'), _trigger('kept zebra')])
    hits = [
        SearchHit(SearchRecord(DAY, 'journal', 'order_placed'), 1, 'order_placed'),
        SearchHit(SearchRecord(DAY, 'summary', 'kept zebra'), 1, 'kept zebra'),
        SearchHit(SearchRecord(DAY, 'note', 'kept zebra'), 1, 'kept zebra'),
        SearchHit(SearchRecord(DAY, 'exchange', 'gone zebra\n\n'), 1, 'gone zebra'),
        SearchHit(SearchRecord('2026-10-20', 'exchange', 'kept zebra\n\n'), 1, 'kept zebra'),
        SearchHit(SearchRecord(DAY, 'exchange', 'kept zebra\n\n'), 1, 'kept zebra'),
        SearchHit(SearchRecord(DAY, 'exchange', 'kept zebra\n\n'), 1, 'kept zebra'),
    ]
    details = HitDetailsReader(tmp_path).details_of(hits)
    assert details[:5] == [None] * 5
    assert details[5] is not None
    assert details[5].session_id == '2026-10-21-1'
    assert details[6] is None  # The day holds one such exchange, not two.


def test_a_desk_without_a_journal_has_no_details(tmp_path: Path) -> None:
    hits = [SearchHit(SearchRecord(DAY, 'exchange', 'x\n\n'), 1, 'x')]
    assert HitDetailsReader(tmp_path).details_of(hits) == [None]


def test_an_action_hit_has_its_line_type_and_time_and_no_session(tmp_path: Path) -> None:
    order = {
        'type': 'order_placed',
        'time': '2026-10-21T04:00:00Z',
        'symbol': 'ZEBRA',
        'side': 'BUY',
    }
    _journal(
        tmp_path,
        [
            _started('2026-10-21-1'),
            {
                'type': 'tool_call',
                'time': '2026-10-21T03:59:00Z',
                'tool': 'search_sessions',
                'input': {'query': 'zebra'},
            },
            order,
            {**order, 'time': '2026-10-21T05:00:00Z'},  # The same text again, later.
        ],
    )
    assert _details(tmp_path, 'zebra') == [
        HitDetails(3, 'order_placed', '2026-10-21T09:30:00+05:30'),
        HitDetails(4, 'order_placed', '2026-10-21T10:30:00+05:30'),
    ]


def test_details_at_reads_only_the_hits_asked_for_counting_the_ones_before(
    tmp_path: Path,
) -> None:
    _journal(tmp_path, [_trigger('same zebra'), _trigger('same zebra'), _trigger('other zebra')])
    _journal(tmp_path, [_trigger('older zebra')], day='2026-10-20')
    hits = SessionSearch(tmp_path).search('zebra', 100).hits
    found = HitDetailsReader(tmp_path).details_at(hits, [1, 99, -1])
    assert list(found) == [1]
    assert found[1] is not None and found[1].line_number == 2  # The second "same zebra".


def test_a_changed_journal_is_read_again(tmp_path: Path) -> None:
    _journal(tmp_path, [_trigger('first zebra')])
    reader = HitDetailsReader(tmp_path, days_kept=1)
    hits = SessionSearch(tmp_path).search('zebra', 100).hits
    assert [item.line_number for item in reader.details_of(hits) if item] == [1]
    _journal(tmp_path, [_started('2026-10-21-9'), _trigger('first zebra'), _trigger('new zebra')])
    hits = SessionSearch(tmp_path).search('zebra', 100).hits
    assert [(item.line_number, item.session_id) for item in reader.details_of(hits) if item] == [
        (2, '2026-10-21-9'),
        (3, '2026-10-21-9'),
    ]
    _journal(tmp_path, [_trigger('old zebra')], day='2026-10-20')  # A new day, one day kept.
    hits = SessionSearch(tmp_path).search('zebra', 100).hits
    assert [item.line_number for item in reader.details_of(hits) if item] == [2, 3, 1]


def test_india_iso_time_reads_utc_and_keeps_seconds() -> None:
    assert india_iso_time('2026-10-21T03:45:10+00:00') == '2026-10-21T09:15:10+05:30'
    assert india_iso_time('2026-10-21T03:45:10.123456') == '2026-10-21T09:15:10+05:30'
    assert india_iso_time('2026-10-21T20:00:00Z') == '2026-10-22T01:30:00+05:30'
    assert india_iso_time('yesterday') is None
