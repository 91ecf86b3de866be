"""Builds a demo desk folder: journal, session logs, summaries, state and notes.

Laid out as the desk writes it; every byte and file time comes from the arguments, never the clock.
"""

from __future__ import annotations

import dataclasses
import datetime
import json
import logging
import os
import random
from pathlib import Path
from typing import Any

from desk_browser.demo import carried_orders, exchange_words, market, summary_words

_LOGGER = logging.getLogger(__name__)

INDIA = datetime.timezone(datetime.timedelta(hours=5, minutes=30), 'IST')
"""India Standard Time, UTC+05:30, the zone of the desk's dates."""

DEMO_TODAY = datetime.date(2026, 10, 21)
"""The fixed "today" that tests, snapshots and screenshots use."""

DEMO_NOW = datetime.datetime(2026, 10, 21, 14, 30, 47, tzinfo=INDIA).timestamp()
"""The fixed "now" (seconds since the epoch) of tests and screenshots: 14 s after the demo desk's
state.json was written, so "written 14 s ago" is on screen instead of a wall-clock age."""


STATE_VARIANTS = ('normal', 'damaged', 'missing')
"""What `build_demo_desk(state=...)` accepts."""

_ENCODER = json.JSONEncoder(ensure_ascii=False)
_MARKET_OPEN_SECONDS = 3 * 3600 + 45 * 60
"""09:15 India time, as seconds after midnight UTC."""
_MARKET_SECONDS = 6 * 3600 + 15 * 60
"""09:15 to 15:30 India time."""


@dataclasses.dataclass
class _Session:
    """One session of a day as built: its events with times, and its log lines."""

    session_id: str
    events: list[dict[str, Any]]
    log_lines: list[str] = dataclasses.field(default_factory=list)
    last_finished_at: int = 0
    last_seconds: int = 0


@dataclasses.dataclass
class _Day:
    """One trading day as built."""

    day: datetime.date
    sessions: list[_Session]
    journal_lines: list[str]
    last_time: int
    summary: str | None


def trading_days(today: datetime.date, count: int) -> list[datetime.date]:
    """Lists `count` India trading days (weekdays) up to `today`, oldest first."""
    found: list[datetime.date] = []
    day = today
    while len(found) < count:
        if day.weekday() < 5:
            found.append(day)
        day -= datetime.timedelta(days=1)
    found.reverse()
    return found


def _epoch(day: datetime.date, seconds_after_midnight_utc: int) -> int:
    """Seconds since the epoch of a UTC time of day on a date."""
    midnight = datetime.datetime(day.year, day.month, day.day, tzinfo=datetime.UTC)
    return int(midnight.timestamp()) + seconds_after_midnight_utc


def _time_text(day_prefix: str, seconds_after_midnight_utc: int) -> str:
    """Formats a UTC time of day on a date as ISO 8601, such as "2026-10-19T03:46:02+00:00"."""
    hours, rest = divmod(seconds_after_midnight_utc, 3600)
    minutes, seconds = divmod(rest, 60)
    return f'{day_prefix}T{hours:02d}:{minutes:02d}:{seconds:02d}+00:00'


