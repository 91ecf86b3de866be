"""What each problem means in words, and the row and list documents of the Problems view."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from desk_browser.memory.desk_check import check_desk
from desk_browser.memory.raw_lines import RawLine
from desk_browser.presentation.navigation import (
    SUMMARY_TAB,
    DayPlace,
    DayRequest,
    SessionPlace,
    problem_place,
    records_before_line,
)
from desk_browser.presentation.problem_documents import (
    problem_json,
    problem_text,
    problems_markdown,
)
from desk_browser.presentation.problem_explanations import explain

UNKNOWN = {explain('something new', whole_file=True), explain('something new', whole_file=False)}


def test_a_line_cut_short_is_a_crash_that_needs_nothing_doing() -> None:
    assert explain('cut short', whole_file=False).sentence == (
        'cut short by a crash: the desk skips it; nothing to do'
    )


@pytest.mark.parametrize(
    ('reason', 'whole_file', 'words'),
    [
        ('not UTF-8', False, 'not text'),
        ('not JSON', False, 'not a line of JSON'),
        ('not an object', False, 'not an object'),
        ('missing type', False, 'without its type'),
        ('missing field "answer"', False, 'without one of its fields'),
        ('wrong type for field "type"', False, 'wrong kind of value'),
        ('nested too deep', False, 'nested deeper'),
        ('too big: 40 MB, limit 32 MB', False, 'longer than the readers take'),
        ('too big: 1.0 GB, limit 16 MB', True, 'bigger than the readers take'),
        ('unreadable: too big to read', True, 'too big to hold in memory'),
        ('cannot read: permission denied', True, 'permissions'),
        ('cannot read: permission denied', False, 'permissions'),
        ('cannot read: permission denied', True, "run as the desk's user"),
        ('unreadable: Input/output error', True, 'could not be opened or read'),
        ('points outside the desk: /etc/passwd', True, '--follow-symlinks'),
        ('a link to a file that does not exist', True, 'broken link'),
        ('not a regular file', True, 'pipe, socket or device'),
        ('not a file', True, 'a folder where a file belongs'),
        ('a link that points to itself', True, 'loop of links'),
        ('not a folder', True, 'a file where a folder belongs'),
        ('damaged state (cut short): the desk will start a new session', True, 'new session'),
        ('the current session 2026-10-21-3 has no log', True, 'no log yet'),
        ('route claude: 2 ahead of the log (the log lost lines)', True, 'lost lines'),
    ],
)
def test_every_reason_the_readers_give_has_its_own_words(
    reason: str, whole_file: bool, words: str
) -> None:
    explanation = explain(reason, whole_file)
    assert explanation not in UNKNOWN
    assert words in explanation.sentence


def test_every_problem_of_the_damaged_demo_desk_is_explained(damaged_desk: Path) -> None:
    report = check_desk(damaged_desk)
    for problem in report.problems:
        assert explain(problem.reason, problem.line_number is None) not in UNKNOWN


def test_a_row_copies_its_place_meaning_and_bytes_safely(damaged_desk: Path) -> None:
    report = check_desk(damaged_desk)
    problem = next(problem for problem in report.problems if problem.reason == 'not UTF-8')
    line = RawLine(problem.line_number or 0, b'caf\xe9 \x1b[2J', cut=True)
    text = problem_text(report, problem, [line])
    assert text.splitlines() == [
        f'journal/2026-10-20.jsonl:{problem.line_number}: not UTF-8',
        'journal: bytes that are not text (a disk or copying fault): the desk skips it; nothing '
        'to do unless many lines show it (then look at the disk)',
        f'line {problem.line_number} as written: caf\\xe9 ␛[2J…',
    ]
    assert '\x1b' not in text
    found = json.loads(problem_json(report, problem, [line]))
    assert found['path'] == 'journal/2026-10-20.jsonl'
    assert found['written'] == 'caf\\xe9 ␛[2J…'
    assert found['advice'].startswith('the desk skips it')
    assert json.loads(problem_json(report, problem, []))['written'] is None


def test_the_list_exports_each_kind_with_its_problems_explained(damaged_desk: Path) -> None:
    report = check_desk(damaged_desk)
    document = problems_markdown(report, 'main', '7 problems.')
    assert document.startswith('# Problems in main\n\n7 problems.\n\n## Journal: 3 problems\n\n')
    assert '## Session log: 3 problems' in document
    assert (
        '- `sessions/2026-10-21-3.jsonl:8`: cut short — '
        'cut short by a crash: the desk skips it; nothing to do.'
    ) in document
    assert '- `sessions/state.json`: route ' in document
    assert document.count('\n- ') == 7


def test_each_kind_of_file_opens_its_own_place() -> None:
    log = Path('/desk/sessions/2026-10-21-3.jsonl')
    assert problem_place('session log', log, 8) == SessionPlace('2026-10-21-3', 8)
    journal = Path('/desk/journal/2026-10-20.jsonl')
    assert problem_place('journal', journal, 3) == DayPlace('2026-10-20', 3)
    summary = Path('/desk/sessions/summaries/2026-10-20.md')
    assert problem_place('summary', summary, None) == DayRequest('2026-10-20', SUMMARY_TAB)
    assert 'searches the notes' in str(problem_place('note', Path('/desk/notes/a.md'), None))
    assert 'State pane' in str(problem_place('state', Path('/desk/sessions/state.json'), None))


def test_records_before_a_line_leave_out_the_damaged_lines() -> None:
    assert records_before_line([2], 4) == 2
    assert records_before_line([], 1) == 0
    assert records_before_line([1, 2, 3], 4) == 0
    assert records_before_line([5], 4) == 3
    assert records_before_line([2], 6, blank_lines=2) == 2  # Lines 3 and 4 blank, say.
    assert records_before_line([1], 3, blank_lines=5) == 0
