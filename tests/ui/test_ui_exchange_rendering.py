"""The answers' Markdown: one parser for every answer, set up as Rich would set it up."""

from __future__ import annotations

from markdown_it import MarkdownIt
from rich.markdown import Markdown

from desk_browser.memory.session_store import Exchange
from desk_browser.presentation.desk_data import SessionLog
from desk_browser.ui.widgets.exchange_rendering import CardStyles, header_lines
from desk_browser.ui.widgets.safe_rich_markdown import SafeRichMarkdown

ANSWERS = [
    '## Rollover\n\n- **BANKNIFTY** at 52,720.9\n- Stop-loss: 52,295.1',
    '| Symbol | Qty |\n| --- | --- |\n| INFY | 1200 |\n\n~~old~~ <b>raw</b>',
    '![chart](http://example.com/x.png) and [a link](http://example.com)',
    '```python\nprint(1)\n```\n\n> quoted\n\n1. one\n2. two',
]


def fresh_tokens(source: str) -> list[object]:
    parser = (
        MarkdownIt('commonmark', {'html': False})
        .enable('strikethrough')
        .enable('table')
        .disable('image')
    )
    return [token.as_dict() for token in parser.parse(source)]


def test_each_answer_parses_as_with_a_parser_of_its_own() -> None:
    for source in ANSWERS + list(reversed(ANSWERS)):
        parsed = [token.as_dict() for token in SafeRichMarkdown(source).parsed]
        assert parsed == fresh_tokens(source)


def test_it_sets_what_rich_sets_without_links() -> None:
    ours = SafeRichMarkdown('# Title', code_theme='default')
    theirs = Markdown('# Title', code_theme='default', hyperlinks=False)
    assert set(vars(ours)) == set(vars(theirs))
    for name in vars(theirs):
        if name != 'parsed':
            assert getattr(ours, name) == getattr(theirs, name), name


def test_the_header_joins_name_and_count_tighter_where_the_wide_join_would_wrap() -> None:
    exchanges = [Exchange('t', 'a', 'claude', '2026-10-21T03:45:00+00:00')] * 10_000
    log = SessionLog('2026-10-21-3', exchanges, [])
    wide = '2026-10-21-3  ·  10,000 exchanges'
    assert header_lines(log, CardStyles())[0].plain == wide
    assert header_lines(log, CardStyles(), len(wide))[0].plain == wide
    assert header_lines(log, CardStyles(), 32)[0].plain == '2026-10-21-3 · 10,000 exchanges'
    head = SessionLog('2026-10-21-3', exchanges[:161], [], complete=False)
    assert header_lines(head, CardStyles(), 32)[0].plain == '2026-10-21-3  ·  161+ exchanges'
