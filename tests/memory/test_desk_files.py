from __future__ import annotations

import datetime
import json
import os
from pathlib import Path

import pytest

from desk_browser.memory import desk_files
from desk_browser.memory.desk_files import (
    JournalEvent,
    Problem,
    action_text,
    dated_files,
    is_own_search,
    journal_files,
    note_day,
    note_files,
    read_journal_day,
    read_json_objects,
    read_text,
    summary_files,
    summary_paragraphs,
)
from desk_browser.memory.file_status import FolderListing
from tests.helpers.desks import INDIA, event, set_india_mtime, write_journal, write_lines
from tests.helpers.faults import deny_reading

# read_json_objects


def test_read_json_objects_keeps_objects_with_their_line_numbers(tmp_path: Path) -> None:
    path = write_lines(tmp_path / 'a.jsonl', ['{"a": 1}', '', '{"b": 2}'])
    assert read_json_objects(path) == [(1, {'a': 1}), (3, {'b': 2})]


def test_read_json_objects_reports_each_damaged_line(tmp_path: Path) -> None:
    path = write_lines(
        tmp_path / 'a.jsonl',
        [
            '{"a": 1}',
            '{"a": "cut',
            '[1, 2]',
            'hello',
            b'{"a": "\xff"}',
            '   ',
            '{"b": 2}',
            '{"a": 1',
        ],
        final_newline=False,
    )
    problems: list[Problem] = []
    assert read_json_objects(path, problems) == [(1, {'a': 1}), (7, {'b': 2})]
    assert problems == [
        Problem(path, 2, 'cut short'),
        Problem(path, 3, 'not an object'),
        Problem(path, 4, 'not JSON'),
        Problem(path, 5, 'not UTF-8'),
        Problem(path, 8, 'cut short'),
    ]


def test_read_json_objects_splits_on_newline_bytes_only(tmp_path: Path) -> None:
    text = 'a\u2028b\u0085c\x0bd\x1ce\r'
    path = write_lines(tmp_path / 'a.jsonl', [json.dumps({'text': text}, ensure_ascii=False)])
    assert read_json_objects(path) == [(1, {'text': text})]


def test_read_json_objects_survives_deep_nesting_and_huge_numbers(tmp_path: Path) -> None:
    path = write_lines(tmp_path / 'a.jsonl', ['[' * 100_000, '9' * 5000, '{"ok": true}'])
    problems: list[Problem] = []
    assert read_json_objects(path, problems) == [(3, {'ok': True})]
    assert [problem.line_number for problem in problems] == [1, 2]


def test_read_json_objects_reads_a_huge_line(tmp_path: Path) -> None:
    big = 'x' * 5_000_000
    path = write_lines(tmp_path / 'a.jsonl', [json.dumps({'text': big})])
    assert read_json_objects(path) == [(1, {'text': big})]


def test_read_json_objects_reports_a_missing_file_once(tmp_path: Path) -> None:
    problems: list[Problem] = []
    assert read_json_objects(tmp_path / 'missing.jsonl', problems) == []
    assert len(problems) == 1
    assert problems[0].line_number is None
    assert problems[0].reason.startswith('unreadable: ')


def test_read_json_objects_reports_a_folder_where_a_file_is_expected(tmp_path: Path) -> None:
    problems: list[Problem] = []
    assert read_json_objects(tmp_path, problems) == []
    assert problems[0].reason.startswith('unreadable: ')


def test_read_json_objects_without_a_problem_list_reports_nothing(tmp_path: Path) -> None:
    path = write_lines(tmp_path / 'a.jsonl', ['nope', '{"a": 1}'])
    assert read_json_objects(path) == [(2, {'a': 1})]


# read_journal_day


def test_read_journal_day_pairs_triggers_with_the_texts_after_them(tmp_path: Path) -> None:
    path = write_journal(
        tmp_path,
        '2026-10-19',
        [
            event('trigger_received', text='open', source='tick'),
            event('text', text='Holding.', backend='claude'),
            event('order_placed', order_id=1),
            event('text', text='Still holding.', backend='claude'),
            event('trigger_received', text='silence', source='tick'),
        ],
    )
    day = read_journal_day(path, '2026-10-19')
    assert day.day == '2026-10-19'
    assert [exchange.trigger_text for exchange in day.exchanges] == ['open', 'silence']
    assert day.exchanges[0].answer == 'Holding.\nStill holding.'
    assert day.exchanges[0].text == 'open\n\nHolding.\nStill holding.'
    assert day.exchanges[1].answer == ''
    assert day.exchanges[1].text == 'silence\n\n'
    assert [action.type for action in day.actions] == ['order_placed']
    assert [item.line_number for item in day.events] == [1, 2, 3, 4, 5]


