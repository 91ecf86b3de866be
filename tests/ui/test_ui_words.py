"""Unit tests of the words the browser uses and of making desk text safe to show."""

from __future__ import annotations

import datetime

import pytest

from desk_browser.presentation.formatting import (
    day_text,
    distance_from_today,
    india_time,
    plural,
    route_status,
)
from desk_browser.presentation.safe_text import capped, markdown_source, size_label, visible
from desk_browser.ui.highlight import highlighted

TODAY = datetime.date(2026, 10, 21)


@pytest.mark.parametrize(
    ('days_before', 'words'),
    [(0, 'today'), (1, 'yesterday'), (3, '3 days ago'), (-1, 'tomorrow'), (-2, 'in 2 days')],
)
def test_distance_from_today_in_words(days_before: int, words: str) -> None:
    assert distance_from_today(TODAY - datetime.timedelta(days=days_before), TODAY) == words


def test_route_status_wording() -> None:
    assert route_status(14, 14).text == 'up to date'
    behind = route_status(11, 14)
    assert behind.text == '3 behind: it gets 3 exchanges on its next turn'
    assert behind.severity == 'normal'
    assert route_status(13, 14).text == '1 behind: it gets 1 exchange on its next turn'
    ahead = route_status(16, 14)
    assert ahead.text.startswith('2 ahead of the log')
    assert ahead.severity == 'error'
    assert route_status(3, None).severity == 'warning'


def test_route_status_in_a_word_for_the_state_headline() -> None:
    assert [route_status(seen, 14).word for seen in (14, 11, 16)] == [
        'up to date',
        '3 behind',
        '2 ahead',
    ]
    assert route_status(3, None).word == 'no log'


def test_india_time_and_days() -> None:
    assert india_time('2026-10-19T03:46:02+00:00') == '09:16'
    assert india_time('2026-10-19T03:46:02') == '09:16'  # no offset: read as UTC
    assert india_time('not a time') is None
    assert day_text('2026-10-19') == 'Mon 2026-10-19'
    assert day_text('someday') == 'someday'
    assert plural(1, 'hit') == '1 hit'
    assert plural(2, 'hit') == '2 hits'


def test_counts_of_a_thousand_or_more_have_commas_as_the_rest_of_the_app() -> None:
    assert plural(999, 'exchange') == '999 exchanges'
    assert plural(1_000, 'exchange') == '1,000 exchanges'
    assert plural(10_000, 'exchange') == '10,000 exchanges'
    assert plural(2_520, 'day') == '2,520 days'
    assert distance_from_today(TODAY - datetime.timedelta(days=1_204), TODAY) == '1,204 days ago'
    assert route_status(103, 10_000).text == (
        '9,897 behind: it gets 9,897 exchanges on its next turn'
    )
    assert route_status(103, 10_000).word == '9,897 behind'
    assert route_status(12_000, 10_000).word == '2,000 ahead'


def test_visible_replaces_every_control_and_reordering_character() -> None:
    text = 'a\x1b[31mb\x07c\x00d\x7fe\x9bf\u202eg\u2066h\u200bi\ttab\nline\r'
    shown = visible(text)
    assert shown == ('a␛[31mb␇c␀d␡e\\x9bf<U+202E>g<U+2066>h<U+200B>i    tab\nline␍')
    assert visible('[bold]x[/] ₹ नमस्ते') == '[bold]x[/] ₹ नमस्ते'


def test_capped_and_markdown_source_say_what_was_cut() -> None:
    assert capped('short', 10) == ('short', None)
    kept, note = capped('x' * 100_000, 20_000)
    assert len(kept) == 20_000
    assert note == '… (truncated: showing the first 20 KB of 100 KB)'
    source = markdown_source('```\n' + 'y' * 50, 10)
    assert source.count('```') == 2
    assert source.endswith('*… (truncated: showing the first 10 characters of 54 characters)*')
    assert size_label(1_500_000) == '1.5 MB'


def test_highlighted_marks_keywords_in_any_case_without_markup() -> None:
    content = highlighted('[b]NIFTY[/b] gapped \x1b', ['nifty', 'gap'])
    assert content.plain == '[b]NIFTY[/b] gapped ␛'
    marked = [content.plain[span.start : span.end] for span in content.spans]
    assert marked == ['NIFTY', 'gap']
