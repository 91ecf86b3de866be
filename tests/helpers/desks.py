"""Builders of desk files for the tests: JSON lines, journals, session logs and state."""

from __future__ import annotations

import datetime
import json
import os
import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

from desk_browser.memory.workspace import DeskEntry, Workspace

INDIA = datetime.timezone(datetime.timedelta(hours=5, minutes=30))


def json_line(data: Any) -> str:
    """One JSON line as the desk writes it (non-ASCII kept)."""
    return json.dumps(data, ensure_ascii=False)


def write_lines(path: Path, lines: Sequence[Any], *, final_newline: bool = True) -> Path:
    """Writes lines joined with newlines: bytes and str as they are, anything else as JSON."""
    path.parent.mkdir(parents=True, exist_ok=True)
    encoded = [_encoded(line) for line in lines]
    content = b'\n'.join(encoded)
    if final_newline and encoded:
        content += b'\n'
    path.write_bytes(content)
    return path


def _encoded(line: Any) -> bytes:
    if isinstance(line, bytes):
        return line
    if isinstance(line, str):
        return line.encode('utf-8')
    return json_line(line).encode('utf-8')


def write_journal(desk: Path, day: str, events: Sequence[object]) -> Path:
    """Writes journal/<day>.jsonl: dicts become JSON lines, bytes and str go as they are."""
    return write_lines(desk / 'journal' / f'{day}.jsonl', events)


def set_india_mtime(path: Path, moment: datetime.datetime) -> None:
    """Sets a file's modification time."""
    timestamp = moment.timestamp()
    os.utime(path, (timestamp, timestamp))


def event(event_type: str, **fields: Any) -> dict[str, Any]:
    """A journal event with a fixed time, type first, then the given fields in order."""
    return {'type': event_type, 'time': '2026-10-19T03:46:02+00:00', **fields}


def build_small_desk(desk: Path) -> Path:
    """The small desk the search tests work their expectations out against.

    2026-10-19 (journal, summary, a dated note) and 2026-10-20 (journal, summary, an undated
    note whose modification time is 2026-10-20 in India), a picture in notes/ that must be
    ignored, and a session log whose words must never be found (logs are not searched).
    """
    write_journal(
        desk,
        '2026-10-19',
        [
            event('text', text='Warming up before the open.', backend='claude'),
            event('trigger_received', text='09:15 open: NIFTY GAPPED down 1.2%', source='tick'),
            event('text', text='Holding.', backend='claude'),
            event('text', text='No new entries before 09:30.', backend='claude'),
            event('tool_call', tool='search_sessions', input={'query': 'gap down'}),
            event('tool_result', tool='search_sessions', output='2026-10-12 exchange: gap, held'),
            event(
                'order_placed',
                order_id=7731,
                symbol='NIFTY24OCTFUT',
                side='SELL',
                quantity=50,
                price=24512.5,
            ),
            event(
                'risk_decision',
                decision='rejected',
                reason='Position limit reached',
                symbol='BANKNIFTY',
            ),
            event('trigger_received', text='Trader: why no BANKNIFTY short?', source='trader'),
            event('text', text='Risk rejected it: position limit.', backend='codex'),
            b'{"type": "text", "time": "2026-10-19T09:00:00+00:00", "text": "cut sh',
        ],
    )
    write_journal(
        desk,
        '2026-10-20',
        [
            event('trigger_received', text='09:15 open: flat', source='tick'),
            event('text', text='Nothing to do.', backend='claude'),
            event('tool_call', tool='get_quote', input={'symbol': 'NIFTY'}),
        ],
    )
    summaries = desk / 'sessions' / 'summaries'
    summaries.mkdir(parents=True)
    (summaries / '2026-10-19.md').write_text(
        'Gap-down open; held.\n\nBANKNIFTY short rejected by risk.\n', encoding='utf-8'
    )
    (summaries / '2026-10-20.md').write_text('Flat day.\n', encoding='utf-8')
    notes = desk / 'notes'
    notes.mkdir()
    (notes / '2026-10-19-nifty-gap.md').write_text(
        '# NIFTY gap\nGaps down over 1% filled by noon twice this month.\n', encoding='utf-8'
    )
    watchlist = notes / 'watchlist.md'
    watchlist.write_text('NIFTY, BANKNIFTY, RELIANCE\n', encoding='utf-8')
    set_india_mtime(watchlist, datetime.datetime(2026, 10, 20, 18, 0, tzinfo=INDIA))
    (notes / 'photo.png').write_bytes(b'\x89PNG\r\n\x1a\nzebra nifty gap\x00\xff')
    write_lines(
        desk / 'sessions' / '2026-10-19-1.jsonl',
        [
            json_line(
                {
                    'trigger_text': 'sessionlogonly zebra',
                    'answer': 'gap',
                    'backend_name': 'claude',
                    'finished_at': '2026-10-19T03:46:02+00:00',
                }
            )
        ],
    )
    return desk


