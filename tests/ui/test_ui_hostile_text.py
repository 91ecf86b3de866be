"""Text from the desk is data: markup, escapes, controls, bidi overrides, huge text, everywhere."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from textual.widgets import Markdown

from desk_browser.memory.session_store import Exchange
from desk_browser.ui.screens.record_screen import RecordScreen
from desk_browser.ui.widgets.desk_text_view import DeskTextView
from desk_browser.ui.widgets.exchange_rendering import CardStyles, render_card
from desk_browser.ui.widgets.exchange_view import ExchangeView
from desk_browser.ui.widgets.safe_markdown import SafeMarkdown
from desk_browser.ui.widgets.search_hit_list import SearchHitList
from desk_browser.ui.widgets.session_list import SessionList
from tests.helpers.desks import exchange, write_lines, write_state
from tests.helpers.pilot import AppFor, open_search, screen_text, settle, settled, widget_texts

HOSTILE = (
    '[bold]not bold[/] [link=https://evil.example]click me[/link] [/] [@click=app.quit]q[/]\n\n'
    '\x1b[31mred\x1b[0m \x1b]8;;https://evil.example\x07osc link\x1b]8;;\x07 bell\x07 '
    'back\x08space nul\x00 del\x7f c1\x9b\n\n'
    '\u202eevil reversed\u202c \u2066isolate\u2069\n\n'
    '![image](https://evil.example/x.png) <div onclick="x">html block</div>\n\n'
    '| a | b |\n| --- | --- |\n| [link=x]cell[/link] | `code` |\n\n'
    '```python\nprint("[bold]fenced[/]")\n```\n\n'
    '[markdown link](https://evil.example) <script>alert(1)</script> hostileword'
)
BIG_ANSWER = 'bigword ' + 'lorem ipsum dolor sit amet ' * 3700  # about 100 KB
HUGE_LINE = 'hugeword ' + 'x' * 1_000_000  # one 1 MB journal line
CONTROL_CHARACTERS = ['\x1b', '\x07', '\x08', '\x00', '\x7f', '\x9b', '\u202e', '\u2066']


@pytest.fixture
def hostile_desk(tmp_path: Path) -> Path:
    desk = tmp_path / 'main'
    sessions = desk / 'sessions'
    write_lines(
        sessions / '2026-10-21-1.jsonl',
        [
            exchange(f'[red]trigger[/red] {HOSTILE}', HOSTILE, backend='[b]claude[/b]\x1b[2J'),
            exchange('big one', BIG_ANSWER),
            '{"trigger_text": "cut sh',
        ],
    )
    write_lines(sessions / '2026-10-20-1.jsonl', [exchange('older', 'older answer')])
    write_state(
        desk,
        '2026-10-21-1',
        {
            '[bold]claude[/]': {
                'exchanges_seen': 2,
                'runner_state': {'note': HOSTILE, 'size': 'y' * 50_000},
            }
        },
    )
    (sessions / 'summaries').mkdir()
    (sessions / 'summaries' / '2026-10-21.md').write_text(HOSTILE, encoding='utf-8')
    (sessions / 'summaries' / '2026-10-20.md').write_text(BIG_ANSWER, encoding='utf-8')
    journal: list[Any] = [
        {
            'type': 'trigger_received',
            'time': '2026-10-21T04:00:00+00:00',
            'text': HOSTILE,
            'source': 'x',
        },
        {'type': 'text', 'time': '2026-10-21T04:00:01+00:00', 'text': HOSTILE, 'backend': 'c'},
        {
            'type': 'tool_result',
            'time': '2026-10-21T04:00:02+00:00',
            'tool': 'x',
            'output': HUGE_LINE,
        },
        {'type': 'order_placed', 'time': '2026-10-21T04:00:03+00:00', 'symbol': HOSTILE},
    ]
    write_lines(desk / 'journal' / '2026-10-21.jsonl', journal)
    (desk / 'notes').mkdir()
    (desk / 'notes' / '2026-10-21-hostile.md').write_text(HOSTILE, encoding='utf-8')
    return desk


def assert_no_raw_controls(text: str) -> None:
    for character in CONTROL_CHARACTERS:
        assert character not in text, f'{character!r} reached the screen'


def assert_shown_literally(text: str) -> None:
    assert '[bold]not bold[/]' in text
    assert '[link=https://evil.example]click me[/link]' in text
    assert '␛[31mred␛[0m' in text
    assert '<U+202E>evil reversed<U+202C>' in text
    assert_no_raw_controls(text)


async def test_every_pane_shows_hostile_text_literally(app_for: AppFor, hostile_desk: Path) -> None:
    app = app_for(hostile_desk)
    async with settled(app) as pilot:
        texts = widget_texts(pilot)
        assert_shown_literally(texts)
        assert '[bold]claude[/]' in texts
        assert '1 damaged line skipped' in texts
        rendered = screen_text(pilot)
        assert '[bold]not bold[/]' in rendered
        assert '[red]trigger[/red]' in rendered
        assert_no_raw_controls(rendered)
        await app.query_one(ExchangeView).go_to(1)
        await pilot.pause()
        assert '(truncated: showing the first 20 KB of 100 KB)' in widget_texts(pilot)
        for _ in range(4):
            await pilot.press('n')
        await pilot.press('s')
        await settle(pilot)
        rendered = screen_text(pilot)
        assert '[bold]not bold[/]' in rendered
        assert_no_raw_controls(rendered)
        app.query_one(SessionList).highlight_session('2026-10-20-1')
        await settle(pilot)
        assert '(truncated: showing the first 20 KB of 100 KB)' in widget_texts(pilot)


async def test_search_and_records_show_hostile_text_literally(
    app_for: AppFor, hostile_desk: Path
) -> None:
    app = app_for(hostile_desk)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_search(pilot, 'hostileword')
        hits = app.screen.query_one(SearchHitList)
        kinds = {hits.hit_at(index).record.kind for index in range(hits.hit_count)}  # type: ignore[union-attr]
        assert kinds == {'exchange', 'journal', 'summary', 'note'}
        assert_no_raw_controls(widget_texts(pilot))
        assert hits.rendered_indexes
        assert_no_raw_controls(hits.rendered_text())
        assert_no_raw_controls(screen_text(pilot))
        for index in range(hits.hit_count):
            hits.focus()
            hits.highlighted = index
            await pilot.press('enter')
            await settle(pilot)
            assert isinstance(app.screen, RecordScreen)
            record = app.screen.query_one('#record', DeskTextView).rendered_text()
            if hits.hit_at(index).record.kind == 'summary':  # type: ignore[union-attr]
                # A summary record is one paragraph; only the last one holds the keyword. The
                # link is rendered as inert text, the tag stays text.
                assert 'markdown link (https://evil.example) <script>alert(1)</script>' in record
            else:
                assert_shown_literally(record)
            assert_no_raw_controls(screen_text(pilot))
            await pilot.press('escape')
            await settle(pilot)
        await pilot.press('slash', 'escape', *'hugeword')
        await settle(pilot)
        await pilot.press('enter')
        await settle(pilot)
        assert isinstance(app.screen, RecordScreen)
        assert '(truncated: showing the first 64 KB of 1.0 MB)' in widget_texts(pilot)


async def test_links_in_desk_markdown_are_not_opened(
    app_for: AppFor, hostile_desk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = app_for(hostile_desk)
    opened: list[str] = []
    monkeypatch.setattr(app, 'open_url', lambda url, **_: opened.append(url))
    async with settled(app) as pilot:
        await pilot.press('s')  # the day summary; answers render links as words, tested above
        await settle(pilot)
        markdown = app.screen.query(SafeMarkdown).first()
        markdown.post_message(Markdown.LinkClicked(markdown, 'https://evil.example'))
        await pilot.pause()
        assert opened == []
        assert app.is_running


def test_hostile_markdown_in_an_answer_renders_as_inert_text() -> None:
    console = Console(width=100, color_system='truecolor')
    card = render_card(
        console, 1, Exchange(f'trigger {HOSTILE}', HOSTILE, 'claude', 'x'), 80, CardStyles()
    )
    text = '\n'.join(strip.text for strip in card)
    assert all(strip.cell_length == 80 for strip in card)
    assert '[bold]not bold[/]' in text
    assert '␛[31mred␛[0m' in text
    assert '<U+202E>evil reversed<U+202C>' in text
    assert '<div onclick="x">html block</div>' in text  # raw HTML stays text
    assert '<script>alert(1)</script>' in text
    assert 'markdown link (https://evil.example)' in text  # a link is only words
    assert 'time unreadable: x' in text
    assert_no_raw_controls(text)
    assert not any(segment.style and segment.style.link for strip in card for segment in strip)


def test_a_100_kb_answer_renders_cut_with_a_note() -> None:
    card = render_card(Console(width=100), 2, Exchange('t', BIG_ANSWER, 'c', 'x'), 80, CardStyles())
    text = ' '.join(strip.text.strip() for strip in card)
    assert '(truncated: showing the first 20 KB of 100 KB)' in text
    assert len(card) < 400


def test_a_heading_in_an_answer_is_on_the_left() -> None:
    card = render_card(Console(width=100), 1, Exchange('t', '# Title', 'c', 'x'), 80, CardStyles())
    assert card[-1].text.startswith('Title')


def test_hostile_fixture_holds_a_1_mb_journal_line(hostile_desk: Path) -> None:
    lines = (hostile_desk / 'journal' / '2026-10-21.jsonl').read_text(encoding='utf-8')
    assert max(len(line) for line in lines.splitlines()) > 1_000_000
    assert json.loads(lines.splitlines()[0])['text'] == HOSTILE
