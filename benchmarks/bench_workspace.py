"""Benchmark: the Desks screen on a workspace of 20 one-year desks, against one desk's first paint.

Run as a script (not collected by pytest):

    .venv/bin/python benchmarks/bench_workspace.py               # 20 desks of 250 trading days
    .venv/bin/python benchmarks/bench_workspace.py --desks 5 --days 50 --runs 3

Builds the workspace once with the demo builder (build_demo_workspace, natural days of about
60-200 events) under ~/.cache/desk-browser-bench/workspace-<desks>x<days>/desks, and keeps each
desk's index and memo in a cache folder beside it. Each run is its own process, interleaved:

- single desk: the app on desks/main until its main screen shows the state, the sessions and the
  current session's exchanges (bench_app's `painted`);
- Desks screen: the workspace app until the Desks screen lists every desk with its glance;
  counted meanwhile: how many journal files were opened before that paint (none should be), and
  then the time until every desk's activity and problem count are filled in.

Printed: the median of each, and the ratio of the Desks screen's first paint to the desk's.

Before those runs, a cold first start in a cache folder of its own (no memo, no index): when the
rows are painted, when every desk's counts are in, when the background indexing has indexed
every desk.

Then, once every desk is indexed (each desk's index built here first, one desk at a time, timed):
a search across every desk per keystroke, as the search across desks runs it (first_hits: the
first screenful, merged newest day first then by desk name, asking only the desks that can hold
some), over every keystroke of a few queries, in a process of its own: median, p95 and max (wall
and CPU), and how many desks each keystroke asked. `--keystrokes-only` and `--cold-only` run
only that part.
"""

from __future__ import annotations

import argparse
import asyncio
import builtins
import io
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

BENCHMARKS = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCHMARKS))

import bench_app  # noqa: E402

SIZE = (120, 40)
BENCH_ROOT = Path.home() / '.cache' / 'desk-browser-bench'


def workspace_path(desks: int, days: int) -> Path:
    return BENCH_ROOT / f'workspace-{desks}x{days}' / 'desks'


def cache_path(desks: int, days: int) -> Path:
    return BENCH_ROOT / f'workspace-{desks}x{days}' / 'cache'


def prepare(desks: int, days: int) -> Path:
    from desk_browser.demo import DEMO_TODAY, build_demo_workspace

    path = workspace_path(desks, days)
    if not path.exists():
        partial = path.with_name('desks.partial')
        if partial.exists():
            import shutil

            shutil.rmtree(partial)
        start = time.perf_counter()
        build_demo_workspace(partial, today=DEMO_TODAY, desks=desks, days=days)
        partial.rename(path)
        print(f'built {desks} desks of {days} days in {time.perf_counter() - start:.0f} s')
    return path


def _journal_open_counter() -> dict[str, int]:
    """Counts the journal files opened (by path) from now on, through open and os.open."""
    counts = {'journal': 0}
    original_open = builtins.open
    original_os_open = os.open

    def note(path: Any) -> None:
        text = os.fspath(path) if isinstance(path, str | Path) else ''
        if f'{os.sep}journal{os.sep}' in text:
            counts['journal'] += 1

    def counting_open(file: Any, *args: Any, **kwargs: Any) -> Any:
        note(file)
        return original_open(file, *args, **kwargs)

    def counting_os_open(path: Any, *args: Any, **kwargs: Any) -> Any:
        note(path)
        return original_os_open(path, *args, **kwargs)

    builtins.open = counting_open
    io.open = counting_open  # What Path.open calls.
    os.open = counting_os_open  # type: ignore[assignment]
    return counts


def worker_desk(desks: int, days: int) -> dict[str, Any]:
    import desk_browser.ui.app  # noqa: F401  (imports before the clock starts, as bench_app)

    async def run() -> dict[str, Any]:
        start = time.perf_counter()
        app = bench_app.make_bench_app(
            workspace_path(desks, days) / 'main', cache_path(desks, days)
        )
        async with app.run_test(size=SIZE) as pilot:
            await bench_app.poll_until(lambda: bench_app.painted(app))
            seconds = time.perf_counter() - start
            await pilot.exit(None)
        return {'seconds': seconds}

    return asyncio.run(run())