def test_read_journal_day_keeps_text_before_the_first_trigger_as_an_action(
    tmp_path: Path,
) -> None:
    path = write_journal(
        tmp_path,
        '2026-10-19',
        [event('text', text='early', backend='claude'), event('trigger_received', text='t')],
    )
    day = read_journal_day(path, '2026-10-19')
    assert [action.type for action in day.actions] == ['text']
    assert day.exchanges[0].answer == ''


def test_read_journal_day_keeps_own_search_events_as_actions(tmp_path: Path) -> None:
    path = write_journal(
        tmp_path,
        '2026-10-19',
        [
            event('tool_call', tool='search_sessions', input={'query': 'gap'}),
            event('tool_result', tool='search_sessions', output='none'),
        ],
    )
    day = read_journal_day(path, '2026-10-19')
    assert [action.type for action in day.actions] == ['tool_call', 'tool_result']


def test_read_journal_day_keeps_unknown_types_as_actions(tmp_path: Path) -> None:
    path = write_journal(tmp_path, '2026-10-19', [event('heartbeat', beat=3)])
    day = read_journal_day(path, '2026-10-19')
    assert day.actions == [
        JournalEvent(
            line_number=1, type='heartbeat', time='2026-10-19T03:46:02+00:00', fields={'beat': 3}
        )
    ]


def test_journal_event_fields_keep_file_order_without_type_and_time(tmp_path: Path) -> None:
    path = write_journal(
        tmp_path, '2026-10-19', ['{"z": 1, "type": "x", "a": 2, "time": "t", "m": 3}']
    )
    (only,) = read_journal_day(path, '2026-10-19').events
    assert list(only.fields) == ['z', 'a', 'm']
    assert only.time == 't'


def test_journal_event_without_a_string_time_is_kept_with_an_empty_time(tmp_path: Path) -> None:
    path = write_journal(tmp_path, '2026-10-19', ['{"type": "x"}', '{"type": "y", "time": 5}'])
    events = read_journal_day(path, '2026-10-19').events
    assert [(item.type, item.time) for item in events] == [('x', ''), ('y', '')]


def test_journal_texts_that_are_not_strings_read_as_json(tmp_path: Path) -> None:
    path = write_journal(
        tmp_path,
        '2026-10-19',
        [event('trigger_received', text=['a', 1]), event('text', text=None), event('text', text=2)],
    )
    (exchange,) = read_journal_day(path, '2026-10-19').exchanges
    assert exchange.trigger_text == '["a",1]'
    assert exchange.answer == '\n2'


def test_read_journal_day_of_a_missing_file_is_empty(tmp_path: Path) -> None:
    problems: list[Problem] = []
    day = read_journal_day(tmp_path / 'nope.jsonl', '2026-10-19', problems)
    assert (day.events, day.exchanges, day.actions) == ([], [], [])
    assert len(problems) == 1


# action_text and is_own_search


def test_action_text_is_type_then_fields_one_a_line() -> None:
    order = JournalEvent(
        line_number=1,
        type='order_placed',
        time='t',
        fields={
            'order_id': 7731,
            'symbol': 'NIFTY24OCTFUT',
            'side': 'SELL',
            'quantity': 50,
            'price': 24512.5,
        },
    )
    assert action_text(order) == (
        'order_placed\norder_id: 7731\nsymbol: NIFTY24OCTFUT\nside: SELL\nquantity: 50\n'
        'price: 24512.5'
    )


def test_action_text_writes_non_strings_as_compact_json_keeping_non_ascii() -> None:
    call = JournalEvent(
        line_number=1,
        type='tool_call',
        time='t',
        fields={'tool': 'note', 'input': {'text': 'रुपया ₹', 'n': [1, None, True]}, 'x': None},
    )
    assert action_text(call) == (
        'tool_call\ntool: note\ninput: {"text":"रुपया ₹","n":[1,null,true]}\nx: null'
    )


