"""What finding when the followed session's exchanges were asked costs as its desk grows.

Usage: python benchmarks/bench_asked_times.py [--exchanges 5000] [--rounds 30]

Builds a desk in a temporary folder whose one journal day holds a long session (`--exchanges`
exchanges, each a trigger, two answer pieces and a tool call), then appends one exchange to the
journal and the log per round, as a live desk does, and times the read the main screen makes on
each log growth: `asked_times` (reads the session's journal days whole) and, when it exists,
`AskedTimesReader.read` (reads on from where it stopped). CPU time, so a busy machine skews it less.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from desk_browser.memory.session_store import Exchange
from desk_browser.presentation import asked_times as asked_times_module

DAY = '2026-10-21'
SESSION = f'{DAY}-1'


def _moment(number: int) -> str:
    seconds = 3 * 3600 + number  # 08:30 in India, then one second an event.
    return f'{DAY}T{seconds // 3600:02}:{seconds // 60 % 60:02}:{seconds % 60:02}+00:00'


def _exchange_lines(number: int) -> tuple[list[dict[str, Any]], Exchange]:
    text, answer = f'tick {number}: NIFTY at {22000 + number}', f'Holding {number}.'
    events: list[dict[str, Any]] = [
        {'type': 'trigger_received', 'time': _moment(4 * number), 'text': text, 'source': 'tick'},
        {'type': 'tool_call', 'time': _moment(4 * number + 1), 'tool': 'quote', 'input': {}},
        {'type': 'text', 'time': _moment(4 * number + 2), 'text': answer, 'backend': 'claude'},
        {'type': 'text', 'time': _moment(4 * number + 3), 'text': 'Next.', 'backend': 'claude'},
    ]
    return events, Exchange(text, f'{answer}\nNext.', 'claude', _moment(4 * number + 3))


def _append(path: Path, objects: list[dict[str, Any]]) -> None:
    with path.open('a', encoding='utf-8') as handle:
        handle.write(''.join(json.dumps(item) + '\n' for item in objects))


def _timed(read: Callable[[], list[str | None]]) -> tuple[float, list[str | None]]:
    started = time.process_time_ns()
    found = read()
    return (time.process_time_ns() - started) / 1e6, found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument('--exchanges', type=int, default=5000)
    parser.add_argument('--rounds', type=int, default=30)
    options = parser.parse_args()
    reader_class = getattr(asked_times_module, 'AskedTimesReader', None)
    with tempfile.TemporaryDirectory() as folder:
        desk = Path(folder) / 'main'
        (desk / 'journal').mkdir(parents=True)
        (desk / 'sessions').mkdir()
        journal, log_path = (
            desk / 'journal' / f'{DAY}.jsonl',
            desk / 'sessions' / f'{SESSION}.jsonl',
        )
        exchanges: list[Exchange] = []
        events: list[dict[str, Any]] = [
            {'type': 'session_started', 'time': _moment(0), 'session_id': SESSION}
        ]
        for number in range(options.exchanges):
            new_events, new_exchange = _exchange_lines(number)
            events += new_events
            exchanges.append(new_exchange)
        _append(journal, events)
        _append(log_path, [dataclasses.asdict(exchange) for exchange in exchanges])
        reader = reader_class(desk) if reader_class is not None else None
        if reader is not None:
            reader.read(SESSION, exchanges)  # Its first read, as when the session is opened.
        whole: list[float] = []
        following: list[float] = []
        for number in range(options.exchanges, options.exchanges + options.rounds):
            new_events, new_exchange = _exchange_lines(number)
            _append(journal, new_events)
            _append(log_path, [dataclasses.asdict(new_exchange)])
            exchanges.append(new_exchange)
            spent, expected = _timed(
                lambda: asked_times_module.asked_times(desk, SESSION, exchanges)
            )
            whole.append(spent)
            assert expected[-1] == _moment(4 * number)
            if reader is not None:
                spent, found = _timed(lambda: reader.read(SESSION, exchanges))
                following.append(spent)
                assert found == expected
        size = journal.stat().st_size / 1e6
        print(f'journal day: {len(events) + 4 * options.rounds} events, {size:.1f} MB')
        print(f'asked_times (whole days), per log growth: {statistics.median(whole):.1f} ms median')
        if following:
            median = statistics.median(following)
            print(f'AskedTimesReader.read (appended lines), per log growth: {median:.2f} ms median')
    return 0


if __name__ == '__main__':
    sys.exit(main())
