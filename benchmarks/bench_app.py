"""Benchmark: the app on big desks: first paint, event-loop stalls while typing, reopen, memory.

Run as a script (not collected by pytest):

    .venv/bin/python benchmarks/bench_app.py                    # week, year and five
    .venv/bin/python benchmarks/bench_app.py --sizes week,year  # shorter
    .venv/bin/python benchmarks/bench_app.py --sizes week,five --terminal-only \
        --baseline /path/to/other/checkout/src                  # before and after, in tmux

Uses the demo desks bench_search.py builds and caches under ~/.cache/desk-browser-bench/<size>/main
(built here too when missing, through bench_search), and their indexes under
~/.cache/desk-browser-bench/<size>/cache (brought up to date before the app is measured, so the
app opens a warm index). Every measurement runs the app headless (App.run_test) in its own
subprocess, so resident memory is the app's alone. Printed:

- first paint: from creating the app until the main screen shows the state, the sessions list and
  the current session's exchanges (median of --runs processes), and from the command (the
  process start, imports included) to the same moment; the ratio against the one-week desk;
- typing "nifty gap down" a key every 150 ms in the search screen with searches running, once
  the app has settled, once right after the first paint (while the index is checked and the
  older sessions counted), and once right after the first paint with no index (a new cache
  folder: the app builds the index cold meanwhile; Pilot waits after each key until the process
  is idle or a second has passed, so then the keys come about two seconds apart and the typing
  lasts through most of a year's build): the longest event-loop stall, measured by a task that
  sleeps 5 ms in a loop and records the longest gap beyond it, and the 95th percentile of those
  gaps; the full garbage collections meanwhile (any thread's: they hold the event loop too); and
  the time from the last key to its hits;
- warm reopen: from creating the app on an indexed desk (imports done before, as for the first
  paint) until the search screen shows the hits of a query, and the same from the command; and
  until the index says every day is indexed;
- resident memory (ru_maxrss) of the app process on each desk after the typing run;
- a session log of 10,000 exchanges (the current session of a copy of the one-week desk): first
  paint of its exchanges, then paging through it with N (median / max per page, the longest
  stall) and moving exchange by exchange with n.

Then, in a real terminal (tmux, bench_terminal.py), interleaved run by run: first paint from the
command of a bare Textual app (bare_app.py) against `desk-browser DESK` on each desk, with the
ratio; and Toolong (installed into its own virtual environment under the bench folder) against
`desk-browser` on the 10,000-exchange log: its lines against our first exchange, then our End,
page down and peak memory. --baseline SRC adds `desk-browser` run from another source tree
(PYTHONPATH=SRC) to both, interleaved, for before-and-after figures in one run.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

BENCHMARKS = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCHMARKS))

import bench_search  # noqa: E402  (the desks and their caches are bench_search's)
import bench_terminal  # noqa: E402
from headless_start import painted  # noqa: E402  (bench_instructions counts to it too)

ROOT_VARIABLE = 'DESK_BROWSER_BENCH_ROOT'
"""Where --root sends the workers (bench_search's folder by default)."""
if ROOT_VARIABLE in os.environ:
    bench_search.BENCH_ROOT = Path(os.environ[ROOT_VARIABLE])

SIZE = (120, 40)
TYPED_QUERY = 'nifty gap down'
KEY_INTERVAL = 0.15
LONG_EXCHANGES = 10_000
LONG_SESSION = '2026-10-21-3'
PAGED = 20
STEPS = 30
SCROLLS = 20
COLD_CACHE = 'cold-typing'
"""The folder under a desk's bench folder where the typing run builds a cold index (removed);
with DESK_BENCH_CACHE set, 'cold-typing-<its value>', so runs side by side never share one."""
TYPING_RUNS = {
    'settled': 'after settling',
    'busy': 'right after first paint',
    'cold': 'while the app builds a cold index',
}


# ---------------------------------------------------------------------------------------------
# Helpers run inside the app's process.


class StallProbe:
    """Records the longest gap between ticks of a task that sleeps 5 ms in a loop, every gap, and
    the full (oldest-generation) garbage collections meanwhile, in any thread."""

    TICK = 0.005

    def __init__(self) -> None:
        self.largest = 0.0
        self.gaps: list[float] = []
        self.full_collections: list[float] = []
        self._collection_started = 0.0
        self._running = False
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self.largest = 0.0
        self.gaps = []
        self.full_collections = []
        self._running = True
        gc.callbacks.append(self._collection)
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> float:
        self._running = False
        if self._task is not None:
            await self._task
        gc.callbacks.remove(self._collection)
        return self.largest * 1000

    def gap_percentile_ms(self, percentile: float) -> float:
        ordered = sorted(self.gaps)
        return ordered[int(len(ordered) * percentile / 100)] * 1000 if ordered else 0.0

    def _collection(self, phase: str, info: dict[str, int]) -> None:
        if info['generation'] == 2:
            if phase == 'start':
                self._collection_started = time.perf_counter()
            else:
                self.full_collections.append(time.perf_counter() - self._collection_started)

    async def _run(self) -> None:
        last = time.perf_counter()
        while self._running:
            await asyncio.sleep(self.TICK)
            now = time.perf_counter()
            gap = now - last - self.TICK
            self.gaps.append(gap)
            self.largest = max(self.largest, gap)
            last = now


def max_rss_megabytes() -> float:
    return bench_search.max_rss_megabytes()


def resident_megabytes() -> float:
    """The process's resident memory now (Linux's /proc; 0 elsewhere)."""
    try:
        pages = int(Path('/proc/self/statm').read_text().split()[1])
    except (OSError, IndexError, ValueError):
        return 0.0
    return pages * os.sysconf('SC_PAGE_SIZE') / 1024 / 1024


def make_bench_app(desk: Path, cache: Path, search: str | None = None) -> Any:
    """The app on a bench desk; with `search`, opening on the search of it (as --search does)."""
    from desk_browser.presentation.start_view import StartView
    from desk_browser.ui.app import make_app

    return make_app(
        desk,
        cursor_blink=False,
        animation_level='none',
        theme='textual-dark',
        start=StartView(search=search) if search is not None else None,
        cache_directory=cache,
    )


async def wait_until(pilot: Any, condition: Any, timeout: float = 120.0) -> None:
    deadline = time.perf_counter() + timeout
    while not condition():
        if time.perf_counter() > deadline:
            raise TimeoutError('the app never got there')
        await asyncio.sleep(0.002)
    await pilot.pause()


async def poll_until(condition: Any, timeout: float = 60.0) -> None:
    """Waits for a condition without Pilot's pauses, looking every 2 ms."""
    deadline = time.perf_counter() + timeout
    while not condition():
        if time.perf_counter() > deadline:
            raise TimeoutError('the app never got there')
        await asyncio.sleep(0.002)


def settled(app: Any) -> bool:
    from textual.worker import WorkerState

    status = app.index_status
    busy = [
        worker
        for worker in app.workers
        if worker.state in (WorkerState.PENDING, WorkerState.RUNNING)
        and worker.group in ('index', 'overview')
    ]
    return status is not None and not busy and getattr(app, 'heap_frozen', True)


async def type_query(pilot: Any, finished: dict[str, float]) -> dict[str, float]:
    """Types the query a key every KEY_INTERVAL; returns the stall and the last key's latency."""
    probe = StallProbe()
    await pilot.press('slash')
    await pilot.pause()
    probe.start()
    cpu_started = time.process_time()
    last_key_at = 0.0
    for character in TYPED_QUERY:
        started = last_key_at = time.perf_counter()
        await pilot.press('space' if character == ' ' else character)
        await asyncio.sleep(max(0.0, KEY_INTERVAL - (time.perf_counter() - started)))
    await wait_until(pilot, lambda: TYPED_QUERY in finished, timeout=60)
    stall = await probe.stop()
    return {
        'stall_ms': stall,
        'gap_p95_ms': probe.gap_percentile_ms(95),
        'gap_p99_ms': probe.gap_percentile_ms(99),
        'gaps_over_a_frame': sum(1 for gap in probe.gaps if gap > 1 / 60),
        'ticks': len(probe.gaps),
        'typing_cpu_seconds': time.process_time() - cpu_started,
        'full_collections': len(probe.full_collections),
        'longest_full_collection_ms': max(probe.full_collections, default=0.0) * 1000,
        'last_key_to_hits_ms': (finished[TYPED_QUERY] - last_key_at) * 1000,
    }


def finished_recorder(finished: dict[str, float]) -> Any:
    from desk_browser.ui.search_messages import SearchFinished

    def hook(message: Any) -> None:
        if isinstance(message, SearchFinished):
            finished.setdefault(message.query, time.perf_counter())

    return hook


# ---------------------------------------------------------------------------------------------
# Workers: each runs in its own process and prints one JSON line.


def worker_index(size: str) -> dict[str, Any]:
    """Brings the desk's index and its file memo (the problem check's, the counts') up to date."""
    from desk_browser.memory.desk_check import check_desk
    from desk_browser.memory.file_memo import FileMemo

    IndexedSearch = bench_search.indexed_search_class()
    from desk_browser.presentation.desk_data import count_sessions, read_overview

    desk = bench_search.desk_path(size)
    search = IndexedSearch(desk, cache_directory=bench_search.cache_path(size))
    start = time.perf_counter()
    status = search.build()
    seconds = time.perf_counter() - start
    memo = FileMemo.for_desk(desk, bench_search.cache_path(size))
    start = time.perf_counter()
    check_desk(desk, memo)
    count_sessions(desk, read_overview(desk, counted=0).sessions, memo)
    memo.save()
    return {
        'seconds': seconds,
        'status': status.text,
        'memo_seconds': time.perf_counter() - start,
        'recalled': memo.recalled,
    }


def worker_paint(size: str, process_started: float) -> dict[str, Any]:
    import desk_browser.ui.app  # noqa: F401  (imports count from the command, not from the app)

    async def run() -> dict[str, Any]:
        start = time.perf_counter()
        app = make_bench_app(bench_search.desk_path(size), bench_search.cache_path(size))
        async with app.run_test(size=SIZE) as pilot:
            # Polled, not waited for with Pilot (whose pause waits for the process to go idle,
            # which the start-up's background reading keeps busy for a second on a big desk).
            await poll_until(lambda: painted(app))
            seconds = time.perf_counter() - start
            from_command = time.time() - process_started
            await pilot.exit(None)
        return {'seconds': seconds, 'from_command_seconds': from_command}

    return asyncio.run(run())


def worker_typing(size: str, when: str) -> dict[str, Any]:
    """Types the query once settled, right after the first paint, or while the app builds a cold
    index ('cold': a new cache folder, removed after)."""
    cache = bench_search.cache_path(size)
    if when == 'cold':
        suffix = os.environ.get(bench_search.CACHE_VARIABLE)
        cache = (
            bench_search.BENCH_ROOT / size / (f'{COLD_CACHE}-{suffix}' if suffix else COLD_CACHE)
        )
        shutil.rmtree(cache, ignore_errors=True)

    async def run() -> dict[str, Any]:
        finished: dict[str, float] = {}
        app = make_bench_app(bench_search.desk_path(size), cache)
        async with app.run_test(size=SIZE, message_hook=finished_recorder(finished)) as pilot:
            await wait_until(pilot, lambda: painted(app))
            if when == 'settled':
                await wait_until(pilot, lambda: settled(app), timeout=600)
            result = await type_query(pilot, finished)
            if when == 'cold':
                # What the app keeps once every day is indexed, garbage collected.
                await wait_until(pilot, lambda: settled(app), timeout=600)
                gc.collect()
                result['rss_after_build_mb'] = resident_megabytes()
            await pilot.exit(None)
        result['max_rss_mb'] = max_rss_megabytes()
        return result

    try:
        return asyncio.run(run())
    finally:
        if when == 'cold':
            shutil.rmtree(cache, ignore_errors=True)


def worker_reopen(size: str, process_started: float) -> dict[str, Any]:
    import desk_browser.ui.app  # noqa: F401  (imports count from the command, not from the app)

    async def run() -> dict[str, Any]:
        finished: dict[str, float] = {}
        start = time.perf_counter()
        app = make_bench_app(
            bench_search.desk_path(size), bench_search.cache_path(size), search='nifty'
        )
        async with app.run_test(size=SIZE, message_hook=finished_recorder(finished)) as pilot:
            # Opened as `desk-browser DESK --search nifty` does, then polled: no Pilot presses or
            # pauses on the way (each waits for every queue to be idle, which the start-up's
            # background work keeps busy). Pushing the search screen from the bench before the
            # main screen settled raced its footer (SearchScreen.orders_day before its hits).
            await poll_until(lambda: 'nifty' in finished)
            searchable = finished['nifty'] - start
            from_command = time.time() - (time.perf_counter() - finished['nifty']) - process_started
            await wait_until(
                pilot,
                lambda: app.index_status is not None and app.index_status.complete,
                timeout=600,
            )
            complete = time.perf_counter() - start
            await pilot.exit(None)
        return {
            'searchable_seconds': searchable,
            'from_command_seconds': from_command,
            'index_complete_seconds': complete,
        }

    return asyncio.run(run())


async def timed_presses(pilot: Any, keys: list[str]) -> list[float]:
    """Presses keys one by one; returns each one's time until the screen is drawn, in ms."""
    times: list[float] = []
    for key in keys:
        started = time.perf_counter()
        await pilot.press(key)
        await pilot.pause()
        times.append((time.perf_counter() - started) * 1000)
    return times


async def probe_presses(pilot: Any, keys: list[str]) -> float:
    """Presses keys 50 ms apart with the stall probe running; returns the longest stall in ms."""
    probe = StallProbe()
    probe.start()
    for key in keys:
        await pilot.press(key)
        await asyncio.sleep(0.05)
    return await probe.stop()


def long_desk() -> Path:
    """A copy of the one-week desk whose current session's log holds 10,000 exchanges."""
    root = bench_search.BENCH_ROOT / 'long'
    desk = root / 'main'
    if desk.exists():
        return desk
    partial = root / 'main.partial'
    shutil.rmtree(partial, ignore_errors=True)
    shutil.copytree(bench_search.desk_path('week'), partial)
    sessions = partial / 'sessions'
    lines = [
        line
        for path in sorted(sessions.glob('*.jsonl'))
        for line in path.read_text(encoding='utf-8').splitlines()
        if line.strip()
    ]
    with open(sessions / f'{LONG_SESSION}.jsonl', 'w', encoding='utf-8') as handle:
        for number in range(LONG_EXCHANGES):
            handle.write(lines[number % len(lines)] + '\n')
    partial.rename(desk)
    return desk


def shown(view: Any, session_id: str) -> bool:
    """Whether the exchange view shows a session's cards."""
    log = view.shown_log
    return log is not None and log.session_id == session_id and bool(view.rendered_indexes)


def worker_long() -> dict[str, Any]:
    from desk_browser.ui.widgets.exchange_view import ExchangeView
    from desk_browser.ui.widgets.session_list import SessionList

    desk = long_desk()
    cache = bench_search.BENCH_ROOT / 'long' / 'cache'

    async def run() -> dict[str, Any]:
        start = time.perf_counter()
        app = make_bench_app(desk, cache)
        async with app.run_test(size=SIZE) as pilot:
            await poll_until(lambda: painted(app))
            first_paint = time.perf_counter() - start
            view = app.screen.query_one(ExchangeView)
            await wait_until(pilot, lambda: settled(app), timeout=600)
            count = view.exchange_count  # Once settled: at the paint, the first read's part.
            # Selecting it again from another session: from the highlight to its cards.
            sessions = app.screen.query_one(SessionList)
            sessions.highlight_session('2026-10-21-2')
            await wait_until(pilot, lambda: shown(view, '2026-10-21-2'))
            started = time.perf_counter()
            sessions.highlight_session(LONG_SESSION)
            await poll_until(lambda: shown(view, LONG_SESSION))
            reselected = time.perf_counter() - started
            view.focus()
            # Each kind of move twice: timed key by key (Pilot's pause waits for the process to
            # go idle, which the stall probe's own ticking would hold up by up to a second), then
            # again with the stall probe running.
            pages = await timed_presses(pilot, ['N'] * PAGED)
            paging_stall = await probe_presses(pilot, ['N'] * PAGED)
            steps = await timed_presses(pilot, ['n'] * STEPS)
            stepping_stall = await probe_presses(pilot, ['n'] * STEPS)
            scrolling = ['pagedown'] * SCROLLS + ['pageup'] * SCROLLS
            scrolls = await timed_presses(pilot, scrolling)
            scrolling_stall = await probe_presses(pilot, scrolling)
            rendered = len(view.rendered_indexes)
            await pilot.exit(None)
        return {
            'exchanges': count,
            'first_paint_seconds': first_paint,
            'reselected_seconds': reselected,
            'page_median_ms': statistics.median(pages),
            'page_max_ms': max(pages),
            'paging_stall_ms': paging_stall,
            'step_median_ms': statistics.median(steps),
            'step_max_ms': max(steps),
            'stepping_stall_ms': stepping_stall,
            'pages': len(pages),
            'scroll_median_ms': statistics.median(scrolls),
            'scroll_max_ms': max(scrolls),
            'scrolling_stall_ms': scrolling_stall,
            'rendered_cards': rendered,
            'max_rss_mb': max_rss_megabytes(),
        }

    return asyncio.run(run())


def run_worker(
    arguments: list[str], baseline: Path | None = None, cache: str | None = None
) -> dict[str, Any]:
    """Runs a worker in its own process; with `baseline`, another checkout's code and its cache.

    `cache` names the desk's cache folder instead (bench_search's DESK_BENCH_CACHE).
    """
    command = [sys.executable, str(Path(__file__).resolve()), '--worker', *arguments]
    environment = dict(os.environ, DESK_BROWSER_BENCH_STARTED=repr(time.time()))
    if baseline is not None:
        environment['PYTHONPATH'] = str(baseline)
        environment[bench_search.CACHE_VARIABLE] = bench_terminal.BASELINE_CACHE
    if cache is not None:
        environment[bench_search.CACHE_VARIABLE] = cache
    completed = subprocess.run(
        command, capture_output=True, text=True, check=False, env=environment
    )
    if completed.returncode != 0:
        raise RuntimeError(f'worker {arguments} failed:\n{completed.stderr}')
    return json.loads(completed.stdout.strip().splitlines()[-1])


# ---------------------------------------------------------------------------------------------
# Report.


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument(
        '--sizes', default='week,year,five', help='comma-separated: week, year, five'
    )
    parser.add_argument('--runs', type=int, default=7, help='first-paint runs per desk')
    parser.add_argument('--skip-long', action='store_true', help='no 10,000-exchange log')
    parser.add_argument(
        '--terminal-only',
        action='store_true',
        help='only the real-terminal measurements (tmux), none of the headless ones',
    )
    parser.add_argument(
        '--skip-terminal', action='store_true', help='none of the real-terminal measurements'
    )
    parser.add_argument(
        '--baseline',
        type=Path,
        metavar='SRC',
        help='in the real terminal, also run desk-browser with PYTHONPATH=SRC (another '
        "checkout's src folder), interleaved with this one",
    )
    parser.add_argument(
        '--forget-drawings',
        action='store_true',
        help="in the real terminal, remove each code's kept answers (<cache>/drawn) before each "
        'measured start: for a baseline from before round 20, which keeps them',
    )
    parser.add_argument(
        '--root',
        type=Path,
        help=f'where the bench desks live (default {bench_search.BENCH_ROOT})',
    )
    parser.add_argument('--worker', nargs='+', help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.root is not None:
        os.environ[ROOT_VARIABLE] = str(arguments.root.resolve())
        bench_search.BENCH_ROOT = arguments.root.resolve()
    if arguments.worker:
        mode, *rest = arguments.worker
        started = float(os.environ.get('DESK_BROWSER_BENCH_STARTED', time.time()))
        if mode == 'desk':
            result = bench_search.worker_desk(rest[0])
        elif mode == 'index':
            result = worker_index(rest[0])
        elif mode == 'paint':
            result = worker_paint(rest[0], started)
        elif mode == 'typing':
            result = worker_typing(rest[0], rest[1])
        elif mode == 'reopen':
            result = worker_reopen(rest[0], started)
        else:
            result = worker_long()
        print(json.dumps(result))
        return 0
    sizes = [size for size in arguments.sizes.split(',') if size]  # '' for the long log alone
    print(
        f'machine: {platform.machine()}, {bench_search.cpu_name()}, '
        f'{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}, '
        f'Python {platform.python_version()}'
    )
    terminal = not arguments.skip_terminal and bench_terminal.tmux_terminal.has_tmux()
    if not arguments.skip_terminal and not terminal:
        print('no tmux: the real-terminal measurements are left out')
    if not terminal and arguments.terminal_only:
        return 1
    paint_medians: dict[str, float] = {}
    for size in sizes:
        print(f'\n== {size}: {bench_search.SIZES[size]} trading days')
        prepare_desk(size)
        if not arguments.terminal_only:
            paint_medians[size] = report_headless(size, arguments.runs)
    if 'week' in paint_medians:
        for size, median in paint_medians.items():
            if size != 'week':
                print(
                    f'\nfirst paint {size} / week: {median / paint_medians["week"]:.2f} '
                    f'({median * 1000:.0f} ms / {paint_medians["week"] * 1000:.0f} ms)'
                )
    if terminal and sizes:
        desks = {size: bench_search.desk_path(size) for size in sizes}
        for size in sizes if arguments.baseline is not None else []:
            prepare_baseline(size, arguments.baseline)
        bench_terminal.report_first_paint(
            desks, arguments.runs, arguments.baseline, forget_drawings=arguments.forget_drawings
        )
    if not arguments.skip_long:
        desk = long_desk()
        if not arguments.terminal_only:
            report_long_headless()
        if terminal:
            run_worker(['index', 'long'])
            if arguments.baseline is not None:
                prepare_baseline('long', arguments.baseline)
            bench_terminal.report_long_log(
                desk,
                desk / 'sessions' / f'{LONG_SESSION}.jsonl',
                LONG_EXCHANGES,
                arguments.runs,
                arguments.baseline,
            )
    return 0


def prepare_desk(size: str) -> None:
    """Builds a missing desk (bench_search's way) and brings its index and file memo up to date."""
    built = run_worker(['desk', size])  # bench_search's builder, in this --root
    if built['built']:
        print(f'  desk built in {built["seconds"]:.1f} s')
    desk = bench_search.desk_path(size)
    logs = len(list((desk / 'sessions').glob('*.jsonl')))
    journals = len(list((desk / 'journal').glob('*.jsonl')))
    print(f'  desk: {logs:,} session logs, {journals:,} journal days')
    indexed = run_worker(['index', size])
    print(
        f'  index brought up to date in {indexed["seconds"]:.1f} s ({indexed["status"]}); '
        f'file memo in {indexed["memo_seconds"]:.1f} s ({indexed["recalled"]:,} files recalled)'
    )


def prepare_baseline(size: str, baseline: Path) -> None:
    """Brings the --baseline code's own index and file memo of a desk up to date, in its cache."""
    indexed = run_worker(['index', size], baseline)
    print(
        f'  {size}, baseline code: index brought up to date in its own cache in '
        f'{indexed["seconds"]:.1f} s ({indexed["status"]})'
    )


def report_headless(size: str, runs: int) -> float:
    """Prints the headless measurements of one desk; returns its median first paint."""
    paints = [run_worker(['paint', size]) for _ in range(runs)]
    seconds = [paint['seconds'] for paint in paints]
    from_command = [paint['from_command_seconds'] for paint in paints]
    print(
        f'  first paint: median {statistics.median(seconds) * 1000:.0f} ms '
        f'(min {min(seconds) * 1000:.0f}, max {max(seconds) * 1000:.0f}, {len(seconds)} runs); '
        f'from the command {statistics.median(from_command) * 1000:.0f} ms'
    )
    for when, label in TYPING_RUNS.items():
        typing = run_worker(['typing', size, when])
        print(
            f'  typing "{TYPED_QUERY}" ({label}): longest event-loop stall '
            f'{typing["stall_ms"]:.1f} ms (p95 {typing["gap_p95_ms"]:.1f}); '
            f'{typing["full_collections"]} full collections '
            f'(longest {typing["longest_full_collection_ms"]:.0f} ms); last key to its hits '
            f'{typing["last_key_to_hits_ms"]:.0f} ms; max RSS {typing["max_rss_mb"]:.0f} MB'
            + (
                f'; {typing["rss_after_build_mb"]:.0f} MB once built'
                if 'rss_after_build_mb' in typing
                else ''
            )
        )
    reopen = run_worker(['reopen', size])
    print(
        f'  warm reopen: hits of a query on screen after {reopen["searchable_seconds"]:.2f} s '
        f'from creating the app, {reopen["from_command_seconds"]:.2f} s from the command; '
        f'index up to date after {reopen["index_complete_seconds"]:.2f} s'
    )
    return statistics.median(seconds)


def report_long_headless() -> None:
    """Prints the headless measurements of the 10,000-exchange log."""
    long = run_worker(['long'])
    print(f'\n== one session log of {long["exchanges"]:,} exchanges (headless)')
    print(
        f'  first paint of its exchanges: {long["first_paint_seconds"] * 1000:.0f} ms from '
        f'creating the app; {long["reselected_seconds"] * 1000:.0f} ms from selecting it in '
        f'the sessions list'
    )
    print(
        f'  jumping 25 exchanges with N ({long["pages"]} presses): median '
        f'{long["page_median_ms"]:.0f} ms, max {long["page_max_ms"]:.0f} ms; longest stall '
        f'{long["paging_stall_ms"]:.0f} ms'
    )
    print(
        f'  next exchange with n ({STEPS} presses): median {long["step_median_ms"]:.0f} ms, '
        f'max {long["step_max_ms"]:.0f} ms; longest stall {long["stepping_stall_ms"]:.0f} ms'
    )
    print(
        f'  scrolling with page down and page up ({2 * SCROLLS} presses): median '
        f'{long["scroll_median_ms"]:.0f} ms, max {long["scroll_max_ms"]:.0f} ms; longest '
        f'stall {long["scrolling_stall_ms"]:.0f} ms'
    )
    print(
        f'  cards rendered and kept at the end: {long["rendered_cards"]} of '
        f'{long["exchanges"]:,}; max RSS {long["max_rss_mb"]:.0f} MB'
    )


if __name__ == '__main__':
    sys.exit(main())