@pytest.mark.parametrize(
    ('event_type', 'tool', 'expected'),
    [
        ('tool_call', 'search_sessions', True),
        ('tool_result', 'search_sessions', True),
        ('tool_call', 'get_quote', False),
        ('order_placed', 'search_sessions', False),
        ('tool_call', None, False),
    ],
)
def test_is_own_search_only_for_search_sessions_tool_events(
    event_type: str, tool: str | None, expected: bool
) -> None:
    fields = {} if tool is None else {'tool': tool}
    assert is_own_search(JournalEvent(1, event_type, 't', fields)) is expected


# file listings


def test_journal_files_lists_dated_files_newest_first(tmp_path: Path) -> None:
    journal = tmp_path / 'journal'
    journal.mkdir()
    for name in [
        '2026-10-19.jsonl',
        '2026-10-21.jsonl',
        '2026-10-20.jsonl',
        '20261022.jsonl',
        '2026-13-01.jsonl',
        '2026-10-23.json',
        '2026-10-24.jsonl.bak',
        'notes.jsonl',
        '2026-10-25-1.jsonl',
        '２０２６-10-26.jsonl',
    ]:
        (journal / name).write_text('', encoding='utf-8')
    (journal / '2026-10-27.jsonl').mkdir()
    assert journal_files(tmp_path) == [
        ('2026-10-21', journal / '2026-10-21.jsonl'),
        ('2026-10-20', journal / '2026-10-20.jsonl'),
        ('2026-10-19', journal / '2026-10-19.jsonl'),
    ]


def test_file_listings_of_a_missing_desk_are_empty(tmp_path: Path) -> None:
    missing = tmp_path / 'nowhere'
    assert journal_files(missing) == []
    assert summary_files(missing) == []
    assert note_files(missing) == []


def test_file_listings_where_folders_are_files_are_empty(tmp_path: Path) -> None:
    (tmp_path / 'journal').write_text('x', encoding='utf-8')
    (tmp_path / 'notes').write_text('x', encoding='utf-8')
    (tmp_path / 'sessions').write_text('x', encoding='utf-8')
    assert journal_files(tmp_path) == []
    assert summary_files(tmp_path) == []
    assert note_files(tmp_path) == []


def test_summary_files_lists_dated_markdown_newest_first(tmp_path: Path) -> None:
    folder = tmp_path / 'sessions' / 'summaries'
    folder.mkdir(parents=True)
    for name in ['2026-10-19.md', '2026-10-20.md', 'draft.md', '2026-10-21.txt']:
        (folder / name).write_text('x', encoding='utf-8')
    assert summary_files(tmp_path) == [
        ('2026-10-20', folder / '2026-10-20.md'),
        ('2026-10-19', folder / '2026-10-19.md'),
    ]


def test_listings_do_not_depend_on_file_system_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ['2026-10-19.jsonl', '2026-10-21.jsonl', '2026-10-20.jsonl']:
        write_lines(tmp_path / 'journal' / name, [])
    for name in ['b.md', 'c.md', 'a.md']:
        write_lines(tmp_path / 'notes' / name, [])
    expected_journal = journal_files(tmp_path)
    expected_notes = note_files(tmp_path)
    original = os.scandir

    class ReversedScandir:
        def __init__(self, folder: Path) -> None:
            with original(folder) as entries:
                self.entries = sorted(entries, key=lambda entry: entry.name, reverse=True)

        def __enter__(self) -> list[os.DirEntry[str]]:
            return self.entries

        def __exit__(self, *exception: object) -> None:
            pass

    monkeypatch.setattr(os, 'scandir', ReversedScandir)
    assert journal_files(tmp_path) == expected_journal  # Just written: listed again.
    assert note_files(tmp_path) == expected_notes
    assert [path.name for _, path in expected_notes] == ['a.md', 'b.md', 'c.md']


def test_dated_files_needs_the_exact_suffix(tmp_path: Path) -> None:
    (tmp_path / '2026-10-19.md').write_text('', encoding='utf-8')
    (tmp_path / '2026-10-20.MD').write_text('', encoding='utf-8')
    assert dated_files(tmp_path, '.md') == [('2026-10-19', tmp_path / '2026-10-19.md')]


# summaries and notes


def test_summary_paragraphs_split_on_blank_lines() -> None:
    text = '\n\nFirst line\nsecond line  \n\n  \t \n\nSecond para\n\n\n'
    assert summary_paragraphs(text) == ['First line\nsecond line', 'Second para']


