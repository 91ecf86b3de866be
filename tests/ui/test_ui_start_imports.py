"""Starting the browser imports only what its first screen needs (the rest loads when opened)."""

from __future__ import annotations

import json
import subprocess
import sys

LOADED_LATER = [
    'desk_browser.ui.screens.day_screen',
    'desk_browser.ui.screens.go_to_day_screen',
    'desk_browser.ui.screens.help_screen',
    'desk_browser.ui.screens.problems_screen',
    'desk_browser.ui.screens.record_screen',
    'desk_browser.ui.screens.search_screen',
    'desk_browser.ui.widgets.safe_markdown',
    'textual.widgets._markdown',
    'rapidfuzz',
]
"""Modules the main screen's first frame does without: other screens, the summary's Markdown
widget, the did-you-mean's fuzzy matching."""

COMMANDS = [
    'desk_browser.commands.search',
    'desk_browser.commands.state',
    'desk_browser.commands.sessions',
    'desk_browser.commands.check',
    'desk_browser.commands.serve',
]


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


def test_a_subcommand_imports_its_own_module_only() -> None:
    loaded = modules_after(
        'from desk_browser.commands.registry import SUBCOMMANDS\nSUBCOMMANDS["state"]'
    )
    assert 'desk_browser.commands.state' in loaded
    assert 'desk_browser.commands.search' not in loaded
