"""The day view: a day's journal as a timeline, its filter, its glance line and the sparkline."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from textual.app import App, ComposeResult
from textual.content import Content
from textual.pilot import Pilot
from textual.widgets import SelectionList, Sparkline, Static

from desk_browser.demo import DEMO_TODAY
from desk_browser.memory.desk_files import JournalEvent, read_journal_day
from desk_browser.presentation.day_data import (
    DayGlance,
    activity_by_day,
    day_glance,
    read_day_view,
)
from desk_browser.presentation.start_view import StartView
from desk_browser.ui.screens.day_screen import DayScreen
from desk_browser.ui.widgets.timeline import EVENT_KINDS, Timeline, event_kind, event_label
from tests.helpers.desks import write_lines
from tests.helpers.pilot import (
    AppFor,
    deterministic_app,
    open_day_view,
    screen_text,
    settle,
    settled,
    widget_texts,
)

SnapCompare = Callable[..., bool]
SIZE = (120, 40)
TODAY = DEMO_TODAY.isoformat()


async def test_d_opens_the_selected_sessions_day_with_every_event(
    app_for: AppFor, demo_desk: Path
) -> None:
    journal = read_journal_day(demo_desk / 'journal' / f'{TODAY}.jsonl', TODAY)
    app = app_for(demo_desk)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_day_view(pilot)
        assert screen.day == TODAY
        timeline = screen.query_one(Timeline)
        assert timeline.row_count == len(journal.events)
        text = widget_texts(pilot)
        assert 'Wed 2026-10-21' in text
        assert day_glance(journal.events).text() in text
        await pilot.press('escape')
        await settle(pilot)
        assert not isinstance(app.screen, DayScreen)


async def test_the_glance_line_counts_triggers_orders_risk_and_tool_calls(tmp_path: Path) -> None:
    desk = tmp_path / 'main'
    time = '2026-10-21T04:00:00+00:00'
    write_lines(
        desk / 'journal' / f'{TODAY}.jsonl',
        [
            {'type': 'trigger_received', 'time': time, 'text': 'open', 'source': 'schedule'},
            {'type': 'order_placed', 'time': time, 'order_id': '1', 'symbol': 'X'},
            {'type': 'order_filled', 'time': time, 'order_id': '1', 'symbol': 'X'},
            {'type': 'order_cancelled', 'time': time, 'order_id': '2', 'symbol': 'X'},
            {'type': 'risk_decision', 'time': time, 'decision': 'approved', 'symbol': 'X'},
            {'type': 'risk_decision', 'time': time, 'decision': 'rejected', 'symbol': 'X'},
            {'type': 'risk_decision', 'time': time, 'decision': 'rejected', 'symbol': 'Y'},
            {'type': 'tool_call', 'time': time, 'tool': 'quote', 'input': {}},
        ],
    )
    view = read_day_view(desk, TODAY, None)
    assert day_glance(view.journal.events).text() == (
        '1 trigger · orders 1 placed, 1 filled, 1 cancelled · risk 1 approved, 2 rejected · '
        '1 tool call'
    )


def test_the_glance_fits_its_width_without_zero_counts_then_between_its_parts() -> None:
    """At 80 columns the whole line wrapped between a count and its word ("0" / "rejected")."""
    busy = DayGlance(10, 6, 6, 0, 6, 0, 15)
    assert busy.fitted(120) == busy.text()
    assert (
        busy.fitted(76)
        == '10 triggers · orders 6 placed, 6 filled · risk 6 approved · 15 tool calls'
    )
    quiet = DayGlance(3, 0, 0, 0, 0, 0, 1)
    assert quiet.fitted(76) == '3 triggers · no orders · no risk decisions · 1 tool call'
    both = DayGlance(18, 5, 5, 0, 5, 4, 22)  # Then in the timeline's words for its events.
    assert (
        both.fitted(76)
        == '18 triggers · 5 placed, 5 filled · 5 approved, 4 rejected · 22 tool calls'
    )
    every = DayGlance(16, 7, 6, 1, 7, 2, 17)
    assert every.fitted(76) == (
        '16 triggers · orders 7 placed, 6 filled, 1 cancelled\n'
        'risk 7 approved, 2 rejected · 17 tool calls'
    )


@given(st.lists(st.integers(min_value=0, max_value=10**6), min_size=7, max_size=7))
def test_a_fitted_glance_keeps_every_count_and_fits_where_its_parts_do(counts: list[int]) -> None:
    glance = DayGlance(*counts)
    for width in (56, 76, 116):
        fitted = glance.fitted(width)
        assert all(len(line) <= width for line in fitted.splitlines())
        for count in counts:
            assert count == 0 or f'{count:,}' in fitted or str(count) in fitted


async def test_unknown_event_types_are_shown_as_ordinary_actions(tmp_path: Path) -> None:
    desk = tmp_path / 'main'
    write_lines(
        desk / 'journal' / f'{TODAY}.jsonl',
        [
            {'type': 'margin_call', 'time': '2026-10-21T05:00:00+00:00', 'broker': 'zerodha'},
            {'type': 'session_started', 'time': '2026-10-21T03:45:00+00:00', 'session_id': 'x-1'},
        ],
    )
    async with settled(deterministic_app(desk, start=StartView(day=TODAY)), SIZE) as pilot:
        rows = widget_texts(pilot)
        assert 'margin_call' in rows
        assert 'broker: zerodha' in rows
        assert 'started' in rows


async def test_desk_text_in_the_timeline_is_shown_not_obeyed(tmp_path: Path) -> None:
    desk = tmp_path / 'main'
    write_lines(
        desk / 'journal' / f'{TODAY}.jsonl',
        [
            {
                'type': 'trigger_received',
                'time': '2026-10-21T05:00:00+00:00',
                'text': '[bold]loud[/bold] \x1b[31mred \u202eevil',
                'source': 'trader',
            }
        ],
    )
    async with settled(deterministic_app(desk, start=StartView(day=TODAY)), SIZE) as pilot:
        text = screen_text(pilot)
        assert '[bold]loud[/bold]' in text
        assert '␛[31mred' in text
        assert '<U+202E>' in text
        assert '\x1b' not in text


async def test_number_keys_and_the_filter_hide_kinds_of_event(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_day_view(pilot)
        timeline = screen.query_one(Timeline)
        total = timeline.row_count
        await pilot.press('2')  # Answers off.
        await settle(pilot)
        shown = [event_kind(event) for event in timeline.shown_events]
        assert 'answer' not in shown
        assert 0 < timeline.row_count < total
        assert timeline.border_subtitle == f'{timeline.row_count:,} of {total:,} events'
        filter_list = screen.query_one(SelectionList)
        assert 'answer' not in filter_list.selected
        await pilot.press('2')
        await settle(pilot)
        assert timeline.row_count == total


async def test_brackets_move_between_days_and_a_day_without_journal_says_so(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_day_view(pilot)
        await pilot.press('left_square_bracket')
        await settle(pilot)
        assert screen.day == '2026-10-20'
        await pilot.press('right_square_bracket')
        await settle(pilot)
        assert screen.day == TODAY
        await pilot.press('right_square_bracket')
        await settle(pilot)
        assert screen.day == TODAY  # No later day.
        screen.show('2026-10-17')  # A Saturday: no journal.
        await settle(pilot)
        text = widget_texts(pilot)
        assert 'no journal for this day' in text
        assert '[ Fri 2026-10-16  ] Mon 2026-10-19' in text  # The nearest days, and their keys.
        assert screen.query_one(Timeline).row_count == 0
        await pilot.press('right_square_bracket')
        await settle(pilot)
        assert screen.day == '2026-10-19'


async def test_an_empty_days_heading_fits_80_columns_in_shorter_words(
    app_for: AppFor, demo_desk: Path
) -> None:
    """At 80 columns the long form wrapped and split the day after's date over two lines."""

    def first_line() -> str:
        heading = screen.query_one('#day-heading', Static)
        assert isinstance(heading.content, Content)
        line = heading.content.plain.splitlines()[0]
        assert len(line) <= heading.content_region.width  # One line on screen.
        return line

    app = app_for(demo_desk)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_day_view(pilot)
        screen.show('2026-10-17')  # A Saturday: no journal.
        await settle(pilot)
        assert (
            first_line() == 'Sat 2026-10-17  ·  no journal  ·  [ Fri 2026-10-16  ] Mon 2026-10-19'
        )
        assert 'Mon 2026-10-19' in screen_text(pilot)
        await pilot.resize_terminal(70, 24)
        await settle(pilot)
        assert first_line() == 'Sat 2026-10-17 · no journal · [ Fri 2026-10-16 ] Mon 2026-10-19'
        await pilot.resize_terminal(120, 24)
        await settle(pilot)
        assert first_line() == (
            'Sat 2026-10-17  ·  no journal for this day  ·  [ Fri 2026-10-16  ] Mon 2026-10-19'
        )


