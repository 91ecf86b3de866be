"""Copy (OSC 52) and export: the text copied, the file written, never a write inside the desk."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest
from textual.pilot import Pilot

from desk_browser.memory.desk_files import read_journal_day
from desk_browser.memory.session_search import SessionSearch
from desk_browser.presentation.asked_times import asked_times
from desk_browser.presentation.desk_data import read_session_log
from desk_browser.presentation.documents import day_markdown, search_markdown, session_markdown
from desk_browser.presentation.exports import (
    ExportRefused,
    export_file_name,
    spaces_kept,
    write_export,
)
from desk_browser.presentation.formatting import india_time
from desk_browser.presentation.hit_details import HitDetailsReader
from desk_browser.ui import copy_export
from desk_browser.ui.app import DeskBrowser
from desk_browser.ui.screens.record_screen import RecordScreen
from desk_browser.ui.screens.search_screen import SEARCH_LIMIT
from desk_browser.ui.widgets.exchange_view import ExchangeView
from tests.helpers.desks import exchange, write_lines
from tests.helpers.pilot import (
    AppFor,
    deterministic_app,
    open_day_view,
    open_search,
    settle,
    settled,
    wait_for_note,
    wait_until,
)
from tests.helpers.tree import snapshot_tree, tree_differences

SnapCompare = Callable[..., bool]
SIZE = (120, 40)
HOSTILE = 'ESC \x1b[2J C1 \x9b DEL \x7f bidi \u202e LS \u2028 PS \u2029 end'


def _messages(app: DeskBrowser) -> list[str]:
    return [note.message for note in app._notifications]


@pytest.fixture
def desk_copy(tmp_path: Path, demo_desk: Path) -> Path:
    """A copy of the demo desk, named main, that a test may point exports at."""
    target = tmp_path / 'copy' / 'main'
    shutil.copytree(demo_desk, target)
    return target


# Copy.


async def test_y_copies_the_current_exchange_as_markdown_and_shift_y_as_its_json_line(
    demo_desk: Path,
) -> None:
    app = deterministic_app(demo_desk)
    async with settled(app, SIZE, notifications=True) as pilot:
        await pilot.press('n', 'n')
        await settle(pilot)
        view = app.query_one(ExchangeView)
        assert view.current_index == 1
        log = read_session_log(demo_desk, '2026-10-21-3')
        await pilot.press('y')
        assert app.clipboard.startswith('## 2 · ')
        assert log.exchanges[1].trigger_text in app.clipboard
        assert "Sent exchange 2 as Markdown to the terminal's clipboard (OSC 52)." in _messages(app)
        await pilot.press('Y')
        assert json.loads(app.clipboard) == log.exchanges[1].to_json_dictionary()


async def test_copied_json_escapes_what_a_terminal_would_act_on(tmp_path: Path) -> None:
    desk = tmp_path / 'main'
    write_lines(desk / 'sessions' / '2026-10-21-1.jsonl', [exchange('trigger', HOSTILE)])
    app = deterministic_app(desk)
    async with settled(app, SIZE) as pilot:
        await pilot.press('Y')
        copied = app.clipboard
        assert json.loads(copied)['answer'] == HOSTILE
        for raw in ('\x1b', '\x9b', '\x7f', '\u202e', '\u2028', '\u2029'):
            assert raw not in copied
        for escaped in ('\\u001b', '\\u009b', '\\u007f', '\\u202e', '\\u2028', '\\u2029'):
            assert escaped in copied
        await pilot.press('y')
        for raw in ('\x1b', '\x9b', '\x7f', '\u202e', '\u2028', '\u2029'):
            assert raw not in app.clipboard


async def test_y_in_the_day_view_copies_the_highlighted_event(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with app.run_test(size=SIZE) as pilot:
        day = await open_day_view(pilot)
        await pilot.press('down')
        event = day.highlighted_event
        assert event is not None
        await pilot.press('Y')
        assert json.loads(app.clipboard) == {'type': event.type, 'time': event.time, **event.fields}
        await pilot.press('y')
        assert app.clipboard.startswith('### ')
        assert event.type in app.clipboard


async def test_y_in_a_record_copies_the_record(app_for: AppFor, demo_desk: Path) -> None:
    app = app_for(demo_desk)
    async with app.run_test(size=SIZE) as pilot:
        await open_search(pilot, 'nifty gap')
        await pilot.press('enter')
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, RecordScreen)
        await pilot.press('y')
        assert app.clipboard.startswith(f'## {screen.hit.record.kind} · ')
        await pilot.press('Y')
        record = screen.hit.record
        assert json.loads(app.clipboard) == {
            'day': record.day,
            'kind': record.kind,
            'text': record.text,
        }


# Export.


async def test_x_exports_the_session_as_markdown_to_the_export_folder(
    demo_desk: Path, tmp_path: Path
) -> None:
    folder = tmp_path / 'exports'
    folder.mkdir()
    before = snapshot_tree(demo_desk)
    app = deterministic_app(demo_desk, export_folder=folder)
    async with settled(app, SIZE, notifications=True) as pilot:
        await pilot.press('x')
        await wait_for_note(pilot, 'Wrote')  # Written in a thread, then said.
        await pilot.press('x')
        await wait_until(pilot, lambda: len(_messages(app)) == 2)
    first = folder / 'desk-browser-session-2026-10-21-3.md'
    second = folder / 'desk-browser-session-2026-10-21-3-2.md'
    log = read_session_log(demo_desk, '2026-10-21-3')
    asked = asked_times(demo_desk, log.session_id, log.exchanges)
    assert None not in asked  # The demo's journal holds every trigger: asked and answered.
    expected = session_markdown(log.session_id, log.exchanges, asked)
    assert first.read_text(encoding='utf-8') == expected + '\n'
    assert second.read_text(encoding='utf-8') == first.read_text(encoding='utf-8')
    where = folder.resolve()
    assert _messages(app) == [f'Wrote {first.name} in {where}', f'Wrote {second.name} in {where}']
    assert tree_differences(before, snapshot_tree(demo_desk)) == []


async def test_x_exports_the_day_and_the_search_results(demo_desk: Path, tmp_path: Path) -> None:
    app = deterministic_app(demo_desk, export_folder=tmp_path)
    day = '2026-10-21'
    search_file = tmp_path / 'desk-browser-search-nifty-gap.md'
    async with settled(app, SIZE) as pilot:
        await pilot.press('d')
        await settle(pilot)
        await pilot.press('x', 'escape')  # Written even though its screen has gone.
        await wait_until(pilot, (tmp_path / f'desk-browser-day-{day}.md').exists)
        await open_search(pilot, 'nifty gap')
        await pilot.press('down', 'x')
        await wait_until(pilot, search_file.exists)
        await settle(pilot)
    journal = read_journal_day(demo_desk / 'journal' / f'{day}.jsonl', day)
    written = (tmp_path / f'desk-browser-day-{day}.md').read_text(encoding='utf-8')
    assert written == day_markdown(journal) + '\n'
    assert written.startswith('# Day Wed 2026-10-21\n\n18 triggers · ')
    result = SessionSearch(demo_desk).search('nifty gap', SEARCH_LIMIT)
    details = HitDetailsReader(demo_desk).details_of(result.hits)
    written = search_file.read_text(encoding='utf-8')
    assert written == search_markdown('nifty gap', result, details) + '\n'
    # Each exchange's heading says its time, session and backend, as its hit's first line does.
    headings = [line for line in written.splitlines() if line.startswith('## exchange')]
    exchanges = [
        found
        for hit, found in zip(result.hits, details, strict=True)
        if hit.record.kind == 'exchange'
    ]
    assert len(headings) == len(exchanges) > 1 and len(set(headings)) == len(headings)
    for heading, found in zip(headings, exchanges, strict=True):
        assert found is not None and found.time is not None and found.session_id is not None
        assert found.answered is not None
        times = f'asked {india_time(found.time)} · answered {india_time(found.answered)} IST'
        assert f' {times} · session {found.session_id} · ' in heading


async def test_export_from_inside_the_desk_falls_back_to_the_home_folder(
    desk_copy: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = snapshot_tree(desk_copy)
    home = tmp_path / 'home'
    home.mkdir()
    monkeypatch.setenv('HOME', str(home))
    monkeypatch.chdir(desk_copy / 'journal')  # The current folder is inside the desk.
    app = deterministic_app(desk_copy)
    async with settled(app, SIZE, notifications=True) as pilot:
        await pilot.press('x')
        await wait_for_note(pilot, 'Wrote')
        await pilot.press('d')
        await settle(pilot)
        await pilot.press('x')
        await wait_until(pilot, lambda: len(_messages(app)) == 2)
    assert tree_differences(before, snapshot_tree(desk_copy)) == []
    where = home.resolve()
    because = 'the current folder is inside the desk'
    assert _messages(app) == [
        f'Wrote desk-browser-session-2026-10-21-3.md in {where} ({because})',
        f'Wrote desk-browser-day-2026-10-21.md in {where} ({because})',
    ]
    assert (where / 'desk-browser-day-2026-10-21.md').is_file()


async def test_export_writes_nothing_when_the_home_folder_is_inside_the_desk_too(
    desk_copy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = snapshot_tree(desk_copy)
    monkeypatch.setenv('HOME', str(desk_copy / 'notes'))
    monkeypatch.chdir(desk_copy / 'journal')
    app = deterministic_app(desk_copy)
    async with settled(app, SIZE, notifications=True) as pilot:
        await pilot.press('x')
        await wait_for_note(pilot, 'Not written')
    assert tree_differences(before, snapshot_tree(desk_copy)) == []
    assert _messages(app) == [
        f'Not written: the current folder ({(desk_copy / "journal").resolve()}) and the home '
        f'folder ({(desk_copy / "notes").resolve()}) are inside the desk, and desk-browser never '
        'writes there. Start it from another folder.'
    ]


async def test_export_into_the_current_folder_gives_its_whole_path(
    demo_desk: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    app = deterministic_app(demo_desk)
    async with settled(app, SIZE, notifications=True) as pilot:
        await pilot.press('x')
        await wait_for_note(pilot, 'Wrote')
    assert (tmp_path / 'desk-browser-session-2026-10-21-3.md').is_file()
    assert _messages(app) == [f'Wrote desk-browser-session-2026-10-21-3.md in {tmp_path.resolve()}']


async def test_export_when_the_current_folder_is_gone_writes_home_and_says_so(
    demo_desk: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    gone = tmp_path / 'gone'
    gone.mkdir()
    (tmp_path / 'home').mkdir()
    monkeypatch.setenv('HOME', str(tmp_path / 'home'))
    monkeypatch.chdir(gone)
    gone.rmdir()
    app = deterministic_app(demo_desk)
    async with settled(app, SIZE, notifications=True) as pilot:
        await pilot.press('x')
        await wait_for_note(pilot, 'Wrote')
    where = (tmp_path / 'home').resolve()
    assert _messages(app) == [
        f'Wrote desk-browser-session-2026-10-21-3.md in {where} '
        '(the current folder no longer exists)'
    ]


def test_write_export_refuses_the_desk_itself_and_a_link_into_it(
    desk_copy: Path, tmp_path: Path
) -> None:
    before = snapshot_tree(desk_copy)
    link = tmp_path / 'looks-outside'
    link.symlink_to(desk_copy / 'notes', target_is_directory=True)
    for folder in (desk_copy, desk_copy / 'sessions', link):
        with pytest.raises(ExportRefused, match='inside the desk'):
            write_export((desk_copy,), folder, 'x.md', 'text')
    assert tree_differences(before, snapshot_tree(desk_copy)) == []


def test_export_file_names_hold_only_safe_characters() -> None:
    assert export_file_name('search', 'nifty gap') == 'desk-browser-search-nifty-gap.md'
    assert export_file_name('search', '../../etc/passwd') == 'desk-browser-search-etc-passwd.md'
    assert export_file_name('search', '\x1b[2J') == 'desk-browser-search-2J.md'
    assert export_file_name('search', '///') == 'desk-browser-search-export.md'


def test_export_toast(
    snap_compare: SnapCompare, demo_desk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The main screen after x: a toast "Exported · Wrote desk-browser-session-2026-10-21-3.md in
    /home/trader/exports" at the bottom right (the folder's whole path; a fixed one, as nothing
    is written here: the Pilot tests write for real)."""
    folder = Path('/home/trader/exports')
    written: list[Path] = []

    def write(protected: tuple[Path, ...], where: Path, file_name: str, document: str) -> Path:
        assert (protected, where) == ((demo_desk,), folder)
        written.append(where / file_name)
        return where / file_name

    monkeypatch.setattr(copy_export, 'write_export', write)

    async def run_before(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await pilot.press('x')
        await wait_for_note(pilot, 'Wrote')
        await pilot.pause()

    app = deterministic_app(demo_desk, export_folder=folder)
    assert snap_compare(app, run_before=run_before, terminal_size=SIZE)
    assert written == [folder / 'desk-browser-session-2026-10-21-3.md']


async def test_x_exports_the_list_with_each_problem_explained(
    damaged_desk: Path, tmp_path: Path
) -> None:
    folder = tmp_path / 'exports'
    folder.mkdir()
    app = deterministic_app(damaged_desk, export_folder=folder)
    async with settled(app, SIZE, notifications=True) as pilot:
        await pilot.press('exclamation_mark')
        await settle(pilot)
        await pilot.press('x')
        await wait_for_note(pilot, 'Wrote')
        written = list(folder.iterdir())
        assert [path.name for path in written] == [f'desk-browser-problems-{damaged_desk.name}.md']
        document = written[0].read_text()
        assert document.startswith(f'# Problems in {damaged_desk.name}\n\n7 problems in ')
        assert 'cut short — cut short by a crash: the desk skips it; nothing to do.' in document


def test_a_screenshot_keeps_its_spaces_for_every_renderer() -> None:
    svg = '<svg class="rich-terminal" viewBox="0 0 10 10"><text>&#160;&#160;a</text></svg>'
    kept = spaces_kept(svg)
    assert kept == svg.replace('<svg ', '<svg xml:space="preserve" ')
    assert spaces_kept(kept) == kept  # Marked once.
    root = ElementTree.fromstring(kept)
    assert root.get('{http://www.w3.org/XML/1998/namespace}space') == 'preserve'
    assert spaces_kept('not a picture') == 'not a picture'
