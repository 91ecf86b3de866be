"""Faults a live desk throws at the running app: each ends as a note or a Problems entry, and the
app keeps working (still running, and it answers a key).

Root bypasses permissions, so "permission denied" is simulated by making Path.open raise for one
file, as tests/memory/test_faults.py does. The 200 MB journal is not run through the app: the
state pane's whole-desk check would read all 200 MB in every test run (about 10 s alone on this
machine); tests/memory/test_faults.py reads and searches it in bounded memory.
"""

from __future__ import annotations

import errno
import os
import shutil
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, BinaryIO

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from desk_browser.memory import desk_files, file_reading, json_lines, unread_files
from desk_browser.ui.screens.help_screen import HelpScreen
from desk_browser.ui.screens.main_screen import MainScreen
from desk_browser.ui.screens.problems_screen import ProblemsScreen
from desk_browser.ui.widgets.exchange_view import ExchangeView
from desk_browser.ui.widgets.live_status import LiveStatus
from desk_browser.ui.widgets.problem_list import ProblemList
from desk_browser.ui.widgets.session_list import SessionList
from tests.helpers.desks import exchange, remove_at_once, write_lines, write_state
from tests.helpers.pilot import (
    AppFor,
    open_day_view,
    settle,
    settled,
    wait_for_note,
    wait_until,
    widget_texts,
)

CURRENT = '2026-10-21-3'


@pytest.fixture
def desk(demo_desk: Path, tmp_path: Path) -> Path:
    copy = tmp_path / 'main'
    shutil.copytree(demo_desk, copy)
    return copy


async def assert_still_working(pilot: Pilot[Any]) -> None:
    """The app runs and answers a key: ? opens the help, escape closes it."""
    app = pilot.app
    assert app.is_running
    await pilot.press('question_mark')
    await pilot.pause()
    assert isinstance(app.screen, HelpScreen)
    await pilot.press('escape')
    await pilot.pause()
    assert isinstance(app.screen, MainScreen)


async def problem_rows(pilot: Pilot[Any]) -> list[tuple[str, str]]:
    """Opens the Problems view and returns (path, reason) of each row; goes back."""
    await pilot.press('exclamation_mark')
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, ProblemsScreen)
    table = screen.query_one(ProblemList)
    rows = [table.get_row_at(index) for index in range(table.row_count)]
    await pilot.press('escape')
    await pilot.pause()
    return [(row[0].plain, row[3].plain) for row in rows]


def patch_open(
    monkeypatch: pytest.MonkeyPatch, target: Path, hook: Callable[[Callable[[], Any]], Any]
) -> None:
    """Runs hook(open_the_file) whenever `target` is opened for reading."""
    original_open = Path.open

    def patched_open(self: Path, *arguments: Any, **keywords: Any) -> Any:
        mode = arguments[0] if arguments else keywords.get('mode', 'r')
        if self == target and mode in ('r', 'rb'):
            return hook(lambda: original_open(self, *arguments, **keywords))
        return original_open(self, *arguments, **keywords)

    monkeypatch.setattr(Path, 'open', patched_open)
    original_os_open = os.open

    def patched_os_open(path: Any, flags: int, *arguments: Any, **keywords: Any) -> Any:
        if Path(path) == target and not flags & (os.O_WRONLY | os.O_RDWR):
            return hook(lambda: original_os_open(path, flags, *arguments, **keywords))
        return original_os_open(path, flags, *arguments, **keywords)

    monkeypatch.setattr(os, 'open', patched_os_open)  # The core's readers open files so.


def log_of(desk: Path, session_id: str) -> Path:
    return desk / 'sessions' / f'{session_id}.jsonl'


