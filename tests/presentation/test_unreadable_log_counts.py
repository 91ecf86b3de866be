"""A session whose log cannot be read is listed as such, never as a log of 0 exchanges."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from desk_browser.memory.file_memo import FileMemo
from desk_browser.presentation.desk_data import (
    UNREAD_LOG,
    count_sessions,
    count_text,
    read_overview,
    read_session_log,
    session_entry,
    session_log_path,
    short_count_text,
)
from tests.helpers.faults import deny_reading


@pytest.fixture
def denied(tmp_path: Path, demo_desk: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, str]:
    """A copy of the demo desk whose second-newest session's log may not be read."""
    desk = tmp_path / 'main'
    shutil.copytree(demo_desk, desk)
    session_id = read_overview(desk).sessions[1].session_id
    deny_reading(monkeypatch, session_log_path(desk, session_id))
    return desk, session_id


def test_an_unreadable_log_is_listed_as_unreadable_not_as_empty(denied: tuple[Path, str]) -> None:
    desk, session_id = denied
    for overview in (read_overview(desk), read_overview(desk, unfinished_is_damaged=True)):
        [entry] = [entry for entry in overview.sessions if entry.session_id == session_id]
        assert entry.unreadable
        assert count_text(entry) == UNREAD_LOG == 'log could not be read'
        assert short_count_text(entry) == 'unreadable'
        others = [entry for entry in overview.sessions if entry.session_id != session_id]
        assert not any(entry.unreadable for entry in others)
        assert count_text(others[0]) == f'{others[0].exchange_count} exchanges'


def test_counting_later_and_reading_the_log_say_so_too(denied: tuple[Path, str]) -> None:
    desk, session_id = denied
    listed = list(read_overview(desk, counted=0).sessions)
    memo = FileMemo(desk)
    for memo_or_none in (None, memo, memo):  # The second with the memo recalls.
        counted, problems = count_sessions(desk, listed, memo_or_none)
        assert [entry.session_id for entry in counted if entry.unreadable] == [session_id]
        assert [problem.path.name for problem in problems] == [f'{session_id}.jsonl']
    entry = session_entry(read_session_log(desk, session_id), is_current=False)
    assert entry.unreadable and count_text(entry) == UNREAD_LOG
