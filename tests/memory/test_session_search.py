from __future__ import annotations

from pathlib import Path

import pytest

from desk_browser.memory import desk_files, session_search
from desk_browser.memory.session_search import (
    SearchHit,
    SearchRecord,
    SearchResult,
    SessionSearch,
    rank,
    snippet_of,
    words_of,
)
from tests.helpers.desks import build_small_desk, event, write_journal

EXCHANGE_OPEN_19 = '09:15 open: NIFTY GAPPED down 1.2%\n\nHolding.\nNo new entries before 09:30.'
EXCHANGE_TRADER_19 = 'Trader: why no BANKNIFTY short?\n\nRisk rejected it: position limit.'
ACTION_WARMING_19 = 'text\ntext: Warming up before the open.\nbackend: claude'
ACTION_ORDER_19 = (
    'order_placed\norder_id: 7731\nsymbol: NIFTY24OCTFUT\nside: SELL\nquantity: 50\nprice: 24512.5'
)
ACTION_RISK_19 = (
    'risk_decision\ndecision: rejected\nreason: Position limit reached\nsymbol: BANKNIFTY'
)
SUMMARY_GAP_19 = 'Gap-down open; held.'
SUMMARY_RISK_19 = 'BANKNIFTY short rejected by risk.'
NOTE_GAP_19 = '# NIFTY gap\nGaps down over 1% filled by noon twice this month.\n'
EXCHANGE_OPEN_20 = '09:15 open: flat\n\nNothing to do.'
ACTION_QUOTE_20 = 'tool_call\ntool: get_quote\ninput: {"symbol":"NIFTY"}'
NOTE_WATCHLIST_20 = 'NIFTY, BANKNIFTY, RELIANCE\n'


@pytest.fixture
def desk(tmp_path: Path) -> Path:
    return build_small_desk(tmp_path / 'main')


def records_of(result: SearchResult) -> list[tuple[str, str, str]]:
    return [(hit.record.day, hit.record.kind, hit.record.text) for hit in result.hits]


# words


def test_words_of_lowers_splits_and_drops_repeats_keeping_order() -> None:
    assert words_of('  Gap gap\tNIFTY\n gAP down ') == ['gap', 'nifty', 'down']


def test_words_of_an_empty_query_is_empty() -> None:
    assert words_of('  \t ') == []


def test_search_result_gives_the_keywords(desk: Path) -> None:
    assert SessionSearch(desk).search('NIFTY nifty Gap', 5).words == ['nifty', 'gap']


def test_search_for_nothing_finds_nothing(desk: Path) -> None:
    assert SessionSearch(desk).search('   ', 5) == SearchResult(
        hits=[], matched_every_word=False, words=[]
    )


# records, kinds, days and order


def test_search_finds_every_kind_with_its_day_newest_day_first(desk: Path) -> None:
    result = SessionSearch(desk).search('nifty', 20)
    assert result.matched_every_word
    assert records_of(result) == [
        ('2026-10-20', 'journal', ACTION_QUOTE_20),
        ('2026-10-20', 'note', NOTE_WATCHLIST_20),
        ('2026-10-19', 'exchange', EXCHANGE_OPEN_19),
        ('2026-10-19', 'exchange', EXCHANGE_TRADER_19),
        ('2026-10-19', 'journal', ACTION_ORDER_19),
        ('2026-10-19', 'journal', ACTION_RISK_19),
        ('2026-10-19', 'summary', SUMMARY_RISK_19),
        ('2026-10-19', 'note', NOTE_GAP_19),
    ]


def test_search_orders_a_day_as_exchanges_actions_summary_then_notes(desk: Path) -> None:
    result = SessionSearch(desk).search('open', 20)
    assert records_of(result) == [
        ('2026-10-20', 'exchange', EXCHANGE_OPEN_20),
        ('2026-10-19', 'exchange', EXCHANGE_OPEN_19),
        ('2026-10-19', 'journal', ACTION_WARMING_19),
        ('2026-10-19', 'summary', SUMMARY_GAP_19),
    ]


def test_search_exchange_text_is_trigger_blank_line_answer(desk: Path) -> None:
    (hit,) = SessionSearch(desk).search('holding', 5).hits
    assert hit.record == SearchRecord('2026-10-19', 'exchange', EXCHANGE_OPEN_19)


def test_search_keeps_text_before_the_first_trigger_as_an_action(desk: Path) -> None:
    result = SessionSearch(desk).search('warming', 5)
    assert records_of(result) == [('2026-10-19', 'journal', ACTION_WARMING_19)]


def test_search_finds_summary_paragraphs_one_by_one(desk: Path) -> None:
    result = SessionSearch(desk).search('risk short', 5)
    assert records_of(result) == [
        ('2026-10-19', 'exchange', EXCHANGE_TRADER_19),
        ('2026-10-19', 'summary', SUMMARY_RISK_19),
    ]


def test_search_gives_an_undated_note_the_india_day_of_its_modification(desk: Path) -> None:
    result = SessionSearch(desk).search('reliance', 5)
    assert records_of(result) == [('2026-10-20', 'note', NOTE_WATCHLIST_20)]


