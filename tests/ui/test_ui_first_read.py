"""The desk's first read (desk_browser.live.first_read): what the main screen shows first.

The command line starts it before Textual loads; the main screen shows what it read as it
mounts, waits for it in a worker when it is slow, and reads the desk itself when it failed.
"""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from textual import events
from textual.geometry import Region
from textual.strip import Strip

from desk_browser.demo import DEMO_NOW, DEMO_TODAY
from desk_browser.live import first_read as first_read_module
from desk_browser.live.first_read import FirstRead, session_to_open
from desk_browser.live.services import DeskServices
from desk_browser.presentation.desk_data import DeskOverview, read_overview
from desk_browser.ui.app import DeskBrowser, make_app
from desk_browser.ui.widgets.exchange_view import ExchangeView
from desk_browser.ui.widgets.session_list import SessionList
from desk_browser.ui.widgets.summary_pane import SummaryPane
from tests.helpers.desks import append, exchange, exchange_line, small_desk, write_lines
from tests.helpers.pilot import AppFor, main_screen, settle, settled, wait_until, widget_texts

READ_TIMEOUT = 60
"""Bounds a wait for the first read's thread (a loaded machine is slow, not stuck)."""


def services_for(desk: Path, tmp_path: Path) -> DeskServices:
    return DeskServices.for_desk(
        desk, cache_directory=tmp_path / 'cache', clock=lambda: DEMO_NOW, today=lambda: DEMO_TODAY
    )


def app_with(first_read: FirstRead) -> DeskBrowser:
    desk = first_read.services.desk
    return make_app(
        desk,
        first_read=first_read,
        cursor_blink=False,
        animation_level='none',
        theme='textual-dark',
    )


def two_session_desk(tmp_path: Path) -> Path:
    """small_desk (2026-10-21-1 current, two exchanges) and an older 2026-10-20-1 of three."""
    desk = small_desk(tmp_path)
    write_lines(
        desk / 'sessions' / '2026-10-20-1.jsonl',
        [exchange(f'older {number}', 'answer') for number in range(3)],
    )
    return desk


def overview_of(desk: Path) -> DeskOverview:
    return read_overview(desk)


def test_the_session_opened_is_the_first_wanted_one_listed_else_the_newest(
    tmp_path: Path,
) -> None:
    overview = overview_of(two_session_desk(tmp_path))
    assert session_to_open(overview, ['2026-10-20-1', '2026-10-21-1']) == '2026-10-20-1'
    assert session_to_open(overview, ['no-such-session', '2026-10-20-1']) == '2026-10-20-1'
    assert session_to_open(overview, [None, None]) == '2026-10-21-1'
    assert session_to_open(overview, []) == '2026-10-21-1'


def test_a_desk_without_sessions_opens_none(tmp_path: Path) -> None:
    (tmp_path / 'empty').mkdir()
    assert session_to_open(overview_of(tmp_path / 'empty'), ['2026-10-21-1']) is None


def test_the_first_read_reads_the_overview_and_the_current_sessions_log(tmp_path: Path) -> None:
    desk = two_session_desk(tmp_path)
    look = FirstRead(services_for(desk, tmp_path)).start().look(READ_TIMEOUT)
    assert look is not None
    assert [entry.session_id for entry in look.overview.sessions] == [
        '2026-10-21-1',
        '2026-10-20-1',
    ]
    assert look.session_log is not None
    assert look.session_log.session_id == '2026-10-21-1'
    assert len(look.session_log.exchanges) == 2


def test_the_first_read_opens_the_session_asked_for(tmp_path: Path) -> None:
    desk = two_session_desk(tmp_path)
    first_read = FirstRead(services_for(desk, tmp_path), requested_session='2026-10-20-1')
    look = first_read.start().look(READ_TIMEOUT)
    assert look is not None
    assert look.session_log is not None
    assert look.session_log.session_id == '2026-10-20-1'
    assert len(look.session_log.exchanges) == 3