async def test_the_sparkline_shows_exchanges_per_day_of_the_sessions_list(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_day_view(pilot)
        overview = app.main_screen.overview
        assert overview is not None
        expected = activity_by_day(overview)
        assert len(expected) == 10
        assert expected == sorted(expected)
        data = screen.query_one(Sparkline).data
        assert data == [float(count) for _day, count in expected]
        total = sum(entry.exchange_count for entry in overview.sessions)
        assert sum(count for _day, count in expected) == total


def test_event_labels_name_risk_decisions_by_their_outcome() -> None:
    from desk_browser.memory.desk_files import JournalEvent

    rejected = JournalEvent(1, 'risk_decision', '', {'decision': 'rejected'})
    odd = JournalEvent(2, 'risk_decision', '', {'decision': 'maybe'})
    assert event_label(rejected) == 'rejected'
    assert event_label(odd) == 'risk'
    assert event_kind(JournalEvent(3, 'brand_new', '', {})) == 'other'


def test_day_view(snap_compare: SnapCompare, app_for: AppFor, demo_desk: Path) -> None:
    """Wed 2026-10-21: heading with 128 events and the glance line, sparkline, filter, timeline,
    the first event's detail below."""

    async def run_before(pilot: Pilot[Any]) -> None:
        await open_day_view(pilot)

    assert snap_compare(app_for(demo_desk), run_before=run_before, terminal_size=SIZE)


def test_filtered_day_view(snap_compare: SnapCompare, app_for: AppFor, demo_desk: Path) -> None:
    """Answers, tool calls and sessions unticked: only triggers, orders and risk rows remain;
    the timeline's subtitle says how many of the 128 events are shown."""

    async def run_before(pilot: Pilot[Any]) -> None:
        await open_day_view(pilot)
        await pilot.press('2', '5', '6')
        await settle(pilot)

    assert snap_compare(app_for(demo_desk), run_before=run_before, terminal_size=SIZE)


class _TimelineApp(App[None]):
    """Just a timeline of four events, two of them answers."""

    CSS = 'Timeline { height: 1fr; text-wrap: nowrap; text-overflow: ellipsis; }'

    def compose(self) -> ComposeResult:
        yield Timeline(id='timeline')

    def on_mount(self) -> None:
        time = '2026-10-21T04:00:00+00:00'
        events = [
            JournalEvent(1, 'trigger_received', time, {'text': 'open ' * 40}),
            JournalEvent(2, 'text', time, {'text': 'first answer'}),
            JournalEvent(3, 'order_placed', time, {'symbol': 'X'}),
            JournalEvent(4, 'text', time, {'text': 'second answer'}),
        ]
        timeline = self.query_one(Timeline)
        timeline.show_events(events, {kind for kind, _label in EVENT_KINDS})
        timeline.focus()


async def test_the_timeline_keys_wrap_around_its_ends_as_an_option_list_does() -> None:
    app = _TimelineApp()
    async with app.run_test(size=(60, 10)) as pilot:
        timeline = app.query_one(Timeline)
        assert timeline.highlighted == 0
        await pilot.press('up')
        assert timeline.highlighted == 3
        await pilot.press('down')
        assert timeline.highlighted == 0
        await pilot.press('end', 'pageup')
        assert timeline.highlighted == 0
        await pilot.press('pagedown')
        assert timeline.highlighted == 3


async def test_a_filter_keeps_the_highlight_on_its_event_and_long_rows_end_in_an_ellipsis() -> None:
    app = _TimelineApp()
    async with app.run_test(size=(60, 10)) as pilot:
        timeline = app.query_one(Timeline)
        timeline.highlighted = 2
        timeline.filter({'trigger', 'order'})
        await pilot.pause()
        assert [event.line_number for event in timeline.shown_events] == [1, 3]
        assert timeline.highlighted_event is not None
        assert timeline.highlighted_event.line_number == 3
        text = screen_text(pilot)
        assert 'trigger    open open' in text
        assert text.split('\n')[0].endswith('open open…')
        timeline.filter(set())
        assert timeline.highlighted is None
        assert timeline.highlighted_event is None
