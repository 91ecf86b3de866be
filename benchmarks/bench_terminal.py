"""The app in a real terminal (tmux), side by side with a bare Textual app and with Toolong.

Called by bench_app.py (run that); not collected by pytest. Every program runs in a tmux pane of
120x40 (`tmux_terminal`), its screen polled as text, and every comparison is interleaved, run by
run, in one process, so a busy spell hurts each side alike:

- first paint from the command: a bare Textual app (`bare_app.py`: a header, one Static, a
  footer) until its three parts are on screen, against `desk-browser DESK` until the state, the
  sessions list and the current session's first exchange are; medians and their ratio, and
  the median of each run's own ratio (a run holds every contender once, seconds apart);
- the long log: Toolong (`tl FILE`, installed into a virtual environment of the benchmark's own
  under the benchmark folder, never a dependency of the project) until it shows the file's lines,
  against `desk-browser` on a desk whose current session is that file until its first exchange is
  on screen; then, in the same desk-browser process once it is still, End until the last
  exchange is drawn, page down key by key, and the process's peak resident memory.

A key's time runs from just before tmux is told to send it until the exchange view's region of
the screen shows what it finally shows (it must then stay still for a while: a scroll drawn in
two frames counts until the second).
"""

from __future__ import annotations

import re
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import bench_search
import tmux_terminal
from tmux_terminal import Pane, Screen, Terminal

SIZE = (120, 40)
TOOLONG_REQUIREMENT = 'toolong==1.5.0'
PAGE_DOWNS = 12
SIDEBAR_WIDTH = 48
"""The sessions column's width at 120 columns: the exchange view starts after it."""

BARE_APP = Path(__file__).resolve().parent / 'bare_app.py'

STATE = re.compile(r'state\.json')
SESSION_ROW = re.compile(r'\w{3} \d{4}-\d{2}-\d{2}\s+#\d+\s+[\d,]+ exchanges')
CARD_TITLE = re.compile(r'▌ #([\d,]+)\s+(?:asked |answered )?\d{2}:\d{2}')


def text_of(screen: Screen) -> str:
    return '\n'.join(screen)


def bare_painted(screen: Screen) -> bool:
    text = text_of(screen)
    return 'BareApp' in text and 'A bare Textual app' in text and 'Quit' in text


def desk_painted(screen: Screen) -> bool:
    """The state, a session row and an exchange's card title are on screen."""
    text = text_of(screen)
    return bool(STATE.search(text) and SESSION_ROW.search(text) and CARD_TITLE.search(text))


def exchange_region(screen: Screen) -> Screen:
    """The exchange view's part of the screen (right of the sidebar, between header and footer)."""
    return [line[SIDEBAR_WIDTH:] for line in screen[3:-1]]


def shows_exchange(number: int) -> Callable[[Screen], bool]:
    def condition(screen: Screen) -> bool:
        return any(
            int(match.group(1).replace(',', '')) == number
            for match in CARD_TITLE.finditer(text_of(screen))
        )

    return condition


def toolong_painted(screen: Screen) -> bool:
    return sum('{"trigger_text"' in line for line in screen) >= 5


@dataclass
class Contender:
    """A program measured from the command until a condition holds on its screen."""

    label: str
    command: list[str]
    painted: Callable[[Screen], bool]
    environment: dict[str, str] = field(default_factory=dict)
    quit_keys: tuple[str, ...] = ('q',)
    forgotten: Path | None = None
    """A folder removed before each measured start (--forget-drawings: the kept answers)."""


BASELINE_CACHE = 'cache-baseline'

"""The bench desk's cache folder for the --baseline code: another schema's index, or another
code's drawn answers, must not be rebuilt over this code's (each run would undo the other's)."""

WARM_UP_SETTLE = 2.0
"""Seconds the unmeasured warm-up run stays on after its paint before it quits: long enough for
a baseline from rounds 18-19 to keep its first answers' lines (<cache>/drawn, written on a thread
after the first frame), as the start of someone who used it before finds them."""


def xdg_environment(root: Path, cache: str = 'cache') -> dict[str, str]:
    """XDG folders under a bench desk's folder: its cache holds the index and the file memo.

    The app keeps them in `$XDG_CACHE_HOME/desk-browser`: that is made a link to `root/CACHE`,
    where bench_app brought them up to date. Settings come from an empty folder (default theme).
    """
    cache_home = root / ('xdg-cache' if cache == 'cache' else f'xdg-{cache}')
    cache_home.mkdir(parents=True, exist_ok=True)
    link = cache_home / 'desk-browser'
    if not link.is_symlink():
        link.symlink_to(root / cache, target_is_directory=True)
    config_home = bench_search.BENCH_ROOT / 'xdg-config'
    config_home.mkdir(parents=True, exist_ok=True)
    return {'XDG_CACHE_HOME': str(cache_home), 'XDG_CONFIG_HOME': str(config_home)}


