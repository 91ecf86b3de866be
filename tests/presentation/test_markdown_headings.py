"""headings_under: the desk's headings under a document's, in exports and `show`."""

from __future__ import annotations

import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st

from desk_browser.memory.desk_files import JournalEvent
from desk_browser.memory.session_search import SearchRecord
from desk_browser.memory.session_store import Exchange
from desk_browser.presentation.documents import event_markdown, exchange_markdown, record_markdown
from desk_browser.presentation.hit_details import HitDetails
from desk_browser.presentation.markdown_headings import headings_under
from desk_browser.presentation.plain_text import markdown_parser

ANSWER = '# Plan\n\nText.\n\n## Detail\n\n```\n## code, not a heading\n```\n\nUnderlined\n---\n'


def heading_levels(markdown: str) -> list[int]:
    return [
        int(token.tag[1])
        for token in markdown_parser().parse(markdown)
        if token.type == 'heading_open' and token.level == 0
    ]


def test_headings_move_below_the_level_and_keep_their_order() -> None:
    moved = headings_under(ANSWER, 2)
    assert moved.split('\n') == [
        '### Plan',
        '',
        'Text.',
        '',
        '#### Detail',
        '',
        '```',
        '## code, not a heading',
        '```',
        '',
        '#### Underlined',
        '',
    ]
    assert headings_under('#### Deep\n\n##### Deeper', 2) == '#### Deep\n\n##### Deeper'
    assert headings_under('No headings; a # in the line.', 1) == 'No headings; a # in the line.'
    assert headings_under('# One\n\n###### Six', 3) == '#### One\n\n###### Six'  # Kept at six.


def test_an_exchange_export_puts_the_answer_under_its_heading() -> None:
    exchange = Exchange(
        trigger_text='# Why?',
        answer=ANSWER,
        finished_at='2026-10-21T03:48:00Z',
        backend_name='claude',
    )
    document = exchange_markdown(3, exchange)  # The journal has no trigger for it.
    assert document.startswith('## 3 · answered 09:18 IST · claude\n\n> ### Why?\n\n### Plan\n')
    assert heading_levels(document) == [2, 3, 4, 4]
    asked = exchange_markdown(3, exchange, '2026-10-21T03:41:00Z')
    assert asked.startswith('## 3 · asked 09:11 · answered 09:18 IST · claude\n\n')


def test_an_event_and_a_record_put_their_text_under_their_heading() -> None:
    event = JournalEvent(1, 'text', '2026-10-21T03:48:00Z', {'text': '## Plan\n\n### Step'})
    assert event_markdown(event) == '### 09:18 IST · text\n\n#### Plan\n\n##### Step'
    record = SearchRecord(day='2026-10-21', kind='summary', text='# Summary\n\nQuiet day.')
    assert record_markdown(record, 'all words') == (
        '## summary · Wed 2026-10-21 · all words\n\n### Summary\n\nQuiet day.'
    )


def test_a_record_s_heading_says_when_and_who_as_its_hit_does() -> None:
    exchange = SearchRecord(day='2026-10-21', kind='exchange', text='Why?\n\nBecause.')
    details = HitDetails(
        7, 'trigger_received', '2026-10-21T09:15:26+05:30', '2026-10-21-2', 'claude'
    )
    assert record_markdown(exchange, 'all words', details).startswith(
        '## exchange · Wed 2026-10-21 asked 09:15 IST · session 2026-10-21-2 · claude · all words'
    )
    answered = dataclasses.replace(details, answered='2026-10-21T09:22:02+05:30')
    assert record_markdown(exchange, '', answered).startswith(
        '## exchange · Wed 2026-10-21 asked 09:15 · answered 09:22 IST · session 2026-10-21-2 ·'
    )
    hostile = HitDetails(7, 'trigger_received', None, 'S\x1b[31m', None)
    assert record_markdown(exchange, '', hostile).startswith(
        '## exchange · Wed 2026-10-21 · session S␛[31m\n\n'
    )
    action = SearchRecord(day='2026-10-21', kind='journal', text='order_placed\nsymbol: NIFTY')
    when = HitDetails(9, 'order_placed', '2026-10-21T09:30:00+05:30')
    assert record_markdown(action, '', when).startswith(
        '## action · Wed 2026-10-21 09:30 IST · order placed\n\n'
    )
    assert record_markdown(action).startswith('## action · Wed 2026-10-21 · order placed\n\n')


@settings(max_examples=300, deadline=None)
@given(
    text=st.text(alphabet=st.sampled_from(list('#=-`>* \nab\r\t|')), max_size=200),
    level=st.integers(min_value=1, max_value=6),
)
def test_any_text_gets_its_headings_under_the_level_and_never_raises(text: str, level: int) -> None:
    moved = headings_under(text, level)
    assert all(found > level or found == 6 for found in heading_levels(moved))
    assert len(heading_levels(moved)) == len(heading_levels(text))


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200), st.integers(min_value=1, max_value=6))
def test_any_text_at_all_never_raises(text: str, level: int) -> None:
    assert isinstance(headings_under(text, level), str)
