"""Desk text rendered wherever it is read: plain timeline rows, Markdown in the record view."""

from __future__ import annotations

from desk_browser.memory.desk_files import JournalEvent
from desk_browser.ui.widgets.timeline import event_prompt


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
