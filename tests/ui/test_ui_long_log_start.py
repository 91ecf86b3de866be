"""A big log shows its first exchanges at once, then the rest below them, nothing claimed early.

The rest of the log is held back by a gate in these tests (the app reads it once the first
exchanges are drawn), so what the view shows in between can be looked at.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.pilot import Pilot

from desk_browser.live.live_desk import LiveDesk
from desk_browser.presentation.desk_data import SessionLog
from desk_browser.ui.widgets.exchange_view import ExchangeView
from desk_browser.ui.widgets.new_exchanges_marker import NewExchangesMarker
from tests.helpers.desks import append, exchange_line
from tests.helpers.pilot import AppFor, screen_text, settle, wait_until, widget_texts
from tests.ui.screens.test_ui_main_screen import long_desk

COUNT = 2_000
"""Exchanges in the log: about 190 KB, three times what is read first."""

LOG = Path('sessions') / '2026-10-21-1.jsonl'


@pytest.fixture
def rest_held(monkeypatch: pytest.MonkeyPatch) -> Iterator[threading.Event]:
    """Holds back the whole read of a big log until the event is set (set at the end anyway)."""
    gate = threading.Event()
    opened = LiveDesk.open_session

    def held(
        live_desk: LiveDesk,
        session_id: str,
        deliver: Callable[[SessionLog], None],
        cancelled: threading.Event | None = None,
        *,
        head_first: Callable[[], object] | None = None,
    ) -> None:
        def wait() -> None:
            if head_first is not None:
                head_first()
            gate.wait(10)

        opened(live_desk, session_id, deliver, cancelled, head_first=wait if head_first else None)

    monkeypatch.setattr(LiveDesk, 'open_session', held)
    yield gate
    gate.set()


@contextlib.asynccontextmanager
async def first_exchanges_shown(
    app: App[Any], *, notifications: bool = False, size: tuple[int, int] = (120, 40)
) -> AsyncIterator[tuple[Pilot[Any], ExchangeView]]:
    """Runs the app until the exchange view has drawn its first cards."""
    async with app.run_test(size=size, notifications=notifications) as pilot:
        view = app.query_one(ExchangeView)
        await wait_until(pilot, lambda: view.rendered_indexes != [])
        yield pilot, view


async def rest_read(pilot: Pilot[Any], view: ExchangeView, gate: threading.Event) -> None:
    """Lets the whole log be read, and waits until it is shown."""
    gate.set()
    await wait_until(pilot, lambda: view.shown_log is not None and view.shown_log.complete)
    await settle(pilot)


def line_of(pilot: Pilot[Any], words: str) -> int:
    """The screen line (from the top) that shows the words first."""
    return next(
        number for number, line in enumerate(screen_text(pilot).splitlines()) if words in line
    )


@pytest.mark.parametrize('size', [(120, 40), (80, 24)])
async def test_the_first_exchanges_come_first_and_the_header_counts_only_them(
    app_for: AppFor, tmp_path: Path, rest_held: threading.Event, size: tuple[int, int]
) -> None:
    app = app_for(long_desk(tmp_path, COUNT))
    async with first_exchanges_shown(app, size=size) as (pilot, view):
        first = view.shown_log
        assert first is not None and not first.complete
        assert 10 < len(first.exchanges) < COUNT
        header = view.rendered_text().splitlines()[0]
        assert header == f'2026-10-21-1  ·  {len(first.exchanges)}+ exchanges'
        first_line = line_of(pilot, 'trigger 1')
        await rest_read(pilot, view, rest_held)
        assert view.exchange_count == COUNT
        log = view.shown_log
        assert log is not None and log.complete
        assert view.rendered_text().splitlines()[0] == f'2026-10-21-1  ·  {COUNT:,} exchanges'
        assert view.scroll_y == 0  # The rest came below; nothing on screen moved.
        assert line_of(pilot, 'trigger 1') == first_line
        assert app.query_one(NewExchangesMarker).count == 0  # The rest is not "new".


@pytest.mark.parametrize('jumped_past_first', [False, True])
async def test_end_before_the_rest_shows_the_last_exchange_once_it_is_read(
    app_for: AppFor, tmp_path: Path, rest_held: threading.Event, jumped_past_first: bool
) -> None:
    app = app_for(long_desk(tmp_path, COUNT))
    async with first_exchanges_shown(app) as (pilot, view):
        view.focus()
        if jumped_past_first:  # N past the first exchanges, then End: the end wins.
            await pilot.press(*['N'] * (view.exchange_count // 25 + 3))
        await pilot.press('end')
        await pilot.pause()
        await rest_read(pilot, view, rest_held)
        assert view.shows_end()
        assert f'Answer {COUNT}' in screen_text(pilot)
        assert app.query_one(NewExchangesMarker).count == 0


@pytest.mark.parametrize('past_the_first', [False, True])
async def test_n_before_the_rest_keeps_its_exchange_current_and_in_view(
    app_for: AppFor, tmp_path: Path, rest_held: threading.Event, past_the_first: bool
) -> None:
    app = app_for(long_desk(tmp_path, COUNT))
    async with first_exchanges_shown(app) as (pilot, view):
        view.focus()
        first = view.exchange_count
        # Past the first exchanges' end, N stops at it for now, and goes on once the rest is read.
        jumps = first // 25 + 3 if past_the_first else 1
        back = ['P'] if past_the_first else []
        await pilot.press(*['N'] * jumps, *back, 'n')
        await pilot.pause()
        wanted = (jumps - len(back)) * 25 + 1
        assert view.current_index == min(wanted, first - 1)
        await rest_read(pilot, view, rest_held)
        assert view.current_index == wanted
        assert f'Answer {wanted + 1}' in screen_text(pilot)
        await pilot.press('N')
        await pilot.pause()
        assert view.current_index == wanted + 25


async def test_lines_written_meanwhile_are_read_and_later_ones_followed(
    app_for: AppFor, tmp_path: Path, rest_held: threading.Event
) -> None:
    desk = long_desk(tmp_path, COUNT)
    app = app_for(desk)
    async with first_exchanges_shown(app) as (pilot, view):
        append(desk / LOG, exchange_line('written meanwhile'))
        await rest_read(pilot, view, rest_held)
        assert view.exchange_count == COUNT + 1
        marker = app.query_one(NewExchangesMarker)
        assert marker.count == 0
        append(desk / LOG, exchange_line('one more') + exchange_line('and another'))
        await wait_until(pilot, lambda: view.exchange_count == COUNT + 3)
        await wait_until(pilot, lambda: marker.count == 2)  # Out of view: counted as new.
        view.focus()
        await pilot.press('end')
        await settle(pilot)
        assert 'and another' in screen_text(pilot)


async def test_export_before_the_rest_says_to_wait_rather_than_write_a_part(
    app_for: AppFor, tmp_path: Path, rest_held: threading.Event, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # Where an export would go.
    app = app_for(long_desk(tmp_path, COUNT))
    async with first_exchanges_shown(app, notifications=True) as (pilot, view):
        view.focus()
        await pilot.press('x')
        await pilot.pause()
        messages = [notification.message for notification in app._notifications]
        assert 'The session is still being read: export it in a moment.' in messages


async def test_reading_the_desk_again_never_shows_only_the_first_exchanges(
    app_for: AppFor, tmp_path: Path
) -> None:
    app = app_for(long_desk(tmp_path, COUNT))
    async with app.run_test(size=(120, 40)) as pilot:
        view = app.query_one(ExchangeView)
        await wait_until(pilot, lambda: view.exchange_count == COUNT)
        await settle(pilot)
        view.focus()
        await pilot.press('end')
        await pilot.pause()
        counts: list[int] = []
        view.watch(view, 'virtual_size', lambda: counts.append(view.exchange_count), init=False)
        await pilot.press('r')
        await settle(pilot)
        assert view.exchange_count == COUNT
        assert set(counts) <= {COUNT}
        assert view.shows_end()
        assert '+ exchanges' not in widget_texts(pilot)