def test_summary_paragraphs_of_empty_text_is_empty() -> None:
    assert summary_paragraphs('') == []
    assert summary_paragraphs(' \n \n') == []


def test_note_files_lists_markdown_notes_by_name_with_their_days(tmp_path: Path) -> None:
    notes = tmp_path / 'notes'
    notes.mkdir()
    (notes / '2026-10-19-nifty-gap.md').write_text('gap', encoding='utf-8')
    watchlist = notes / 'watchlist.md'
    watchlist.write_text('list', encoding='utf-8')
    set_india_mtime(watchlist, datetime.datetime(2026, 10, 20, 9, 0, tzinfo=INDIA))
    (notes / 'photo.png').write_bytes(b'\x89PNG')
    (notes / 'folder.md').mkdir()
    assert note_files(tmp_path) == [
        ('2026-10-19', notes / '2026-10-19-nifty-gap.md'),
        ('2026-10-20', notes / 'watchlist.md'),
    ]


def test_note_day_is_the_date_the_name_starts_with(tmp_path: Path) -> None:
    path = tmp_path / '2026-10-19-nifty-gap.md'
    path.write_text('x', encoding='utf-8')
    set_india_mtime(path, datetime.datetime(2030, 1, 1, tzinfo=INDIA))
    assert note_day(path) == '2026-10-19'


def test_note_day_without_a_dated_name_is_the_india_date_of_its_modification(
    tmp_path: Path,
) -> None:
    path = tmp_path / 'watchlist.md'
    path.write_text('x', encoding='utf-8')
    # 20:00 UTC on the 19th is 01:30 on the 20th in India.
    set_india_mtime(path, datetime.datetime(2026, 10, 19, 20, 0, tzinfo=datetime.UTC))
    assert note_day(path) == '2026-10-20'


def test_note_day_of_a_name_with_an_impossible_date_uses_the_modification_time(
    tmp_path: Path,
) -> None:
    path = tmp_path / '2026-02-30-x.md'
    path.write_text('x', encoding='utf-8')
    set_india_mtime(path, datetime.datetime(2026, 3, 2, 12, 0, tzinfo=INDIA))
    assert note_day(path) == '2026-03-02'


def test_note_day_of_a_vanished_file_is_empty(tmp_path: Path) -> None:
    assert note_day(tmp_path / 'gone.md') == ''


def test_read_text_reads_utf8(tmp_path: Path) -> None:
    path = tmp_path / 'a.md'
    path.write_text('रुपया\u2028₹\n', encoding='utf-8')
    problems: list[Problem] = []
    assert read_text(path, problems) == 'रुपया\u2028₹\n'
    assert problems == []


def test_read_text_replaces_undecodable_bytes_and_reports_their_line(tmp_path: Path) -> None:
    path = tmp_path / 'a.md'
    path.write_bytes(b'fine\nbad \xff\xfe here\nfine')
    problems: list[Problem] = []
    assert read_text(path, problems) == 'fine\nbad \ufffd\ufffd here\nfine'
    assert problems == [Problem(path, 2, 'not UTF-8')]


def test_read_text_of_an_unreadable_file_is_none(tmp_path: Path) -> None:
    problems: list[Problem] = []
    assert read_text(tmp_path, problems) is None
    assert read_text(tmp_path / 'missing.md', problems) is None
    assert [problem.line_number for problem in problems] == [None, None]


def test_read_text_of_a_denied_file_is_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / 'a.md'
    path.write_text('x', encoding='utf-8')
    deny_reading(monkeypatch, path)
    problems: list[Problem] = []
    assert read_text(path, problems) is None
    assert problems == [Problem(path, None, 'cannot read: permission denied')]


def test_india_is_five_and_a_half_hours_ahead_of_utc() -> None:
    assert desk_files.INDIA.utcoffset(None) == datetime.timedelta(hours=5, minutes=30)


def test_a_byte_order_mark_at_the_start_is_ignored(tmp_path: Path) -> None:
    path = tmp_path / 'a.jsonl'
    path.write_bytes(b'\xef\xbb\xbf{"a": 1}\n{"b": 2}\n')
    assert read_json_objects(path) == [(1, {'a': 1}), (2, {'b': 2})]
    note = tmp_path / 'a.md'
    note.write_bytes(b'\xef\xbb\xbfnote')
    assert read_text(note) == 'note'