def desk_browser(
    label: str, desk: Path, source: Path | None, *, forget_drawings: bool = False
) -> Contender:
    """`desk-browser DESK` from the benchmark's environment, or with another source tree first.

    With `forget_drawings`, each measured start finds no kept answers (<cache>/drawn removed
    before it): the start after the first session's answers changed, or a first start.
    """
    cache = 'cache' if source is None else BASELINE_CACHE
    environment = xdg_environment(desk.parent, cache)
    if source is not None:
        environment['PYTHONPATH'] = str(source)
    command = [str(Path(sys.executable).parent / 'desk-browser'), str(desk)]
    forgotten = desk.parent / cache / 'drawn' if forget_drawings else None
    return Contender(
        label,
        command,
        desk_painted,
        tmux_terminal.environment_for(**environment),
        forgotten=forgotten,
    )


def bare_app() -> Contender:
    return Contender(
        'bare Textual app',
        [sys.executable, str(BARE_APP)],
        bare_painted,
        tmux_terminal.environment_for(),
    )


def toolong_executable() -> Path:
    """Toolong's `tl`, installed into the benchmark's own virtual environment when missing."""
    environment = bench_search.BENCH_ROOT / 'toolong-venv'
    executable = environment / 'bin' / 'tl'
    if not executable.exists():
        print(f'  installing {TOOLONG_REQUIREMENT} into {environment}')
        subprocess.run([sys.executable, '-m', 'venv', str(environment)], check=True)
        pip = [str(environment / 'bin' / 'pip'), 'install', '-q', TOOLONG_REQUIREMENT]
        installed = subprocess.run(pip, capture_output=True, text=True, check=False)
        if installed.returncode != 0:
            raise RuntimeError(f'pip could not install {TOOLONG_REQUIREMENT}:\n{installed.stderr}')
    return executable


def toolong(log: Path) -> Contender:
    return Contender(
        'Toolong (tl FILE)',
        [str(toolong_executable()), str(log)],
        toolong_painted,
        tmux_terminal.environment_for(XDG_CONFIG_HOME=str(bench_search.BENCH_ROOT / 'xdg-config')),
        quit_keys=('C-c',),
    )


def milliseconds(values: list[float]) -> str:
    return (
        f'median {statistics.median(values) * 1000:5.0f} ms '
        f'(min {min(values) * 1000:.0f}, max {max(values) * 1000:.0f}, {len(values)} runs)'
    )


# ---------------------------------------------------------------------------------------------
# Runs.


_SESSIONS = iter(range(1_000_000))


def session_name(label: str) -> str:
    return re.sub(r'[^a-z0-9]+', '-', label.lower()).strip('-')[:20] + f'-{next(_SESSIONS)}'


def first_paint(terminal: Terminal, contender: Contender) -> tuple[float, Pane]:
    """Starts a contender; returns its time to paint, from the command, and its pane.

    The CPU time its process had used when the paint was seen is kept in `PAINT_CPU`.
    """
    pane = Pane.start(
        terminal,
        session_name(contender.label),
        contender.command,
        contender.environment,
        SIZE,
        Path.cwd(),
    )
    painted_at = pane.wait_for(contender.painted)
    PAINT_CPU[pane.name] = pane.cpu_seconds()
    return painted_at - pane.started, pane


PAINT_CPU: dict[str, float] = {}
"""Each pane's process's CPU time (all threads) when its first paint was seen, by pane name."""


def interleaved(runs: int, contenders: list[Contender]) -> list[list[Contender]]:
    """Each run's order: every contender once, the first place turning round run by run."""
    count = len(contenders)
    return [[contenders[(run + place) % count] for place in range(count)] for run in range(runs)]


def warm_up(terminal: Terminal, contenders: list[Contender]) -> None:
    """Runs each contender once, unmeasured: its bytecode written, its files in the page cache.

    Each stays on WARM_UP_SETTLE seconds after its paint, so every code has kept what it keeps
    for its next start before the measured runs begin.
    """
    for contender in contenders:
        _, pane = first_paint(terminal, contender)
        time.sleep(WARM_UP_SETTLE)
        pane.stop(contender.quit_keys)


