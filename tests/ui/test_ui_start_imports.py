"""Starting the browser imports only what its first screen needs (the rest loads when opened)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

AFTER_THE_FIRST_PAINT = [
    'desk_browser.memory.index.search',
    'desk_browser.memory.index.store',
    'desk_browser.memory.index.status',
    'sqlite3',
    'desk_browser.memory.session_search',
    'desk_browser.memory.search_scope',
    'desk_browser.memory.desk_check',
    'desk_browser.memory.journal',
    'hashlib',
]
"""Imported by the index build and the problem check, which start right after the first paint:
the search and its index (the file memo names its file without SQLite), the desk check, the
journal's reader (the first screen reads no journal), and hashlib, which the index's rows use (its
OpenSSL set-up is ~2 ms: the start's digests are made with the interpreter's own SHA-256,
memory.digests)."""

LOADED_LATER = [
    'desk_browser.ui.screens.day_screen',
    'desk_browser.ui.screens.go_to_day_screen',
    'desk_browser.ui.screens.help_screen',
    'desk_browser.ui.screens.problems_screen',
    'desk_browser.ui.screens.record_screen',
    'desk_browser.ui.screens.search_screen',
    'desk_browser.ui.search_messages',
    'desk_browser.ui.widgets.safe_markdown',
    'textual.widgets._markdown',
    'rich.syntax',
    'pygments',
    'textual.widgets._header',
    'rapidfuzz',
    'desk_browser.presentation.documents',
    'desk_browser.ui.copy_export',
    'desk_browser.presentation.exports',
    'desk_browser.presentation.day_data',
    'desk_browser.presentation.hit_details',
    'desk_browser.ui.widgets.timeline',
    'importlib.metadata',
    'argparse',
    'desk_browser.commands.common',
    *AFTER_THE_FIRST_PAINT,
]
"""Modules the main screen's first frame does without: other screens, the summary's Markdown
widget, Pygments (loaded with Rich's Markdown once the first frame is drawn: exchange_cards),
Textual's Header (DeskHeader draws the title bar), the did-you-mean's fuzzy matching, what copying
and exporting make and write (copy_export, documents, exports, the day's records), the hits'
details, the day view's timeline, importlib.metadata (Textual's version is checked without it),
argparse (`desk-browser [DESK]` is read without it, cli.plain_browsing) and the commands' common
options, and what starts after the first paint."""


COMMANDS = [
    'desk_browser.commands.search',
    'desk_browser.commands.state',
    'desk_browser.commands.sessions',
    'desk_browser.commands.check',
    'desk_browser.commands.serve',
]


SHOWN_FIRST = """
import asyncio
from pathlib import Path
from desk_browser.ui.app import make_app
from desk_browser.ui.widgets.exchange_view import ExchangeView

async def run() -> None:
    app = make_app(Path(DESK), cursor_blink=False, animation_level='none', theme='textual-dark')
    async with app.run_test(size=(120, 40)) as pilot:
        view = app.screen.query_one(ExchangeView)
        while not view.rendered_indexes:
            await asyncio.sleep(0.01)
        await pilot.pause()

asyncio.run(run())
"""
"""Runs the app headless until the first session's cards are drawn."""


def modules_after(statement: str) -> set[str]:
    code = f'import json, sys\n{statement}\nprint(json.dumps(sorted(sys.modules)))'
    completed = subprocess.run(
        [sys.executable, '-c', code], capture_output=True, text=True, check=True
    )
    return set(json.loads(completed.stdout))


def test_the_app_imports_none_of_what_its_first_screen_does_without() -> None:
    loaded = modules_after('import desk_browser.cli, desk_browser.ui.app')
    assert 'desk_browser.ui.screens.main_screen' in loaded
    assert [name for name in LOADED_LATER if name in loaded] == []
    assert [name for name in COMMANDS if name in loaded] == []


def test_the_first_screen_drawn_has_imported_none_of_what_it_does_without(
    demo_desk: Path,
) -> None:
    # The index build and the problem check are left out here: they start after the first paint.
    # So are rich.syntax and Pygments, which Rich's Markdown loads as it loads, right after the
    # first frame (test_ui_plain_first_answers looks at that frame itself).
    left_out = {*AFTER_THE_FIRST_PAINT, 'rich.syntax', 'pygments'}
    later = [name for name in LOADED_LATER if name not in left_out]
    loaded = modules_after(f'DESK = {str(demo_desk)!r}\n{SHOWN_FIRST}')
    assert 'desk_browser.ui.widgets.exchange_rendering' in loaded
    assert [name for name in later if name in loaded] == []
    assert [name for name in COMMANDS if name in loaded] == []


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
