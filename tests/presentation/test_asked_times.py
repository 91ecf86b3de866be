"""When a session's exchanges were asked: their triggers' times, matched from the journal."""

from __future__ import annotations

from pathlib import Path

from desk_browser.memory.session_store import Exchange
from desk_browser.presentation.asked_times import asked_times, session_days
from desk_browser.presentation.desk_data import read_session_log
from desk_browser.presentation.formatting import exchange_times
from tests.helpers.desks import build_trading_desk, exchange, write_journal, write_lines


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