def worker_desks(desks: int, days: int, cache: Path | None = None) -> dict[str, Any]:
    import desk_browser.ui.workspace_app as workspace_app
    from desk_browser.ui.screens.desks_screen import DesksScreen
    from desk_browser.ui.widgets.desk_list import DeskList

    def listed(app: Any) -> list[Any]:
        screen = app.screen_stack[0] if app.screen_stack else None
        if not isinstance(screen, DesksScreen):
            return []
        return screen.query_one(DeskList).desks

    counts = _journal_open_counter()
    at_first_rows: list[int] = []
    original_show = DesksScreen._show

    def show(screen: Any) -> None:
        if not at_first_rows:  # The journal files opened before the first rows were shown.
            at_first_rows.append(counts['journal'])
        original_show(screen)

    DesksScreen._show = show  # type: ignore[method-assign]

    async def run() -> dict[str, Any]:
        start = time.perf_counter()
        app = workspace_app.make_workspace_app(
            workspace_path(desks, days),
            cursor_blink=False,
            animation_level='none',
            theme='textual-dark',
            cache_directory=cache or cache_path(desks, days),
        )
        async with app.run_test(size=SIZE) as pilot:
            await bench_app.poll_until(lambda: len(listed(app)) == desks)
            seconds = time.perf_counter() - start
            journals_before_paint = at_first_rows[0]
            await bench_app.poll_until(
                lambda: all(health.problem_count is not None for health in listed(app)),
                timeout=1800,
            )
            filled = time.perf_counter() - start
            indexing = app.screen_stack[0].query_one('#desks-indexing')
            await bench_app.poll_until(
                lambda: str(indexing.render()).startswith('every desk indexed'), timeout=1800
            )
            indexed = time.perf_counter() - start
            await pilot.exit(None)
        return {
            'seconds': seconds,
            'journals_before_paint': journals_before_paint,
            'journals_in_all': counts['journal'],
            'filled_in_seconds': filled,
            'indexed_seconds': indexed,
            'cpu_seconds': time.process_time(),
        }

    return asyncio.run(run())


def worker_cold(desks: int, days: int) -> dict[str, Any]:
    """The Desks screen's first start on a workspace never seen: no memo, no index."""
    import shutil

    cold = BENCH_ROOT / f'workspace-{desks}x{days}' / 'cold-cache'
    shutil.rmtree(cold, ignore_errors=True)
    try:
        return worker_desks(desks, days, cold)
    finally:
        shutil.rmtree(cold, ignore_errors=True)


KEYSTROKE_QUERIES = ['nifty gap down', 'risk rejected', 'rolled early', 'rbi policy banks']
"""Typed a key at a time: common words, rarer ones, and words no record holds together."""
KEYSTROKE_ROUNDS = 3


def worker_index(desks: int, days: int) -> dict[str, Any]:
    """Builds every desk's index, one desk at a time (as the Desks screen does)."""
    from desk_browser.memory.index.search import IndexedSearch
    from desk_browser.memory.workspace import find_desks

    start = time.perf_counter()
    statuses = []
    for entry in find_desks(workspace_path(desks, days)).desks:
        search = IndexedSearch(entry.path, cache_directory=cache_path(desks, days))
        statuses.append(search.build().text)
        search.close()
    return {'seconds': time.perf_counter() - start, 'statuses': sorted(set(statuses))}


def worker_keystrokes(desks: int, days: int) -> dict[str, Any]:
    """Times a search across every desk at each keystroke, as the search screen runs it."""
    from bench_search import keystrokes, summary
    from desk_browser.demo import DEMO_TODAY
    from desk_browser.live.workspace_searching import FirstHits
    from desk_browser.live.workspace_services import WorkspaceServices
    from desk_browser.memory.search_scope import parse_query
    from desk_browser.memory.workspace import find_desks
    from desk_browser.ui.screens.workspace_search_screen import FIRST_HITS

    workspace = WorkspaceServices(
        workspace_path(desks, days), cache_directory=cache_path(desks, days)
    )
    named = {entry.name: entry.path for entry in find_desks(workspace.path).desks}
    for desk in named.values():  # Each desk's index opened, as after the Desks screen built it.
        workspace.services_for(desk).search.search('warm up', 1)
    times: list[float] = []
    cpu: list[float] = []
    asked: list[int] = []
    searches: list[int] = []
    for _ in range(KEYSTROKE_ROUNDS):
        for query in KEYSTROKE_QUERIES:
            first_hits = FirstHits(workspace)  # A search box typed into, a key at a time.
            for typed in keystrokes(query):
                started, started_cpu = time.perf_counter(), time.thread_time()
                parsed = parse_query(typed, DEMO_TODAY)
                found = first_hits.find(named, parsed.words_text, parsed.scope, FIRST_HITS)
                times.append((time.perf_counter() - started) * 1000)
                cpu.append((time.thread_time() - started_cpu) * 1000)
                asked.append(len(found.results))
                searches.append(found.asked)
            time.sleep(1.1)  # The next query is typed later: nothing carried over.
    workspace.close()
    return {
        'times': summary(times),
        'cpu': summary(cpu),
        'asked': {'median': statistics.median(asked), 'max': max(asked)},
        'searches': {'median': statistics.median(searches), 'max': max(searches)},
        'desks': len(named),
        'load': os.getloadavg()[0],
    }