# matching


def test_search_matches_case_and_substrings(desk: Path) -> None:
    result = SessionSearch(desk).search('gap', 20)
    assert records_of(result) == [
        ('2026-10-19', 'exchange', EXCHANGE_OPEN_19),
        ('2026-10-19', 'summary', SUMMARY_GAP_19),
        ('2026-10-19', 'note', NOTE_GAP_19),
    ]


def test_search_in_capitals_finds_lower_case_text(desk: Path) -> None:
    result = SessionSearch(desk).search('HOLDING GAPPED', 5)
    assert records_of(result) == [('2026-10-19', 'exchange', EXCHANGE_OPEN_19)]


def test_search_full_hits_contain_every_keyword(desk: Path) -> None:
    result = SessionSearch(desk).search('banknifty rejected', 20)
    assert result.matched_every_word
    assert records_of(result) == [
        ('2026-10-19', 'exchange', EXCHANGE_TRADER_19),
        ('2026-10-19', 'journal', ACTION_RISK_19),
        ('2026-10-19', 'summary', SUMMARY_RISK_19),
    ]
    assert [hit.matched_words for hit in result.hits] == [2, 2, 2]


def test_search_without_full_hits_returns_partial_hits_in_record_order_on_ties(
    desk: Path,
) -> None:
    result = SessionSearch(desk).search('banknifty zebra', 20)
    assert not result.matched_every_word
    assert records_of(result) == [
        ('2026-10-20', 'note', NOTE_WATCHLIST_20),
        ('2026-10-19', 'exchange', EXCHANGE_TRADER_19),
        ('2026-10-19', 'journal', ACTION_RISK_19),
        ('2026-10-19', 'summary', SUMMARY_RISK_19),
    ]
    assert [hit.matched_words for hit in result.hits] == [1, 1, 1, 1]


def test_search_partial_hits_put_most_keywords_first(desk: Path) -> None:
    result = SessionSearch(desk).search('nifty gapped zebra', 20)
    assert not result.matched_every_word
    assert records_of(result) == [
        ('2026-10-19', 'exchange', EXCHANGE_OPEN_19),
        ('2026-10-20', 'journal', ACTION_QUOTE_20),
        ('2026-10-20', 'note', NOTE_WATCHLIST_20),
        ('2026-10-19', 'exchange', EXCHANGE_TRADER_19),
        ('2026-10-19', 'journal', ACTION_ORDER_19),
        ('2026-10-19', 'journal', ACTION_RISK_19),
        ('2026-10-19', 'summary', SUMMARY_RISK_19),
        ('2026-10-19', 'note', NOTE_GAP_19),
    ]
    assert [hit.matched_words for hit in result.hits] == [2, 1, 1, 1, 1, 1, 1, 1]


def test_search_ranks_before_the_limit(desk: Path) -> None:
    result = SessionSearch(desk).search('nifty gapped zebra', 3)
    assert records_of(result) == [
        ('2026-10-19', 'exchange', EXCHANGE_OPEN_19),
        ('2026-10-20', 'journal', ACTION_QUOTE_20),
        ('2026-10-20', 'note', NOTE_WATCHLIST_20),
    ]


def test_search_that_matches_nothing_has_no_hits(desk: Path) -> None:
    assert SessionSearch(desk).search('zzz', 5) == SearchResult(
        hits=[], matched_every_word=False, words=['zzz']
    )


# what is left out


def test_search_leaves_out_the_desks_own_search_sessions_events(desk: Path) -> None:
    assert SessionSearch(desk).search('search_sessions', 20).hits == []
    result = SessionSearch(desk).search('held', 20)
    assert records_of(result) == [('2026-10-19', 'summary', SUMMARY_GAP_19)]


def test_search_does_not_search_the_session_logs(desk: Path) -> None:
    assert SessionSearch(desk).search('sessionlogonly', 20).hits == []


def test_search_ignores_notes_that_are_not_markdown(desk: Path) -> None:
    assert SessionSearch(desk).search('zebra', 20).hits == []


def test_search_skips_damaged_journal_lines(desk: Path) -> None:
    assert SessionSearch(desk).search('cut', 20).hits == []


# limit


def test_search_returns_at_most_limit_hits(desk: Path) -> None:
    result = SessionSearch(desk).search('nifty', 2)
    assert records_of(result) == [
        ('2026-10-20', 'journal', ACTION_QUOTE_20),
        ('2026-10-20', 'note', NOTE_WATCHLIST_20),
    ]


@pytest.mark.parametrize('limit', [0, -1])
def test_search_with_a_limit_below_one_returns_no_hits(desk: Path, limit: int) -> None:
    assert SessionSearch(desk).search('nifty', limit) == SearchResult(
        hits=[], matched_every_word=False, words=['nifty']
    )


