"""Tests of the `desk-browser` command line."""

from __future__ import annotations

import datetime
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from textual.app import App
from textual.pilot import Pilot

from desk_browser import __version__, cli
from desk_browser.ui.app import DeskBrowser
from tests.helpers.pilot import settle, widget_texts


def test_a_missing_desk_exits_2_naming_the_path(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / 'no-such-desk'
    assert cli.main([str(missing)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ''
    lines = captured.err.splitlines()
    assert len(lines) == 1
    assert str(missing) in lines[0]
    assert 'no such folder' in lines[0]


def test_a_file_instead_of_a_folder_exits_2_naming_the_path(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / 'state.json'
    file.write_text('{}', encoding='utf-8')
    assert cli.main([str(file)]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1
    assert str(file) in err
    assert 'not a folder' in err


def test_version_prints_the_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        cli.main(['--version'])
    assert exit_info.value.code == 0
    assert __version__ in capsys.readouterr().out


def test_help_shows_examples(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(['--help'])
    out = capsys.readouterr().out
    assert 'desk-browser --demo' in out
    assert 'examples:' in out


def test_desk_and_demo_together_is_a_usage_error(tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as exit_info:
        cli.main([str(tmp_path), '--demo'])
    assert exit_info.value.code == 2


@pytest.mark.parametrize(
    ('argv', 'said'),
    [
        (['--desks', '3'], '--desks N goes with --demo'),
        (['--demo', '--desks', '3', '--day', 'today'], '--day opens one desk, not a demo'),
    ],
)
def test_desks_without_demo_or_with_a_view_is_a_usage_error(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Both were ignored: the current folder was browsed, the Desks screen opened."""
    with pytest.raises(SystemExit) as exit_info:
        cli.main(argv)
    assert exit_info.value.code == 2
    assert said in capsys.readouterr().err


def test_a_folder_of_desks_with_a_view_exits_2_naming_a_desk(
    demo_workspace: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """--session and --day open one desk: the Desks screen opened without them."""
    monkeypatch.setattr(cli, 'terminal_problem', lambda: None)
    monkeypatch.setattr(cli, 'run_workspace_browser', lambda *_: pytest.fail('opened'))
    assert cli.main([str(demo_workspace), '--session', '2026-10-21-2', '--day', 'yesterday']) == 2
    captured = capsys.readouterr()
    assert captured.out == ''
    assert captured.err == (
        f'desk-browser: {demo_workspace}: a folder of desks, and --session and --day open one '
        f'desk. Give one of them, such as {demo_workspace}/hedging.\n'
    )
    assert cli.main([str(demo_workspace), '--session', '2026-10-21-2', '--search', 'nifty']) == 2
    assert '--session opens one desk' in capsys.readouterr().err


def test_a_folder_of_desks_with_search_words_opens_the_search_across_desks(
    demo_workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """It exited 2; --day with it is that search's day, as with one desk."""
    from desk_browser.presentation.formatting import india_today

    opened: list[tuple[Path, str | None]] = []

    def run_workspace_browser(path: Path, search: str | None = None) -> int:
        opened.append((path, search))
        return 0

    monkeypatch.setattr(cli, 'terminal_problem', lambda: None)
    monkeypatch.setattr(cli, 'run_workspace_browser', run_workspace_browser)
    assert cli.main([str(demo_workspace), '--search', 'nifty gap']) == 0
    assert cli.main([str(demo_workspace), '--search', 'nifty', '--day', 'yesterday']) == 0
    assert cli.main([str(demo_workspace)]) == 0
    yesterday = india_today() - datetime.timedelta(days=1)
    assert opened == [
        (demo_workspace.resolve(), 'nifty gap'),
        (demo_workspace.resolve(), f'nifty day:{yesterday.isoformat()}'),
        (demo_workspace.resolve(), None),
    ]


@pytest.mark.parametrize('session', ['', '  '])
def test_an_empty_session_id_exits_2_naming_the_option(
    session: str,
    demo_desk: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """It was ignored: the current session opened, as if --session had not been given."""
    monkeypatch.setattr(cli, 'terminal_problem', lambda: None)
    monkeypatch.setattr(cli, 'run_browser', lambda *_: pytest.fail('opened'))
    assert cli.main([str(demo_desk), '--session', session]) == 2
    captured = capsys.readouterr()
    assert captured.out == ''
    assert captured.err == (
        f'desk-browser: --session {session!r}: give a session id such as 2026-10-21-2 '
        '(desk-browser sessions DESK lists them), or leave --session out to open on the current '
        'session.\n'
    )


PLAIN_COMMAND_LINES = [[], ['desk'], ['.'], [''], ['workspace/desks/main'], ['a b=c'], ['--']]
"""Command lines read with and without argparse: `--` alone is one plain_browsing leaves."""


@pytest.mark.parametrize('argv', PLAIN_COMMAND_LINES)
def test_a_plain_command_line_reads_as_the_parser_reads_it(argv: list[str]) -> None:
    plain = cli.plain_browsing(argv)
    if argv and argv[0].startswith('-'):
        assert plain is None
        return
    assert plain is not None
    assert vars(plain) == vars(cli.build_parser().parse_args(argv))


@given(st.lists(st.text(max_size=12), max_size=3))
def test_plain_browsing_reads_only_what_the_parser_reads_the_same(argv: list[str]) -> None:
    plain = cli.plain_browsing(argv)
    if plain is None:
        assert len(argv) > 1 or argv[0].startswith('-')
    else:
        assert vars(plain) == vars(cli.build_parser().parse_args(argv))


def test_options_and_second_arguments_are_left_to_the_parser() -> None:
    for argv in (['--demo'], ['--help'], ['desk', '--day', 'yesterday'], ['a', 'b'], ['-x']):
        assert cli.plain_browsing(argv) is None


def _run_headless(monkeypatch: pytest.MonkeyPatch, seen: dict[str, Any]) -> None:
    """Makes DeskBrowser.run run headless, record what the screen says, and quit."""

    async def look_and_quit(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        seen['text'] = widget_texts(pilot)
        seen['title'] = f'{pilot.app.title} {pilot.app.sub_title}'
        pilot.app.exit()

    def run_headless(self: DeskBrowser, **_: Any) -> None:
        seen['desk'] = self.desk
        App.run(self, headless=True, auto_pilot=look_and_quit, size=(120, 40))

    monkeypatch.setattr(DeskBrowser, 'run', run_headless)
    # pytest's stdin and stdout are no terminal; the headless run needs none.
    monkeypatch.setattr(cli, 'terminal_problem', lambda: None)


def test_an_empty_folder_opens_with_what_a_desk_holds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: dict[str, Any] = {}
    _run_headless(monkeypatch, seen)
    (tmp_path / 'empty').mkdir()
    assert cli.main([str(tmp_path / 'empty')]) == 0
    assert 'This folder is not a desk (yet).' in seen['text']
    assert str(tmp_path) not in seen['title']


def test_the_current_folder_is_the_default_desk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: dict[str, Any] = {}
    _run_headless(monkeypatch, seen)
    monkeypatch.chdir(tmp_path)
    assert cli.main([]) == 0
    assert seen['desk'] == tmp_path.resolve()


def test_demo_builds_a_desk_named_main_and_removes_it_on_exit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: dict[str, Any] = {}
    _run_headless(monkeypatch, seen)
    assert cli.main(['--demo']) == 0
    desk: Path = seen['desk']
    assert desk.name == 'main'
    assert 'main' in seen['title']
    assert 'up to date' in seen['text'] or 'behind' in seen['text']
    assert not desk.exists()
    assert not desk.parent.exists()


IMPORTS_CLI = """
import gc
COLLECTING or gc.disable()
import desk_browser.cli
print(gc.isenabled())
"""
"""Imports cli with the collector on (COLLECTING) or off: how it is left."""


@pytest.mark.parametrize('collecting', [True, False])
def test_importing_the_command_leaves_the_collector_as_it_was(collecting: bool) -> None:
    code = f'COLLECTING = {collecting}\n{IMPORTS_CLI}'
    completed = subprocess.run(
        [sys.executable, '-c', code], capture_output=True, text=True, check=True
    )
    assert completed.stdout.strip() == str(collecting)
