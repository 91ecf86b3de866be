"""The Problems view: what a whole check of the desk found damaged or could not read."""

from __future__ import annotations

import time
from typing import ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.widgets import Header, Static
from textual.worker import get_current_worker

from desk_browser.live.services import DeskServices
from desk_browser.memory.desk_check import DeskReport, check_desk
from desk_browser.presentation.formatting import plural
from desk_browser.ui.following import RECHECK_INTERVAL, RECHECK_SHARE
from desk_browser.ui.messages import DeskChecked
from desk_browser.ui.screens.desk_screen import DeskScreen
from desk_browser.ui.widgets.desk_footer import DeskFooter
from desk_browser.ui.widgets.problem_list import ProblemList

RECHECK_AFTER = 1.0
"""Seconds after the desk changed when the view checks it again (changes in between wait)."""


def report_headline(report: DeskReport) -> str:
    """Says what a check found, such as "3 problems in 42 files".

    Args:
        report (DeskReport): The check's report.

    Returns:
        str: The headline.
    """
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
    return (
        f'{plural(len(report.problems), "problem")} in {files} read: {" and ".join(parts)}. '
        'The browser and the desk skip these; nothing here is changed.'
    )


class ProblemsScreen(DeskScreen[None]):
    """Lists every damaged line and unreadable file, from a check run in a thread."""

    DEFAULT_CSS = """
    #problems-headline {
        height: auto;
        padding: 0 2;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding('escape', 'close', 'Back', key_display='esc', id='problems-back'),
        Binding('r', 'check', 'Check again', id='problems-check'),
    ]

    def __init__(self, services: DeskServices) -> None:
        """Prepares the view; the desk is checked once it is shown.

        Args:
            services (DeskServices): The desk's services.
        """
        super().__init__()
        self.services = services
        """The desk's services (its file memo)."""
        self.desk = services.desk
        """The desk folder."""
        self.report: DeskReport | None = None
        """The last check's report, once it is done."""
        self._recheck_planned = False
        self._checked_at = time.monotonic()
        self._check_seconds = 0.0

    def compose(self) -> ComposeResult:
        """Builds the headline and the table."""
        yield Header()
        yield Static(Content('Checking every file of the desk…'), id='problems-headline')
        yield ProblemList(id='problems')
        yield DeskFooter()

    def on_mount(self) -> None:
        """Starts the check."""
        self.query_one(ProblemList).focus()
        self.action_check()

    def action_check(self) -> None:
        """Checks the whole desk again."""
        self.query_one(ProblemList).loading = True
        self.run_check()

    def desk_changed(self) -> None:
        """Checks the desk again soon after it changed, so the list follows the desk.

        Changes that come while a check is planned wait for it; a check runs at most every
        RECHECK_INTERVAL seconds (longer on a desk whose check is slow), like the state pane's
        count.
        """
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

    def action_close(self) -> None:
        """Goes back."""
        self.dismiss(None)
