"""Desk text rendered wherever it is read: plain timeline rows, Markdown in the record view."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from desk_browser.memory.desk_files import JournalEvent
from desk_browser.ui.screens.record_screen import RecordScreen
from desk_browser.ui.widgets.desk_text_view import DeskTextView
from desk_browser.ui.widgets.event_detail import EventDetail
from desk_browser.ui.widgets.search_hit_list import SearchHitList
from desk_browser.ui.widgets.timeline import event_prompt
from tests.helpers.desks import small_desk, write_journal
from tests.helpers.pilot import AppFor, open_search, settle


def event(type_: str, **fields: object) -> JournalEvent:
    return JournalEvent(line_number=1, type=type_, time='2026-10-21T03:58:00Z', fields=fields)


def test_a_timeline_row_shows_an_answer_as_plain_words() -> None:
    answer = event('text', text='## Risk check\n\n**INFY** `down` | 3% |\n- [stop](http://x) hit')
    assert event_prompt(answer).plain == '09:28  answer     Risk check INFY down | 3% | stop hit'
    trigger = event('trigger_received', text='*Why* no hedge?', source='trader')
    assert event_prompt(trigger).plain == '09:28  trigger    Why no hedge? (trader)'


def test_other_rows_keep_their_words_as_they_are() -> None:
    order = event('tool_call', tool='quote', input={'symbol': '**TCS**'})
    assert event_prompt(order).plain == '09:28  tool call  quote {"symbol":"**TCS**"}'


ANSWER = (
    '## Plan\n\n**Hedge** with `puts`, see [the chain](https://example.com/chain).\n\n'
    '| Symbol | Qty |\n|---|---|\n| NIFTY | 75 |\n\n'
    + 'Filler paragraph.\n\n' * 60
    + 'Last hedge here.'
)


@pytest.fixture
def markdown_desk(tmp_path: Path) -> Path:
    desk = small_desk(tmp_path)
    write_journal(
        desk,
        '2026-10-21',
        [
            {'type': 'trigger_received', 'time': '2026-10-21T03:45:00Z', 'text': 'Why *hedge*?'},
            {'type': 'text', 'time': '2026-10-21T03:46:00Z', 'text': ANSWER},
            {'type': 'order_placed', 'time': '2026-10-21T03:47:00Z', 'note': '## hedge order'},
        ],
    )
    return desk


async def open_record(pilot: Pilot[Any], words: str, kind: str) -> DeskTextView:
    await open_search(pilot, words)
    hits = pilot.app.screen.query_one(SearchHitList)
    hits.focus()
    index = next(
        place
        for place in range(hits.hit_count)
        if (hit := hits.hit_at(place)) is not None and hit.record.kind == kind
    )
    hits.highlighted = index
    await pilot.press('enter')
    await settle(pilot)
    assert isinstance(pilot.app.screen, RecordScreen)
    return pilot.app.screen.query_one('#record', DeskTextView)


async def test_a_record_is_rendered_as_markdown_and_an_action_as_written(
    app_for: AppFor, markdown_desk: Path
) -> None:
    app = app_for(markdown_desk)
    async with app.run_test(size=(100, 30)) as pilot:
        view = await open_record(pilot, 'hedge', 'exchange')
        text = view.rendered_text()
        assert text.startswith('Why hedge?\n')
        assert '\nPlan\n' in text and 'Hedge with puts, see the chain' in text
        assert '##' not in text and '**' not in text and '`' not in text
        assert ' Symbol  Qty\n ───' in text and '|' not in text  # A table, drawn as one.
        assert view.border_subtitle == '3 keyword hits · n next, N previous'
        assert view.scroll_y == 0
        await pilot.press('N')  # Back from the first: the last, at the record's end.
        await pilot.pause()
        assert view.border_subtitle == 'hit 3 of 3 · n next, N previous'
        assert view.scroll_y > 0
        last_line = text.split('\n').index('Last hedge here.')
        assert view.scroll_y <= last_line < view.scroll_y + view.size.height
        await pilot.press('escape', 'escape')
        action = await open_record(pilot, 'hedge order', 'journal')
        assert action.rendered_text() == 'order_placed\nnote: ## hedge order'  # Not Markdown.


async def test_the_day_views_detail_renders_the_event_as_markdown(
    app_for: AppFor, markdown_desk: Path
) -> None:
    app = app_for(markdown_desk)
    async with app.run_test(size=(100, 30)) as pilot:
        await open_record(pilot, 'hedge', 'exchange')
        await pilot.press('d')
        await settle(pilot)
        detail = app.screen.query_one(EventDetail)
        assert detail.rendered_text().startswith('09:15 IST · trigger_received\n')
        assert 'Why hedge?' in detail.rendered_text()
        await pilot.press('down')
        await pilot.pause()
        shown = detail.rendered_text()
        assert shown.startswith('09:16 IST · text\n') and '\nPlan\n' in shown
        assert '##' not in shown and '**' not in shown
