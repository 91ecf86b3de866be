"""The answers' Markdown: one parser for every answer, set up as Rich would set it up."""

from __future__ import annotations

from markdown_it import MarkdownIt
from rich.cells import cell_len
from rich.console import Console
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


POSITIONS = (
    '| Symbol | Qty | Avg | LTP | P&L |\n'
    '| --- | ---: | ---: | ---: | ---: |\n'
    '| HDFCBANK26DECFUT | -550 | 1,560.20 | 1,602.35 | -₹8,250 |\n'
    '| NIFTY26DECFUT | 75 | 25,840.20 | 25,920.40 | +₹6,015 |'
)
"""A position table as the desk writes one: wider than the exchanges pane at 80x24."""


def drawn(source: str, width: int) -> list[str]:
    """The answer's lines as Rich draws them at a width, spaces at the end dropped."""
    console = Console(width=width, color_system=None)
    lines = console.render_lines(SafeRichMarkdown(source), console.options, pad=False)
    return [''.join(segment.text for segment in line).rstrip() for line in lines]


def test_a_table_wider_than_the_pane_folds_into_a_block_a_row_every_cell_whole() -> None:
    lines = drawn(POSITIONS, 34)
    while not lines[0]:
        del lines[0]
    assert max(cell_len(line) for line in lines) <= 34
    assert '…' not in ''.join(lines)
    assert lines[:6] == [
        'Symbol  HDFCBANK26DECFUT',
        'Qty     -550',
        'Avg     1,560.20',
        'LTP     1,602.35',
        'P&L     -₹8,250',
        '',
    ]
    assert 'P&L     +₹6,015' in lines


def test_a_table_that_fits_is_drawn_as_a_table() -> None:
    lines = drawn(POSITIONS, 80)
    assert any(line.split() == ['Symbol', 'Qty', 'Avg', 'LTP', 'P&L'] for line in lines)
    assert any('HDFCBANK26DECFUT  -550   1,560.20   1,602.35  -₹8,250' in line for line in lines)


def test_a_cell_longer_than_the_line_wraps_and_is_never_cut() -> None:
    source = '| Note | Qty |\n| --- | --- |\n| ' + 'x' * 50 + ' | 1 |'
    lines = drawn(source, 20)
    assert '…' not in ''.join(lines)
    assert ''.join(line.replace('Note', '').strip() for line in lines).count('x') == 50