def measure_first_paints(contenders: list[Contender], runs: int) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {contender.label: [] for contender in contenders}
    times.update({f'{contender.label} cpu': [] for contender in contenders})
    terminal = Terminal(f'desk-browser-bench-{time.time_ns()}')
    try:
        warm_up(terminal, contenders)
        for order in interleaved(runs, contenders):
            for contender in order:
                if contender.forgotten is not None:
                    shutil.rmtree(contender.forgotten, ignore_errors=True)
                seconds, pane = first_paint(terminal, contender)
                times[contender.label].append(seconds)
                times[f'{contender.label} cpu'].append(PAINT_CPU[pane.name])
                pane.stop(contender.quit_keys)
                time.sleep(0.2)
    finally:
        terminal.close()
    return times


def report_first_paint(
    desks: dict[str, Path], runs: int, baseline: Path | None, *, forget_drawings: bool = False
) -> None:
    """Prints the first paint from the command of the bare app and of desk-browser per desk.

    Args:
        desks: the bench desks by size.
        runs: the measured runs of each program.
        baseline: another checkout's `src`, run interleaved with this one; None for none.
        forget_drawings: each desk-browser start finds no kept answers (they are removed first).
    """
    contenders = [bare_app()]
    for size, desk in desks.items():
        contenders.append(
            desk_browser(f'desk-browser {size}', desk, None, forget_drawings=forget_drawings)
        )
        if baseline is not None:
            contenders.append(
                desk_browser(
                    f'desk-browser {size} (baseline)',
                    desk,
                    baseline,
                    forget_drawings=forget_drawings,
                )
            )
    times = measure_first_paints(contenders, runs)
    kept = 'no kept answers' if forget_drawings else 'answers kept by the warm-up'
    print(
        f'\n== first paint in a real terminal (tmux {SIZE[0]}x{SIZE[1]}, from the command, '
        f'{runs} interleaved runs, {kept})'
    )
    bare = statistics.median(times[contenders[0].label])
    for contender in contenders:
        values = times[contender.label]
        ratio = statistics.median(values) / bare
        suffix = '' if contender is contenders[0] else f'   {ratio:.2f}x the bare app'
        print(f'  {contender.label:<32} {milliseconds(values)}{suffix}')
    # The CPU each process had used by then: what the clock shows on a quiet machine, and far
    # steadier than the clock when other work shares the cores.
    print('  CPU time used by the first paint (all threads; steadier on a busy machine):')
    bare_cpu = statistics.median(times[f'{contenders[0].label} cpu'])
    for contender in contenders:
        values = times[f'{contender.label} cpu']
        ratio = statistics.median(values) / bare_cpu
        suffix = '' if contender is contenders[0] else f'   {ratio:.2f}x the bare app'
        print(f'  {contender.label:<32} {milliseconds(values)}{suffix}')
    # The machine's speed moves within a sitting (the bare app's own runs spread by a quarter),
    # so a ratio of two medians moves with whichever spell each median fell in. Each run holds
    # every contender once, a few seconds apart: a run's own ratio cancels the spell it ran in.
    print('  run by run, each against the bare app of its own run (clock / CPU):')
    for contender in contenders[1:]:
        print(
            f'  {contender.label:<32} '
            f'{paired_ratios(times[contender.label], times[contenders[0].label])} / '
            f'{paired_ratios(times[f"{contender.label} cpu"], times[f"{contenders[0].label} cpu"])}'
        )


def paired_ratios(values: list[float], bare: list[float]) -> str:
    """The median and spread of each run's ratio of a contender's time to the bare app's.

    Args:
        values: the contender's times, one a run.
        bare: the bare app's times in the same runs, in the same order.

    Returns:
        The median ratio with its lowest and highest, for the report.
    """
    ratios = [value / base for value, base in zip(values, bare, strict=True)]
    return f'{statistics.median(ratios):.2f}x ({min(ratios):.2f}-{max(ratios):.2f})'