def cold_figures(shape: list[str]) -> None:
    cold = run_worker(['cold', *shape])
    print(
        f'cold first start (no memo, no index): rows painted after {cold["seconds"]:.2f} s '
        f'({cold["journals_before_paint"]} journal files opened before); every desk counted '
        f'after {cold["filled_in_seconds"]:.1f} s; every desk indexed for search after '
        f'{cold["indexed_seconds"]:.1f} s; the app process used {cold["cpu_seconds"]:.1f} s of '
        f"CPU (the index build's worker processes not counted)"
    )


def keystroke_figures(shape: list[str]) -> None:
    built = run_worker(['index', *shape])
    print(f'every desk indexed, one at a time: {built["seconds"]:.1f} s ({built["statuses"]})')
    result = run_worker(['keystrokes', *shape])
    times, cpu = result['times'], result['cpu']
    print(
        f'search across {result["desks"]} desks, per keystroke ({times["count"]} keystrokes of '
        f'{KEYSTROKE_QUERIES}, load average {result["load"]:.1f}):\n'
        f'  wall: median {times["median"]:.2f} ms, p95 {times["p95"]:.2f} ms, '
        f'max {times["max"]:.2f} ms\n'
        f'  CPU:  median {cpu["median"]:.2f} ms, p95 {cpu["p95"]:.2f} ms, max {cpu["max"]:.2f} ms\n'
        f'  desks asked per keystroke: median {result["asked"]["median"]}, at most '
        f'{result["asked"]["max"]}; desk searches: median {result["searches"]["median"]}, '
        f'at most {result["searches"]["max"]}'
    )


def run_worker(arguments: list[str]) -> dict[str, Any]:
    output = subprocess.run(
        [sys.executable, __file__, '--worker', *arguments],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    result: dict[str, Any] = json.loads(output.strip().splitlines()[-1])
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--desks', type=int, default=20)
    parser.add_argument('--days', type=int, default=250)
    parser.add_argument('--runs', type=int, default=5)
    parser.add_argument('--keystrokes-only', action='store_true')
    parser.add_argument('--cold-only', action='store_true')
    parser.add_argument('--worker', nargs='+', help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.worker:
        kind, desks, days = arguments.worker[0], int(arguments.worker[1]), int(arguments.worker[2])
        workers = {
            'desk': worker_desk,
            'desks': worker_desks,
            'cold': worker_cold,
            'index': worker_index,
            'keystrokes': worker_keystrokes,
        }
        print(json.dumps(workers[kind](desks, days)))
        return 0
    prepare(arguments.desks, arguments.days)
    shape = [str(arguments.desks), str(arguments.days)]
    if arguments.keystrokes_only:
        keystroke_figures(shape)
        return 0
    cold_figures(shape)
    if arguments.cold_only:
        return 0
    run_worker(['desks', *shape])  # Builds every desk's memo and index: later runs are warm.
    run_worker(['desk', *shape])
    desk_runs: list[float] = []
    desks_runs: list[dict[str, Any]] = []
    for _ in range(arguments.runs):
        desk_runs.append(run_worker(['desk', *shape])['seconds'])
        desks_runs.append(run_worker(['desks', *shape]))
    desk = statistics.median(desk_runs)
    desks = statistics.median(run['seconds'] for run in desks_runs)
    filled = statistics.median(run['filled_in_seconds'] for run in desks_runs)
    journals = max(run['journals_before_paint'] for run in desks_runs)
    print(f'== {arguments.desks} desks of {arguments.days} trading days, {arguments.runs} runs')
    print(f'single desk first paint (desks/main): median {desk:.3f} s  {desk_runs}')
    print(
        f'Desks screen first paint: median {desks:.3f} s  '
        f'{[round(run["seconds"], 3) for run in desks_runs]}'
    )
    print(f'ratio: {desks / desk:.2f}x')
    in_all = min(run['journals_in_all'] for run in desks_runs)
    print(
        f'journal files opened before the Desks screen painted: at most {journals} '
        f'(the counter saw at least {in_all} by the time every desk was filled in)'
    )
    print(f'every desk filled in (warm memos): median {filled:.2f} s after the app was created')
    keystroke_figures(shape)
    return 0


if __name__ == '__main__':
    sys.exit(main())
