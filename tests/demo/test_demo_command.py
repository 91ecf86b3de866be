"""Tests of `python -m desk_browser.demo`: building, refusing, the package's public names."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from desk_browser.demo import DEMO_TODAY, build_demo_desk, main


def test_main_builds_a_desk_and_returns_zero(tmp_path: Path) -> None:
    code = main([str(tmp_path / 'main'), '--today', '2026-10-21', '--days', '2', '--seed', '4'])
    assert code == 0
    state = json.loads((tmp_path / 'main' / 'sessions' / 'state.json').read_text(encoding='utf-8'))
    assert state['trading_date'] == '2026-10-21'


def test_main_builds_what_build_demo_desk_builds(tmp_path: Path) -> None:
    main([str(tmp_path / 'cli'), '--today', '2026-10-21', '--days', '2', '--damaged'])
    build_demo_desk(tmp_path / 'api', today=DEMO_TODAY, days=2, damaged=True)
    for path in sorted((tmp_path / 'api').rglob('*')):
        twin = tmp_path / 'cli' / path.relative_to(tmp_path / 'api')
        assert twin.stat().st_mtime_ns == path.stat().st_mtime_ns
        if path.is_file():
            assert twin.read_bytes() == path.read_bytes()


def test_main_refuses_a_non_empty_directory_naming_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / 'notes.txt').write_text('keep', encoding='utf-8')
    code = main([str(tmp_path), '--today', '2026-10-21', '--days', '1'])
    error = capsys.readouterr().err
    assert code == 2
    assert str(tmp_path) in error
    assert error.count('\n') == 1
    assert sorted(path.name for path in tmp_path.iterdir()) == ['notes.txt']


def test_main_refuses_a_bad_date(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(tmp_path / 'main'), '--today', '21/10/2026']) == 2
    assert 'not a date' in capsys.readouterr().err
    assert not (tmp_path / 'main').exists()


def test_main_state_option_writes_the_state_variants(tmp_path: Path) -> None:
    assert (
        main(
            [
                str(tmp_path / 'missing'),
                '--today',
                '2026-10-21',
                '--days',
                '1',
                '--state',
                'missing',
            ]
        )
        == 0
    )
    assert not (tmp_path / 'missing' / 'sessions' / 'state.json').exists()
    assert (
        main([str(tmp_path / 'bad'), '--today', '2026-10-21', '--days', '1', '--state', 'damaged'])
        == 0
    )
    with pytest.raises(ValueError):
        json.loads((tmp_path / 'bad' / 'sessions' / 'state.json').read_text(encoding='utf-8'))


def test_python_dash_m_desk_browser_demo_works(tmp_path: Path) -> None:
    completed = subprocess.run(
        [
            sys.executable,
            '-m',
            'desk_browser.demo',
            str(tmp_path / 'main'),
            '--today',
            '2026-10-21',
            '--days',
            '2',
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    assert (tmp_path / 'main' / 'journal' / '2026-10-21.jsonl').is_file()


def test_python_dash_m_refuses_a_non_empty_directory(tmp_path: Path) -> None:
    (tmp_path / 'journal').mkdir()
    completed = subprocess.run(
        [sys.executable, '-m', 'desk_browser.demo', str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert completed.returncode == 2
    assert str(tmp_path) in completed.stderr


def test_demo_today_is_the_agreed_fixed_date() -> None:
    assert DEMO_TODAY.isoformat() == '2026-10-21'
