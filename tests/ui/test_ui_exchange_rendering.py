"""The answers' Markdown: one parser for every answer, set up as Rich would set it up."""

from __future__ import annotations

from markdown_it import MarkdownIt
from rich.markdown import Markdown

from desk_browser.ui.widgets.exchange_rendering import SafeRichMarkdown

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
