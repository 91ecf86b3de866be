"""Pilot tests of the Orders view and an order's story: every key, the search hit, following."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Input, Static

from desk_browser.memory.order_book import Order, RiskDecision, read_order_book
from desk_browser.presentation.order_story import story_day
from desk_browser.ui.app import DeskBrowser
from desk_browser.ui.screens.day_screen import DayScreen
from desk_browser.ui.screens.order_story_screen import OrderStoryScreen
from desk_browser.ui.screens.orders_screen import OrdersScreen
from desk_browser.ui.screens.record_screen import RecordScreen
from desk_browser.ui.screens.search_screen import SearchScreen
from desk_browser.ui.widgets.desk_text_view import DeskTextView
from desk_browser.ui.widgets.order_list import OrderList, order_lines
from desk_browser.ui.widgets.timeline import Timeline
from tests.helpers.desks import append
from tests.helpers.pilot import (
    AppFor,
    deterministic_app,
    open_search,
    settle,
    settled,
    wait_until,
    widget_texts,
)

YESTERDAY = '2026-10-20'
"""The demo's yesterday: seven orders placed (one a SELL of NIFTY options, one part filled, two
left working at the close), two of the day before filled and cancelled, and one rejection."""


def orders_screen(pilot: Pilot[Any]) -> OrdersScreen:
    """The screen on top, which the test knows is the Orders view."""
    screen = pilot.app.screen
    assert isinstance(screen, OrdersScreen)
    return screen


def story_screen(pilot: Pilot[Any]) -> OrderStoryScreen:
    """The screen on top, which the test knows is an order's story."""
    screen = pilot.app.screen
    assert isinstance(screen, OrderStoryScreen)
    return screen


async def open_yesterdays_orders(pilot: Pilot[Any]) -> OrdersScreen:
    """From the first screen: `[` to yesterday's sessions, `o` to its orders."""
    await pilot.press('left_square_bracket')
    await settle(pilot)
    await pilot.press('o')
    await settle(pilot)
    return orders_screen(pilot)


def listed(screen: OrdersScreen) -> list[Order | RiskDecision]:
    """The rows the Orders view lists."""
    return screen.query_one(OrderList).stories


async def test_o_on_the_first_screen_opens_the_orders_of_the_day_shown(
    app_for: AppFor, demo_desk: Path
) -> None:
    async with settled(app_for(demo_desk)) as pilot:
        screen = await open_yesterdays_orders(pilot)
        assert screen.day == YESTERDAY
        rows = listed(screen)
        assert len(rows) == 10
        assert sum(isinstance(row, RiskDecision) for row in rows) == 1
        text = widget_texts(pilot)
        assert '7 placed, 6 filled, 1 cancelled, 1 rejected' in text
        assert 'Net  BANKNIFTY26OCTFUT +140' in text
        rendered = screen.query_one(OrderList).rendered_text()
        assert 'SELL' in rendered
        assert 'India VIX jumped 10% — hedge the book?' in rendered


async def test_the_highlight_starts_on_the_first_order_placed_on_the_day(
    app_for: AppFor, demo_desk: Path
) -> None:
    async with settled(app_for(demo_desk)) as pilot:
        screen = await open_yesterdays_orders(pilot)
        carried = listed(screen)[:2]  # The day before's, filled and cancelled yesterday.
        assert all(isinstance(row, Order) and row.first_event.day < YESTERDAY for row in carried)
        highlighted = screen.query_one(OrderList).highlighted_story
        assert isinstance(highlighted, Order)
        assert highlighted.order_id == '261020-0001'
        await pilot.press('right_square_bracket')
        await settle(pilot)
        highlighted = screen.query_one(OrderList).highlighted_story
        assert highlighted is not None and story_day(highlighted) == '2026-10-21'


async def test_square_brackets_move_the_orders_view_between_days(
    app_for: AppFor, demo_desk: Path
) -> None:
    async with settled(app_for(demo_desk)) as pilot:
        screen = await open_yesterdays_orders(pilot)
        await pilot.press('right_square_bracket')
        await settle(pilot)
        assert screen.day == '2026-10-21'
        assert all(
            row.day == '2026-10-21' if isinstance(row, RiskDecision) else True
            for row in listed(screen)
        )
        await pilot.press('left_square_bracket', 'left_square_bracket')
        await settle(pilot)
        assert screen.day == '2026-10-19'


