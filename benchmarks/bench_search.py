"""Benchmark: indexed search against the documented algorithm on big demo desks.

Run as a script (not collected by pytest):

    .venv/bin/python benchmarks/bench_search.py                 # week and year
    .venv/bin/python benchmarks/bench_search.py --years 5       # week, year and five years
    .venv/bin/python benchmarks/bench_search.py --sizes year --rounds 3

Desks are built once with the demo builder (about 2,000 events a day) and kept under
~/.cache/desk-browser-bench/<size>/main; indexes go under ~/.cache/desk-browser-bench/<size>/cache
(never the user's real cache). Every measurement runs in its own subprocess, so resident memory
(ru_maxrss) is that of the measured work alone. Printed, per desk: the cold index build, the warm
reopen (first search, then an up-to-date check), per-query median/p95/max at limit 50 by kind of
query, resident memory, the index's size, the documented SessionSearch over the fixed queries
with the index in its cache folder and without one, and on the year desk the ratio against the
documented algorithm (a fresh SessionSearch per query, which reads and parses every file it
needs) measured side by side in the same process. The cold build gives its CPU time here and in
its worker processes and their memory; --cold-single also times it in one process.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import platform
import resource
import shutil
import sqlite3
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

BENCH_ROOT = Path.home() / '.cache' / 'desk-browser-bench'
SIZES = {'week': 5, 'month': 21, 'year': 250, 'five': 1250}
EVENTS_PER_DAY = 2000
LIMIT = 50

FIXED_QUERIES = {
    'common': ['nifty', 'order_placed', 'risk rejected', 'NIFTY gap'],
    'rare': ['rolled early', 'max pain', 'rbi policy banks'],
    'absent': ['zebra', 'xylophone quartz', 'nifty zebra-crossing-42'],
    'typo (partial)': ['nifyt', 'banknifty reliance hdfcbnak', 'expiry stradle'],
    'prefix 1-2 letters': ['n', 'ni', 'r', 're', 'g', 'ga', 'q', 'qz'],
}
KEYSTROKE_QUERY = 'nifty gap down'
SCOPED_QUERIES = {
    'scoped': [
        'nifty day:yesterday',
        'nifty day:2026-10-01..2026-10-19',
        'nifty kind:exchange',
        'rbi kind:summary,note',
        'nifty backend:claude',
        'gap day:..2026-06-30 kind:action',
        'nifty kind:note',
        'nifty kind:summary',
        'nifty session:2026-10-16-1',
    ],
    'typo (missing word)': ['rollver', 'nifty rollver'],
}
"""Queries with qualifiers (search_scope), run only on code that has scopes."""
SCOPED_KEYSTROKE_QUERY = 'nifty day:yesterday kind:exchange'
AFTER_HITS_QUERIES = [
    'nifty',
    'nifty day:yesterday',
    'rbi kind:summary,note',
    'nifty backend:claude',
    'nifty rollver',
    'gap xylophne',
]
"""Queries whose totals (every hit counted, missing words) and suggestions are timed (the first
round's max is the first call: a backend's totals may read facts, a suggestion the vocabulary)."""
CACHE_VARIABLE = 'DESK_BENCH_CACHE'
"""Names the folder under each desk's bench folder that holds its index (--cache)."""


def indexed_search_class() -> Any:
    """The app's IndexedSearch, from this code or from an older one (to compare the two)."""
    try:
        from desk_browser.memory.index.search import IndexedSearch
    except ImportError:  # Code from before the index became a package.
        from desk_browser.memory.search_index import IndexedSearch  # type: ignore[no-redef]
    return IndexedSearch


def scope_parser() -> Any:
    """search_scope.parse_query, or None for code from before scopes."""
    try:
        from desk_browser.memory.search_scope import parse_query
    except ImportError:
        return None
    return parse_query


