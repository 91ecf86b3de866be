"""Starting the browser imports only what its first screen needs (the rest loads when opened).

The first screen's import set is held by an allowlist: our modules by name, third-party modules
by package, the standard library by rule (`sys.stdlib_module_names`), each less the few modules
the first screen keeps off on purpose.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

import pytest

FIRST_SCREEN_MODULES = frozenset(
    {
        'desk_browser',
        'desk_browser.cli',
        'desk_browser.commands',
        'desk_browser.commands.registry',
        'desk_browser.live',
        'desk_browser.live.first_read',
        'desk_browser.live.foreground',
        'desk_browser.live.live_desk',
        'desk_browser.live.services',
        'desk_browser.live.session_counting',
        'desk_browser.memory',
        'desk_browser.memory.appended_lines',
        'desk_browser.memory.cache_folders',
        'desk_browser.memory.cache_writing',
        'desk_browser.memory.desk_files',
        'desk_browser.memory.desk_watch',
        'desk_browser.memory.digests',
        'desk_browser.memory.exchange_facts',
        'desk_browser.memory.file_memo',
        'desk_browser.memory.file_reading',
        'desk_browser.memory.file_status',
        'desk_browser.memory.file_writing',
        'desk_browser.memory.json_lines',
        'desk_browser.memory.order_memo',
        'desk_browser.memory.problems',
        'desk_browser.memory.session_ids',
        'desk_browser.memory.session_reading',
        'desk_browser.memory.session_records',
        'desk_browser.memory.session_store',
        'desk_browser.memory.workspace',
        'desk_browser.presentation',
        'desk_browser.presentation.asked_times',
        'desk_browser.presentation.desk_data',
        'desk_browser.presentation.formatting',
        'desk_browser.presentation.listed_sessions',
        'desk_browser.presentation.navigation',
        'desk_browser.presentation.problem_explanations',
        'desk_browser.presentation.safe_text',
        'desk_browser.presentation.search_history',
        'desk_browser.presentation.settings',
        'desk_browser.presentation.start_view',
        'desk_browser.presentation.unusable_state',
        'desk_browser.quitting',
        'desk_browser.ui',
        'desk_browser.ui.app',
        'desk_browser.ui.copy_keys',
        'desk_browser.ui.covered_screens',
        'desk_browser.ui.disk_reads',
        'desk_browser.ui.following',
        'desk_browser.ui.heap_freezing',
        'desk_browser.ui.interpreter_turns',
        'desk_browser.ui.line_places',
        'desk_browser.ui.messages',
        'desk_browser.ui.screens',
        'desk_browser.ui.screens.desk_screen',
        'desk_browser.ui.screens.main_screen',
        'desk_browser.ui.screens.main_screen_reads',
        'desk_browser.ui.search_indexing',
        'desk_browser.ui.textual_compat',
        'desk_browser.ui.widgets',
        'desk_browser.ui.widgets.block_heights',
        'desk_browser.ui.widgets.desk_footer',
        'desk_browser.ui.widgets.desk_header',
        'desk_browser.ui.widgets.desk_text_look',
        'desk_browser.ui.widgets.exchange_cards',
        'desk_browser.ui.widgets.exchange_rendering',
        'desk_browser.ui.widgets.exchange_view',
        'desk_browser.ui.widgets.familiar_keys',
        'desk_browser.ui.widgets.fitted_line',
        'desk_browser.ui.widgets.followed_log',
        'desk_browser.ui.widgets.live_status',
        'desk_browser.ui.widgets.new_exchanges_marker',
        'desk_browser.ui.widgets.reading_panel',
        'desk_browser.ui.widgets.row_list',
        'desk_browser.ui.widgets.scroll_size',
        'desk_browser.ui.widgets.search_launcher',
        'desk_browser.ui.widgets.session_list',
        'desk_browser.ui.widgets.state_pane',
        'desk_browser.ui.widgets.summary_pane',
        'desk_browser.ui.widgets.summary_view',
        'desk_browser.ui.widgets.tab_bar',
        'desk_browser.ui.widgets.tabbed_panes',
    }
)
"""Our modules that `desk-browser DESK` may import before its first screen is drawn. Each one
costs the start its import (and a dataclass defined in it ~2-4 M instructions): a module the
first frame does without belongs after it (imported where it is used, in code that runs later)."""

THIRD_PARTY_PACKAGES = frozenset({'textual', 'rich', 'typing_extensions', 'platformdirs', 'orjson'})
"""The packages beyond the standard library the first screen may import (any of their modules
but those in KEPT_OFF): Textual and what it imports, and orjson for the desk's JSON."""

