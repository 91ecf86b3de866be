"""The commands over a workspace: one entry per desk, exit statuses, and nothing written."""

from __future__ import annotations

import datetime
import json
import shlex
import shutil
from pathlib import Path

import pytest

from desk_browser.commands import workspace_check
from desk_browser.demo import DEMO_NOW
from desk_browser.memory.workspace import find_desks
from desk_browser.presentation.desk_health import (
    needs_look_first,
    needs_look_header,
    read_health,
)
from desk_browser.presentation.formatting import INDIA
from tests.helpers.commands import run_command
from tests.helpers.tree import snapshot_tree, tree_differences

COMMANDS = [
    ['check', '{}'],
    ['check', '{}', '--json'],
    ['state', '{}', '--json', '--today', '2026-10-21'],
    ['state', '{}', '--today', '2026-10-21'],
    ['sessions', '{}'],
    ['sessions', '{}', '--json'],
    ['search', '{}', 'nifty', 'gap', '--all-desks'],
    ['search', '{}', 'nifty', '--desk', 'main', '--json'],
    ['search', '{}', 'rbi', 'desk:options,research', '--limit', '3'],
    ['search', '{}', 'zebrafinch', '--all-desks'],
]


@pytest.fixture(autouse=True)
def _demo_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """`check` looks at the desks at the demo's now (a Wednesday afternoon, India time)."""
    monkeypatch.setattr(workspace_check, 'clock', lambda: DEMO_NOW)


def _argv(template: list[str], path: Path) -> list[str]:
    return [piece.format(path) for piece in template]


@pytest.fixture
def odd_workspace(tmp_path: Path, demo_workspace: Path) -> Path:
    """A copy of the demo workspace with a symlink loop and a file where a desk should be."""
    desks = tmp_path / 'odd' / 'desks'
    shutil.copytree(demo_workspace, desks, symlinks=True)
    (desks / 'loop').symlink_to(desks / 'loop')
    (desks / 'flat').write_text('not a desk')
    return desks