async def test_a_log_deleted_between_listing_and_reading_is_a_note(
    app_for: AppFor, desk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = log_of(desk, '2026-10-20-1')

    def deleted_meanwhile(open_file: Callable[[], Any]) -> Any:
        target.unlink(missing_ok=True)
        return open_file()

    app = app_for(desk)
    async with settled(app) as pilot:
        patch_open(monkeypatch, target, deleted_meanwhile)
        app.query_one(SessionList).highlight_session('2026-10-20-1')
        await settle(pilot)
        assert 'The log could not be read: unreadable: No such file' in widget_texts(pilot)
        await assert_still_working(pilot)


async def test_a_log_truncated_between_listing_and_reading_loses_only_its_tail(
    app_for: AppFor, desk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = log_of(desk, '2026-10-20-1')
    content = target.read_bytes()
    whole_count = content.count(b'\n')

    def truncated_meanwhile(open_file: Callable[[], Any]) -> Any:
        target.write_bytes(content[: len(content) // 2])
        # Quiet since: a last line cut just now is being written, not damage (pending).
        an_hour_ago = time.time() - 3600
        os.utime(target, (an_hour_ago, an_hour_ago))
        return open_file()

    app = app_for(desk)
    async with settled(app) as pilot:
        patch_open(monkeypatch, target, truncated_meanwhile)
        app.query_one(SessionList).highlight_session('2026-10-20-1')
        await settle(pilot)
        view = app.query_one(ExchangeView)
        assert 0 < view.exchange_count < whole_count
        monkeypatch.undo()
        assert ('sessions/2026-10-20-1.jsonl', 'cut short') in await problem_rows(pilot)
        await assert_still_working(pilot)


async def test_the_shown_log_replaced_while_open_is_read_again(app_for: AppFor, desk: Path) -> None:
    app = app_for(desk)
    async with settled(app) as pilot:
        log = log_of(desk, CURRENT)
        replacement = log.with_name('replacement.tmp')
        write_lines(replacement, [exchange('replaced one', 'a'), exchange('replaced two', 'b')])
        os.replace(replacement, log)
        view = app.query_one(ExchangeView)
        await wait_until(pilot, lambda: view.exchange_count == 2)
        await wait_until(pilot, lambda: 'replaced two' in widget_texts(pilot))
        await assert_still_working(pilot)


async def test_permission_denied_on_one_file_is_a_note_and_a_problem(
    app_for: AppFor, desk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = log_of(desk, '2026-10-19-2')

    def denied(open_file: Callable[[], Any]) -> Any:
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(target))

    patch_open(monkeypatch, target, denied)
    app = app_for(desk)
    async with settled(app, notifications=True) as pilot:
        assert any('permission denied; check' in note.message for note in app._notifications)
        rows = await problem_rows(pilot)
        assert ('sessions/2026-10-19-2.jsonl', 'cannot read: permission denied') in rows
        await assert_still_working(pilot)


async def test_a_state_this_user_may_not_read_is_called_so_not_damaged(
    app_for: AppFor, desk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = desk / 'sessions' / 'state.json'
    original = file_reading.open_desk_file

    def refusing(path: Path, *arguments: Any) -> BinaryIO:  # Our reader, as nobody meets it.
        if path == target:
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
        return original(path, *arguments)

    monkeypatch.setattr(desk_files, 'open_desk_file', refusing)  # Our reader's name.
    app = app_for(desk)
    async with settled(app) as pilot:
        text = widget_texts(pilot)
        assert 'state.json cannot be read (permission denied).' in text
        assert "Check the folder's permissions or run as the desk's user." in text
        assert 'new session' not in text
        await wait_until(pilot, lambda: app.query_one(LiveStatus).problem_count is not None)
        assert app.query_one(LiveStatus).unreadable_count == 1
        await pilot.press('exclamation_mark')
        await settle(pilot)
        assert isinstance(app.screen, ProblemsScreen)
        table = app.screen.query_one(ProblemList)
        row = table.get_row_at(0)
        assert (row[0].plain, row[3].plain) == (
            'sessions/state.json',
            'cannot read: permission denied',
        )
        text = widget_texts(pilot)
        assert 'This user may not read them (the desk may)' in text
        assert "run as the desk's user" in text
        assert 'new session' not in text and 'unless it recurs' not in text


async def test_a_search_over_a_day_it_may_not_read_says_so_and_problems_lists_it(
    app_for: AppFor, desk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    day = desk / 'journal' / '2026-10-20.jsonl'
    original = file_reading.open_desk_file

    def refusing(path: Path, *arguments: Any) -> BinaryIO:  # Our readers, as nobody meets them.
        if path == day:
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
        return original(path, *arguments)

    for module in (desk_files, json_lines, unread_files):  # Each reader's own name for it.
        monkeypatch.setattr(module, 'open_desk_file', refusing)
    app = app_for(desk)
    async with settled(app) as pilot:
        await pilot.press('slash', *'nifty')
        headline = app.screen.query_one('#headline', Static)
        await wait_until(pilot, lambda: 'could not be read' in str(headline.render()))
        assert str(headline.render()).endswith(' · 1 day could not be read: see Problems')
        assert headline.has_class('-warning')
        await pilot.press('escape', 'escape')
        await pilot.pause()
        rows = await problem_rows(pilot)
        assert ('journal/2026-10-20.jsonl', 'cannot read: permission denied') in rows


async def test_a_day_whose_journal_it_may_not_read_says_permission_denied(
    app_for: AppFor, desk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    day = desk / 'journal' / '2026-10-21.jsonl'
    original = file_reading.open_desk_file

    def refusing(path: Path, *arguments: Any) -> BinaryIO:  # Our readers, as nobody meets them.
        if path == day:
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
        return original(path, *arguments)

    for module in (desk_files, json_lines):  # Each reader's own name for it.
        monkeypatch.setattr(module, 'open_desk_file', refusing)
    app = app_for(desk)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_day_view(pilot)
        heading = str(screen.query_one('#day-heading', Static).render())
        assert 'the journal could not be read: permission denied' in heading


async def test_a_symlink_loop_under_notes_is_a_problem(app_for: AppFor, desk: Path) -> None:
    (desk / 'notes' / 'loop.md').symlink_to(desk / 'notes' / 'loop.md')
    app = app_for(desk)
    async with settled(app) as pilot:
        rows = await problem_rows(pilot)
        assert ('notes/loop.md', 'a link that points to itself') in rows
        await pilot.press('slash', *'nifty')
        await settle(pilot)
        await pilot.press('escape', 'escape')
        await pilot.pause()
        await assert_still_working(pilot)


async def test_a_journal_that_is_a_file_and_a_journal_file_that_is_a_folder(
    app_for: AppFor, desk: Path, tmp_path: Path
) -> None:
    folder_desk = tmp_path / 'other' / 'main'
    shutil.copytree(desk, folder_desk)
    (folder_desk / 'journal' / '2026-10-22.jsonl').mkdir()
    shutil.rmtree(desk / 'journal')
    (desk / 'journal').write_text('not a folder\n', encoding='utf-8')
    for case, expected in ((desk, ('journal', 'not a folder')), (folder_desk, None)):
        app = app_for(case)
        async with settled(app) as pilot:
            rows = await problem_rows(pilot)
            if expected is not None:
                assert expected in rows
            else:
                assert ('journal/2026-10-22.jsonl', 'not a file') in rows
            await pilot.press('slash', *'nifty')
            await settle(pilot)
            await pilot.press('escape', 'escape')
            await pilot.pause()
            await assert_still_working(pilot)


async def test_the_desk_folder_removed_while_open_is_a_note(app_for: AppFor, desk: Path) -> None:
    app = app_for(desk)
    async with settled(app, notifications=True) as pilot:
        remove_at_once(desk)
        status = app.query_one(LiveStatus)
        await wait_until(pilot, lambda: status.vanished)
        await wait_for_note(pilot, 'desk folder is gone')  # A message: it comes after the flag.
        await pilot.press('r', 'slash', *'nifty')
        await settle(pilot)
        await pilot.press('escape', 'escape')
        await pilot.pause()
        await assert_still_working(pilot)


async def test_a_5_megabyte_single_line_is_shown(app_for: AppFor, tmp_path: Path) -> None:
    desk = tmp_path / 'main'
    big_answer = 'gap ' * (5 * 1024 * 1024 // 4) + 'NEEDLE'
    write_lines(desk / 'sessions' / '2026-10-21-1.jsonl', [exchange('huge', big_answer)])
    write_state(desk, '2026-10-21-1', {'claude': {'exchanges_seen': 1, 'runner_state': None}})
    (desk / 'notes').mkdir()
    (desk / 'notes' / 'huge.md').write_text(big_answer, encoding='utf-8')  # No newline at all.
    app = app_for(desk)
    async with settled(app) as pilot:
        assert app.query_one(ExchangeView).exchange_count == 1
        assert 'truncated' in widget_texts(pilot)
        await pilot.press('slash', *'needle')
        await settle(pilot)
        assert '1 hit with every word' in widget_texts(pilot)
        await pilot.press('escape', 'escape')
        await pilot.pause()
        await assert_still_working(pilot)


async def test_a_binary_file_named_jsonl_is_a_problem(app_for: AppFor, desk: Path) -> None:
    binary = bytes(range(256)) * 64
    log_of(desk, '2026-10-21-9').write_bytes(binary)
    (desk / 'journal' / '2026-10-22.jsonl').write_bytes(binary)
    app = app_for(desk)
    async with settled(app) as pilot:
        app.query_one(SessionList).highlight_session('2026-10-21-9')
        await settle(pilot)
        assert 'damaged line' in widget_texts(pilot)
        rows = await problem_rows(pilot)
        assert any(path == 'sessions/2026-10-21-9.jsonl' for path, _reason in rows)
        assert any(path == 'journal/2026-10-22.jsonl' for path, _reason in rows)
        await assert_still_working(pilot)
