"""When a session's exchanges were asked: their triggers' times, matched from the journal."""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

from desk_browser.memory import journal as journal_module
from desk_browser.memory.session_store import Exchange
from desk_browser.presentation.asked_times import AskedTimesReader, asked_times, session_days
from desk_browser.presentation.desk_data import read_session_log
from desk_browser.presentation.formatting import exchange_times
from tests.helpers.desks import append, build_trading_desk, exchange, write_journal, write_lines


def test_each_exchange_gets_its_trigger_s_time_and_none_where_the_journal_has_none(
    tmp_path: Path,
) -> None:
    desk = build_trading_desk(tmp_path / 'main')
    exchanges = read_session_log(desk, '2026-10-21-2').exchanges  # The damaged line skipped.
    asked = asked_times(desk, '2026-10-21-2', exchanges)
    assert [exchange_times(time, None) for time in asked] == ['asked 11:05', 'asked 11:15', '']
    assert asked[2] is None  # Its trigger is not in the journal.


def test_the_same_text_in_two_sessions_and_an_unanswered_trigger_are_told_apart(
    tmp_path: Path,
) -> None:
    def event(kind: str, time: str, **fields: str) -> dict[str, str]:
        return {'type': kind, 'time': f'2026-10-21T{time}:00+00:00', **fields}

    write_journal(
        tmp_path,
        '2026-10-21',
        [
            event('session_started', '03:40', session_id='2026-10-21-1'),
            event('trigger_received', '03:45', text='tick'),
            event('text', '03:46', text='one'),
            event('session_ended', '03:50', session_id='2026-10-21-1'),
            event('session_started', '04:00', session_id='2026-10-21-2'),
            event('trigger_received', '04:05', text='tick'),  # Never answered: no log line.
            event('trigger_received', '04:10', text='tick'),
            event('text', '04:11', text='two'),
            event('trigger_received', '04:20', text='other'),
            event('text', '04:21', text='three'),
        ],
    )
    log = [
        exchange('tick', 'two', at='2026-10-21T04:11:00+00:00'),
        exchange('missing', 'x', at='2026-10-21T04:15:00+00:00'),
        exchange('other', 'three', at='2026-10-21T04:21:00+00:00'),
    ]
    write_lines(tmp_path / 'sessions' / '2026-10-21-2.jsonl', log)
    exchanges = [Exchange(**line) for line in log]
    times = asked_times(tmp_path, '2026-10-21-2', exchanges)
    # Its own session's answered 'tick' (not the other session's, nor the unanswered one).
    assert times == ['2026-10-21T04:10:00+00:00', None, '2026-10-21T04:20:00+00:00']


def test_no_journal_means_no_asked_times_and_the_days_come_from_the_answers() -> None:
    late = Exchange('t', 'a', 'claude', '2026-10-21T19:00:00+00:00')  # 00:30 in India.
    assert session_days('2026-10-21-2', [late]) == ['2026-10-21', '2026-10-22']
    assert session_days('odd', [Exchange('t', 'a', 'claude', 'soon')]) == []
    assert asked_times(Path('/nonexistent'), '2026-10-21-2', [late]) == [None]


def test_the_words_label_each_time_known() -> None:
    asked, answered = '2026-10-21T04:18:00+00:00', '2026-10-21T04:25:00+00:00'
    assert exchange_times(asked, answered) == 'asked 09:48 · answered 09:55'
    assert exchange_times(None, answered) == 'answered 09:55'
    assert exchange_times(asked, 'not a time') == 'asked 09:48'
    assert exchange_times(None, None) == ''


def _journal_event(kind: str, minute: int, **fields: str) -> dict[str, str]:
    return {'type': kind, 'time': f'2026-10-21T04:{minute:02}:00+00:00', **fields}


