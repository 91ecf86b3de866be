"""Pilot tests of the main screen: state, sessions, exchanges, summary."""

from __future__ import annotations

from pathlib import Path

from rich.color import Color

from desk_browser.ui.widgets.exchange_view import ExchangeView
from desk_browser.ui.widgets.session_list import SessionList
from desk_browser.ui.widgets.tabbed_panes import TabbedPanes
from tests.helpers.desks import exchange, write_lines, write_state
from tests.helpers.pilot import AppFor, main_screen, screen_text, settle, settled, widget_texts


async def test_opens_on_the_current_session_with_the_state_in_words(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with settled(app) as pilot:
        screen = main_screen(app)
        assert screen.selected_session == '2026-10-21-3'
        text = widget_texts(pilot)
        assert 'Wed 2026-10-21' in text
        assert 'today' in text
        assert 'up to date' in text
        assert '2 behind: it gets 2 exchanges on its next turn' in text
        assert '"session_id": "d40aa3fe' in text
        assert app.query_one(TabbedPanes).active == 'exchanges-tab'
        assert '#1' in text and 'IST' in text


async def test_moving_in_the_sessions_list_selects_that_session(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with settled(app) as pilot:
        screen = main_screen(app)
        app.query_one(SessionList).focus()
        await pilot.press('down', 'down')
        await settle(pilot)
        assert screen.selected_session == '2026-10-21-1'
        assert '2026-10-21-1  ·  ' in widget_texts(pilot)


async def test_clicking_a_session_selects_it(app_for: AppFor, demo_desk: Path) -> None:
    app = app_for(demo_desk)
    async with settled(app) as pilot:
        sessions = app.query_one(SessionList)
        index = sessions.place_of('2026-10-20-1')
        assert index is not None
        await pilot.click(SessionList, offset=(10, index + 1))
        await settle(pilot)
        assert main_screen(app).selected_session == '2026-10-20-1'


async def test_exchanges_scroll_with_page_keys(app_for: AppFor, demo_desk: Path) -> None:
    app = app_for(demo_desk)
    async with settled(app) as pilot:
        view = app.query_one(ExchangeView)
        view.focus()
        await pilot.press('pagedown')
        await pilot.pause()
        assert view.scroll_y > 0
        await pilot.press('end')
        await pilot.pause()
        assert view.scroll_y == view.max_scroll_y
        await pilot.press('home')
        await pilot.pause()
        assert view.scroll_y == 0


async def test_next_and_previous_exchange_move_and_mark_the_exchange(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with settled(app) as pilot:
        view = app.query_one(ExchangeView)
        await pilot.press('n')
        await pilot.pause()
        assert view.current_index == 0
        await pilot.press('n', 'n')
        await pilot.pause()
        assert view.current_index == 2
        assert (
            bar_color(view, 0) == view.get_component_rich_style('exchange-view--bar-current').color
        )
        assert view.scroll_y > 0
        await pilot.press('p')
        await pilot.pause()
        assert view.current_index == 1
        await pilot.press('n')
        await pilot.pause()
        assert view.current_index == 2


async def test_summary_tab_shows_the_selected_sessions_day(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with settled(app) as pilot:
        await pilot.press('s')
        await settle(pilot)
        assert app.query_one(TabbedPanes).active == 'summary-tab'
        assert 'No summary for Wed 2026-10-21' in widget_texts(pilot)
        app.query_one(SessionList).highlight_session('2026-10-20-1')
        await settle(pilot)
        text = widget_texts(pilot)
        assert 'Summary of Tue 2026-10-20' in text
        await pilot.press('e')
        await pilot.pause()
        assert app.query_one(TabbedPanes).active == 'exchanges-tab'


async def test_current_session_key_goes_back_to_the_current_session(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with settled(app) as pilot:
        app.query_one(SessionList).highlight_session('2026-10-19-1')
        await settle(pilot)
        assert main_screen(app).selected_session == '2026-10-19-1'
        await pilot.press('c')
        await settle(pilot)
        assert main_screen(app).selected_session == '2026-10-21-3'


def bar_color(view: ExchangeView, y: int) -> Color | None:
    """The colour of the bar on a line of the exchange view."""
    first = next(iter(view.render_line(y)))
    return first.style.color if first.style is not None else None


def long_desk(tmp_path: Path, count: int) -> Path:
    desk = tmp_path / 'main'
    write_lines(
        desk / 'sessions' / '2026-10-21-1.jsonl',
        [
            exchange(f'trigger {number}', f'## Answer {number}\n\n- one\n- **two**\n\nText.')
            for number in range(1, count + 1)
        ],
    )
    write_state(desk, '2026-10-21-1', {'claude': {'exchanges_seen': count, 'runner_state': None}})
    return desk


async def test_a_10000_exchange_session_renders_only_the_cards_on_screen(
    app_for: AppFor, tmp_path: Path
) -> None:
    app = app_for(long_desk(tmp_path, 10_000))
    async with settled(app) as pilot:
        view = app.query_one(ExchangeView)
        assert view.exchange_count == 10_000
        assert '10,000 exchanges' in widget_texts(pilot)
        assert view.rendered_indexes
        assert max(view.rendered_indexes) < 10  # a screenful, not the session
        await view.go_to(9_999)
        await pilot.pause()
        assert view.current_index == 9_999
        assert 9_999 in view.rendered_indexes
        assert len(view.rendered_indexes) < 30
        assert view.shows_end()
        assert 'Answer 10000' in widget_texts(pilot)
        await view.go_to(5_000)
        await pilot.pause()
        assert view.chosen_index() == 5_000
        assert 'Answer 5001' in screen_text(pilot)


async def test_n_p_step_and_shift_n_p_jump_25_exchanges(app_for: AppFor, tmp_path: Path) -> None:
    app = app_for(long_desk(tmp_path, 60))
    async with settled(app) as pilot:
        view = app.query_one(ExchangeView)
        view.focus()
        await pilot.press('N')
        await pilot.pause()
        assert view.current_index == 25  # from the first exchange in view
        assert (
            bar_color(view, 0) == view.get_component_rich_style('exchange-view--bar-current').color
        )
        assert 'Answer 26' in screen_text(pilot)
        await pilot.press('n')
        await pilot.pause()
        assert view.current_index == 26
        await pilot.press('P')
        await pilot.pause()
        assert view.current_index == 1
        await pilot.press('p', 'p', 'p')
        await pilot.pause()
        assert view.current_index == 0
        await pilot.press('N', 'N', 'N')
        await pilot.pause()
        assert view.current_index == 59
        assert view.shows_end()
        await pilot.press('home')
        await pilot.pause()
        assert view.scroll_y == 0
        assert 'Answer 1' in screen_text(pilot)


async def test_home_end_and_page_keys_jump_without_an_animation(
    app_for: AppFor, tmp_path: Path
) -> None:
    app = app_for(long_desk(tmp_path, 300))
    async with settled(app) as pilot:
        app.animation_level = 'full'  # Textual animates these scrolls, for up to a second
        view = app.query_one(ExchangeView)
        view.focus()
        places: list[float] = []
        view.watch(view, 'scroll_y', lambda _old, new: places.append(new), init=False)

        async def press(key: str) -> list[float]:
            places.clear()
            await pilot.press(key)  # Pilot waits for any animation to end
            await pilot.pause()
            return list(places)

        # One jump, and at most one correction once the cards reached are measured.
        assert len(await press('end')) <= 2
        assert view.shows_end()
        assert 'Answer 300' in screen_text(pilot)
        assert len(await press('home')) <= 2
        assert view.scroll_y == 0
        page = view.scrollable_content_region.height
        assert await press('pagedown') == [page]
        assert await press('pageup') == [0]


async def test_keeping_the_place_when_cards_above_are_measured(
    app_for: AppFor, tmp_path: Path
) -> None:
    app = app_for(long_desk(tmp_path, 200))
    async with settled(app) as pilot:
        view = app.query_one(ExchangeView)
        await view.go_to(150)
        await pilot.pause()
        view.focus()
        for _ in range(5):
            await pilot.press('up')
            await pilot.pause()
            await pilot.press('pageup')
            await pilot.pause()
            # Whatever was measured above, the line at the top belongs to the card in view.
            assert 'trigger' in screen_text(pilot)
        top_before = view.chosen_index()
        await pilot.press('down')
        await pilot.pause()
        assert view.chosen_index() == top_before


async def test_clicking_a_card_makes_it_current(app_for: AppFor, demo_desk: Path) -> None:
    app = app_for(demo_desk)
    async with settled(app) as pilot:
        view = app.query_one(ExchangeView)
        await pilot.click(ExchangeView, offset=(10, 4))
        await pilot.pause()
        assert view.current_index == 0


async def test_a_session_named_without_a_date_shows_no_other_days_summary(
    app_for: AppFor, tmp_path: Path
) -> None:
    desk = tmp_path / 'main'
    write_lines(desk / 'sessions' / '2026-10-21-1.jsonl', [exchange('t', 'dated answer')])
    write_lines(desk / 'sessions' / 'scratch.jsonl', [exchange('t', 'undated answer')])
    (desk / 'sessions' / 'summaries').mkdir()
    (desk / 'sessions' / 'summaries' / '2026-10-21.md').write_text('Dated summary', 'utf-8')
    app = app_for(desk)
    async with settled(app) as pilot:
        assert main_screen(app).selected_session == '2026-10-21-1'
        assert app.query_one(SessionList).highlight_session('scratch')
        await settle(pilot)
        text = widget_texts(pilot)
        assert 'Dated summary' not in text
        assert 'no day summary' in text
        assert 'undated answer' in text


async def test_a_big_count_at_80_columns_is_whole_in_every_pane(
    app_for: AppFor, tmp_path: Path
) -> None:
    app = app_for(long_desk(tmp_path, 1_000))
    async with settled(app, (80, 24)) as pilot:
        text = screen_text(pilot)
        # The sessions list (36 cells) gives up the noun, never a cut word; the panes say it all.
        assert '● Wed 2026-10-21  #1  1,000 ' in text
        assert '1,000 exchang' not in text.replace('1,000 exchanges', '')
        assert 'Log      1,000 exchanges' in text
        assert '2026-10-21-1  ·  1,000 exchanges' in text
