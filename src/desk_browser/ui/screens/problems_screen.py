"""The Problems view: what a whole check of the desk found damaged or could not read.

Under the table, the highlighted row's explanation and its damaged line as written.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.message import Message
from textual.widgets import DataTable, Static
from textual.worker import get_current_worker

from desk_browser.live.services import DeskServices
from desk_browser.memory.desk_check import DeskReport, check_desk
from desk_browser.memory.file_reading import is_permission_reason, unreadable_reason
from desk_browser.memory.problems import Problem
from desk_browser.memory.raw_lines import RawLine, read_raw_lines
from desk_browser.presentation.exports import export_file_name
from desk_browser.presentation.formatting import plural
from desk_browser.presentation.navigation import (
    DayPlace,
    DayRequest,
    Place,
    RecordPlace,
    SessionPlace,
    problem_place,
)
from desk_browser.presentation.problem_documents import (
    problem_json,
    problem_text,
    problems_markdown,
    raw_line_text,
)
from desk_browser.presentation.problem_explanations import explain
from desk_browser.presentation.safe_text import visible
from desk_browser.ui.copy_export import (
    Copied,
    Export,
    deliver_copy,
    deliver_export,
)
from desk_browser.ui.copy_keys import shown_copy_export_bindings
from desk_browser.ui.following import RECHECK_INTERVAL, RECHECK_SHARE
from desk_browser.ui.messages import DeskChecked, ShowPlace
from desk_browser.ui.screens.desk_screen import DeskScreen
from desk_browser.ui.widgets.desk_footer import DeskFooter
from desk_browser.ui.widgets.desk_header import DeskHeader
from desk_browser.ui.widgets.problem_list import ProblemList

RECHECK_AFTER = 1.0
"""Seconds after the desk changed when the view checks it again (changes in between wait)."""


def report_headline(report: DeskReport) -> str:
    """Says what a check found, such as "3 problems in 42 files"."""
    files = plural(report.files_checked, 'file')
    if report.healthy:
        return f'No problems: every line of the {files} read was readable.'
    whole = sum(1 for problem in report.problems if problem.line_number is None)
    lines = len(report.problems) - whole
    parts = []
    if lines:
        parts.append(plural(lines, 'damaged line'))
    if whole:
        parts.append(f'{whole} about a whole file')
    if all(is_permission_reason(problem.reason) for problem in report.problems):
        after = 'This user may not read them (the desk may); nothing here is changed.'
    else:
        after = 'The browser and the desk skip these; nothing here is changed.'
    found = plural(len(report.problems), 'problem')
    return f'{found} in {files} read: {" and ".join(parts)}. {after}'


@dataclass(frozen=True)
class ProblemLines:
    """The lines read around a `problem` (the damaged one, if still there), or their `failure`."""

    problem: Problem
    lines: list[RawLine]
    failure: str = ''


def _opens(place: Place | DayRequest | str) -> str:
    """Says what Enter opens for a problem, or why it opens nothing."""
    if isinstance(place, SessionPlace):
        return f'Enter shows the session {visible(place.session_id)} at line {place.line_number}.'
    if isinstance(place, DayPlace):
        return f'Enter shows the day view of {visible(place.day)} at line {place.line_number}.'
    if isinstance(place, DayRequest):
        return f'Enter shows the summary of {visible(place.day)}.'
    if isinstance(place, RecordPlace):
        return 'Enter shows the record.'
    return place


class ProblemsScreen(DeskScreen[None]):
    """Lists every damaged line and unreadable file, from a check run in a thread."""

    SHOWS_PROBLEMS = True

    DEFAULT_CSS = """
    #problems-headline {
        height: auto;
        padding: 0 2;
    }
    #problem-detail {
        height: auto;
        max-height: 6;
        padding: 0 2;
        border-top: solid $foreground 20%;
    }
    """

    HELP_SECTION = 'problems'

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding('escape', 'close', 'Back', key_display='esc', id='problems-back'),
        Binding('r', 'check', 'Check again', id='problems-check'),
        *shown_copy_export_bindings(),
    ]

    class LinesRead(Message):
        """The damaged line of the highlighted problem was read (or could not be)."""

        def __init__(self, found: ProblemLines) -> None:
            """Carries the lines read, or why there are none."""
            super().__init__()
            self.found = found

    def __init__(self, services: DeskServices) -> None:
        """Prepares the view; the desk is checked once it is shown."""
        super().__init__()
        self.services = services
        """The desk's services (its file memo)."""
        self.desk = services.desk
        """The desk folder."""
        self.report: DeskReport | None = None
        """The last check's report, once it is done."""
        self.lines_read: ProblemLines | None = None
        """The damaged line last read (of the highlighted problem, once it is read)."""
        self._recheck_planned = False
        self._checked_at = time.monotonic()
        self._check_seconds = 0.0

    def compose(self) -> ComposeResult:
        """Builds the headline and the table."""
        yield DeskHeader()
        yield Static(Content('Checking every file of the desk…'), id='problems-headline')
        yield ProblemList(id='problems')
        yield Static('', id='problem-detail')
        yield DeskFooter(first=self.FOOTER_FIRST)

    def on_mount(self) -> None:
        """Starts the check."""
        self.query_one(ProblemList).focus()
        self.action_check()

    def action_check(self) -> None:
        """Checks the whole desk again."""
        self.query_one(ProblemList).loading = True
        self.run_check()

    def desk_changed(self) -> None:
        """Checks the desk again soon after it changed, at most every RECHECK_INTERVAL."""
        if self._recheck_planned:
            return
        self._recheck_planned = True
        since = time.monotonic() - self._checked_at
        spacing = max(RECHECK_INTERVAL, RECHECK_SHARE * self._check_seconds)
        wait = max(RECHECK_AFTER, spacing - since)
        self.set_timer(wait, self._recheck, name='check the desk again')

    def _recheck(self) -> None:
        self._recheck_planned = False
        self.run_check()

    @work(
        thread=True,
        exclusive=True,
        group='problems',
        exit_on_error=False,
        description='checking the desk',
    )
    def run_check(self) -> None:
        """Checks the desk and posts the report back."""
        memo = self.services.file_memo
        started = time.monotonic()
        report = check_desk(self.desk, memo)
        memo.save()
        self._checked_at = time.monotonic()
        self._check_seconds = self._checked_at - started
        if not get_current_worker().is_cancelled:
            self.post_message(DeskChecked(report))

    @on(DeskChecked)
    def show_report(self, message: DeskChecked) -> None:
        """Shows what the check found."""
        message.stop()
        self.report = message.report
        headline = self.query_one('#problems-headline', Static)
        headline.update(Content(report_headline(message.report)))
        headline.set_class(not message.report.healthy, '-warning')
        problems = self.query_one(ProblemList)
        problems.show_report(message.report)
        problems.loading = False
        self.refresh_bindings()  # The list's keys (Enter) count again once it is not loading.
        self.lines_read = None  # The files may have changed since.
        self.show_detail()

    # The highlighted row: its explanation and its damaged line.

    @on(DataTable.RowHighlighted, '#problems')
    def show_detail(self) -> None:
        """Explains the highlighted problem, and reads its damaged line as written."""
        detail = self.query_one('#problem-detail', Static)
        problem = self.query_one(ProblemList).highlighted_problem
        if problem is None:
            detail.update(Content(''))
            detail.display = False
            return
        detail.display = True
        detail.update(self._detail(problem))
        if problem.line_number is not None and not self._has_lines_of(problem):
            self.read_lines(problem)

    def _has_lines_of(self, problem: Problem) -> bool:
        return self.lines_read is not None and self.lines_read.problem == problem

    def _detail(self, problem: Problem) -> Content:
        explanation = explain(problem.reason, problem.line_number is None)
        parts: list[str | tuple[str, str]] = [
            (explanation.meaning, 'bold'),
            f': {explanation.advice}.',
        ]
        if problem.line_number is not None:
            parts.append('\n')
            parts.append(self._line_text(problem))
        if self.report is not None:
            place = problem_place(self.report.kind_of(problem), problem.path, problem.line_number)
            parts.extend(['\n', (_opens(place), '$text-muted')])
        return Content.assemble(*parts)

    def _line_text(self, problem: Problem) -> tuple[str, str]:
        found = self.lines_read
        number = problem.line_number
        if found is None or found.problem != problem:
            return (f'Reading line {number}…', '$text-muted')
        if found.failure:
            return (f'Line {number} cannot be read now: {visible(found.failure)}', '$text-muted')
        for line in found.lines:
            if line.line_number == number:
                return (f'Line {number} as written: {raw_line_text(line)}', '$text-muted')
        return (f'The file no longer has a line {number}.', '$text-muted')

    @work(
        thread=True,
        exclusive=True,
        group='problem-lines',
        exit_on_error=False,
        description='reading a damaged line',
    )
    def read_lines(self, problem: Problem) -> None:
        """Reads a problem's damaged line as its bytes, and posts them back."""
        number = problem.line_number or 0
        try:
            found = ProblemLines(problem, read_raw_lines(problem.path, number, number))
        except (OSError, ValueError) as error:
            found = ProblemLines(problem, [], unreadable_reason(error))
        if not get_current_worker().is_cancelled:
            self.post_message(self.LinesRead(found))

    @on(LinesRead)
    def show_lines(self, message: ProblemsScreen.LinesRead) -> None:
        """Shows the damaged line just read, if its problem is still the highlighted one."""
        self.lines_read = message.found
        if message.found.problem == self.query_one(ProblemList).highlighted_problem:
            self.query_one('#problem-detail', Static).update(self._detail(message.found.problem))

    @on(DataTable.RowSelected, '#problems')
    def open_problem(self) -> None:
        """Opens the session or day of the highlighted problem at its line (Enter)."""
        report = self.report
        problem = self.query_one(ProblemList).highlighted_problem
        if report is None or problem is None:
            return
        place = problem_place(report.kind_of(problem), problem.path, problem.line_number)
        if isinstance(place, str):
            self.notify(place)
            return
        self.post_message(ShowPlace(place))

    # Copy and export.

    def action_copy(self, as_json: bool) -> None:
        """Copies the highlighted row (where, what, meaning, line as written), as JSON or text."""
        report = self.report
        problem = self.query_one(ProblemList).highlighted_problem
        if report is None or problem is None:
            deliver_copy(self, 'No problem is highlighted to copy.')
            return
        lines = self.lines_read.lines if self._has_lines_of(problem) and self.lines_read else []
        if as_json:
            text = problem_json(report, problem, lines)
        else:
            text = problem_text(report, problem, lines)
        deliver_copy(self, Copied(text, f'the problem as {"JSON" if as_json else "text"}'))

    def action_export(self) -> None:
        """Writes every problem, each with what it means, to a Markdown file."""
        report = self.report
        if report is None:
            deliver_export(self, 'The desk is still being checked.', self.services)
            return
        headline = report_headline(report)
        document = problems_markdown(report, self.desk.name or str(self.desk), headline)
        name = export_file_name('problems', self.desk.name or 'desk')
        deliver_export(self, Export(name, document), self.services)

    def action_close(self) -> None:
        """Goes back."""
        self.dismiss(None)