@pytest.mark.parametrize('template', COMMANDS, ids=lambda template: ' '.join(template))
def test_every_command_leaves_the_workspace_as_it_was(
    template: list[str], odd_workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = odd_workspace.parent
    before = snapshot_tree(root)
    result = run_command(_argv(template, odd_workspace), capsys)
    assert result.status in (0, 1), result.stderr
    assert snapshot_tree(root) == before, tree_differences(before, snapshot_tree(root))


def test_check_exits_1_when_any_desk_has_problems(
    demo_workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    result = run_command(['check', str(demo_workspace)], capsys)
    assert result.status == 1
    names = [line.split('\t')[0] for line in result.lines[:4]]
    assert names == ['hedging', 'main', 'options', 'research']
    assert result.lines[2].split('\t')[1] == '1 problem'
    assert result.lines[3].split('\t')[1] == 'quiet today'
    problem = next(
        index
        for index, line in enumerate(result.lines)
        if line.startswith('options/sessions/state.json: damaged state (cut short)')
    )
    assert result.lines[problem + 1] == (
        '    state.json cannot be read: the desk starts a new session on its next run; nothing to '
        'do unless it recurs'
    )
    assert result.lines[-1] == 'checked 4 desks: 2 need a look, 1 with problems'


@pytest.fixture
def main_and_research(tmp_path: Path, demo_workspace: Path) -> Path:
    """main, current, and research, whose last session was 4 trading days ago."""
    desks = tmp_path / 'desks'
    for name in ('main', 'research'):
        shutil.copytree(demo_workspace / name, desks / name)
    return desks


def test_a_quiet_desk_needs_a_look_in_check_as_on_the_desks_screen(
    main_and_research: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    desks = main_and_research
    result = run_command(['check', str(desks), '--json'], capsys)
    assert result.status == 1
    data = json.loads(result.stdout)
    by_name = {desk['name']: desk for desk in data['desks']}
    assert by_name['research']['problem_count'] == 0
    assert by_name['research']['quiet'] is True
    assert by_name['research']['reasons'] == ['quiet today']
    assert by_name['research']['healthy'] is False
    assert by_name['main']['healthy'] is True
    assert (data['healthy'], data['unhealthy_count']) == (False, 1)
    # The Desks screen reads the same health at the same moment: the same desk needs a look.
    moment = datetime.datetime.fromtimestamp(DEMO_NOW, INDIA)
    healths = [read_health(entry, moment) for entry in find_desks(desks).desks]
    assert [health.name for health in needs_look_first(healths) if health.needs_look] == [
        'research'
    ]
    assert needs_look_header(healths) == '1 of 2 desks needs a look'
    # On a Saturday no desk is quiet.
    saturday = datetime.datetime(2026, 10, 24, 14, 0, tzinfo=INDIA).timestamp()
    monkeypatch.setattr(workspace_check, 'clock', lambda: saturday)
    result = run_command(['check', str(desks)], capsys)
    assert result.status == 0, result.stdout
    assert result.lines[1].split('\t')[:2] == ['research', 'healthy']
    assert result.lines[-1] == 'checked 2 desks: 0 need a look, 0 with problems'


def test_check_exits_0_when_every_desk_is_healthy(
    tmp_path: Path, demo_workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    desks = tmp_path / 'desks'
    for name in ('main', 'hedging'):
        shutil.copytree(demo_workspace / name, desks / name)
    result = run_command(['check', str(desks), '--json'], capsys)
    assert result.status == 0, result.stdout
    data = json.loads(result.stdout)
    assert data['healthy'] is True
    assert [desk['name'] for desk in data['desks']] == ['hedging', 'main']
    assert data['desks'][1]['routes'] == {'claude': 'up to date', 'codex': 'up to date'}
    assert data['desks'][1]['check']['healthy'] is True


def test_check_json_has_an_object_per_desk(
    odd_workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    result = run_command(['check', str(odd_workspace), '--json'], capsys)
    assert result.status == 1
    data = json.loads(result.stdout)
    by_name = {desk['name']: desk for desk in data['desks']}
    assert sorted(by_name) == ['flat', 'hedging', 'loop', 'main', 'options', 'research']
    assert by_name['loop']['entry_problem'] == 'a symlink loop'
    assert by_name['flat']['entry_problem'] == 'a file, not a desk folder'
    assert by_name['options']['reasons'][0] == 'damaged state'
    assert by_name['options']['check']['problem_count'] == 1
    assert data['unhealthy_count'] == 4  # loop, flat, options, and research (quiet).


def test_a_path_with_no_desk_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / 'empty' / 'plain').mkdir(parents=True)
    for command in (['check'], ['state'], ['sessions'], ['search']):
        argv = [*command, str(tmp_path / 'empty')]
        if command == ['search']:
            argv += ['nifty', '--all-desks']
        result = run_command(argv, capsys)
        assert result.status == 2, argv
        assert 'or a folder of desks' in result.stderr


def test_state_gives_an_entry_per_desk(
    demo_workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    result = run_command(['state', str(demo_workspace), '--json', '--today', '2026-10-21'], capsys)
    assert result.status == 1  # options' state is damaged.
    data = json.loads(result.stdout)
    assert [desk['name'] for desk in data['desks']] == ['hedging', 'main', 'options', 'research']
    assert data['desks'][1]['session_id'] == '2026-10-21-3'
    assert data['desks'][2]['session_id'] is None
    assert 'options: state.json is damaged' in result.stderr


def test_state_exits_0_when_every_desk_has_a_state(
    tmp_path: Path, demo_workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    desks = tmp_path / 'desks'
    for name in ('main', 'research'):
        shutil.copytree(demo_workspace / name, desks / name)
    result = run_command(['state', str(desks), '--today', '2026-10-21'], capsys)
    assert result.status == 0
    assert result.lines[0] == 'desk          main'


def test_sessions_lead_each_line_with_the_desk(
    demo_workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    result = run_command(['sessions', str(demo_workspace)], capsys)
    assert result.status == 0
    assert {line.split('\t')[0] for line in result.lines} == {
        'hedging',
        'main',
        'options',
        'research',
    }
    assert result.lines[0].startswith('hedging\t2026-10-21-3\t')


def test_sessions_exit_1_when_no_desk_has_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in ('a', 'b'):
        (tmp_path / 'desks' / name / 'notes').mkdir(parents=True)
    result = run_command(['sessions', str(tmp_path / 'desks'), '--json'], capsys)
    assert result.status == 1
    assert [desk['sessions'] for desk in json.loads(result.stdout)['desks']] == [[], []]


def test_search_across_desks_merges_newest_day_first_then_by_desk(
    demo_workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    result = run_command(
        ['search', str(demo_workspace), 'nifty', '--all-desks', '--limit', '0'], capsys
    )
    assert result.status == 0
    keys = [(line.split('\t')[1], line.split('\t')[0]) for line in result.lines]
    days = [day for day, _desk in keys]
    assert days == sorted(days, reverse=True)
    for day in set(days):
        desks = [desk for found_day, desk in keys if found_day == day]
        assert desks == sorted(desks)
    assert {desk for _day, desk in keys} == {'hedging', 'main', 'options', 'research'}


def test_search_within_one_desk_keeps_its_own_order(
    demo_workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    across = run_command(['search', str(demo_workspace), 'rbi', '--desk', 'main'], capsys)
    alone = run_command(['search', str(demo_workspace / 'main'), 'rbi'], capsys)
    assert across.status == alone.status == 0
    assert [line.split('\t', 1)[1] for line in across.lines] == alone.lines


def test_search_json_hits_carry_their_desk(
    demo_workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    result = run_command(
        ['search', str(demo_workspace), 'nifty', 'desk:options,Research', '--json', '--limit', '0'],
        capsys,
    )
    assert result.status == 0
    data = json.loads(result.stdout)
    assert data['desks'] == ['options', 'research']
    assert {hit['desk'] for hit in data['hits']} == {'options', 'research'}
    assert data['total'] == sum(data['totals'].values())


def test_search_over_a_workspace_needs_its_desks_named(
    demo_workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    result = run_command(['search', str(demo_workspace), 'nifty'], capsys)
    assert result.status == 2
    assert '--all-desks' in result.stderr
    result = run_command(['search', str(demo_workspace), 'nifty', '--desk', 'nope'], capsys)
    assert result.status == 2
    result = run_command(['search', str(demo_workspace), 'zebrafinch', '--all-desks'], capsys)
    assert result.status == 1


def test_serve_serves_a_workspace_behind_the_same_token(demo_workspace: Path) -> None:
    from tests.commands.test_serve import _run

    status, [server] = _run([str(demo_workspace)])
    assert status == 0
    assert server.served
    assert shlex.split(server.plan.command)[-1] == str(demo_workspace.resolve())
    assert len(server.plan.token) >= 22