def _build_day(
    seed: int,
    day: datetime.date,
    *,
    is_current: bool,
    events_per_day: int | None,
    nifty_sell: bool = False,
) -> _Day:
    """Builds one day's sessions, journal lines and summary in memory.

    `is_current`: the last session runs, no summary; `nifty_sell`: add a VIX hedge if none drawn.
    """
    random_source = random.Random(f'{seed}:{day.isoformat()}')
    context = market.new_day_context(random_source, day)
    session_count = random_source.randint(2, 3) if is_current else random_source.randint(1, 3)
    day_text = day.isoformat()
    slot = _MARKET_SECONDS // session_count
    sessions: list[_Session] = []
    journal_lines: list[str] = []
    exchange_total = 0
    last_time = 0
    for number in range(1, session_count + 1):
        session_id = f'{day_text}-{number}'
        is_running = is_current and number == session_count
        events: list[dict[str, Any]] = [
            {'type': 'session_started', 'time': '', 'session_id': session_id}
        ]
        if number == 1 and random_source.random() < 0.4:
            events.extend(exchange_words.pre_trigger_texts(random_source, context))
        minimum_exchanges = 6 if is_running else 2
        if events_per_day is None:
            exchange_target = random_source.randint(max(3, minimum_exchanges), 7)
            event_target = 0
        else:
            exchange_target = minimum_exchanges
            event_target = max(1, events_per_day // session_count - 1)
        exchanges = 0
        while exchanges < exchange_target or len(events) < event_target:
            backend = 'claude' if random_source.random() < 0.7 else 'codex'
            events.extend(exchange_words.exchange_events(random_source, context, backend))
            exchanges += 1
        if nifty_sell and number == 1 and not _sells_nifty(events):
            # The day's second exchange, so it is among the first rows of the day's orders.
            hedge_source = random.Random(f'{seed}:{day_text}:nifty-sell')
            triggers = [i for i, event in enumerate(events) if event['type'] == 'trigger_received']
            position = triggers[1] if len(triggers) > 1 else len(events)
            hedge = exchange_words.nifty_sell_exchange(hedge_source, context, 'claude')
            events[position:position] = hedge
            exchanges += 1
        exchange_total += exchanges
        if not is_running:
            events.append({'type': 'session_ended', 'time': '', 'session_id': session_id})
        session = _Session(session_id=session_id, events=events)
        slot_start = _MARKET_OPEN_SECONDS + (number - 1) * slot
        _lay_out(session, random_source, day, slot_start, slot * 85 // 100)
        if number == 1:
            _insert_after_first_trigger(events, carried_orders.follow_ups(seed, day))
        if number == session_count:
            _insert_before_end(events, carried_orders.placements(seed, day))
        journal_lines.extend(_ENCODER.encode(event) + '\n' for event in events)
        last_time = _epoch(day, session.last_seconds)
        sessions.append(session)
    summary = None
    if not is_current:
        summary = summary_words.summary_text(random_source, context, session_count, exchange_total)
    return _Day(day, sessions, journal_lines, last_time, summary)


def _sells_nifty(events: list[dict[str, Any]]) -> bool:
    """Whether a session's events place a SELL of a NIFTY (not BANKNIFTY) symbol."""
    return any(
        event['type'] == 'order_placed'
        and event.get('side') == 'SELL'
        and str(event.get('symbol', '')).startswith('NIFTY')
        for event in events
    )


def _insert_after_first_trigger(events: list[dict[str, Any]], added: list[dict[str, Any]]) -> None:
    """Puts events, timed as the trigger, right after a session's first trigger (else first)."""
    position = next(
        (index + 1 for index, event in enumerate(events) if event['type'] == 'trigger_received'),
        1,
    )
    _insert(events, position, added)


def _insert_before_end(events: list[dict[str, Any]], added: list[dict[str, Any]]) -> None:
    """Puts events, timed as the last before them, at a session's end (before session_ended)."""
    position = len(events) - 1 if events[-1]['type'] == 'session_ended' else len(events)
    _insert(events, position, added)


def _insert(events: list[dict[str, Any]], position: int, added: list[dict[str, Any]]) -> None:
    """Inserts events after laying out (draws unchanged), each timed as the one before."""
    time_text = events[position - 1]['time'] if position > 0 else events[0]['time']
    for event in added:
        event['time'] = time_text
    events[position:position] = added


def _lay_out(
    session: _Session,
    random_source: random.Random,
    day: datetime.date,
    start: int,
    span: int,
) -> None:
    """Times a session's events (never going back, within `span` s from `start`); fills its log."""
    events = session.events
    randint = random_source.randint
    offsets = []
    total = 0
    for event in events:
        offsets.append(total)
        total += randint(60, 900) if event['type'] == 'trigger_received' else randint(1, 40)
    day_text = day.isoformat()
    trigger_text: str | None = None
    texts: list[str] = []
    backend = ''
    finished_at = ''
    seconds = start
    for event, offset in zip(events, offsets, strict=True):
        seconds = start + (offset if total <= span else offset * span // total)
        time_text = _time_text(day_text, seconds)
        event['time'] = time_text
        event_type = event['type']
        if event_type == 'trigger_received':
            if trigger_text is not None and texts:
                session.log_lines.append(_log_line(trigger_text, texts, backend, finished_at))
            trigger_text = event['text']
            texts = []
        elif event_type == 'text' and trigger_text is not None:
            texts.append(event['text'])
            backend = event['backend']
            finished_at = time_text
            session.last_finished_at = _epoch(day, seconds)
    if trigger_text is not None and texts:
        session.log_lines.append(_log_line(trigger_text, texts, backend, finished_at))
    session.last_seconds = seconds


def _log_line(trigger_text: str, texts: list[str], backend: str, finished_at: str) -> str:
    """One session-log line, written as the session store's append_exchange writes it."""
    record = {
        'trigger_text': trigger_text,
        'answer': '\n'.join(texts),
        'backend_name': backend,
        'finished_at': finished_at,
    }
    return _ENCODER.encode(record) + '\n'


def _check_directory(directory: Path) -> None:
    """Raises FileExistsError unless the path is an empty directory or missing."""
    if not directory.exists() and not directory.is_symlink():
        return
    if not directory.is_dir():
        raise FileExistsError(f'{directory} exists and is not a directory')
    if any(directory.iterdir()):
        raise FileExistsError(f'{directory} exists and is not empty')


class _Writer:
    """Writes files and remembers the time each should carry, to set once everything is written."""

    def __init__(self) -> None:
        self.times: list[tuple[Path, int]] = []

    def write(self, path: Path, data: str | bytes, modified_at: int) -> None:
        """Writes a whole file at once (text as UTF-8), to carry `modified_at` (epoch seconds)."""
        if isinstance(data, str):
            data = data.encode('utf-8')
        with path.open('wb') as file:
            file.write(data)
        self.times.append((path, modified_at))

    def folder(self, path: Path) -> None:
        """Gives a folder the time of the newest thing written into it so far."""
        newest = max(
            (modified_at for written, modified_at in self.times if written.parent == path),
            default=0,
        )
        self.times.append((path, newest))

    def set_times(self) -> None:
        """Sets every written file's and folder's access and modification times."""
        for path, modified_at in self.times:
            nanoseconds = modified_at * 1_000_000_000
            os.utime(path, ns=(nanoseconds, nanoseconds))


def _damage_lines(lines: list[str], insertions: list[tuple[int, bytes]]) -> bytes:
    """Joins lines as UTF-8 bytes, each (index, line) insertion going before lines[index]."""
    encoded = [line.encode('utf-8') for line in lines]
    for index, line in sorted(insertions, key=lambda insertion: insertion[0], reverse=True):
        encoded.insert(min(index, len(encoded)), line)
    return b''.join(encoded)


def _state_text(
    random_source: random.Random,
    session: _Session,
    day: datetime.date,
    *,
    damaged: bool,
    behind: int | None = None,
) -> str:
    """Writes state.json as save_state does: a backend `behind`, the other current or 2 ahead."""
    count = len(session.log_lines)
    behind_name = random_source.choice(market.BACKENDS)
    seen = {name: count for name in market.BACKENDS}
    drawn = random_source.randint(2, 4)
    seen[behind_name] = max(0, count - (drawn if behind is None else behind))
    if damaged:
        for name in market.BACKENDS:
            if name != behind_name:
                seen[name] = count + 2
    hexadecimal = f'{random_source.getrandbits(128):032x}'
    claude_session = '-'.join(
        (
            hexadecimal[:8],
            hexadecimal[8:12],
            hexadecimal[12:16],
            hexadecimal[16:20],
            hexadecimal[20:],
        )
    )
    state = {
        'session_id': session.session_id,
        'trading_date': day.isoformat(),
        'routes': {
            'claude': {
                'exchanges_seen': seen['claude'],
                'runner_state': {'session_id': claude_session},
            },
            'codex': {'exchanges_seen': seen['codex'], 'runner_state': None},
        },
    }
    return json.dumps(state, indent=2)


def build_demo_desk(
    directory: Path,
    *,
    today: datetime.date,
    seed: int = 7,
    days: int = 10,
    damaged: bool = False,
    events_per_day: int | None = None,
    state: str = 'normal',
    behind: int | None = None,
    sells_nifty_yesterday: bool = True,
) -> None:
    """Builds a demo desk in `directory`, the same bytes and file times for the same arguments.

    `days` trading days end at `today`, the last one's last session running.

    Args:
        directory: Where to build; created if missing, must be empty if it exists.
        today: The current India date.
        seed: Seeds the generators; another seed gives another desk.
        days: How many trading days, at least 1.
        damaged: Whether to add typical damage to the logs, the journal and the state.
        events_per_day: Roughly how many journal events each day holds (None: a natural day).
        state: "normal"; "damaged" writes a state.json that is not JSON; "missing" writes none.
        behind: How many exchanges the one backend is behind (None draws 2-4).
        sells_nifty_yesterday: Whether the day before the current one sells NIFTY.

    Raises:
        FileExistsError: `directory` exists and is not an empty directory.
        ValueError: `days` is less than 1 or `state` is not one of STATE_VARIANTS.
    """
    if days < 1:
        raise ValueError(f'days must be at least 1, not {days}')
    if state not in STATE_VARIANTS:
        raise ValueError(f'state must be one of {", ".join(STATE_VARIANTS)}, not {state!r}')
    _check_directory(directory)
    all_days = trading_days(today, days)
    current_day = all_days[-1]
    damaged_journal_day = all_days[-2] if len(all_days) > 1 else current_day
    sessions_folder = directory / 'sessions'
    summaries_folder = sessions_folder / 'summaries'
    journal_folder = directory / 'journal'
    notes_folder = directory / 'notes'
    for folder in (directory, sessions_folder, summaries_folder, journal_folder, notes_folder):
        folder.mkdir(parents=True, exist_ok=True)
    writer = _Writer()
    current: _Day | None = None
    older_log_damaged = False
    for day in all_days:
        built = _build_day(
            seed,
            day,
            is_current=day == current_day,
            events_per_day=events_per_day,
            nifty_sell=sells_nifty_yesterday
            and len(all_days) > 1
            and day == all_days[-2]
            and events_per_day is None,
        )
        journal_path = journal_folder / f'{day.isoformat()}.jsonl'
        if damaged and day == damaged_journal_day:
            journal_data: str | bytes = _damage_lines(
                built.journal_lines,
                [
                    (2, _not_utf8_journal_line(day)),
                    (5, b'["order_placed", 7731, "NIFTY"]\n'),
                    (8, _no_type_journal_line(day)),
                ],
            )
        else:
            journal_data = ''.join(built.journal_lines)
        writer.write(journal_path, journal_data, built.last_time)
        for session in built.sessions:
            log_path = sessions_folder / f'{session.session_id}.jsonl'
            is_current_session = day == current_day and session is built.sessions[-1]
            log_data: str | bytes = ''.join(session.log_lines)
            log_time = session.last_finished_at
            if damaged and is_current_session:
                log_data = _damage_lines(
                    session.log_lines, [(len(session.log_lines), _cut_short_line(day))]
                )
                log_time = built.last_time
            elif damaged and not older_log_damaged and day == damaged_journal_day:
                log_data = _damage_lines(
                    session.log_lines, [(1, _not_utf8_log_line(day)), (2, _no_answer_log_line(day))]
                )
                older_log_damaged = True
            writer.write(log_path, log_data, log_time)
        if built.summary is not None:
            writer.write(
                summaries_folder / f'{day.isoformat()}.md', built.summary, built.last_time + 90
            )
        if day == current_day:
            current = built
    if damaged and not older_log_damaged:
        _LOGGER.info('Only one session in the demo desk; no older session log to damage')
    if current is None:
        raise AssertionError('the current day was not built')
    state_random = random.Random(f'{seed}:state')
    current_session = current.sessions[-1]
    if state == 'normal':
        writer.write(
            sessions_folder / 'state.json',
            _state_text(state_random, current_session, current_day, damaged=damaged, behind=behind),
            current_session.last_finished_at,
        )
    elif state == 'damaged':
        writer.write(
            sessions_folder / 'state.json',
            f'{{"session_id": "{current_session.session_id}", '
            f'"trading_date": "{current_day.isoformat()}", "rou',
            current_session.last_finished_at,
        )
    _write_notes(writer, notes_folder, seed, all_days)
    for folder in (summaries_folder, sessions_folder, journal_folder, notes_folder, directory):
        writer.folder(folder)
    writer.set_times()


def _write_notes(
    writer: _Writer, notes_folder: Path, seed: int, all_days: list[datetime.date]
) -> None:
    """Writes the desk's notes: three named after past days, plus watchlist.md and playbook.md."""
    random_source = random.Random(f'{seed}:notes')
    past_days = all_days[:-1] or all_days
    topics = ('nifty-gap', 'rbi-policy', 'banknifty-expiry')
    chosen = sorted(random_source.sample(range(len(past_days)), min(3, len(past_days))))
    for topic, index in zip(topics, chosen, strict=False):
        day = past_days[index]
        writer.write(
            notes_folder / f'{day.isoformat()}-{topic}.md',
            summary_words.note_text(topic, day),
            _epoch(day, 10 * 3600 + 30 * 60),
        )
    writer.write(
        notes_folder / 'watchlist.md',
        summary_words.note_text('watchlist', all_days[-1]),
        _epoch(all_days[-1], 4 * 3600 + 30 * 60),
    )
    writer.write(
        notes_folder / 'playbook.md',
        summary_words.note_text('playbook', all_days[0]),
        _epoch(all_days[0], 2 * 3600 + 30 * 60),
    )


def _not_utf8_journal_line(day: datetime.date) -> bytes:
    """A journal line whose bytes are not UTF-8 (a Latin-1 rupee note)."""
    return (
        f'{{"type": "text", "time": "{day.isoformat()}T04:00:00+00:00", "text": "caf'.encode()
        + b'\xe9 \xa3 price'
        + b'", "backend": "codex"}\n'
    )


def _no_type_journal_line(day: datetime.date) -> bytes:
    """A journal object with no type."""
    return f'{{"time": "{day.isoformat()}T04:10:00+00:00", "symbol": "NIFTY"}}\n'.encode()


def _not_utf8_log_line(day: datetime.date) -> bytes:
    """A session-log line whose bytes are not UTF-8."""
    return (
        b'{"trigger_text": "NIFTY \xff\xfe gap", "answer": "Holding.", "backend_name": "claude", '
        + f'"finished_at": "{day.isoformat()}T04:20:00+00:00"}}\n'.encode()
    )


def _no_answer_log_line(day: datetime.date) -> bytes:
    """A session-log exchange with no answer field."""
    return (
        '{"trigger_text": "Hourly risk review", "backend_name": "claude", '
        f'"finished_at": "{day.isoformat()}T04:30:00+00:00"}}\n'.encode()
    )


def _cut_short_line(day: datetime.date) -> bytes:
    """The start of a log line cut short by a crash: truncated JSON and no newline."""
    return (
        b'{"trigger_text": "BANKNIFTY fell below VWAP (51,980.0)", "answer": "## VWAP check\\n\\n- '
        b'BANKNIFTY at **51,9'
    )
