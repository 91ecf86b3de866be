"""Benchmark: instructions to the first paint (valgrind callgrind), steady where the clock is not.

Run as a script (not collected by pytest):

    .venv/bin/python benchmarks/bench_instructions.py                   # week and five years
    .venv/bin/python benchmarks/bench_instructions.py --sizes week --repeats 3
    .venv/bin/python benchmarks/bench_instructions.py --baseline /path/to/other/checkout/src
    .venv/bin/python benchmarks/bench_instructions.py --source src --baseline /path/to/main/src
    .venv/bin/python benchmarks/bench_instructions.py --sizes week --theme nord
    .venv/bin/python benchmarks/bench_instructions.py --sizes week --forget-drawings

Each program runs headless at 120x40 under `valgrind --tool=callgrind --separate-threads=yes`,
a process a run (the programs are headless_start.py's modes), and is counted in instructions
executed, on the main thread and on all threads together:

- `python -c pass`: the interpreter's own start and exit;
- the bare app's imports alone (what bare_app.py imports: textual, Header, Static, Footer), and
  the bare Textual app (bare_app.py) until its first frame is drawn;
- desk-browser's imports alone (`desk_browser.cli` and `desk_browser.ui.app`, with the first
  desk's cache folder), and
  `desk-browser DESK` on each bench desk (--sizes, the week and five-year desks by default) until
  it has painted the state, the sessions list and the current session's first exchange (the
  condition bench_app measures its first paint by). It runs the command's own path
  (`cli.main`: gc.disable, the first read started before the app's modules are imported,
  `make_app(first_read=...)`, the event loop `quitting.run_app` makes) with the bench desk's cache
  and an empty settings folder, as bench_terminal's runs in tmux have them (`--theme NAME`: a
  settings folder of its own that remembers that theme, as a person who chose one has it). With
`--forget-drawings`, each counted desk start finds no kept answers (`<cache>/drawn` removed
before it, as bench_app's --forget-drawings does): for a baseline from before round 20, which
keeps its first answers' lines there, its start that imports Rich's Markdown and renders them (a
first start). Since round 20 every start draws its first answers as plain text.

A start's count ends with its painted frame: the process ends there (os._exit), so neither its
teardown nor what timers start after the paint (the index build, which a run under valgrind's
slow clock reaches before its exit or not) is counted. `--to-exit` counts each start to its
exit instead, as before round 21.

Each run's line gives each thread's count too (the main thread's, then the others' in the order
they started: desk-browser's first read is the second), the steadier guide to work moved between
threads. Printed per program: the median of --repeats runs (2) on the main thread and on all
threads, with the spread (highest less lowest) of the main thread's, and the ratio to the bare app's
(imports to the bare app's imports); then the run phase (the first paint less the imports) and
what the app's imports add to the bare app's. `--baseline SRC` runs desk-browser's programs again
with the code of another checkout's `src` folder, with that code's own cache folder as in
bench_terminal, for before-and-after figures from one run: SRC takes the installed tree's place
on sys.path (headless_start's DESK_BENCH_SOURCE), so both search as many folders at each import
(PYTHONPATH=SRC would add one, about 5 M instructions more for the same code). `--source SRC`
counts this tree's programs with another checkout's `src` in the same way (the installed tree
may be a shared checkout that moves while you measure).

The desks are bench_search's, their indexes and file memos brought up to date first (bench_app's
way), and every program runs once unmeasured before the counted runs. Both trees' bytecode is
compiled first and the programs run without PYTHONDONTWRITEBYTECODE (which this machine's shells
set), as installed programs and tmux_terminal's do: otherwise every start compiles the app's
modules (about 450 M instructions).

Instructions are not seconds: they stand in for the CPU a start costs, not for the clock, nor
for the terminal (the headless driver writes nothing). Without valgrind this prints so and exits.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCHMARKS))

import bench_app  # noqa: E402  (the desks are brought up to date bench_app's way)
import bench_search  # noqa: E402
import bench_terminal  # noqa: E402
import headless_start  # noqa: E402
import tmux_terminal  # noqa: E402

HEADLESS_START = BENCHMARKS / 'headless_start.py'
VALGRIND = ['valgrind', '--tool=callgrind', '--separate-threads=yes']
TIMEOUT_SECONDS = 600
"""The longest a counted run may take (a minute or two, 50 times slower than without valgrind).
Now and then a start under valgrind never gets to its paint (its main thread kept busy): such a
run is killed and run again, once."""
OUTPUT_NAME = 'callgrind.out'
"""callgrind writes one file a thread: OUTPUT_NAME-01 (the main thread), -02, ..."""

CACHE = 'cache-instructions'
BASELINE_CACHE = 'cache-instructions-baseline'
"""The desks' cache folders here (the index, the file memo, the drawn answers), for this tree's
code and the baseline's: of this benchmark's own, so another benchmark (or another code's app)
running meanwhile neither locks nor rewrites the index the counted runs open."""

PASS = 'python -c pass'
BARE_IMPORTS = 'bare app: imports'
BARE = 'bare Textual app'
DESK_IMPORTS = 'desk-browser: imports'


@dataclass
class Program:
    """One program to count: its label, its arguments after `python`, and its environment."""

    label: str
    arguments: list[str]
    environment: dict[str, str]
    compared_to: str | None
    """The label of the bare app's program its ratio is to (None: no ratio)."""
    imports: str | None = None
    """For a first paint, the label of its imports alone (for the run phase)."""
    forgotten: Path | None = None
    """A folder removed before each counted run (--forget-drawings: the kept answers)."""


@dataclass
class Count:
    """The instructions of one run: on the main thread and on every thread."""

    main_thread: int
    all_threads: int
    threads: list[int] = field(default_factory=list)
    """Each thread's, in callgrind's order (the main thread, then each in the order it started:
    desk-browser's first read is the second)."""


@dataclass
class Counts:
    """A program's runs."""

    program: Program
    runs: list[Count] = field(default_factory=list)

    @property
    def main_thread(self) -> float:
        return statistics.median(run.main_thread for run in self.runs)

    @property
    def all_threads(self) -> float:
        return statistics.median(run.all_threads for run in self.runs)

    @property
    def spread(self) -> int:
        values = [run.main_thread for run in self.runs]
        return max(values) - min(values)


def child_environment(extra: dict[str, str]) -> dict[str, str]:
    """The environment a program runs in: this one, writing bytecode, with `extra`.

    PYTHONPATH is dropped (this tree's code is the installed one) unless `extra` sets it.
    """
    environment = dict(os.environ)
    environment.pop('PYTHONDONTWRITEBYTECODE', None)
    environment.pop('PYTHONPATH', None)
    environment.update(tmux_terminal.environment_for(**extra))
    return environment


def remembered_theme(theme: str) -> dict[str, str]:
    """XDG_CONFIG_HOME for a settings file that remembers `theme` (the bench's own folder)."""
    config_home = bench_search.BENCH_ROOT / f'xdg-config-{theme}'
    settings = config_home / 'desk-browser' / 'settings.json'
    settings.parent.mkdir(parents=True, exist_ok=True)
    settings.write_text(json.dumps({'theme': theme}) + '\n', encoding='utf-8')
    return {'XDG_CONFIG_HOME': str(config_home)}


def desk_programs(
    sizes: list[str],
    baseline: Path | None,
    theme: str | None,
    forget_drawings: bool = False,
    source: Path | None = None,
) -> list[Program]:
    """desk-browser's imports and first paints, for this tree (or `source`) and the baseline's."""
    settings = {} if theme is None else remembered_theme(theme)
    trees: list[tuple[str, Path | None, str]] = [('', source, CACHE)]
    if baseline is not None:
        trees.append((' (baseline)', baseline, BASELINE_CACHE))
    programs: list[Program] = []
    for suffix, source, cache in trees:
        python_path = {} if source is None else {headless_start.SOURCE_VARIABLE: str(source)}
        imports = DESK_IMPORTS + suffix
        # The first desk's cache folder, as a start has it.
        first_cache = bench_terminal.xdg_environment(bench_search.desk_path(sizes[0]).parent, cache)
        programs.append(
            Program(
                imports,
                [str(HEADLESS_START), 'desk-imports'],
                child_environment(first_cache | python_path),
                BARE_IMPORTS,
            )
        )
        for size in sizes:
            desk = bench_search.desk_path(size)
            environment = bench_terminal.xdg_environment(desk.parent, cache) | python_path
            environment |= settings
            programs.append(
                Program(
                    f'desk-browser {size}{suffix}',
                    [str(HEADLESS_START), 'desk', str(desk)],
                    child_environment(environment),
                    BARE,
                    imports,
                    desk.parent / cache / 'drawn' if forget_drawings else None,
                )
            )
    return programs


def all_programs(
    sizes: list[str],
    baseline: Path | None,
    theme: str | None,
    forget_drawings: bool = False,
    source: Path | None = None,
) -> list[Program]:
    plain = child_environment({})
    return [
        Program(PASS, ['-c', 'pass'], plain, None),
        Program(BARE_IMPORTS, [str(HEADLESS_START), 'bare-imports'], plain, BARE_IMPORTS),
        Program(BARE, [str(HEADLESS_START), 'bare'], plain, BARE, BARE_IMPORTS),
        *desk_programs(sizes, baseline, theme, forget_drawings, source),
    ]


def installed_source() -> Path:
    """The src folder this environment's desk_browser is imported from (PYTHONPATH left out)."""
    found = subprocess.run(
        [sys.executable, '-c', 'import desk_browser; print(desk_browser.__file__)'],
        capture_output=True,
        text=True,
        check=True,
        env=child_environment({}),
    )
    return Path(found.stdout.strip()).parent.parent


def compile_bytecode(folders: list[Path]) -> None:
    """Writes the bytecode of every module in the folders (as an installed program has it)."""
    for folder in folders:
        subprocess.run(
            [sys.executable, '-m', 'compileall', '-q', str(folder)],
            check=True,
            stdout=subprocess.DEVNULL,
            env=child_environment({}),
        )


def prepare_desk(size: str, baseline: Path | None, source: Path | None = None) -> None:
    """Builds a missing desk (bench_search's way) and brings each tree's cache of it up to date.

    A missing cache folder starts as a copy of bench_app's (`cache`, or the baseline's
    `cache-baseline`), so its index need not be built cold.
    """
    built = bench_app.run_worker(['desk', size])
    if built['built']:
        print(f'  desk built in {built["seconds"]:.1f} s')
    trees = [(CACHE, 'cache', source, 'this tree')]
    if baseline is not None:
        trees.append((BASELINE_CACHE, bench_terminal.BASELINE_CACHE, baseline, 'baseline'))
    for cache, copied, source, label in trees:
        folder = bench_search.BENCH_ROOT / size / cache
        if not folder.exists() and (folder.parent / copied).is_dir():
            shutil.copytree(folder.parent / copied, folder)
        indexed = bench_app.run_worker(['index', size], source, cache)
        print(
            f'  {label}: index brought up to date in {indexed["seconds"]:.1f} s '
            f'({indexed["status"]}) in {folder}'
        )


def run_plainly(program: Program) -> None:
    """Runs a program once without valgrind (its caches written as a second start finds them).

    A desk-browser start stays on after its paint until its first answers' lines are kept
    (headless_start.SETTLE_VARIABLE), as a start someone used for a moment does: the counted
    starts then draw them from those lines, not with Markdown.
    """
    completed = subprocess.run(
        [sys.executable, *program.arguments],
        capture_output=True,
        text=True,
        check=False,
        env={**program.environment, headless_start.SETTLE_VARIABLE: '1'},
    )
    if completed.returncode != 0:
        raise RuntimeError(f'{program.label} failed:\n{completed.stderr}')


def count_instructions(program: Program) -> Count:
    """Runs a program under callgrind, again if it takes too long once (see TIMEOUT_SECONDS).

    Returns:
        Its instructions on the main thread and on all threads.
    """
    try:
        return count_once(program)
    except subprocess.TimeoutExpired:
        print(f'  {program.label}: still running after {TIMEOUT_SECONDS} s; once more')
        return count_once(program)


def count_once(program: Program) -> Count:
    """Runs a program under callgrind; returns its instructions on the main and all threads.

    Raises:
        RuntimeError: The program (or valgrind) failed, or wrote no counts.
        subprocess.TimeoutExpired: It ran for more than TIMEOUT_SECONDS (it is killed).
    """
    if program.forgotten is not None:
        shutil.rmtree(program.forgotten, ignore_errors=True)
    with tempfile.TemporaryDirectory(prefix='bench-instructions-') as folder:
        output = Path(folder) / OUTPUT_NAME
        completed = subprocess.run(
            [*VALGRIND, f'--callgrind-out-file={output}', sys.executable, *program.arguments],
            capture_output=True,
            text=True,
            check=False,
            env=program.environment,
            timeout=TIMEOUT_SECONDS,
        )
        if completed.returncode != 0:
            raise RuntimeError(f'{program.label} failed under valgrind:\n{completed.stderr}')
        threads = {path.name: summary(path) for path in Path(folder).glob(f'{OUTPUT_NAME}-[0-9]*')}
    main_name = f'{OUTPUT_NAME}-01'
    if main_name not in threads:
        raise RuntimeError(f'{program.label}: callgrind wrote no count of the main thread')
    return Count(
        threads[main_name], sum(threads.values()), [threads[name] for name in sorted(threads)]
    )


def summary(path: Path) -> int:
    """The instructions a callgrind output file counts (its `summary:` line)."""
    with open(path, encoding='utf-8', errors='replace') as handle:
        for line in handle:
            if line.startswith('summary:'):
                return int(line.split()[1])
    raise RuntimeError(f'{path}: no summary line')


def giga(instructions: float) -> str:
    return f'{instructions / 1e9:.3f} G'


def mega(instructions: float) -> str:
    return f'{instructions / 1e6:+,.0f} M'


def report(counts: dict[str, Counts], repeats: int) -> None:
    """Prints the table, the run phases, the imports' difference and the baseline's."""
    end = 'then exit' if os.environ.get(headless_start.TO_EXIT_VARIABLE) else 'and no further'
    print(
        f'\n== instructions from the start to the first paint, {end} (valgrind callgrind, '
        f'headless {headless_size()}, median of {repeats} runs; G = 10^9 instructions)'
    )
    print(
        f'  {"program":<36} {"main thread":>11} {"spread":>8} {"all threads":>12}   '
        f'ratio to the bare app (main / all)'
    )
    for found in counts.values():
        program = found.program
        ratio = ''
        if program.compared_to is not None and program.label != program.compared_to:
            bare = counts[program.compared_to]
            what = 'imports' if program.compared_to == BARE_IMPORTS else 'first paint'
            ratio = (
                f'   {found.main_thread / bare.main_thread:.2f}x / '
                f'{found.all_threads / bare.all_threads:.2f}x (its {what})'
            )
        print(
            f'  {program.label:<36} {giga(found.main_thread):>11} '
            f'{found.spread / 1e6:6.1f} M {giga(found.all_threads):>12}{ratio}'
        )
    print(
        '  run phase on the main thread (the first paint less the imports), against the bare app:'
    )
    bare_run = counts[BARE].main_thread - counts[BARE_IMPORTS].main_thread
    for found in counts.values():
        if found.program.imports is None:
            continue
        run = found.main_thread - counts[found.program.imports].main_thread
        against = '' if found.program.label == BARE else f'   {mega(run - bare_run)}'
        print(f'  {found.program.label:<36} {giga(run):>11}{against}')
    print("  imports beyond the bare app's, on the main thread:")
    for found in counts.values():
        if found.program.label.startswith(DESK_IMPORTS):
            extra = found.main_thread - counts[BARE_IMPORTS].main_thread
            print(f'  {found.program.label:<36} {mega(extra):>11}')
    baseline = [label for label in counts if label.endswith(' (baseline)')]
    if baseline:
        print('  this tree against the baseline (main thread / all threads):')
        for label in baseline:
            now = counts[label.removesuffix(' (baseline)')]
            before = counts[label]
            print(
                f'  {now.program.label:<36} {mega(now.main_thread - before.main_thread):>11} / '
                f'{mega(now.all_threads - before.all_threads)}'
            )


def headless_size() -> str:
    return f'{bench_terminal.SIZE[0]}x{bench_terminal.SIZE[1]}'


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--sizes', default='week,five', help='comma-separated: week, year, five')
    parser.add_argument('--repeats', type=int, default=2, help='counted runs per program')
    parser.add_argument(
        '--baseline',
        type=Path,
        metavar='SRC',
        help="also count desk-browser with PYTHONPATH=SRC (another checkout's src folder)",
    )
    parser.add_argument(
        '--source',
        type=Path,
        metavar='SRC',
        help="count this tree's desk-browser from SRC (a checkout's src) instead of the installed",
    )
    parser.add_argument(
        '--theme',
        metavar='NAME',
        help="start desk-browser with this Textual theme remembered (default: none, Textual's)",
    )
    parser.add_argument(
        '--forget-drawings',
        action='store_true',
        help='count each desk start with no kept answers (<cache>/drawn removed before it)',
    )
    parser.add_argument(
        '--to-exit',
        action='store_true',
        help="count each start to its exit (its teardown too), not to the end of its paint's frame",
    )
    arguments = parser.parse_args()
    if arguments.to_exit:  # Every program's environment starts from this one's.
        os.environ[headless_start.TO_EXIT_VARIABLE] = '1'
    if shutil.which('valgrind') is None:
        print('no valgrind: nothing counted (install it, e.g. apt-get install valgrind)')
        return 0
    sizes = [size for size in arguments.sizes.split(',') if size]
    baseline = arguments.baseline.resolve() if arguments.baseline is not None else None
    override = arguments.source.resolve() if arguments.source is not None else None
    source = override or installed_source()
    print(f'this tree: {source}' + (f'; baseline: {baseline}' if baseline else ''))
    print(f'theme remembered: {arguments.theme or "none (the default)"}')
    kept = 'none (removed before each)' if arguments.forget_drawings else 'as the first run kept'
    print(f'kept answers: {kept}')
    compile_bytecode([source, BENCHMARKS, *([baseline] if baseline else [])])
    for size in sizes:
        print(f'== {size}: {bench_search.SIZES[size]} trading days')
        prepare_desk(size, baseline, override)
    programs = all_programs(sizes, baseline, arguments.theme, arguments.forget_drawings, override)
    for program in programs:
        run_plainly(program)
    counts = {program.label: Counts(program) for program in programs}
    for repeat in range(arguments.repeats):
        for program in programs:
            count = count_instructions(program)
            counts[program.label].runs.append(count)
            print(
                f'  run {repeat + 1}/{arguments.repeats}: {program.label:<36} '
                f'{giga(count.main_thread)} main thread, {giga(count.all_threads)} all'
                f' (threads: {" ".join(f"{thread / 1e6:.1f}" for thread in count.threads)} M)',
                flush=True,
            )
    report(counts, arguments.repeats)
    return 0


if __name__ == '__main__':
    sys.exit(main())