def run_query(search: Any, query: str) -> Any:
    """Searches as the app does: qualifiers become the search's scope (on code that has them)."""
    parse_query = scope_parser()
    if parse_query is None or ':' not in query:
        return search.search(query, LIMIT)
    from desk_browser.demo import DEMO_TODAY

    parsed = parse_query(query, DEMO_TODAY)
    return search.search(parsed.words_text, LIMIT, scope=parsed.scope)


def keystrokes(query: str) -> list[str]:
    return [query[:length] for length in range(1, len(query) + 1)]


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    index = max(0, min(len(ordered) - 1, round(fraction * len(ordered) + 0.5) - 1))
    return ordered[index]


def summary(values: list[float]) -> dict[str, float]:
    return {
        'median': statistics.median(values),
        'p95': percentile(values, 0.95),
        'max': max(values),
        'count': len(values),
    }


def max_rss_megabytes() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return usage / 1024 if sys.platform != 'darwin' else usage / 1024 / 1024


def cpu_name() -> str:
    try:
        for line in Path('/proc/cpuinfo').read_text().splitlines():
            if line.startswith('model name'):
                return line.split(':', 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or 'unknown processor'


def desk_path(size: str) -> Path:
    return BENCH_ROOT / size / 'main'


def cache_path(size: str) -> Path:
    return BENCH_ROOT / size / os.environ.get(CACHE_VARIABLE, 'cache')


def index_size_megabytes(cache: Path) -> float:
    total = sum(path.stat().st_size for path in cache.rglob('*.sqlite3*') if path.is_file())
    return total / 1e6


def rare_order_id(desk: Path) -> str | None:
    """An order id from a journal in the middle of the desk: a word found about once."""
    journals = sorted((desk / 'journal').glob('*.jsonl'))
    if not journals:
        return None
    with open(journals[len(journals) // 2], 'rb') as handle:
        for line in handle:
            if b'"order_placed"' in line:
                order_id = json.loads(line).get('order_id')
                if order_id is not None:
                    return str(order_id)
    return None


def query_set(desk: Path) -> dict[str, list[str]]:
    queries = {kind: list(values) for kind, values in FIXED_QUERIES.items()}
    order_id = rare_order_id(desk)
    if order_id:
        queries['rare'].append(order_id)
    queries['keystrokes'] = keystrokes(KEYSTROKE_QUERY)
    if scope_parser() is not None:
        queries.update({kind: list(values) for kind, values in SCOPED_QUERIES.items()})
        queries['scoped keystrokes'] = keystrokes(SCOPED_KEYSTROKE_QUERY)
    return queries


# ---------------------------------------------------------------------------------------------
# Workers: each runs in its own process and prints one JSON line.


def worker_desk(size: str) -> dict[str, Any]:
    from desk_browser.demo import DEMO_TODAY, build_demo_desk

    desk = desk_path(size)
    if desk.exists():
        return {'built': False}
    partial = desk.with_name('main.partial')
    shutil.rmtree(partial, ignore_errors=True)
    start = time.perf_counter()
    build_demo_desk(
        partial, today=DEMO_TODAY, seed=7, days=SIZES[size], events_per_day=EVENTS_PER_DAY
    )
    partial.rename(desk)
    return {'built': True, 'seconds': time.perf_counter() - start}


def worker_cold(size: str, workers: str) -> dict[str, Any]:
    IndexedSearch = indexed_search_class()
    if workers != 'default':
        try:
            from desk_browser.memory.index import tuning
        except ImportError:  # Code from before the parallel build: one process anyway.
            pass
        else:
            tuning.BUILD_WORKERS = int(workers)  # type: ignore[attr-defined,unused-ignore]

    desk, cache = desk_path(size), cache_path(size)
    shutil.rmtree(cache, ignore_errors=True)
    search = IndexedSearch(desk, cache_directory=cache)
    start = time.perf_counter()
    first = search.search('nifty', LIMIT)  # Searchable before the build: newest days read.
    first_seconds = time.perf_counter() - start
    progress_marks: list[tuple[float, int, int]] = []

    def progress(done: int, total: int) -> None:
        progress_marks.append((time.perf_counter() - start, done, total))

    start = time.perf_counter()
    cpu_start = time.process_time()
    status = search.build(progress=progress)
    seconds = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    half = next((mark[0] for mark in progress_marks if mark[1] * 2 >= mark[2]), None)
    return {
        'seconds': seconds,
        'cpu_seconds': cpu,
        'worker_cpu_seconds': children.ru_utime + children.ru_stime,
        'worker_max_rss_mb': children.ru_maxrss / 1024,
        'first_search_before_build_ms': first_seconds * 1000,
        'first_search_hits': len(first.hits),
        'half_indexed_seconds': half,
        'status': status.text,
        'index_mb': index_size_megabytes(cache),
        'max_rss_mb': max_rss_megabytes(),
    }


def worker_warm(size: str, rounds: int) -> dict[str, Any]:
    IndexedSearch = indexed_search_class()

    desk, cache = desk_path(size), cache_path(size)
    start = time.perf_counter()
    search = IndexedSearch(desk, cache_directory=cache)
    search.search('nifty', LIMIT)
    reopen = time.perf_counter() - start
    # Code since round 18 keeps a scrub stamp beside the index (memory/index/scrub_stamp): with
    # one that vouches for the index the first build reads no day; without (older code, or an
    # index no build of that code finished), it checks every day's digest (the scrub).
    knows_stamps = importlib.util.find_spec('desk_browser.memory.index.scrub_stamp') is not None
    stamped = knows_stamps and any(cache.glob('indexes/*.sqlite3.scrubbed'))
    start = time.perf_counter()
    status = search.build()
    check = time.perf_counter() - start
    start = time.perf_counter()
    search.build()  # Again: this process has looked at every day now.
    check_again = time.perf_counter() - start
    queries = query_set(desk)
    times: dict[str, list[float]] = {kind: [] for kind in queries}
    hits: dict[str, int] = {}
    by_query: dict[str, list[float]] = {}
    for _ in range(rounds):
        for kind, values in queries.items():
            for query in values:
                started = time.perf_counter()
                result = run_query(search, query)
                times[kind].append((time.perf_counter() - started) * 1000)
                by_query.setdefault(query, []).append(times[kind][-1])
                hits[query] = len(result.hits) if result.matched_every_word else -len(result.hits)
    every = [value for values in times.values() for value in values]
    after = after_hits(search, rounds) if scope_parser() is not None else {}
    return {
        'scoped_queries': {
            query: summary(values)
            for query, values in by_query.items()
            if query in SCOPED_QUERIES['scoped']
        },
        'after_hits': after,
        'reopen_first_search_ms': reopen * 1000,
        'up_to_date_check_ms': check * 1000,
        'stamped': stamped,
        'up_to_date_again_ms': check_again * 1000,
        'status': status.text,
        'by_kind': {kind: summary(values) for kind, values in times.items()},
        'all': summary(every),
        'hits': hits,
        'max_rss_mb': max_rss_megabytes(),
    }


def after_hits(search: Any, rounds: int) -> dict[str, dict[str, float]]:
    """Times what the app asks after the first screenful: totals, then suggestions."""
    from desk_browser.demo import DEMO_TODAY
    from desk_browser.memory.search_scope import parse_query

    times: dict[str, list[float]] = {}
    for _ in range(rounds):
        for query in AFTER_HITS_QUERIES:
            parsed = parse_query(query, DEMO_TODAY)
            started = time.perf_counter()
            totals = search.totals(parsed.words_text, scope=parsed.scope)
            times.setdefault(f'totals {query!r}', []).append((time.perf_counter() - started) * 1000)
            if totals.missing_words:
                started = time.perf_counter()
                search.suggestions(totals.missing_words)
                elapsed = (time.perf_counter() - started) * 1000
                times.setdefault(f'suggest {query!r}', []).append(elapsed)
    return {name: summary(values) for name, values in times.items()}


def worker_plain(size: str, queries: list[str]) -> dict[str, Any]:
    IndexedSearch = indexed_search_class()
    from desk_browser.memory.session_search import SessionSearch

    desk, cache = desk_path(size), cache_path(size)
    indexed = IndexedSearch(desk, cache_directory=cache)
    indexed.search('warm up', LIMIT)
    rows = []
    for query in queries:
        started = time.perf_counter()
        plain = SessionSearch(desk).search(query, LIMIT)  # Fresh: the documented algorithm.
        plain_ms = (time.perf_counter() - started) * 1000
        indexed_times = []
        for _ in range(5):
            started = time.perf_counter()
            result = indexed.search(query, LIMIT)
            indexed_times.append((time.perf_counter() - started) * 1000)
        assert result == plain, f'different results for {query!r}'
        indexed_ms = statistics.median(indexed_times)
        rows.append(
            {
                'query': query,
                'plain_ms': plain_ms,
                'indexed_ms': indexed_ms,
                'ratio': plain_ms / indexed_ms,
                'same': True,
            }
        )
    return {'rows': rows, 'max_rss_mb': max_rss_megabytes()}


def worker_session(size: str, rounds: int, indexed: bool) -> dict[str, Any]:
    """The documented SessionSearch, one object over the fixed queries, with or without an index.

    With `indexed`, the user's cache folder (XDG_CACHE_HOME) is pointed at the bench's index,
    as it is for a desk the app has indexed; without, it is empty and every day is read.
    """
    import tempfile

    from desk_browser.memory.session_search import SessionSearch

    IndexedSearch = indexed_search_class()
    desk, cache = desk_path(size), cache_path(size)
    with tempfile.TemporaryDirectory() as temporary:
        if indexed:
            (Path(temporary) / 'desk-browser').symlink_to(cache, target_is_directory=True)
            index = next((cache / 'indexes').glob('*.sqlite3'))
            while index.stat().st_mtime > time.time() - 2.5:  # An index just written waits.
                time.sleep(0.25)
        os.environ['XDG_CACHE_HOME'] = temporary
        reference = IndexedSearch(desk, cache_directory=cache)
        search = SessionSearch(desk)
        times: list[float] = []
        for _ in range(rounds):
            for values in FIXED_QUERIES.values():
                for query in values:
                    started = time.perf_counter()
                    result = search.search(query, LIMIT)
                    times.append((time.perf_counter() - started) * 1000)
                    assert result == reference.search(query, LIMIT), query
        return {'all': summary(times), 'max_rss_mb': max_rss_megabytes()}


def worker_live(size: str) -> dict[str, Any]:
    """Searches while the newest journal grows, one event appended before each search."""
    import tempfile

    IndexedSearch = indexed_search_class()
    from desk_browser.memory.session_search import SessionSearch

    with tempfile.TemporaryDirectory() as temporary:
        desk = Path(temporary) / 'main'
        shutil.copytree(desk_path(size), desk)
        search = IndexedSearch(desk, cache_directory=Path(temporary) / 'cache')
        search.build()
        plain = SessionSearch(desk)
        journal = sorted((desk / 'journal').glob('*.jsonl'))[-1]
        times: dict[str, list[float]] = {'indexed': [], 'session': []}
        for number in range(30):
            line = {'type': 'trigger_received', 'time': 't', 'text': f'live tick {number} gap'}
            with open(journal, 'a', encoding='utf-8') as handle:
                handle.write(json.dumps(line) + '\n')
            for name, searcher in (('indexed', search), ('session', plain)):
                started = time.perf_counter()
                result = searcher.search('live gap', LIMIT)
                times[name].append((time.perf_counter() - started) * 1000)
                assert len(result.hits) == min(number + 1, LIMIT)
        return {
            'journal_kb': journal.stat().st_size / 1000,
            'by_kind': {name: summary(values) for name, values in times.items()},
        }


def run_worker(arguments: list[str]) -> dict[str, Any]:
    command = [sys.executable, str(Path(__file__).resolve()), '--worker', *arguments]
    # SessionSearch reads an index from the user's cache when there is one: workers get an
    # empty cache folder of their own, never the user's (worker_session points it at the index).
    empty = BENCH_ROOT / 'xdg-empty'
    empty.mkdir(parents=True, exist_ok=True)
    environment = {**os.environ, 'XDG_CACHE_HOME': str(empty)}
    completed = subprocess.run(
        command, capture_output=True, text=True, check=False, env=environment
    )
    if completed.returncode != 0:
        raise RuntimeError(f'worker {arguments} failed:\n{completed.stderr}')
    return json.loads(completed.stdout.strip().splitlines()[-1])


# ---------------------------------------------------------------------------------------------
# Report.


def print_table(by_kind: dict[str, dict[str, float]], width: int = 20) -> None:
    print(f'    {"queries":<{width}} {"n":>4} {"median":>9} {"p95":>9} {"max":>9}  (ms, limit 50)')
    for kind, row in by_kind.items():
        print(
            f'    {kind:<{width}} {int(row["count"]):>4} {row["median"]:>9.2f} {row["p95"]:>9.2f}'
            f' {row["max"]:>9.2f}'
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--sizes', help='comma-separated: week, month, year, five')
    parser.add_argument('--years', type=int, help='1: week and year; 5: week, year and five')
    parser.add_argument('--rounds', type=int, default=5, help='times each query is run')
    parser.add_argument('--plain-queries', default='zebra,nifyt,rolled early,nifty')
    parser.add_argument('--skip-cold', action='store_true', help='reuse the existing indexes')
    parser.add_argument(
        '--cold-single', action='store_true', help='also time a cold build in one process'
    )
    parser.add_argument(
        '--skip-session', action='store_true', help='leave out SessionSearch with/without index'
    )
    parser.add_argument(
        '--cold-only', action='store_true', help='time the cold build alone (--rounds times)'
    )
    parser.add_argument(
        '--cache',
        help="the folder under each desk's bench folder for its index (default: cache); "
        "one per schema keeps two versions of the code from rebuilding each other's index",
    )
    parser.add_argument('--worker', nargs='+', help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.cache:
        os.environ[CACHE_VARIABLE] = arguments.cache  # Workers inherit it.
    if arguments.worker:
        mode, size, *rest = arguments.worker
        if mode == 'desk':
            result = worker_desk(size)
        elif mode == 'cold':
            result = worker_cold(size, rest[0] if rest else 'default')
        elif mode == 'session':
            result = worker_session(size, int(rest[0]), rest[1] == 'indexed')
        elif mode == 'warm':
            result = worker_warm(size, int(rest[0]))
        elif mode == 'live':
            result = worker_live(size)
        else:
            result = worker_plain(size, rest)
        print(json.dumps(result))
        return 0
    if arguments.sizes:
        sizes = arguments.sizes.split(',')
    elif arguments.years and arguments.years >= 5:
        sizes = ['week', 'year', 'five']
    else:
        sizes = ['week', 'year']
    print(
        f'machine: {platform.machine()}, {cpu_name()}, '
        f'{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}, '
        f'Python {platform.python_version()}, SQLite {sqlite3.sqlite_version}'
    )
    for size in sizes:
        print(f'\n== {size}: {SIZES[size]} trading days, ~{EVENTS_PER_DAY} events a day')
        built = run_worker(['desk', size])
        if built['built']:
            print(f'  desk built in {built["seconds"]:.1f} s')
        desk_mb = sum(p.stat().st_size for p in desk_path(size).rglob('*') if p.is_file()) / 1e6
        print(f'  desk: {desk_mb:.0f} MB at {desk_path(size)}')
        if not arguments.skip_cold or not cache_path(size).exists():
            colds = [('single process', '0')] if arguments.cold_single else []
            repeats = arguments.rounds if arguments.cold_only else 1
            for label, workers in [*colds, ('', 'default')] * repeats:
                cold = run_worker(['cold', size, workers])
                print(
                    f'  cold index build{" (" + label + ")" if label else ""}'
                    f' at load {os.getloadavg()[0]:.1f}: '
                    f'{cold["seconds"]:.1f} s ({cold["status"]}); half the days after '
                    f'{cold["half_indexed_seconds"]:.1f} s; index {cold["index_mb"]:.0f} MB; '
                    f'CPU {cold["cpu_seconds"]:.1f} s here + {cold["worker_cpu_seconds"]:.1f} s '
                    f'in workers; max RSS {cold["max_rss_mb"]:.0f} MB, workers '
                    f'{cold["worker_max_rss_mb"]:.0f} MB each at most'
                )
            print(
                f'  search before any index: {cold["first_search_before_build_ms"]:.0f} ms '
                f'(common word, {cold["first_search_hits"]} hits)'
            )
        if arguments.cold_only:
            continue
        warm = run_worker(['warm', size, str(arguments.rounds)])
        stamp = 'a scrub stamp found' if warm['stamped'] else 'no scrub stamp: every day read'
        print(
            f'  warm reopen: first search after {warm["reopen_first_search_ms"]:.0f} ms; '
            f'up-to-date check (build with nothing to do, {stamp}) '
            f'{warm["up_to_date_check_ms"]:.0f} ms, again {warm["up_to_date_again_ms"]:.0f} ms; '
            f'{warm["status"]}'
        )
        print_table(warm['by_kind'])
        overall = warm['all']
        print(
            f'    {"every query":<20} {int(overall["count"]):>4} {overall["median"]:>9.2f}'
            f' {overall["p95"]:>9.2f} {overall["max"]:>9.2f}'
        )
        if warm.get('scoped_queries'):
            print('  each scoped query:')
            print_table(warm['scoped_queries'], width=36)
        if warm.get('after_hits'):
            print('  after the first screenful (totals count every hit; the first suggestion')
            print('  counts the vocabulary, later ones reuse it):')
            print_table(warm['after_hits'], width=36)
        print(f'  max RSS while searching: {warm["max_rss_mb"]:.0f} MB')
        print(f'  index size: {index_size_megabytes(cache_path(size)):.0f} MB')
        if size == 'week':
            live = run_worker(['live', size])
            print(
                f'  while the newest journal ({live["journal_kb"]:.0f} kB) grows by an event before'
                ' each search:'
            )
            print_table({f'{name} search': row for name, row in live['by_kind'].items()})
        if size in ('year', 'five') and not arguments.skip_session:
            print('  the documented SessionSearch, one object over the fixed queries (ms):')
            for label, mode, rounds in (
                ('with the index', 'indexed', arguments.rounds),
                ('without an index', 'plain', 1),
            ):
                session = run_worker(['session', size, str(rounds), mode])['all']
                print(
                    f'    {label:<20} {int(session["count"]):>4} {session["median"]:>9.2f}'
                    f' {session["p95"]:>9.2f} {session["max"]:>9.2f}'
                )
        if size == 'year':
            plain = run_worker(['plain', size, *arguments.plain_queries.split(',')])
            print('  side by side with the documented algorithm (fresh SessionSearch per query):')
            for row in plain['rows']:
                print(
                    f'    {row["query"]!r:<22} plain {row["plain_ms"]:>9.1f} ms   indexed '
                    f'{row["indexed_ms"]:>7.2f} ms   ratio {row["ratio"]:>8.0f}x   same results'
                )
    return 0


if __name__ == '__main__':
    sys.exit(main())
