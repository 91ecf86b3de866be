"""Benchmark: `desk-browser orders --since` over a year of the five-year desk, cold and warm.

Run as a script (not collected by pytest):

    .venv/bin/python benchmarks/bench_orders.py                  # five years, one year asked for
    .venv/bin/python benchmarks/bench_orders.py --rounds 5 --size five --since 2025-10-21
    .venv/bin/python benchmarks/bench_orders.py --size natural   # five natural years
    .venv/bin/python benchmarks/bench_orders.py --source /tmp/before/src   # the code before

The dense desk (`five`) is bench_search's (built once with the demo builder, about 2,000 events
a day, under ~/.cache/desk-browser-bench/<size>/main); `natural` is five years of the demo
builder's natural days (about 70 events, 7 orders a day, ~/.cache/desk-browser-bench/natural),
the desk the issue's targets are for. Each measurement is a process of its own, timed from
its start to its exit (stdout to /dev/null, as through a pipe):

- cold: `desk-browser orders DESK --since DAY` with an empty cache folder (XDG_CACHE_HOME), so
  every journal day of the range (and the 31 days either side) is parsed;
- warm: the same again with the cache folder the cold run left (the order memo on disk), so
  no unchanged day is parsed;
- json: `--json` (always reads the days whole: every exchange with its events);
- peer: a plain scan in a process of its own, `json.loads` of every line of the same journal
  files, keeping the order events (what any reader of the journal must at least do cold);
- start: `desk-browser orders DESK --day 1999-01-01` (nothing to read: the process's start).

The source's bytecode is compiled first and the processes run without PYTHONDONTWRITEBYTECODE
(which this machine's shells set), as an installed desk-browser runs: otherwise every process
compiles the modules it imports (about 50 ms of a start).

Printed: the median and range of each, in seconds, wall and CPU (user and system, the process's
own: less swayed than wall time by other work on a shared machine), and the book's size.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parent
SOURCE = BENCHMARKS.parent / 'src'
source = SOURCE
"""The src folder whose desk-browser is timed (--source)."""
sys.path.insert(0, str(BENCHMARKS))

import bench_search  # noqa: E402  (the desks are bench_search's)

PEER = """
import json, sys
from pathlib import Path
since, folder = sys.argv[1], Path(sys.argv[2])
kept = 0
for path in sorted(folder.glob('*.jsonl')):
    if path.name[:10] < since:
        continue
    for line in path.read_bytes().split(b'\\n'):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except ValueError:
            continue
        if isinstance(data, dict) and str(data.get('type', '')).startswith(('order_', 'risk_')):
            kept += 1
print(kept)
"""


NATURAL = 'natural'
"""The size of the desk of natural days (not bench_search's)."""
NATURAL_DAYS = 1250


def build_natural_desk(desk: Path) -> None:
    """Builds five years of the demo builder's natural days at `desk` (once)."""
    script = (
        'import sys; from pathlib import Path; '
        'from desk_browser.demo import DEMO_TODAY, build_demo_desk; '
        f'build_demo_desk(Path(sys.argv[1]), today=DEMO_TODAY, seed=7, days={NATURAL_DAYS})'
    )
    partial = desk.with_name('main.partial')
    shutil.rmtree(partial, ignore_errors=True)
    environment = {**os.environ, 'PYTHONPATH': str(SOURCE)}
    subprocess.run([sys.executable, '-c', script, str(partial)], env=environment, check=True)
    partial.rename(desk)


def installed_environment() -> dict[str, str]:
    """The environment of the timed processes: the source's bytecode kept, as installed."""
    environment = {k: v for k, v in os.environ.items() if k != 'PYTHONDONTWRITEBYTECODE'}
    return {**environment, 'PYTHONPATH': str(source)}


def compile_source() -> None:
    """Compiles the timed source's bytecode first, as an installed package has it."""
    subprocess.run(
        [sys.executable, '-m', 'compileall', '-q', str(source)],
        check=True,
        stdout=subprocess.DEVNULL,
    )


def timed(command: list[str], cache: Path, *, check: bool = True) -> tuple[float, float]:
    """Runs a command in a process of its own: its wall time and its CPU time, in seconds."""
    environment = {**installed_environment(), 'XDG_CACHE_HOME': str(cache)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(
        command, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=check
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, cpu


def figures(values: list[float]) -> str:
    return f'{statistics.median(values):.3f} s (min {min(values):.3f}, max {max(values):.3f})'


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument(
        '--size', default='five', help='five (bench_search, dense) or natural (default: five)'
    )
    parser.add_argument('--since', default='2025-10-21', help='first day asked for (one year)')
    parser.add_argument('--rounds', type=int, default=3)
    parser.add_argument('--source', type=Path, help='another src folder to time (code before)')
    parser.add_argument('--skip-json', action='store_true', help='do not time --json')
    arguments = parser.parse_args()
    global source
    source = arguments.source or SOURCE
    compile_source()
    desk = bench_search.desk_path(arguments.size)
    if not desk.exists() and arguments.size == NATURAL:
        build_natural_desk(desk)
    elif not desk.exists():
        bench_search.run_worker(['desk', arguments.size])
    orders = [sys.executable, '-m', 'desk_browser', 'orders', str(desk), '--since', arguments.since]
    peer = [sys.executable, '-c', PEER, arguments.since, str(desk / 'journal')]
    start = [sys.executable, '-m', 'desk_browser', 'orders', str(desk), '--day', '1999-01-01']
    results: dict[str, list[tuple[float, float]]] = {
        'cold': [],
        'warm': [],
        'json': [],
        'peer': [],
        'start': [],
    }
    with tempfile.TemporaryDirectory() as folder:
        for round_number in range(arguments.rounds):
            cache = Path(folder) / f'cache-{round_number}'
            results['peer'].append(timed(peer, cache))
            results['cold'].append(timed(orders, cache))
            results['warm'].append(timed(orders, cache))
            if not arguments.skip_json:
                results['json'].append(timed([*orders, '--json'], cache))
            results['start'].append(timed(start, cache, check=False))
            memo_bytes = sum(path.stat().st_size for path in cache.rglob('*.json'))
            shutil.rmtree(cache)
    environment = installed_environment()
    lines = subprocess.run(orders, env=environment, capture_output=True, check=False).stdout
    statuses = [line.split(b'\t')[6] for line in lines.splitlines() if line.count(b'\t') >= 6]
    rejected = statuses.count(b'rejected')
    print(f'code: {source}; desk: {desk} ({arguments.size}), orders --since {arguments.since}')
    print(f'book: {len(statuses) - rejected:,} orders, {rejected:,} rejections')
    print(f'order memo on disk: {memo_bytes / 1e6:.1f} MB')
    for name, values in results.items():
        if values:
            walls, cpus = [wall for wall, _ in values], [cpu for _, cpu in values]
            print(f'{name:<6} {figures(walls)}; CPU {figures(cpus)}')
    ratio = statistics.median(wall for wall, _ in results['cold']) / statistics.median(
        wall for wall, _ in results['peer']
    )
    print(f'cold / peer: {ratio:.2f}')


if __name__ == '__main__':
    main()