def exchange(trigger: str, answer: str, backend: str = 'claude', at: str = '') -> dict[str, str]:
    """One session-log line."""
    return {
        'trigger_text': trigger,
        'answer': answer,
        'backend_name': backend,
        'finished_at': at or '2026-10-21T04:00:00+00:00',
    }


def write_state(desk: Path, session_id: str, routes: dict[str, Any]) -> None:
    """Writes sessions/state.json."""
    path = desk / 'sessions' / 'state.json'
    path.parent.mkdir(parents=True, exist_ok=True)
    state = {'session_id': session_id, 'trading_date': session_id[:10], 'routes': routes}
    path.write_text(json.dumps(state), encoding='utf-8')


class MakeDemoDesk(Protocol):
    """The `make_demo_desk` fixture (tests/conftest.py)."""

    def __call__(self, days: int, *, damaged: bool = False, state: str = 'normal') -> Path:
        """Builds a demo desk of `days` trading days at tmp_path/main and returns it."""
        ...


def entry_named(workspace: Workspace, name: str) -> DeskEntry:
    """The workspace's desk of that name, which the test knows is there."""
    entry = workspace.entry(name)
    assert entry is not None, f'no desk named {name}'
    return entry


def append(path: Path, content: bytes) -> None:
    """Appends bytes to a file, as the desk appends to a log or a journal."""
    with path.open('ab') as file:
        file.write(content)


def exchange_line(trigger: str, answer: str = 'an answer') -> bytes:
    """One session-log line, newline included, as the desk appends it."""
    return (json.dumps(exchange(trigger, answer)) + '\n').encode()


SMALL_DESK_ROUTES = {'claude': {'exchanges_seen': 2, 'runner_state': None}}
"""The state.json routes of `small_desk`."""


def small_desk(root: Path, exchanges: int = 2) -> Path:
    """A desk named main with one session, 2026-10-21-1, of `exchanges` exchanges."""
    desk = root / 'main'
    write_lines(
        desk / 'sessions' / '2026-10-21-1.jsonl',
        [exchange(f'trigger {number}', 'answer') for number in range(1, exchanges + 1)],
    )
    write_state(desk, '2026-10-21-1', SMALL_DESK_ROUTES)
    return desk


def remove_at_once(desk: Path) -> None:
    """Removes a desk folder so that a look at it sees it whole or gone (renamed away, removed).

    shutil.rmtree alone removes file after file, so a look at the desk meanwhile could see half
    of it.
    """
    gone = desk.with_name(f'{desk.name}-removed')
    desk.rename(gone)
    shutil.rmtree(gone)


POSITIONS_ANSWER = (
    'Open positions at 11:05:\n\n'
    '| Symbol | Qty | Avg | LTP | P&L |\n'
    '| --- | ---: | ---: | ---: | ---: |\n'
    '| HDFCBANK26OCTFUT | -550 | 1,560.20 | 1,602.35 | -₹23,182 |\n'
    '| NIFTY26OCTFUT | 75 | 25,840.20 | 25,920.40 | +₹6,015 |\n'
    '| RELIANCE26OCTFUT | 250 | 2,911.05 | 2,896.10 | -₹3,737 |\n\n'
    'Net -₹20,904 on the day; the HDFCBANK short is over its stop: covering at the open of '
    'the next bar.'
)
"""An answer whose table is wider than the exchanges pane at 80x24 (36 columns)."""