async def test_s_steps_through_the_statuses_and_f_filters_by_symbol(
    app_for: AppFor, demo_desk: Path
) -> None:
    async with settled(app_for(demo_desk)) as pilot:
        screen = await open_yesterdays_orders(pilot)
        await pilot.press('s')  # open
        await settle(pilot)
        assert screen.status_filter == 'open'
        # Its two left working at the close (filled and cancelled on 10-21): as at its end.
        working = listed(screen)
        assert len(working) == 2 and all(isinstance(row, Order) for row in working)
        assert {row.status.value for row in working if isinstance(row, Order)} == {
            'filled',
            'cancelled',
        }
        rows = pilot.app.screen.query_one(OrderList).rendered_text()
        assert 'later filled' in rows and 'later cancelled' in rows
        await pilot.press('s', 's', 's', 's')  # part filled, filled, cancelled, rejected
        await settle(pilot)
        assert screen.status_filter == 'rejected'
        assert [type(row) for row in listed(screen)] == [RiskDecision]
        await pilot.press('s')
        await settle(pilot)
        assert screen.status_filter == ''
        assert len(listed(screen)) == 10
        await pilot.press('f', *'tcs')
        await settle(pilot)
        assert screen.query_one('#orders-symbol', Input).value == 'tcs'
        assert [row.symbol for row in listed(screen)] == ['TCS26OCTFUT', 'TCS26OCT3900PE']
        await pilot.press('enter')  # Back to the list.
        assert screen.query_one(OrderList).has_focus
        await pilot.press('f', 'escape')  # Clears the filter.
        await settle(pilot)
        assert len(listed(screen)) == 10
        await pilot.press('escape')  # Leaves the box for the list.
        assert screen.query_one(OrderList).has_focus
        await pilot.press('escape')  # Back to the first screen.
        assert not isinstance(pilot.app.screen, OrdersScreen)


async def test_enter_opens_the_story_from_the_trigger_to_the_fill(
    app_for: AppFor, demo_desk: Path
) -> None:
    async with settled(app_for(demo_desk)) as pilot:
        await open_yesterdays_orders(pilot)
        await pilot.press('down', 'down', 'enter')  # The India VIX hedge.
        await settle(pilot)
        story = story_screen(pilot)
        assert isinstance(story.story, Order)
        assert story.story.side == 'SELL'
        text = story.query_one('#story', DeskTextView).rendered_text()
        steps = [
            'Trigger (market_alert)',
            'India VIX jumped 10% — hedge the book?',
            'Tool calls',
            'Answer',
            'Hedging the book',
            'Risk approved',
            'Placed',
            'Filled',
        ]
        places = [text.find(step) for step in steps]
        assert -1 not in places, text
        assert places == sorted(places)
        await pilot.press('escape')
        assert isinstance(pilot.app.screen, OrdersScreen)


async def test_d_opens_the_day_view_at_the_order_highlighted(
    app_for: AppFor, demo_desk: Path
) -> None:
    async with settled(app_for(demo_desk)) as pilot:
        screen = await open_yesterdays_orders(pilot)
        await pilot.press('down', 'down')
        order = screen.query_one(OrderList).highlighted_story
        assert isinstance(order, Order) and order.placed is not None
        await pilot.press('d')
        await settle(pilot)
        day = pilot.app.screen
        assert isinstance(day, DayScreen)
        event = day.query_one(Timeline).highlighted_event
        assert event is not None and event.line_number == order.placed.line_number
        await pilot.press('escape')
        await settle(pilot)
        await pilot.press('enter')
        await settle(pilot)
        await pilot.press('d')  # From the story too.
        await settle(pilot)
        day = pilot.app.screen
        assert isinstance(day, DayScreen)
        event = day.query_one(Timeline).highlighted_event
        assert event is not None and event.line_number == order.placed.line_number


async def test_o_in_the_day_view_opens_its_orders_and_d_goes_back_to_it(
    app_for: AppFor, demo_desk: Path
) -> None:
    async with settled(app_for(demo_desk)) as pilot:
        await pilot.press('left_square_bracket', 'd')
        await settle(pilot)
        assert isinstance(pilot.app.screen, DayScreen)
        await pilot.press('o')
        await settle(pilot)
        screen = orders_screen(pilot)
        assert screen.day == YESTERDAY
        await pilot.press('d')
        await settle(pilot)
        assert isinstance(pilot.app.screen, DayScreen)
        assert len(pilot.app.screen_stack) == 2  # Back to the day view it was opened from.


async def test_o_in_a_story_shows_its_days_orders_again(app_for: AppFor, demo_desk: Path) -> None:
    async with settled(app_for(demo_desk)) as pilot:
        screen = await open_yesterdays_orders(pilot)
        await pilot.press('right_square_bracket', 'enter')
        await settle(pilot)
        await pilot.press('o')
        await settle(pilot)
        assert pilot.app.screen is screen
        assert len(pilot.app.screen_stack) == 2


async def test_y_copies_the_story_and_shift_y_its_events_and_x_exports_the_day(
    demo_desk: Path, tmp_path: Path
) -> None:
    app = deterministic_app(demo_desk, export_folder=tmp_path)
    async with settled(app, notifications=True) as pilot:
        screen = await open_yesterdays_orders(pilot)
        await pilot.press('home', 'y')  # The first row: an order of the day before.
        assert app.clipboard.startswith('# SELL 350 TCS26OCTFUT · filled')  # Placed on 10-19.
        await pilot.press('Y')
        copied = json.loads(app.clipboard)
        assert copied['order_id'] == '261019-L001'
        assert [event['type'] for event in copied['events']] == [
            'risk_decision',
            'order_placed',
            'order_filled',
        ]
        await pilot.press('x')
        await wait_until(pilot, lambda: any(tmp_path.glob('desk-browser-orders-*.md')))
        document = next(tmp_path.glob('desk-browser-orders-*.md')).read_text(encoding='utf-8')
        assert document.startswith('# Orders of Tue 2026-10-20')
        assert document.count('\n## ') >= 6
        await pilot.press('enter')
        await settle(pilot)
        assert isinstance(pilot.app.screen, OrderStoryScreen)
        await pilot.press('y')
        assert 'Trigger' in app.clipboard
        await pilot.press('x')
        await wait_until(pilot, lambda: any(tmp_path.glob('desk-browser-order-*.md')))
        assert screen.is_attached