def test_search_stops_reading_days_once_the_limit_is_full(
    desk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    days_read = []
    original = desk_files.read_journal_day

    def recording(path: Path, day: str, problems: object = None) -> desk_files.JournalDay:
        days_read.append(day)
        return original(path, day)

    monkeypatch.setattr(desk_files, 'read_journal_day', recording)
    result = SessionSearch(desk).search('open', 1)
    assert records_of(result) == [('2026-10-20', 'exchange', EXCHANGE_OPEN_20)]
    assert days_read == ['2026-10-20']


# snippets


def test_snippet_of_a_short_text_is_the_text_with_white_space_folded(desk: Path) -> None:
    hits = SessionSearch(desk).search('gap', 20).hits
    assert [hit.snippet for hit in hits] == [
        '09:15 open: NIFTY GAPPED down 1.2% Holding. No new entries before 09:30.',
        'Gap-down open; held.',
        '# NIFTY gap Gaps down over 1% filled by noon twice this month.',
    ]


def test_snippet_of_an_action_folds_its_lines(desk: Path) -> None:
    (hit,) = SessionSearch(desk).search('7731', 5).hits
    assert hit.snippet == (
        'order_placed order_id: 7731 symbol: NIFTY24OCTFUT side: SELL quantity: 50 price: 24512.5'
    )


NUMBERED_WORDS = ' '.join(f'w{number:03d}' for number in range(100))


def test_snippet_cuts_around_the_keyword_on_word_boundaries() -> None:
    # w050 starts at 250; the window starts 60 earlier (190, the start of w038) and is 160 long
    # (up to 350, inside w070), so it ends after w069.
    expected = '…' + ' '.join(f'w{number:03d}' for number in range(38, 70)) + '…'
    assert snippet_of(NUMBERED_WORDS, ['w050']) == expected


def test_snippet_near_the_start_is_not_cut_at_the_start() -> None:
    # w002 starts at 10; the window is 0-160, inside w032, so it ends after w031.
    expected = ' '.join(f'w{number:03d}' for number in range(32)) + '…'
    assert snippet_of(NUMBERED_WORDS, ['w002']) == expected


def test_snippet_near_the_end_keeps_its_full_length() -> None:
    # w099 starts at 495; the text ends at 499, so the window is 339-499, trimmed to w068.
    expected = '…' + ' '.join(f'w{number:03d}' for number in range(68, 100))
    assert snippet_of(NUMBERED_WORDS, ['w099']) == expected


def test_snippet_is_around_the_earliest_of_any_keyword() -> None:
    expected = '…' + ' '.join(f'w{number:03d}' for number in range(38, 70)) + '…'
    assert snippet_of(NUMBERED_WORDS, ['w090', 'w050', 'w070']) == expected


def test_snippet_folds_runs_of_white_space() -> None:
    assert snippet_of('  a \t\n\n b\u2028c  ', ['b']) == 'a b c'


def test_snippet_finds_keywords_in_text_that_lengthens_when_lowered() -> None:
    text = 'İ' * 100 + ' gap ' + 'x' * 200
    snippet = snippet_of(text, ['gap'])
    assert snippet.startswith('…')
    assert snippet.endswith('…')
    # "gap" is at 101 (201 once lowered); the window is 41-201. The run of İ and the run of x
    # are single words too long to drop, so they are cut where they are.
    assert snippet == '…' + 'İ' * 59 + ' gap ' + 'x' * 96 + '…'


def test_search_snippet_comes_from_the_matched_record(tmp_path: Path) -> None:
    desk = tmp_path / 'main'
    long_answer = ' '.join(f'w{number:03d}' for number in range(100))
    write_journal(
        desk,
        '2026-10-19',
        [event('trigger_received', text='long'), event('text', text=long_answer)],
    )
    (hit,) = SessionSearch(desk).search('w050', 5).hits
    # The record is "long\n\n" + answer, folded to "long " + answer: w050 starts at 255, the
    # window is 195-355 (w038 to the start of w070), so it ends after w069.
    assert hit.snippet == '…' + ' '.join(f'w{number:03d}' for number in range(38, 70)) + '…'


# rank, the part a later index plugs into


def test_rank_scores_records_without_touching_the_disk() -> None:
    records = [
        SearchRecord('2026-10-20', 'note', 'nifty only'),
        SearchRecord('2026-10-19', 'note', 'nifty and gap'),
        SearchRecord('2026-10-18', 'note', 'nothing'),
    ]
    assert rank(records, ['nifty', 'gap'], 5) == SearchResult(
        hits=[SearchHit(records[1], 2, 'nifty and gap')],
        matched_every_word=True,
        words=['nifty', 'gap'],
    )
    assert rank(records, ['gap', 'zebra'], 5).hits == [SearchHit(records[1], 1, 'nifty and gap')]


def test_records_come_newest_day_first(desk: Path) -> None:
    records = list(SessionSearch(desk)._records())
    days = [record.day for record in records]
    assert days == sorted(days, reverse=True)
    assert {record.kind for record in records} == {'exchange', 'journal', 'summary', 'note'}
    assert session_search.SessionSearch(desk)._records is not None
