"""plain_text: desk Markdown as plain words for snippets and timeline rows, never raising."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from desk_browser.memory.session_search import snippet_of
from desk_browser.presentation.plain_text import plain_line, plain_snippet, plain_text

ANSWER = """## Opening gap: plan

**NIFTY** gapped *up* 0.4% since `open`, see [the chart](https://example.com/c) ![alt](x.png).

| Symbol | Qty | P&L |
|---|---|---|
| NIFTY26OCTFUT | -225 | ₹9,153 |

- Stop-loss: 23,409.9
1. Re-check at 10:00

---

> quoted ~~old~~ &amp; <b>html</b> \\*kept\\*

```python
print('code')
```
"""


def test_markdown_syntax_is_dropped_and_the_words_kept() -> None:
    assert plain_text(ANSWER).split('\n') == [
        'Opening gap: plan',
        'NIFTY gapped up 0.4% since open, see the chart alt.',
        'Symbol',
        'Qty',
        'P&L',
        'NIFTY26OCTFUT',
        '-225',
        '₹9,153',
        'Stop-loss: 23,409.9',
        'Re-check at 10:00',
        'quoted old & <b>html</b> *kept*',
        "print('code')",
    ]


def test_a_line_is_one_line_of_words_cut_with_an_ellipsis() -> None:
    assert plain_line('## Risk\n\n**INFY** | down\n- `3%`') == 'Risk INFY | down 3%'
    assert plain_line(ANSWER, 48) == 'Opening gap: plan NIFTY gapped up 0.4%…'
    assert plain_line('') == ''


def test_a_snippet_is_the_search_snippet_of_the_words() -> None:
    text = ANSWER + '\n'.join(f'Line {number} of filler words.' for number in range(100))
    snippet = plain_snippet(text, ('nifty26octfut',))
    assert '|' not in snippet and '**' not in snippet and '#' not in snippet
    assert 'NIFTY26OCTFUT -225 ₹9,153' in snippet
    assert snippet.endswith('…')
    assert plain_snippet('plain words only', ('words',)) == snippet_of(
        'plain words only', ['words']
    )


def test_a_snippet_deep_in_a_long_text_starts_with_an_ellipsis_and_keeps_its_table() -> None:
    rows = ''.join(f'| row{number} | {number} |\n' for number in range(30))
    text = 'Intro. ' * 400 + '\n\n| Symbol | Qty |\n|---|---|\n' + rows + '| TCS | 9 |\n'
    snippet = plain_snippet(text, ('tcs',))
    assert snippet.startswith('…') and snippet.endswith('TCS 9')
    assert '|' not in snippet


def test_a_snippet_without_its_words_is_the_text_start() -> None:
    assert plain_snippet('**Bold** start and more', ('absent',)) == 'Bold start and more'
    assert plain_snippet('**Bold** start', ()) == 'Bold start'


HOSTILE = [
    '[' * 5_000,
    '*' * 5_000 + 'x',
    '> ' * 2_000 + 'deep',
    '- ' * 2_000 + 'deep',
    '`' * 5_000,
    '|a' * 2_000 + '\n' + '|-' * 2_000 + '\n' + '|b' * 2_000,
    '\x00\x1b[31m\u202e\r\n\ud800 &#0; &#xD800;',
    'x' * 1_000_000 + ' needle',
]


def test_hostile_texts_give_words_and_never_raise() -> None:
    for text in HOSTILE:
        assert isinstance(plain_snippet(text, ('needle', 'deep')), str)
        assert isinstance(plain_line(text), str)
    assert plain_snippet(HOSTILE[-1], ('needle',)).endswith('needle')


def test_a_keyword_the_syntax_swallows_is_shown_from_the_text_as_it_is() -> None:
    assert plain_snippet('`' * 300 + 'needle', ('needle',)).endswith('needle')
    assert plain_snippet('- ' * 30 + 'needle', ('needle',)).endswith('needle')
    assert plain_snippet('see [the chart](https://needle.example)', ('needle',)) == (
        'see [the chart](https://needle.example)'
    )
    assert plain_line('```needle') == '```needle'


@settings(max_examples=300, deadline=None)
@given(
    text=st.text(
        alphabet=st.sampled_from(list('#*_`|-=>[]()!<>\\~:&;1. \n\tabcXYZ\x00\x1b\u202e')),
        max_size=400,
    ),
    words=st.lists(st.text(alphabet='abc#*|', min_size=1, max_size=3), max_size=3),
)
def test_any_markdown_gives_one_line_and_never_raises(text: str, words: list[str]) -> None:
    snippet = plain_snippet(text, tuple(words))
    line = plain_line(text)
    for result in (snippet, line):
        assert '\n' not in result and '\t' not in result
        assert result == result.strip()
    if any(word.lower() in text.lower() for word in words):
        assert any(word.lower() in snippet.lower() for word in words)  # A keyword is shown.


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_any_text_at_all_never_raises(text: str) -> None:
    assert isinstance(plain_text(text), str)
    assert '\n' not in plain_snippet(text, ('a',))