def test_the_reader_finds_what_a_whole_read_finds_as_the_journal_grows_or_is_rewritten(
    tmp_path: Path,
) -> None:
    session = '2026-10-21-2'
    journal = write_journal(
        tmp_path,
        '2026-10-21',
        [
            _journal_event('session_started', 0, session_id='2026-10-21-1'),
            _journal_event('trigger_received', 1, text='tick'),
            _journal_event('text', 2, text='one'),
            _journal_event('session_ended', 3, session_id='2026-10-21-1'),
            _journal_event('session_started', 4, session_id=session),
            _journal_event('trigger_received', 5, text='tick'),
        ],
    )
    reader = AskedTimesReader(tmp_path)
    log = [Exchange('tick', 'two\nmore', 'claude', '2026-10-21T04:30:00+00:00')]

    def both() -> list[str | None]:
        found = reader.read(session, log)
        assert found == asked_times(tmp_path, session, log)
        return found

    assert both() == ['2026-10-21T04:05:00+00:00']  # Its answer not written yet: by its text.
    # Its answer's pieces, the last one's line not ended yet; then ended, and a new exchange.
    append(journal, json.dumps(_journal_event('text', 6, text='two')).encode() + b'\n')
    append(journal, json.dumps(_journal_event('text', 7, text='more')).encode())
    assert both() == ['2026-10-21T04:05:00+00:00']
    append(journal, b'\n' + json.dumps(_journal_event('trigger_received', 8, text='tick')).encode())
    log.append(Exchange('tick', 'three', 'claude', '2026-10-21T04:31:00+00:00'))
    assert both() == ['2026-10-21T04:05:00+00:00', '2026-10-21T04:08:00+00:00']
    append(journal, b'\n' + json.dumps(_journal_event('session_ended', 9)).encode() + b'\n')
    append(
        journal, json.dumps(_journal_event('trigger_received', 10, text='tick')).encode() + b'\n'
    )
    log.append(Exchange('tick', 'four', 'claude', '2026-10-21T04:32:00+00:00'))
    assert both()[2] is None  # Asked after its session ended: in no session.
    journal.write_text(journal.read_text().replace('04:05', '04:06'))  # Rewritten in place.
    assert both()[0] == '2026-10-21T04:06:00+00:00'


def test_the_reader_parses_only_the_lines_the_journal_appended(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = '2026-10-21-1'
    lines = [_journal_event('session_started', 0, session_id=session)]
    log: list[Exchange] = []
    for minute in range(1, 41, 2):
        lines += [
            _journal_event('trigger_received', minute, text=f'tick {minute}'),
            _journal_event('text', minute + 1, text='held'),
        ]
        log.append(Exchange(f'tick {minute}', 'held', 'claude', '2026-10-21T05:00:00+00:00'))
    journal = write_journal(tmp_path, '2026-10-21', lines)
    grouped: list[int] = []  # The line number of every journal object parsed and grouped.
    group_journal_objects = journal_module.group_journal_objects

    def counted(path: Path, objects: Iterable[tuple[int, dict[str, Any]]], *rest: Any) -> Any:
        objects = list(objects)
        grouped.extend(number for number, _ in objects)
        return group_journal_objects(path, objects, *rest)

    monkeypatch.setattr(journal_module, 'group_journal_objects', counted)
    reader = AskedTimesReader(tmp_path)
    assert reader.read(session, log)[-1] == '2026-10-21T04:39:00+00:00'
    assert grouped == list(range(1, 42))
    for minute in (41, 43, 45):
        grouped.clear()
        append(
            journal,
            json.dumps(_journal_event('trigger_received', minute, text='new')).encode() + b'\n',
        )
        log.append(Exchange('new', '', 'claude', '2026-10-21T05:00:00+00:00'))
        assert reader.read(session, log)[-1] == f'2026-10-21T04:{minute}:00+00:00'
        assert grouped == [len(lines) + 1 + (minute - 41) // 2]  # The appended line alone.
    grouped.clear()
    assert reader.read(session, log)[-1] == '2026-10-21T04:45:00+00:00'
    assert grouped == []  # Unchanged: nothing parsed.