KEPT_OFF = {
    'argparse': '`desk-browser [DESK]` is read without it (cli.plain_browsing)',
    'hashlib': "the index's rows use it; the start's digests are the interpreter's own SHA-256",
    'importlib.metadata': "Textual's version is checked without it",
    'sqlite3': 'the index opens after the first paint',
    'rich.markdown': 'the first answers are plain text; Markdown loads on a worker after',
    'rich.syntax': 'loaded with Rich Markdown, after the first paint',
    'textual.widgets._markdown': "the summary's Markdown widget is made once it is shown",
    'textual.widgets._header': 'DeskHeader draws the title bar',
}
"""Modules of the standard library and of THIRD_PARTY_PACKAGES the first screen does without on
purpose, and why."""

AFTER_THE_FIRST_PAINT = (
    'desk_browser.memory.index',
    'desk_browser.memory.desk_check',
    'desk_browser.memory.journal',
    'desk_browser.memory.json_text',
    'desk_browser.memory.session_search',
    'desk_browser.memory.search_scope',
    'desk_browser.memory.word_suggestions',
    'sqlite3',
    'hashlib',
)
"""What the index build and the desk check import (and what they import): they wait for the
first paint, or for a few seconds at most, so a slow machine may start them before it."""

FIRST_PAINT = """
import json, sys
STARTUP = sorted(sys.modules)
AFTER_THE_FRAME = set()


class FirstAnswersImports:
    def find_spec(self, name, path=None, target=None):
        worker = sys.modules.get('textual.worker')
        try:
            current = worker.get_current_worker() if worker else None
        except worker.NoActiveWorker:
            current = None
        if current is not None and current.group == 'first-answers':
            AFTER_THE_FRAME.add(name)
        return None


sys.meta_path.insert(0, FirstAnswersImports())
from desk_browser import cli


def run_until_painted(app, *, headless=False):
    first_paint = app.services.first_paint
    set_first_paint = first_paint.set
    seen = []

    def painted():
        if not seen:
            seen.append(sorted(set(sys.modules) - AFTER_THE_FRAME))
            app.call_later(app.exit)
        set_first_paint()

    first_paint.set = painted
    app.run(headless=True, size=(120, 40))
    print(json.dumps({'startup': STARTUP, 'painted': seen[0]}))


cli.terminal_problem = lambda: None
cli.run_app = run_until_painted
cli.main([DESK])
"""
"""Runs `desk-browser DESK` headless until the app says its first screen is drawn (its services'
`first_paint` is set, after the first session's exchanges are drawn): what it imported by then,
beyond what the interpreter had at its start, less what the first answers' Markdown worker
imported (it starts as the first frame is drawn and may run before first_paint is set)."""


def imported_by_the_first_paint(desk: Path, home: Path) -> set[str]:
    code = f'DESK = {str(desk)!r}\n{FIRST_PAINT}'
    environment = os.environ | {
        'XDG_CACHE_HOME': str(home / 'cache'),
        'XDG_CONFIG_HOME': str(home / 'config'),
    }
    completed = subprocess.run(
        [sys.executable, '-c', code],
        capture_output=True,
        text=True,
        check=True,
        env=environment,
        timeout=120,
    )
    seen = json.loads(completed.stdout)
    return set(seen['painted']) - set(seen['startup'])


def within(name: str, modules: Iterable[str]) -> str | None:
    """The module of `modules` that is `name` or holds it, or None."""
    return next((m for m in modules if name == m or name.startswith(f'{m}.')), None)


def not_allowed(name: str) -> str | None:
    """Why `name` may not be imported before the first paint, or None where it may."""
    package = name.partition('.')[0]
    kept_off = within(name, KEPT_OFF)
    if kept_off is not None:
        return f'{name}: kept off the first screen on purpose ({KEPT_OFF[kept_off]})'
    if package == 'desk_browser':
        if name in FIRST_SCREEN_MODULES:
            return None
        return (
            f'{name}: ours, not in FIRST_SCREEN_MODULES. Import it where it is used after the '
            'first paint, or, if the first frame needs it, add it to FIRST_SCREEN_MODULES in '
            'tests/ui/test_ui_start_imports.py'
        )
    if package in sys.stdlib_module_names or package in THIRD_PARTY_PACKAGES:
        return None
    return (
        f'{name}: package {package!r} is not in THIRD_PARTY_PACKAGES. Import it after the first '
        'paint, or, if the first frame needs it, add it there in tests/ui/test_ui_start_imports.py'
    )


