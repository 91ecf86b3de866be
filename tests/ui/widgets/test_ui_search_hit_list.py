"""The search hit list on its own: fixed-height hits, only the rows on screen rendered, keys,
mouse, a new result replacing the old, and hostile snippets shown literally."""

from __future__ import annotations

import threading
from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from rich._wrap import divide_line
from textual.app import App, ComposeResult

from desk_browser.memory.session_search import SearchHit, SearchRecord, SearchResult, snippet_of
from desk_browser.ui.widgets.row_list import PaintedRows
from desk_browser.ui.widgets.search_hit_list import (
    HIT_HEIGHT,
    SearchHitList,
    hit_lines,
    paint_hits,
    snippet_breaks,
)

SIZE = (80, 24)


class HitListApp(App[None]):
    """Just the hit list, filling the screen."""

    CSS = 'SearchHitList { height: 1fr; }'

    def __init__(self) -> None:
        super().__init__()
        self.chosen: list[SearchHitList.HitChosen] = []

    def compose(self) -> ComposeResult:
        yield SearchHitList(id='hits')

    def on_search_hit_list_hit_chosen(self, message: SearchHitList.HitChosen) -> None:
        self.chosen.append(message)


def make_result(count: int, snippet: str = 'NIFTY gapped down at the open') -> SearchResult:
    hits = [
        SearchHit(
            record=SearchRecord(
                day=f'2026-10-{21 - index % 20:02d}', kind='exchange', text=f'{index}: {snippet}'
            ),
            matched_words=2,
            snippet=f'{index}: {snippet}',
        )
        for index in range(count)
    ]
    return SearchResult(hits=hits, matched_every_word=True, words=['nifty', 'gap'])


def hit_list(app: App[Any]) -> SearchHitList:
    return app.query_one(SearchHitList)


def assert_highlight_in_view(hits: SearchHitList) -> None:
    assert hits.highlighted is not None
    top = hits.highlighted * HIT_HEIGHT
    assert hits.scroll_y <= top
    assert top + HIT_HEIGHT <= hits.scroll_y + hits.scrollable_content_region.height


