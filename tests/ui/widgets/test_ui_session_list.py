"""The sessions list draws only the rows on screen, however many sessions a desk has."""

from __future__ import annotations

import datetime
from dataclasses import replace

from textual.app import App, ComposeResult

from desk_browser.presentation.desk_data import SessionEntry
from desk_browser.ui.widgets.row_list import RowList
from desk_browser.ui.widgets.session_list import SessionList, session_prompt

SESSIONS = 2_500


def _entries(count: int) -> list[SessionEntry]:
    start = datetime.date(2026, 10, 21)
    return [
        SessionEntry(
            session_id=f'{start - datetime.timedelta(days=place)}-1',
            day=start - datetime.timedelta(days=place),
            number='1',
            exchange_count=0,
            damaged_lines=0,
            is_current=place == 0,
            counted=place < 16,
        )
        for place in range(count)
    ]


class ListApp(App[None]):
    """Just a sessions list, 20 lines high."""

    CSS = 'SessionList { height: 20; }'

    def __init__(self) -> None:
        super().__init__()
        self.highlighted: list[int] = []
        self.chosen: list[int] = []

    def compose(self) -> ComposeResult:
        yield SessionList(id='sessions')

    def on_row_list_highlighted(self, message: RowList.Highlighted) -> None:
        self.highlighted.append(message.index)

    def on_row_list_chosen(self, message: RowList.Chosen) -> None:
        self.chosen.append(message.index)


async def test_a_long_list_renders_only_the_rows_on_screen() -> None:
    app = ListApp()
    async with app.run_test(size=(60, 24)) as pilot:
        sessions = app.query_one(SessionList)
        sessions.show_sessions(_entries(SESSIONS))
        await pilot.pause()
        assert sessions.row_count == SESSIONS
        assert sessions.virtual_size.height == SESSIONS
        assert sessions.rendered_indexes == list(range(20))
        sessions.highlight_session(_entries(SESSIONS)[2_000].session_id)
        await pilot.pause()
        assert sessions.highlighted == 2_000
        assert 1_981 <= sessions.scroll_offset.y <= 2_000
        assert max(sessions.rendered_indexes) < 2_020 and len(sessions.rendered_indexes) <= 40


async def test_counting_an_off_screen_session_renders_nothing_more() -> None:
    app = ListApp()
    async with app.run_test(size=(60, 24)) as pilot:
        sessions = app.query_one(SessionList)
        entries = _entries(SESSIONS)
        sessions.show_sessions(entries)
        await pilot.pause()
        for entry in entries[16:]:
            sessions.update_session(replace(entry, exchange_count=7, counted=True))
        await pilot.pause()
        assert set(sessions.rendered_indexes) <= set(range(20))
        assert 'exchanges' in sessions.row_lines(2_400, 60)[0].plain
        assert '7 exchanges' in sessions.row_lines(19, 60)[0].plain


async def test_keys_and_clicks_move_the_highlight_and_keep_it_in_view() -> None:
    app = ListApp()
    async with app.run_test(size=(60, 24)) as pilot:
        sessions = app.query_one(SessionList)
        sessions.show_sessions(_entries(100))
        sessions.focus()
        await pilot.pause()
        assert sessions.highlighted is None
        await pilot.press('down')
        assert sessions.highlighted == 0
        await pilot.press('down', 'down')
        assert sessions.highlighted == 2
        await pilot.press('pagedown')
        assert sessions.highlighted == 22
        await pilot.press('end')
        await pilot.pause()
        assert sessions.highlighted == 99
        assert sessions.scroll_offset.y == 80
        await pilot.press('home')
        await pilot.pause()
        assert sessions.highlighted == 0 and sessions.scroll_offset.y == 0
        await pilot.press('enter')
        await pilot.click(SessionList, offset=(5, 4))
        await pilot.pause()
        assert sessions.highlighted == 4
        assert app.chosen == [0, 4]
        assert app.highlighted[-1] == 4