def test_a_first_read_never_started_or_failed_has_nothing_to_show(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    desk = small_desk(tmp_path)
    assert FirstRead(services_for(desk, tmp_path)).look(0) is None

    def fail(*_: object, **__: object) -> DeskOverview:
        raise OSError('the disk went away')

    monkeypatch.setattr(first_read_module, 'read_overview', fail)
    assert FirstRead(services_for(desk, tmp_path)).start().look(READ_TIMEOUT) is None


def test_a_first_read_brings_its_own_services(tmp_path: Path) -> None:
    desk = small_desk(tmp_path)
    first_read = FirstRead(services_for(desk, tmp_path))
    with pytest.raises(ValueError, match='its own services'):
        make_app(desk, first_read=first_read, today=lambda: DEMO_TODAY)
    with pytest.raises(ValueError, match='its own services'):
        make_app(tmp_path / 'another', first_read=first_read)


async def test_a_finished_first_read_is_on_the_screen_as_it_mounts_and_nothing_is_read_again(
    tmp_path: Path,
) -> None:
    desk = two_session_desk(tmp_path)
    first_read = FirstRead(services_for(desk, tmp_path)).start()
    assert first_read.look(READ_TIMEOUT) is not None
    app = app_with(first_read)
    async with app.run_test(size=(120, 40)) as pilot:
        # Before any pause: the screen was filled in as it mounted.
        assert app.query_one(ExchangeView).exchange_count == 2
        assert app.query_one(SessionList).row_count == 2
        assert 'Reading the desk' not in widget_texts(pilot)
        await settle(pilot)
        read_again = {'load_overview', 'load_session'} & {worker.name for worker in app.workers}
        assert read_again == set()
        assert '2026-10-21-1' in widget_texts(pilot)


async def test_a_slow_first_read_shows_reading_then_what_it_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    desk = small_desk(tmp_path)
    release = threading.Event()

    def slow_read(*arguments: object, **keywords: object) -> DeskOverview:
        release.wait(READ_TIMEOUT)
        return read_overview(*arguments, **keywords)  # type: ignore[arg-type]

    monkeypatch.setattr(first_read_module, 'read_overview', slow_read)
    app = app_with(FirstRead(services_for(desk, tmp_path)).start())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert 'Reading the desk…' in widget_texts(pilot)
        release.set()
        view = app.query_one(ExchangeView)
        await wait_until(pilot, lambda: view.exchange_count == 2, seconds=READ_TIMEOUT)
        await settle(pilot)
        assert 'load_session' not in {worker.name for worker in app.workers}
        assert 'Reading the desk…' not in widget_texts(pilot)


async def test_a_failed_first_read_lets_the_screen_read_the_desk_itself(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    desk = small_desk(tmp_path)

    def fail(*_: object, **__: object) -> DeskOverview:
        raise OSError('the disk went away')

    monkeypatch.setattr(first_read_module, 'read_overview', fail)
    app = app_with(FirstRead(services_for(desk, tmp_path)).start())
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await settle(pilot)
        assert app.query_one(ExchangeView).exchange_count == 2
        assert list(app._notifications) == []  # No failure reported: the second read worked.


async def test_what_the_desk_writes_after_the_first_read_is_followed(tmp_path: Path) -> None:
    desk = small_desk(tmp_path)
    first_read = FirstRead(services_for(desk, tmp_path)).start()
    assert first_read.look(READ_TIMEOUT) is not None
    # Written after the first read, before the app runs: the follower's baseline is the first
    # read's look, so the next poll finds the new exchange.
    append(desk / 'sessions' / '2026-10-21-1.jsonl', exchange_line('NIFTY gapped up'))
    app = app_with(first_read)
    async with app.run_test(size=(120, 40)) as pilot:
        view = app.query_one(ExchangeView)
        assert view.exchange_count == 2
        await wait_until(pilot, lambda: view.exchange_count == 3, seconds=READ_TIMEOUT)
        await wait_until(pilot, lambda: 'NIFTY gapped up' in widget_texts(pilot))


async def test_the_first_frame_draws_the_cards_at_their_final_width(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    desk = small_desk(tmp_path, exchanges=40)
    first_read = FirstRead(services_for(desk, tmp_path)).start()
    assert first_read.look(READ_TIMEOUT) is not None
    drawn: list[tuple[int, str]] = []
    render_lines = ExchangeView.render_lines

    def record(view: ExchangeView, crop: Region) -> list[Strip]:
        strips = render_lines(view, crop)
        drawn.append((view.scrollable_content_region.width, ''.join(s.text for s in strips)))
        return strips

    monkeypatch.setattr(ExchangeView, 'render_lines', record)
    app = app_with(first_read)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        view = app.query_one(ExchangeView)
        first_width, first_text = drawn[0]
        # The first draw: the session's header and its first card, a scrollbar already beside
        # them (no second layout draws them narrower).
        assert '40 exchanges' in first_text
        assert '#1' in first_text
        assert view.show_vertical_scrollbar
        assert first_width == view.scrollable_content_region.width


@pytest.mark.parametrize('summary', [None, '# The day\n\nFlat, then a gap down.'])
async def test_the_first_frame_gives_the_summary_pane_its_height(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, summary: str | None
) -> None:
    desk = small_desk(tmp_path, exchanges=40)  # Its current session's day, 2026-10-21.
    if summary is not None:
        summaries = desk / 'sessions' / 'summaries'
        summaries.mkdir(exist_ok=True)
        (summaries / '2026-10-21.md').write_text(summary, encoding='utf-8')
    first_read = FirstRead(services_for(desk, tmp_path)).start()
    assert first_read.look(READ_TIMEOUT) is not None
    heights: list[int] = []
    render_lines = ExchangeView.render_lines

    def record(view: ExchangeView, crop: Region) -> list[Strip]:
        heights.append(view.size.height)
        return render_lines(view, crop)

    monkeypatch.setattr(ExchangeView, 'render_lines', record)
    app = app_with(first_read)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        # The exchanges are first drawn at their height once the summary is shown: the pane
        # was not first drawn tall and made short (a day with no summary) after the first frame.
        assert heights[0] == app.query_one(ExchangeView).size.height
        assert app.query_one(SummaryPane).has_class('-empty') == (summary is None)
        shown = widget_texts(pilot)
        assert ('No summary for' in shown) == (summary is None)


async def test_a_resize_to_the_size_laid_out_lays_nothing_out_again(
    app_for: AppFor, tmp_path: Path
) -> None:
    app = app_for(small_desk(tmp_path))
    async with settled(app) as pilot:
        screen = main_screen(app)
        layouts: list[object] = []
        screen.screen_layout_refresh_signal.subscribe(screen, layouts.append)
        # The terminal's first Resize comes at the size the first frame was laid out at.
        size = screen.outer_size
        screen.post_message(events.Resize(size, size, size))
        await pilot.pause()
        assert layouts == []
        await pilot.resize_terminal(100, 30)
        await settle(pilot)
        assert layouts != []
        assert screen.outer_size == (100, 30)


async def test_a_desk_s_first_session_is_opened_when_it_appears(
    app_for: AppFor, tmp_path: Path
) -> None:
    desk = tmp_path / 'main'
    (desk / 'sessions').mkdir(parents=True)
    app = app_for(desk)
    async with settled(app) as pilot:
        view = app.query_one(ExchangeView)
        assert 'No session has a log yet.' in view.rendered_text()
        write_lines(
            desk / 'sessions' / '2026-10-21-1.jsonl',
            [exchange(f'trigger {number}', 'answer') for number in range(3)],
        )
        await wait_until(pilot, lambda: view.exchange_count == 3, seconds=READ_TIMEOUT)
        assert main_screen(app).selected_session == '2026-10-21-1'
        assert app.query_one(SessionList).highlighted == 0
