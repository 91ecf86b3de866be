"""Hits that say when and who (issue 14): times, sessions and backends, action types, the label
only when it says something, the day view opened at the hit's event, and the search's footer."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from desk_browser.memory.session_search import SearchHit, SearchRecord, SearchResult
from desk_browser.presentation.formatting import hit_label, india_time, match_label
from desk_browser.presentation.hit_details import HitDetails, HitDetailsReader
from desk_browser.presentation.navigation import DayPlace
from desk_browser.ui.screens.day_screen import DayScreen
from desk_browser.ui.screens.record_screen import RecordScreen
from desk_browser.ui.screens.search_screen import SearchScreen
from desk_browser.ui.widgets.exchange_view import ExchangeView
from desk_browser.ui.widgets.kind_filter import ON_MARK, KindFilter
from desk_browser.ui.widgets.search_hit_list import HIT_HEIGHT, SearchHitList, hit_lines
from desk_browser.ui.widgets.timeline import Timeline
from tests.helpers.desks import build_trading_desk
from tests.helpers.pilot import AppFor, open_day_view, open_search, screen_text, settle, settled

SIZE = (120, 40)


def _hits(screen: object) -> SearchHitList:
    assert isinstance(screen, SearchScreen)
    return screen.query_one(SearchHitList)


def _header(hits: SearchHitList, index: int) -> str:
    return hits.row_lines(index, 200)[0].plain


async def _day_of_hit(pilot: Pilot[Any], query: str, index: int) -> tuple[DayScreen, HitDetails]:
    """Searches, then opens the day view from the hit at `index` (d); returns it and the hit's
    details."""
    await open_search(pilot, query)
    details = _hits(pilot.app.screen).details_at(index)
    assert details is not None
    return await open_day_view(pilot, *['down'] * (index + 1), 'd'), details


def _highlighted_line(day: DayScreen) -> int | None:
    event = day.query_one(Timeline).highlighted_event
    return None if event is None else event.line_number


async def test_an_exchange_hit_says_its_india_time_session_and_backend(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with settled(app, SIZE) as pilot:
        await open_search(pilot, 'rbi policy')
        hits = _hits(app.screen)
        result = hits.shown_result
        assert result is not None
        expected = HitDetailsReader(demo_desk).details_of(result.hits)
        on_screen = -(-hits.scrollable_content_region.height // HIT_HEIGHT)
        checked = 0
        for index in range(on_screen):
            details = expected[index]
            if result.hits[index].record.kind != 'exchange' or details is None:
                continue
            assert details.time is not None and details.session_id and details.backend
            header = _header(hits, index)
            assert header.startswith('exchange ')
            assert details.answered is not None
            times = f'asked {india_time(details.time)} · answered {india_time(details.answered)}'
            assert f' {times} · session {details.session_id} · ' in header
            assert header.endswith(f' · {details.backend}')  # Every hit has every word.
            checked += 1
        assert checked >= 3
        # What the first screenful shows was read with the hits, before they were shown.
        assert all(hits.details_at(index) == expected[index] for index in range(on_screen))


async def test_an_action_hit_says_its_event_type_and_time(app_for: AppFor, demo_desk: Path) -> None:
    app = app_for(demo_desk)
    async with settled(app, SIZE) as pilot:
        await open_search(pilot, 'max daily loss kind:action')
        hits = _hits(app.screen)
        first = hits.hit_at(0)
        details = hits.details_at(0)
        assert first is not None and first.record.kind == 'journal'
        assert details is not None and details.time is not None
        header = _header(hits, 0)
        assert header.startswith(f'action   Wed 2026-10-21 {india_time(details.time)} · ')
        assert header.endswith(' · risk decision')
        assert 'journal' not in screen_text(pilot)


async def test_a_one_word_query_shows_no_all_words_label(app_for: AppFor, demo_desk: Path) -> None:
    app = app_for(demo_desk)
    async with settled(app, SIZE) as pilot:
        await open_search(pilot, 'nifty')
        hits = _hits(app.screen)
        assert hits.hit_count > 0
        assert 'words' not in hits.rendered_text()
        await pilot.press('down', 'enter')
        await settle(pilot)
        assert isinstance(app.screen, RecordScreen)
        assert 'words' not in screen_text(pilot).splitlines()[1]


async def test_hits_scrolled_to_get_their_details_from_the_list_s_worker(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with settled(app, SIZE) as pilot:
        await open_search(pilot, 'nifty kind:exchange')
        hits = _hits(app.screen)
        last = hits.hit_count - 1
        assert last > 40 and hits.details_at(last) is None
        hits.focus()
        await pilot.press('end')
        await settle(pilot)
        details = hits.details_at(last)
        assert details is not None and details.session_id is not None
        assert f'session {details.session_id}' in _header(hits, last)


def test_a_hit_without_details_still_says_its_kind_and_day() -> None:
    hit = SearchHit(SearchRecord('2026-10-21', 'journal', 'order_placed\nsymbol: X'), 1, 'x')
    result = SearchResult(hits=[hit], matched_every_word=True, words=['x'])
    assert hit_lines(hit, result, 80)[0].plain == 'action   Wed 2026-10-21 · order placed'
    exchange = SearchHit(SearchRecord('2026-10-21', 'exchange', 'a\n\nb'), 1, 'a')
    details = HitDetails(3, 'trigger_received', '2026-10-21T09:15:26+05:30', 'S\x1b[31m', None)
    header = hit_lines(exchange, result, 80, details)[0].plain
    assert header == 'exchange Wed 2026-10-21 asked 09:15 · session S␛[31m'  # Hostile text shown.


async def test_d_on_a_hit_opens_its_day_at_its_event_highlighted(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with settled(app, SIZE) as pilot:
        day, details = await _day_of_hit(pilot, 'roll the tcs futures', 0)
        timeline = day.query_one(Timeline)
        event = timeline.highlighted_event
        assert event is not None and event.line_number == details.line_number
        assert event.type == 'trigger_received'
        index = timeline.highlighted
        assert index is not None and index > 20  # Late in the day: scrolled, not at the top.
        assert timeline.scroll_y > 0
        top = round(timeline.scroll_y)
        assert top <= index < top + timeline.scrollable_content_region.height


async def test_d_in_a_record_opens_the_day_at_the_record_s_event(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with settled(app, SIZE) as pilot:
        await open_search(pilot, 'max daily loss kind:action')
        details = _hits(app.screen).details_at(1)
        assert details is not None
        await pilot.press('down', 'down', 'enter')
        await settle(pilot)
        assert isinstance(app.screen, RecordScreen)
        day = await open_day_view(pilot)
        assert _highlighted_line(day) == details.line_number


async def test_a_hit_s_event_of_a_hidden_kind_is_shown_again(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with settled(app, SIZE) as pilot:
        day, details = await _day_of_hit(pilot, 'max daily loss kind:action', 0)
        await pilot.press('4')  # Risk decisions hidden.
        await settle(pilot)
        assert 'risk' not in day.chosen_kinds
        assert day.show_place(DayPlace('2026-10-21', details.line_number))  # As the app does.
        await settle(pilot)
        assert 'risk' in day.chosen_kinds
        assert _highlighted_line(day) == details.line_number


async def test_the_filter_marks_shown_kinds_and_names_their_keys(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with settled(app, SIZE) as pilot:
        kind_filter = (await open_day_view(pilot)).query_one(KindFilter)
        lines = [kind_filter.render_line(y).text for y in range(7)]
        assert lines[0].startswith(f' {ON_MARK} 1 Triggers')
        assert [line.split()[1] for line in lines] == [str(number) for number in range(1, 8)]
        await pilot.press('2')
        await settle(pilot)
        answers = kind_filter.render_line(1).text
        assert answers.startswith('   2 Answers') and ON_MARK not in answers
        assert kind_filter.render_line(0).text.startswith(f' {ON_MARK} 1 ')


async def test_the_search_footer_names_enter_copy_and_export(
    app_for: AppFor, demo_desk: Path
) -> None:
    app = app_for(demo_desk)
    async with settled(app, (80, 24)) as pilot:
        await open_search(pilot, 'rbi policy')
        footer = screen_text(pilot).splitlines()[-1]
        assert 'enter Open' in footer and 'esc Clear / back' in footer
        assert 'y Copy' not in footer  # In the box, y and x are letters of the query.
        await pilot.press('down')
        await settle(pilot)
        footer = screen_text(pilot).splitlines()[-1]
        for shown in ('enter Open', 'y Copy', 'x Export', 'esc Clear / back'):
            assert shown in footer
        await pilot.press('slash')  # Back in the box.
        await settle(pilot)
        assert app.screen.query_one('#query').has_focus
        await pilot.press('enter')  # From the box: the highlighted hit.
        await settle(pilot)
        assert isinstance(app.screen, RecordScreen)
        await pilot.press('escape')
        await settle(pilot)
        hits = _hits(app.screen)
        assert hits.has_focus
        await pilot.press('down', 'enter')  # From the list: the hit under the highlight.
        await settle(pilot)
        assert isinstance(app.screen, RecordScreen)
        assert app.screen.hit == hits.hit_at(1)


def test_the_label_appears_only_when_it_tells_a_hit_from_the_others() -> None:
    record = SearchRecord('2026-10-21', 'note', 'nifty gap')
    full = SearchResult(hits=[], matched_every_word=True, words=['nifty', 'gap'])
    partial = SearchResult(hits=[], matched_every_word=False, words=['nifty', 'gap', 'crude'])
    assert hit_label(SearchHit(record, 2, ''), full) == ''  # The headline says "with every word".
    assert hit_label(SearchHit(record, 2, ''), partial) == '2 of 3 words'
    assert match_label(1, 1) == ''  # One word: every hit holds it.
    assert match_label(2, 2) == 'all words'  # A record, alone, says it.


def test_an_action_hit_s_snippet_leaves_its_type_to_the_header_and_a_text_its_field_name() -> None:
    text = SearchRecord(
        '2026-10-21', 'journal', 'text\ntext: Overnight: crude steady.\nbackend: claude'
    )
    hit = SearchHit(text, 1, 'crude')
    result = SearchResult(hits=[hit], matched_every_word=True, words=['crude'])
    header, first, _second = (line.plain for line in hit_lines(hit, result, 80))
    assert header == 'action   Wed 2026-10-21 · text'
    assert first == 'Overnight: crude steady. backend: claude'
    order = SearchRecord('2026-10-21', 'journal', 'order_placed\nsymbol: NIFTY\nside: BUY')
    placed = SearchHit(order, 1, 'nifty')
    result = SearchResult(hits=[placed], matched_every_word=True, words=['nifty'])
    assert hit_lines(placed, result, 80)[1].plain == 'symbol: NIFTY side: BUY'
    exchange = SearchHit(SearchRecord('2026-10-21', 'exchange', 'text\n\ntext: a'), 1, 'a')
    result = SearchResult(hits=[exchange], matched_every_word=True, words=['a'])
    assert hit_lines(exchange, result, 80)[1].plain == 'text text: a'  # Desk text, as written.


@pytest.mark.parametrize(
    ('size', 'first'),
    [
        ((120, 40), '#1  asked 11:05 · answered 11:09 IST  claude'),
        ((80, 24), '#1  asked 11:05 IST  claude'),  # The time a hit shows, where both do not fit.
    ],
)
async def test_a_card_says_when_it_was_asked_and_answered_labelled_as_its_hit(
    app_for: AppFor, tmp_path: Path, size: tuple[int, int], first: str
) -> None:
    app = app_for(build_trading_desk(tmp_path / 'main'))
    async with settled(app, size) as pilot:
        view = app.screen.query_one(ExchangeView)
        await view.go_to(2)
        await settle(pilot)
        titles = [line for line in view.rendered_text().splitlines() if line.startswith('#')]
        assert titles[0] == first
        assert titles[-1] == '#3  answered 11:19 IST  claude'  # No trigger in the journal.
        await open_search(pilot, 'open positions')
        header = _header(_hits(app.screen), 0)
        assert ' asked 11:05' in header  # The same time, labelled the same way.