async def test_a_new_list_drops_the_highlight_and_a_shorter_one_keeps_it_in_range() -> None:
    app = ListApp()
    async with app.run_test(size=(60, 24)) as pilot:
        sessions = app.query_one(SessionList)
        sessions.show_sessions(_entries(50))
        sessions.highlighted = 40
        await pilot.pause()
        sessions.show_sessions(_entries(10))
        await pilot.pause()
        assert sessions.highlighted is None
        assert not sessions.highlight_session('2020-01-01-1')
        sessions.highlighted = 99
        assert sessions.highlighted == 9
        sessions.show_sessions([])
        await pilot.pause()
        assert sessions.highlighted is None
        await pilot.press('down')
        assert sessions.highlighted is None


async def test_every_session_is_found_at_its_place_near_the_top_or_far_down() -> None:
    # The places of a long list's sessions are worked out only once one beyond the top is
    # looked for; before and after, each session is found where it is listed.
    app = ListApp()
    async with app.run_test(size=(60, 24)) as pilot:
        sessions = app.query_one(SessionList)
        entries = _entries(SESSIONS)
        for first_looked_for in (3, SESSIONS - 1):
            sessions.show_sessions(entries)
            order = [first_looked_for, *range(0, SESSIONS, 7), SESSIONS - 1]
            for place in order:
                assert sessions.place_of(entries[place].session_id) == place
            assert sessions.place_of('2030-01-01-1') is None
        sessions.show_sessions(entries)
        assert sessions.highlight_session(entries[2_000].session_id)
        assert sessions.highlighted == 2_000
        counted = replace(entries[2_000], exchange_count=7, counted=True)
        sessions.update_session(counted)
        await pilot.pause()
        assert sessions.session_at(2_000) == counted
        sessions.show_sessions(entries[::-1])
        assert sessions.place_of(entries[0].session_id) == SESSIONS - 1
        assert sessions.place_of(entries[-1].session_id) == 0


def test_a_session_id_with_a_control_character_keeps_its_count_on_its_line() -> None:
    entry = SessionEntry(
        session_id='2026-10-20-\n1',
        day=datetime.date(2026, 10, 20),
        number='\n1',
        exchange_count=3,
        damaged_lines=0,
        is_current=False,
        counted=True,
    )
    line = session_prompt(entry).plain
    assert '\n' not in line
    assert '#␊1' in line
    assert line.endswith('3 exchanges')
    undated = replace(entry, day=None, number='')
    assert session_prompt(undated).plain.strip() == '2026-10-20-␊1  3 exchanges'


def test_a_count_too_wide_for_the_row_goes_without_its_noun_never_cut() -> None:
    entry = replace(_entries(1)[0], exchange_count=10_000)
    # The sessions list is 36 cells wide at 80 columns.
    assert session_prompt(entry, 40).plain == '● Wed 2026-10-21  #1  10,000 exchanges'
    assert session_prompt(entry, 36).plain == '● Wed 2026-10-21  #1  10,000'
    assert session_prompt(entry, 25).plain == '● Wed 2026-10-21  #1'
    damaged = replace(entry, damaged_lines=1_200)
    assert session_prompt(damaged, 60).plain == (
        '● Wed 2026-10-21  #1  10,000 exchanges  1,200 damaged'
    )
    # Beside a damaged count, a bare "10,000" would read as a second count of damage.
    assert session_prompt(damaged, 45).plain == '● Wed 2026-10-21  #1  1,200 damaged'


def test_a_session_whose_log_cannot_be_read_says_so_not_0_exchanges() -> None:
    entry = replace(_entries(1)[0], exchange_count=0, unreadable=True)
    assert session_prompt(entry, 60).plain == '● Wed 2026-10-21  #1  log could not be read'
    assert session_prompt(entry, 36).plain == '● Wed 2026-10-21  #1  unreadable'
