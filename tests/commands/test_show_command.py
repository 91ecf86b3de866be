"""`desk-browser show`: one session's exchanges as Markdown or as JSON lines."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from desk_browser.presentation.formatting import india_time
from tests.helpers.commands import HOSTILE_TEXT, assert_no_raw_controls, run_command
from tests.helpers.desks import build_trading_desk


def _log_objects(desk: Path, session_id: str) -> list[dict[str, str]]:
    log = (desk / 'sessions' / f'{session_id}.jsonl').read_text()
    return [json.loads(line) for line in log.splitlines()]


def test_markdown_has_a_heading_per_exchange_the_trigger_quoted_and_the_answer(
    demo_desk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    exchanges = _log_objects(demo_desk, '2026-10-21-1')
    result = run_command(['show', str(demo_desk), '2026-10-21-1'], capsys)
    assert result.status == 0
    assert result.lines[0] == '# Session 2026-10-21-1'
    headings = [line for line in result.lines if line.startswith('## ') and ' IST · ' in line]
    assert len(headings) == len(exchanges)
    for number, (heading, exchange) in enumerate(zip(headings, exchanges, strict=True), start=1):
        answered = india_time(exchange['finished_at'])
        backend = exchange['backend_name']
        assert re.fullmatch(
            rf'## {number} · asked \d\d:\d\d · answered {answered} IST · {backend}', heading
        )
    for exchange in exchanges:
        assert f'> {exchange["trigger_text"].splitlines()[0]}' in result.lines
        assert exchange['answer'] in result.stdout
    assert f'{len(exchanges):,} exchanges' in result.stderr


def test_each_heading_says_when_it_was_asked_and_answered_as_the_app_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    desk = build_trading_desk(tmp_path / 'main')
    result = run_command(['show', str(desk), '2026-10-21-2'], capsys)
    assert [line for line in result.lines if line.startswith('## ')] == [
        '## 1 · asked 11:05 · answered 11:09 IST · claude',
        '## 2 · asked 11:15 · answered 11:16 IST · claude',
        '## 3 · answered 11:19 IST · claude',  # The journal holds no trigger for it.
    ]


def test_markdown_is_the_default_format(
    demo_desk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    default = run_command(['show', str(demo_desk), '2026-10-21-1'], capsys)
    markdown = run_command(['show', str(demo_desk), '2026-10-21-1', '--format', 'md'], capsys)
    assert default.stdout == markdown.stdout


def test_json_is_accepted_as_format_json_as_every_command_takes_it(
    demo_desk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    wanted = run_command(['show', str(demo_desk), '2026-10-21-2', '--format', 'json'], capsys)
    result = run_command(['show', str(demo_desk), '2026-10-21-2', '--json'], capsys)
    assert result.status == 0
    assert result.stdout == wanted.stdout
    assert [json.loads(line) for line in result.lines] == _log_objects(demo_desk, '2026-10-21-2')


def test_json_lines_are_the_logs_exchanges(
    demo_desk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    result = run_command(['show', str(demo_desk), '2026-10-21-2', '--format', 'json'], capsys)
    assert result.status == 0
    objects = [json.loads(line) for line in result.lines]
    assert objects == _log_objects(demo_desk, '2026-10-21-2')
    for data in objects:
        assert set(data) == {'trigger_text', 'answer', 'backend_name', 'finished_at'}


def test_damaged_lines_are_skipped_and_noted(
    damaged_desk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    result = run_command(['show', str(damaged_desk), '2026-10-20-1', '--format', 'json'], capsys)
    assert result.status == 0
    assert 'skipped line 2 of the log of 2026-10-20-1: not UTF-8' in result.stderr
    assert 'skipped line 4 of the log of 2026-10-20-1: missing field "answer"' in result.stderr
    assert all(json.loads(line) for line in result.lines)


@pytest.mark.parametrize('session_id', ['2026-01-01-1', '../main/sessions/2026-10-21-1', ''])
def test_an_unknown_session_exits_1(
    session_id: str, demo_desk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    result = run_command(['show', str(demo_desk), session_id], capsys)
    assert result.status == 1
    assert result.stdout == ''
    assert 'no session' in result.stderr
    assert 'desk-browser sessions DESK' in result.stderr
    if not session_id:
        assert "no session '':" in result.stderr  # Named, not a blank before the colon.


def test_a_folder_of_desks_is_bad_usage_that_names_a_desk_to_give(
    demo_workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """show reads one desk: a folder of desks is not "no desk", it names its desks instead."""
    for folder in (demo_workspace, demo_workspace.parent):
        result = run_command(['show', str(folder), '2026-10-21-1'], capsys)
        assert result.status == 2
        assert result.stdout == ''
        assert result.stderr.strip() == (
            f'desk-browser: {folder}: a folder of desks (hedging, main, options, research), and '
            f'this command reads one desk. Give one of them, such as {demo_workspace}/hedging.'
        )


def test_a_session_without_exchanges_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sessions = tmp_path / 'sessions'
    sessions.mkdir()
    (sessions / '2026-10-21-1.jsonl').write_bytes(b'{"trigger_text": "cut')
    result = run_command(['show', str(tmp_path), '2026-10-21-1'], capsys)
    assert result.status == 1
    assert result.stdout == ''
    assert 'has no exchanges' in result.stderr
    assert 'cut short' in result.stderr


def test_a_wrong_format_is_bad_usage(demo_desk: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        run_command(['show', str(demo_desk), '2026-10-21-1', '--format', 'html'], capsys)
    assert exit_info.value.code == 2


def test_hostile_exchanges_never_reach_stdout_raw(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sessions = tmp_path / 'sessions'
    sessions.mkdir()
    exchange = {
        'trigger_text': HOSTILE_TEXT,
        'answer': f'answer {HOSTILE_TEXT}',
        'backend_name': '\x1b[31mclaude',
        'finished_at': '\x1b]52;c;eA==\x07',
    }
    (sessions / '2026-10-21-1.jsonl').write_text(json.dumps(exchange) + '\n')
    markdown = run_command(['show', str(tmp_path), '2026-10-21-1'], capsys)
    assert markdown.status == 0
    assert_no_raw_controls(markdown.stdout)
    assert '␛[31m' in markdown.stdout
    as_json = run_command(['show', str(tmp_path), '2026-10-21-1', '--format', 'json'], capsys)
    assert_no_raw_controls(as_json.stdout)
    assert json.loads(as_json.stdout) == exchange