@pytest.mark.parametrize(
    'day', ['2026-10-21', '2026-10-20', '2026-02-30', '../notes/x', '2026-10-2', '20261021', '']
)
def test_summary_file_finds_exactly_what_summary_files_lists_for_a_day(
    tmp_path: Path, day: str
) -> None:
    folder = tmp_path / 'sessions' / 'summaries'
    folder.mkdir(parents=True)
    (folder / '2026-10-21.md').write_text('the day', encoding='utf-8')
    (folder / '2026-10-20.md').mkdir()  # A folder named like a summary is no summary.
    (folder / '2026-02-30.md').write_text('no such day', encoding='utf-8')
    (tmp_path / 'notes').mkdir()
    (tmp_path / 'notes' / 'x.md').write_text('a note', encoding='utf-8')
    listed = dict(desk_files.summary_files(tmp_path))
    assert desk_files.summary_file(tmp_path, day) == listed.get(day)


# listings remembered between calls


def _counting_scandir(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Counts the folders os.scandir lists from now on."""
    listed: list[Path] = []
    original = os.scandir

    def scandir(folder: Path) -> object:
        listed.append(Path(folder))
        return original(folder)

    monkeypatch.setattr(os, 'scandir', scandir)
    return listed


def listed_journal(desk: Path, listing: FolderListing) -> list[tuple[str, Path]]:
    """journal_files(desk), listed through the test's own listing."""
    return dated_files(desk / 'journal', '.jsonl', listing)


def test_a_remembered_listing_still_sees_files_added_and_removed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    listing = FolderListing(racy_nanoseconds=0)
    write_lines(tmp_path / 'journal' / '2026-10-19.jsonl', [])
    assert [day for day, _ in listed_journal(tmp_path, listing)] == ['2026-10-19']
    write_lines(tmp_path / 'journal' / '2026-10-20.jsonl', [])
    assert [day for day, _ in listed_journal(tmp_path, listing)] == ['2026-10-20', '2026-10-19']
    (tmp_path / 'journal' / '2026-10-19.jsonl').unlink()
    assert [day for day, _ in listed_journal(tmp_path, listing)] == ['2026-10-20']


def test_an_unchanged_folder_is_not_listed_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    listing = FolderListing(racy_nanoseconds=0)
    write_lines(tmp_path / 'journal' / '2026-10-19.jsonl', [])
    first = listed_journal(tmp_path, listing)
    listed = _counting_scandir(monkeypatch)
    assert listed_journal(tmp_path, listing) == first
    assert listed == []


def test_a_folder_changed_just_now_is_listed_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    listing = FolderListing()
    write_lines(tmp_path / 'journal' / '2026-10-19.jsonl', [])
    listed_journal(tmp_path, listing)
    listed = _counting_scandir(monkeypatch)
    listed_journal(tmp_path, listing)
    assert listed == [tmp_path / 'journal']


def test_a_folder_holding_links_is_always_listed_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    listing = FolderListing(racy_nanoseconds=0)
    write_lines(tmp_path / 'elsewhere.jsonl', [])
    (tmp_path / 'journal').mkdir()
    (tmp_path / 'journal' / '2026-10-19.jsonl').symlink_to(tmp_path / 'elsewhere.jsonl')
    assert [day for day, _ in listed_journal(tmp_path, listing)] == ['2026-10-19']
    listed = _counting_scandir(monkeypatch)
    (tmp_path / 'elsewhere.jsonl').unlink()  # The link now leads nowhere: no file.
    assert listed_journal(tmp_path, listing) == []
    assert listed == [tmp_path / 'journal']


def test_file_names_match_the_files_and_a_caller_cannot_change_what_is_remembered(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    listing = FolderListing(racy_nanoseconds=0)
    for name in ('b.jsonl', 'a.jsonl', 'c.md'):
        write_lines(tmp_path / name, [])
    (tmp_path / 'folder').mkdir()
    names = desk_files.file_names_in(tmp_path, listing)
    assert names == ['a.jsonl', 'b.jsonl', 'c.md']
    assert names == [path.name for path in desk_files.files_in(tmp_path, listing)]
    names.clear()  # The listing is remembered now; the caller's copy is its own.
    assert desk_files.file_names_in(tmp_path, listing) == ['a.jsonl', 'b.jsonl', 'c.md']
    assert desk_files.file_names_in(tmp_path / 'missing', listing) == []