@pytest.mark.parametrize('start', ['first start', 'second start'])
def test_the_first_screen_imports_only_what_is_allowed(
    demo_desk: Path, tmp_path: Path, start: str
) -> None:
    if start == 'second start':  # With what the first start kept in the cache.
        imported_by_the_first_paint(demo_desk, tmp_path)
    loaded = imported_by_the_first_paint(demo_desk, tmp_path)
    assert 'desk_browser.ui.widgets.exchange_rendering' in loaded  # The cards were drawn.
    started_early = {name for name in loaded if within(name, AFTER_THE_FIRST_PAINT)}
    problems = sorted(filter(None, map(not_allowed, loaded - started_early)))
    assert problems == []


def modules_after(statement: str) -> set[str]:
    """What `statement` imports, beyond what the interpreter had at its start."""
    code = (
        f'import json, sys\nstartup = set(sys.modules)\n{statement}\n'
        'print(json.dumps(sorted(set(sys.modules) - startup)))'
    )
    completed = subprocess.run(
        [sys.executable, '-c', code], capture_output=True, text=True, check=True
    )
    return set(json.loads(completed.stdout))


def test_the_app_imports_none_of_what_starts_after_the_first_paint() -> None:
    loaded = modules_after('import desk_browser.cli, desk_browser.ui.app')
    assert 'desk_browser.ui.screens.main_screen' in loaded
    assert [name for name in sorted(loaded) if within(name, AFTER_THE_FIRST_PAINT)] == []
    assert sorted(filter(None, map(not_allowed, loaded))) == []


def test_every_module_allowed_is_one() -> None:
    # A module renamed or removed leaves the list, so the list says what the path is.
    assert [
        name for name in sorted(FIRST_SCREEN_MODULES) if not importlib.util.find_spec(name)
    ] == []


def test_a_subcommand_imports_its_own_module_only() -> None:
    loaded = modules_after(
        'from desk_browser.commands.registry import SUBCOMMANDS\nSUBCOMMANDS["state"]'
    )
    assert 'desk_browser.commands.state' in loaded
    assert 'desk_browser.commands.search' not in loaded


BROWSING_STARTS = """
import json, sys
from desk_browser import cli
from desk_browser.live.first_read import FirstRead

seen = []
start = FirstRead.start


def record_then_start(self):
    seen.append(sorted(name for name in sys.modules if name.split('.')[0] == 'textual'))
    return start(self)


FirstRead.start = record_then_start
cli.terminal_problem = lambda: None
cli.run_app = lambda app: seen.append(type(app._first_read).__name__)
cli.main([DESK])
print(json.dumps(seen))
"""
"""Browses a desk with the app's run left out: what was loaded when the first read started."""


def test_browsing_starts_reading_the_desk_before_textual_loads(demo_desk: Path) -> None:
    code = f'DESK = {str(demo_desk)!r}\n{BROWSING_STARTS}'
    completed = subprocess.run(
        [sys.executable, '-c', code], capture_output=True, text=True, check=True
    )
    textual_loaded, handed_to_the_app = json.loads(completed.stdout)
    assert textual_loaded == []
    assert handed_to_the_app == 'FirstRead'


BROWSING_RUNS = """
import json, sys
from desk_browser import cli

cli.terminal_problem = lambda: None
cli.run_app = lambda app: print(json.dumps(sorted(name for name in LATER if name in sys.modules)))
cli.main(ARGV)
"""
"""Browses a desk up to running the app: which of LATER were loaded by then."""


@pytest.mark.parametrize('options', [[], ['--session', '2026-10-21-2']])
def test_browsing_loads_argparse_only_for_a_command_line_with_options(
    demo_desk: Path, options: list[str]
) -> None:
    later = ['argparse', 'desk_browser.commands.common']
    argv = [str(demo_desk), *options]
    code = f'LATER = {later!r}\nARGV = {argv!r}\n{BROWSING_RUNS}'
    completed = subprocess.run(
        [sys.executable, '-c', code], capture_output=True, text=True, check=True
    )
    assert json.loads(completed.stdout) == (later if options else [])