async def test_showing_500_hits_renders_only_the_rows_on_screen() -> None:
    app = HitListApp()
    async with app.run_test(size=SIZE) as pilot:
        hits = hit_list(app)
        hits.show_result(make_result(500))
        await pilot.pause()
        assert hits.hit_count == 500
        assert hits.virtual_size.height == 500 * HIT_HEIGHT
        on_screen = -(-hits.scrollable_content_region.height // HIT_HEIGHT)
        assert hits.rendered_indexes == list(range(on_screen))
        hits.focus()
        await pilot.press('end')
        await pilot.pause()
        assert hits.highlighted == 499
        assert 499 in hits.rendered_indexes
        assert len(hits.rendered_indexes) <= 2 * on_screen + 1


async def test_the_highlight_moves_with_the_keys_and_stays_in_view() -> None:
    app = HitListApp()
    async with app.run_test(size=SIZE) as pilot:
        hits = hit_list(app)
        hits.show_result(make_result(50))
        hits.focus()
        await pilot.pause()
        assert hits.highlighted == 0
        await pilot.press('up')
        assert hits.highlighted == 0
        for expected in range(1, 12):
            await pilot.press('down')
            await pilot.pause()
            assert hits.highlighted == expected
            assert_highlight_in_view(hits)
        page = hits.scrollable_content_region.height // HIT_HEIGHT
        await pilot.press('pagedown')
        await pilot.pause()
        assert hits.highlighted == 11 + page
        assert_highlight_in_view(hits)
        await pilot.press('pageup', 'pageup')
        await pilot.pause()
        assert hits.highlighted == 11 - page
        assert_highlight_in_view(hits)
        await pilot.press('end')
        await pilot.pause()
        assert hits.highlighted == 49
        assert_highlight_in_view(hits)
        await pilot.press('down')
        assert hits.highlighted == 49
        await pilot.press('home')
        await pilot.pause()
        assert hits.highlighted == 0
        assert hits.scroll_y == 0


async def test_enter_and_a_click_choose_the_right_hit() -> None:
    app = HitListApp()
    async with app.run_test(size=SIZE) as pilot:
        hits = hit_list(app)
        result = make_result(30)
        hits.show_result(result)
        hits.focus()
        await pilot.pause()
        await pilot.press('down', 'down', 'enter')
        await pilot.pause()
        [chosen] = app.chosen
        assert chosen.index == 2
        assert chosen.hit is result.hits[2]
        assert chosen.control is hits
        # The fourth hit's snippet line: rows 9 to 11 of the list, which starts at the top.
        await pilot.click(SearchHitList, offset=(5, 3 * HIT_HEIGHT + 1))
        await pilot.pause()
        assert [message.index for message in app.chosen] == [2, 3]
        assert hits.highlighted == 3


async def test_a_new_result_replaces_the_old_and_highlights_its_first_hit() -> None:
    app = HitListApp()
    async with app.run_test(size=SIZE) as pilot:
        hits = hit_list(app)
        hits.show_result(make_result(100))
        hits.focus()
        await pilot.pause()
        await pilot.press('end')
        await pilot.pause()
        assert hits.scroll_y > 0
        newer = make_result(3, snippet='RBI policy unchanged')
        hits.show_result(newer)
        await pilot.pause()
        assert hits.shown_result is newer
        assert hits.hit_count == 3
        assert hits.highlighted == 0
        assert hits.scroll_y == 0
        assert hits.hit_at(2) is newer.hits[2]
        assert hits.hit_at(3) is None
        assert hits.rendered_indexes == [0, 1, 2]
        assert 'RBI policy unchanged' in hits.rendered_text()
        assert 'NIFTY' not in hits.rendered_text()
        hits.show_result(SearchResult(hits=[], matched_every_word=False, words=[]))
        await pilot.pause()
        assert hits.highlighted is None
        assert hits.rendered_indexes == []
        await pilot.press('enter', 'down')
        assert app.chosen == []


async def test_hostile_snippets_render_literally_and_within_their_rows() -> None:
    hostile = [
        '[bold]not bold[/] [link=https://evil.example]link[/link] $text-accent',
        '\x1b[31mred\x1b[0m \x07 bell \x9b31m \u202eevil\u202c',
        'line one\nline two\ttabbed\r\n',
        'x' * 1_000_000,
    ]
    hits_of = [
        SearchHit(SearchRecord(day='2026-10-21', kind='[b]note', text=text), 1, text)
        for text in hostile
    ]
    app = HitListApp()
    async with app.run_test(size=SIZE) as pilot:
        hits = hit_list(app)
        hits.show_result(SearchResult(hits=hits_of, matched_every_word=True, words=['bold']))
        await pilot.pause()
        text = hits.rendered_text()
        assert '[bold]not bold[/] [link=https://evil.example]link[/link] $text-accent' in text
        assert '␛[31mred␛[0m ␇ bell \\x9b31m <U+202E>evil<U+202C>' in text
        assert 'line one line two tabbed' in text  # White space folded, as the search's snippet.
        assert '[b]note' in text
        assert not any(ord(character) < 0x20 and character != '\n' for character in text)
        assert '\x9b' not in text and '\u202e' not in text
        width = hits.scrollable_content_region.width
        lines = hit_lines(hits_of[3], hits.shown_result or make_result(0), width)
        assert len(lines) == HIT_HEIGHT
        assert [line.cell_length for line in lines[1:]] == [width, width]
        assert lines[-1].plain.endswith('…')


def test_a_snippet_is_wrapped_to_two_lines_and_cut_with_an_ellipsis() -> None:
    text = ' '.join(['gapped'] * 30)  # 209 characters: the snippet keeps 160 and "…"
    record = SearchRecord(day='2026-10-21', kind='exchange', text=text)
    hit = SearchHit(record=record, matched_words=2, snippet=text)
    result = SearchResult(hits=[hit], matched_every_word=True, words=['nifty', 'gap'])
    header, first, second = hit_lines(hit, result, 78)
    assert header.plain == 'exchange Wed 2026-10-21'  # Every hit has every word: no label.
    assert len(first.plain) <= 78 and len(second.plain) <= 78
    assert second.plain.endswith('…')
    wide_first, wide_second = hit_lines(hit, result, 118)[1:]
    assert (wide_first.plain + ' ' + wide_second.plain).rstrip() == text[:160] + '…'
    rbi = SearchRecord(day='2026-10-21', kind='exchange', text='RBI policy')
    short = hit_lines(SearchHit(rbi, 1, 'RBI policy'), result, 78)
    assert [line.plain for line in short[1:]] == ['RBI policy', '']
    partial = SearchResult(hits=[hit], matched_every_word=False, words=['a', 'b', 'c'])
    assert hit_lines(SearchHit(hit.record, 2, 'x'), partial, 78)[0].plain.endswith('2 of 3 words')


async def test_a_new_theme_renders_the_hits_again() -> None:
    app = HitListApp()
    async with app.run_test(size=SIZE) as pilot:
        hits = hit_list(app)
        hits.show_result(make_result(5))
        await pilot.pause()
        before = hits.render_line(1)
        app.theme = 'textual-light'
        await pilot.pause()
        assert hits.rendered_indexes  # drawn again after the change
        assert hits.render_line(1) != before


def strip_texts(hits: SearchHitList, rows: int) -> list[list[tuple[str, Any]]]:
    """The segments (text and style) of the first rows as the list draws them itself."""
    width = hits._content_width()
    return [
        [(segment.text, segment.style) for segment in strip]
        for index in range(rows)
        for strip in hits._row_strips(index, width)
    ]


async def test_hits_painted_in_a_thread_look_exactly_like_hits_drawn_by_the_list() -> None:
    app = HitListApp()
    async with app.run_test(size=SIZE) as pilot:
        hits = hit_list(app)
        result = make_result(40)
        hits.show_result(result)
        await pilot.pause()
        rows = hits.row_painter().rows_on_screen
        drawn_by_the_list = strip_texts(hits, rows)

        painted: list[PaintedRows] = []
        painter = hits.row_painter()
        thread = threading.Thread(target=lambda: painted.append(paint_hits(painter, result)))
        thread.start()
        thread.join()
        hits.show_result(make_result(3, 'something else entirely'))
        await pilot.pause()
        hits.show_result(result, painted[0])

        # Every row on screen was adopted: none needed drawing again, and all look the same.
        assert hits.rendered_indexes == list(range(rows))
        assert strip_texts(hits, rows) == drawn_by_the_list
        assert any(
            style is not None and style.bold for row in drawn_by_the_list for _, style in row
        )


async def test_painted_hits_are_dropped_when_the_width_changed_since() -> None:
    app = HitListApp()
    async with app.run_test(size=SIZE) as pilot:
        hits = hit_list(app)
        result = make_result(40)
        painted = paint_hits(hits.row_painter(), result)
        await pilot.resize_terminal(100, 24)
        await pilot.pause()
        hits.show_result(result, painted)
        assert hits.rendered_indexes == []
        await pilot.pause()
        assert hits.rendered_indexes  # Drawn by the list itself, at the new width.
        kept = hits._rendered.keys()  # An LRUCache cannot be iterated itself.
        assert {width for _index, width, _look in kept} == {hits._content_width()}
        assert hits._content_width() != painted.painter.width


_SNIPPET_CHARACTERS = st.sampled_from(
    [*'abc xyz', ' ', '  ', '\t', '\u3000', '界', '語', '🙂', 'e\u0301', '\u200b', '-', '.']
)


@given(
    text=st.lists(_SNIPPET_CHARACTERS, max_size=60).map(''.join),
    width=st.integers(min_value=1, max_value=30),
)
def test_snippets_break_where_richs_own_wrapping_breaks(text: str, width: int) -> None:
    """The public-API wrapping that replaced rich._wrap.divide_line breaks at the same places
    (spaces of every kind, wide and zero-width characters, words longer than a line)."""
    assert snippet_breaks(text, width) == divide_line(text, width, fold=True)


def test_a_word_longer_than_the_line_is_folded_across_lines() -> None:
    assert snippet_breaks('ab ' + 'x' * 12 + ' cd', 5) == [3, 8, 13]
    assert snippet_breaks('ab ' + 'x' * 12 + ' cdef', 5) == [3, 8, 13, 16]
    assert snippet_breaks('界界界', 2) == [1, 2]


def test_a_snippet_is_plain_words_with_its_keywords_marked_where_they_are() -> None:
    text = '## NIFTY **gapped** down\n\n| Symbol | `Gap` |\n|---|---|\n| NIFTY | -0.7% |\n'
    record = SearchRecord(day='2026-10-21', kind='exchange', text=text)
    hit = SearchHit(record=record, matched_words=2, snippet=snippet_of(text, ['nifty', 'gap']))
    result = SearchResult(hits=[hit], matched_every_word=True, words=['nifty', 'gap'])
    snippet = hit_lines(hit, result, 118)[1]
    assert snippet.plain == 'NIFTY gapped down Symbol Gap NIFTY -0.7%'
    marked = [snippet.plain[span.start : span.end] for span in snippet.spans]
    assert marked == ['NIFTY', 'gap', 'Gap', 'NIFTY']