async def test_o_on_a_record_opens_the_orders_of_its_day(app_for: AppFor, demo_desk: Path) -> None:
    async with settled(app_for(demo_desk)) as pilot:
        await open_search(pilot, 'hedge')
        await pilot.press('down', 'enter')
        await settle(pilot)
        record = pilot.app.screen
        assert isinstance(record, RecordScreen)
        await pilot.press('o')
        await settle(pilot)
        assert orders_screen(pilot).day == record.hit.record.day


async def test_a_search_hit_on_an_order_event_opens_its_story(
    app_for: AppFor, demo_desk: Path
) -> None:
    async with settled(app_for(demo_desk)) as pilot:
        await open_search(pilot, '261020-0003')
        await pilot.press('down')
        await settle(pilot)
        await pilot.press('o')  # The hit's day's orders, from the hits.
        await settle(pilot)
        assert orders_screen(pilot).day == YESTERDAY
        await pilot.press('escape')
        await settle(pilot)
        await pilot.press('enter')
        await settle(pilot)
        story = story_screen(pilot)
        assert isinstance(story.story, Order)
        assert story.story.order_id == '261020-0003'
        assert 'India VIX jumped 10%' in story.query_one('#story', DeskTextView).rendered_text()


async def test_a_fill_appended_while_the_orders_view_is_open_shows(
    app_for: AppFor, demo_desk: Path, tmp_path: Path
) -> None:
    desk = tmp_path / 'desk'
    shutil.copytree(demo_desk, desk)
    journal = desk / 'journal' / '2026-10-21.jsonl'
    order = {'order_id': 'T-1', 'symbol': 'INFY26OCTFUT', 'side': 'BUY', 'quantity': 400}
    placed = {'type': 'order_placed', 'time': '2026-10-21T09:10:00+00:00', **order, 'price': 1}
    filled = {'type': 'order_filled', 'time': '2026-10-21T09:10:30+00:00', **order, 'price': 2}
    async with settled(app_for(desk)) as pilot:
        await pilot.press('o')
        await settle(pilot)
        screen = orders_screen(pilot)
        assert screen.day == '2026-10-21'
        count = len(listed(screen))

        def status() -> str | None:
            found = [row for row in listed(screen) if isinstance(row, Order)]
            return next((row.status.value for row in found if row.order_id == 'T-1'), None)

        append(journal, (json.dumps(placed) + '\n').encode())
        await wait_until(pilot, lambda: status() == 'open', seconds=30)
        assert len(listed(screen)) == count + 1
        append(journal, (json.dumps(filled) + '\n').encode())
        await wait_until(pilot, lambda: status() == 'filled', seconds=30)
        assert 'INFY26OCTFUT +400' in widget_texts(pilot)


async def test_a_click_on_the_day_views_orders_count_opens_the_orders_view(
    app_for: AppFor, demo_desk: Path
) -> None:
    async with settled(app_for(demo_desk)) as pilot:
        await pilot.press('left_square_bracket', 'd')
        await settle(pilot)
        heading = pilot.app.screen.query_one('#day-heading', Static)
        glance = str(heading.render()).split('\n')[1]
        column = glance.index('placed')
        await pilot.click('#day-heading', offset=(2 + column, 1))
        await settle(pilot)
        assert orders_screen(pilot).day == YESTERDAY


def test_a_fill_that_would_be_cut_at_80_columns_leads_the_second_line(demo_desk: Path) -> None:
    book = read_order_book(demo_desk, since='2026-10-13', until='2026-10-27')
    filled = [order for order in book.orders_on(YESTERDAY) if order.fills]
    moved = 0
    for order in filled:
        wide = [line.plain for line in order_lines(order, YESTERDAY, 24)]
        narrow = [line.plain for line in order_lines(order, YESTERDAY, 24, width=76)]
        fill = wide[0].rsplit('  ', 1)[-1]
        assert '@' in fill
        assert len(narrow[0]) <= 76
        if narrow[0] != wide[0]:
            moved += 1
            assert narrow[1] == wide[1].replace('↳ ', f'↳ {fill} · ', 1)
    assert moved


async def test_a_search_screen_not_composed_yet_offers_no_o(
    app_for: AppFor, demo_desk: Path
) -> None:
    async with settled(app_for(demo_desk)) as pilot:
        # The footer asks the screen on top for its `o` day as bindings refresh: a search
        # screen pushed but not composed yet has no hit list, and must answer, not raise.
        app = pilot.app
        assert isinstance(app, DeskBrowser)
        search = SearchScreen(app.services)
        assert search.orders_day() is None