def build_trading_desk(desk: Path) -> Path:
    """A fixed desk of one day, 2026-10-21: three backends, a damaged log, a position table.

    Session 2026-10-21-1 ended; 2026-10-21-2 is current, its log three exchanges and a line cut
    short by a crash. The first of them answers with a position table. The state has three
    routes: claude up to date, codex 1 behind, gemini with no turn yet (0 seen) and a saved
    runner_state. Every exchange has its trigger in the journal (asked minutes before it was
    answered) but the last, whose trigger the journal does not hold. Files' times are fixed
    (state.json written at 11:20 India time), so a snapshot never depends on the clock.

    Args:
        desk (Path): The folder to make (it must not exist).

    Returns:
        Path: The desk.
    """
    day = '2026-10-21'

    def utc(hours: int, minutes: int) -> str:
        moment = datetime.datetime(2026, 10, 21, hours, minutes, tzinfo=INDIA)
        return moment.astimezone(datetime.UTC).isoformat()

    first = [
        (
            '09:15 open: NIFTY flat, BANKNIFTY -0.4%',
            'Holding; no entries before 09:30.',
            (9, 15),
            (9, 17),
        ),
        ('09:45 check', 'Nothing to do.', (9, 45), (9, 46)),
    ]
    second = [
        ('Trader: show me the open positions', POSITIONS_ANSWER, (11, 5), (11, 9)),
        (
            '11:15 check: HDFCBANK through its stop',
            'Covered 550 HDFCBANK26OCTFUT at 1,604.10.',
            (11, 15),
            (11, 16),
        ),
        (
            '11:18 alert: INDIA VIX +6%',
            'Noted; sizes halved for the afternoon.',
            (11, 18),
            (11, 19),
        ),
    ]
    events: list[dict[str, Any]] = []
    for session_id, exchanges in (('2026-10-21-1', first), ('2026-10-21-2', second)):
        events.append(
            {'type': 'session_started', 'time': utc(*exchanges[0][2]), 'session_id': session_id}
        )
        for number, (trigger, answer, asked, answered) in enumerate(exchanges):
            if session_id == '2026-10-21-2' and number == len(exchanges) - 1:
                continue  # Its trigger is not in the journal: the card says what is known.
            events.append(
                {'type': 'trigger_received', 'time': utc(*asked), 'text': trigger, 'source': 'tick'}
            )
            events.append(
                {'type': 'text', 'time': utc(*answered), 'text': answer, 'backend': 'claude'}
            )
        if session_id == '2026-10-21-1':
            events.append({'type': 'session_ended', 'time': utc(9, 50), 'session_id': session_id})
    write_journal(desk, day, events)
    for session_id, exchanges in (('2026-10-21-1', first), ('2026-10-21-2', second)):
        lines: list[Any] = [
            exchange(trigger, answer, 'claude', utc(*answered))
            for trigger, answer, _asked, answered in exchanges
        ]
        if session_id == '2026-10-21-2':
            lines.insert(2, b'{"trigger_text": "11:17 check", "answer": "cut sh')
        write_lines(desk / 'sessions' / f'{session_id}.jsonl', lines)
    write_state(
        desk,
        '2026-10-21-2',
        {
            'claude': {'exchanges_seen': 3, 'runner_state': {'session_id': '5f0c9e2a'}},
            'codex': {'exchanges_seen': 2, 'runner_state': None},
            'gemini': {'exchanges_seen': 0, 'runner_state': {'cursor': 'b81d', 'turns': 0}},
        },
    )
    written = datetime.datetime(2026, 10, 21, 11, 20, tzinfo=INDIA)
    for path in desk.rglob('*'):
        if path.is_file():
            set_india_mtime(path, written)
    return desk