def desk_browser_long(terminal: Terminal, contender: Contender, last: int) -> dict[str, Any]:
    """desk-browser on the long log: first exchange, then End, page downs and peak memory."""
    seconds, pane = first_paint(terminal, contender)
    try:
        # Once it is still (the background reading done), the exchange view gets the focus
        # (Tab from the sessions list to the tabs, then to the view).
        pane.wait_quiet(lambda screen: screen, [], quiet=1.0, timeout=60)
        pane.send('Tab', 'Tab')
        time.sleep(0.5)
        before = pane.capture()
        sent = pane.send('End')
        ended, _ = pane.wait_quiet(
            exchange_region, before, quiet=0.5, condition=shows_exchange(last)
        )
        before = pane.capture()
        pane.send('Home')
        pane.wait_quiet(exchange_region, before, quiet=0.5)
        page_downs: list[float] = []
        for _ in range(PAGE_DOWNS):
            before = pane.capture()
            pressed = pane.send('PageDown')
            drawn, _ = pane.wait_quiet(exchange_region, before, quiet=0.3)
            page_downs.append(drawn - pressed)
            time.sleep(0.1)
        memory = pane.peak_memory_megabytes()
    finally:
        pane.stop(contender.quit_keys)
    return {
        'first_seconds': seconds,
        'first_cpu_seconds': PAINT_CPU[pane.name],
        'end_seconds': ended - sent,
        'page_down_seconds': page_downs,
        'memory_mb': memory,
    }


def toolong_long(terminal: Terminal, contender: Contender) -> dict[str, Any]:
    seconds, pane = first_paint(terminal, contender)
    try:
        pane.wait_quiet(lambda screen: screen, [], quiet=0.5, timeout=60)
        memory = pane.peak_memory_megabytes()
    finally:
        pane.stop(contender.quit_keys)
    return {
        'first_seconds': seconds,
        'first_cpu_seconds': PAINT_CPU[pane.name],
        'memory_mb': memory,
    }


def report_long_log(
    desk: Path, log: Path, exchanges: int, runs: int, baseline: Path | None
) -> None:
    """Prints Toolong against desk-browser on the same long session log."""
    theirs = toolong(log)
    ours = [desk_browser('desk-browser', desk, None)]
    if baseline is not None:
        ours.append(desk_browser('desk-browser (baseline)', desk, baseline))
    results: dict[str, list[dict[str, Any]]] = {theirs.label: [], **{c.label: [] for c in ours}}
    terminal = Terminal(f'desk-browser-bench-{time.time_ns()}')
    try:
        warm_up(terminal, [theirs, *ours])
        for order in interleaved(runs, [theirs, *ours]):
            for contender in order:
                if contender is theirs:
                    results[contender.label].append(toolong_long(terminal, contender))
                else:
                    results[contender.label].append(
                        desk_browser_long(terminal, contender, exchanges)
                    )
                time.sleep(0.2)
    finally:
        terminal.close()
    size = log.stat().st_size / 1e6
    print(
        f'\n== the long log in a real terminal: {exchanges:,} exchanges, {size:.1f} MB '
        f'(tmux {SIZE[0]}x{SIZE[1]}, {runs} interleaved runs)'
    )
    toolong_first = [result['first_seconds'] for result in results[theirs.label]]
    toolong_memory = [result['memory_mb'] for result in results[theirs.label]]
    toolong_cpu = [result['first_cpu_seconds'] for result in results[theirs.label]]
    print(
        f'  {theirs.label:<24} its lines on screen:       {milliseconds(toolong_first)}; '
        f'peak memory {statistics.median(toolong_memory):.0f} MB'
    )
    print(f'  {"":<24} CPU used by then:          {milliseconds(toolong_cpu)}')
    for contender in ours:
        found = results[contender.label]
        first = [result['first_seconds'] for result in found]
        ratio = statistics.median(first) / statistics.median(toolong_first)
        print(
            f'  {contender.label:<24} its first exchange on screen: {milliseconds(first)}   '
            f'{ratio:.2f}x Toolong (target 0.8)'
        )
        cpu = [result['first_cpu_seconds'] for result in found]
        cpu_ratio = statistics.median(cpu) / statistics.median(toolong_cpu)
        print(
            f'  {"":<24} CPU used by then:          {milliseconds(cpu)}   {cpu_ratio:.2f}x Toolong'
        )
        ends = [result['end_seconds'] * 1000 for result in found]
        pages = [value * 1000 for result in found for value in result['page_down_seconds']]
        memory = [result['memory_mb'] for result in found]
        print(
            f'  {"":<24} End to the last exchange drawn: median {statistics.median(ends):.0f} ms '
            f'(max {max(ends):.0f}; target 100)'
        )
        print(
            f'  {"":<24} page down, per key: median {statistics.median(pages):.0f} ms '
            f'(max {max(pages):.0f}, {len(pages)} keys; target 50)'
        )
        print(
            f'  {"":<24} peak resident memory: median {statistics.median(memory):.0f} MB '
            f'(max {max(memory):.0f}; target under 150)'
        )
