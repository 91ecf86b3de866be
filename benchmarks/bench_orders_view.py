"""Benchmark: the app's Orders view of one day on screen after `o`, on the five-year desk.

Run as a script (not collected by pytest):

    .venv/bin/python benchmarks/bench_orders_view.py                 # five years, 3 rounds
    .venv/bin/python benchmarks/bench_orders_view.py --size week --rounds 5
    .venv/bin/python benchmarks/bench_orders_view.py --source /tmp/before/src   # the code before

The desk is bench_search's (built once, under ~/.cache/desk-browser-bench/<size>/main). Each
round runs the app headless (App.run_test, 120x40) with a cache folder of its own, lets the
first screen settle, presses `[` (the day before, as a trader reviewing yesterday), then times:

- first frame: from pressing `o` to the Orders view being the screen on top, its heading
  drawn ("reading its orders…");
- rows, cold: from pressing `o` to the day's rows listed, the order memo empty (every day of
  the fortnight around the day parsed);
- rows, warm: the same again after `esc` (the memo now recalls those days);
- story: from Enter on the first row to its story read whole (its days parsed again).

Printed: the median and range of each, in milliseconds.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

BENCHMARKS = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCHMARKS))
SOURCE = BENCHMARKS.parent / 'src'
if '--source' in sys.argv:  # Another tree's code, for a before-and-after in one sitting.
    SOURCE = Path(sys.argv[sys.argv.index('--source') + 1]).resolve()
sys.path.insert(0, str(SOURCE))

from textual.pilot import Pilot  # noqa: E402

import bench_search  # noqa: E402  (the desks are bench_search's)
from desk_browser.ui.app import make_app  # noqa: E402
from desk_browser.ui.screens.order_story_screen import OrderStoryScreen  # noqa: E402
from desk_browser.ui.screens.orders_screen import OrdersScreen  # noqa: E402
from desk_browser.ui.widgets.order_list import OrderList  # noqa: E402


async def _until(pilot: Pilot[Any], condition: Callable[[], bool]) -> float:
    """Lets the app run until the condition holds; returns when it did (perf_counter)."""
    for _ in range(20_000):
        if condition():
            return time.perf_counter()
        await asyncio.sleep(0.001)
    raise AssertionError('never happened')


def _pushed(app: Any) -> bool:
    """Whether the Orders view is the screen on top."""
    return isinstance(app.screen, OrdersScreen)


def _rows_painted(app: Any) -> bool:
    """Whether the Orders view's rows of the day read have been drawn."""
    screen = app.screen
    if not isinstance(screen, OrdersScreen) or screen.orders is None:
        return False
    return bool(screen.query_one(OrderList).rendered_indexes)


async def one_round(desk: Path, cache: Path) -> dict[str, float]:
    """Times one round (see the module's doc), in milliseconds."""
    app = make_app(desk, cache_directory=cache, animation_level='none', cursor_blink=False)
    found: dict[str, float] = {}
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause(1.0)
        await app.workers.wait_for_complete()
        await pilot.press('left_square_bracket')
        await pilot.pause(0.5)
        await app.workers.wait_for_complete()
        for name in ('cold', 'warm', 'warm again'):
            # The key as a terminal sends it: the pilot's press would wait for the app (and the
            # reading thread) to go idle before returning.
            started = time.perf_counter()
            app.simulate_key('o')
            shown = await _until(pilot, lambda: _pushed(app))
            painted = await _until(pilot, lambda: _rows_painted(app))
            found[f'pushed, {name}'] = (shown - started) * 1000
            found[f'rows painted, {name}'] = (painted - started) * 1000
            await app.workers.wait_for_complete()
            await pilot.pause()
            if name != 'warm again':
                await pilot.press('escape')
                await pilot.pause()
                await app.workers.wait_for_complete()
        started = time.perf_counter()
        await pilot.press('enter')
        story = await _until(pilot, lambda: isinstance(app.screen, OrderStoryScreen))
        top = app.screen
        assert isinstance(top, OrderStoryScreen)

        def read_whole() -> bool:
            story = top.story
            return story is not None and (story.exchange is None or story.exchange.whole)

        whole = await _until(pilot, read_whole)
        found['story shown'] = (story - started) * 1000
        found['story whole'] = (whole - started) * 1000
    return found


def main() -> None:
    """Runs the rounds and prints the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--size', default='five', help='bench_search desk size (default: five)')
    parser.add_argument('--rounds', type=int, default=3)
    parser.add_argument('--source', help='the src folder of the code to time (default: this tree)')
    arguments = parser.parse_args()
    desk = bench_search.desk_path(arguments.size)
    if not desk.exists():
        bench_search.run_worker(['desk', arguments.size])
    results: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as folder:
        for round_number in range(arguments.rounds):
            found = asyncio.run(one_round(desk, Path(folder) / f'cache-{round_number}'))
            for name, value in found.items():
                results.setdefault(name, []).append(value)
    print(
        f'desk: {desk} ({arguments.size}), {arguments.rounds} rounds, code {SOURCE}, '
        'ms from the key'
    )
    for name, values in results.items():
        print(
            f'{name:<24} median {statistics.median(values):7.1f}  '
            f'range {min(values):.1f}-{max(values):.1f}'
        )


if __name__ == '__main__':
    main()
