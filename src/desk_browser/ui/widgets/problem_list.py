"""The Problems table: every damaged line and unreadable file a check of the desk skipped."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.widgets import DataTable

from desk_browser.memory.desk_check import DeskReport
from desk_browser.memory.problems import Problem
from desk_browser.presentation.safe_text import visible
from desk_browser.ui.widgets.familiar_keys import TABLE_KEYS

COLUMNS = ('File', 'Line', 'Kind', 'Reason')
"""The table's columns."""


class ProblemList(DataTable[Text]):
    """Lists a check's problems: the file, the line, its kind and why (Enter: RowSelected)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding('enter', 'select_cursor', 'Open', key_display='enter', id='problems-open'),
        *TABLE_KEYS,
    ]

    DEFAULT_CSS = """
    ProblemList {
        height: 1fr;
        margin: 0 1;
    }
    """

    problems: tuple[Problem, ...] = ()
    """The problems shown, one per row, in the rows' order."""

    def on_mount(self) -> None:
        """Adds the columns."""
        self.cursor_type = 'row'
        self.zebra_stripes = True
        self.add_columns(*COLUMNS)

    def show_report(self, report: DeskReport) -> None:
        """Replaces the rows with a report's problems, in the report's order."""
        self.clear()
        self.problems = tuple(report.problems)
        for problem in report.problems:
            line = str(problem.line_number) if problem.line_number is not None else ''
            self.add_row(
                Text(visible(report.relative_path(problem))),
                Text(line, justify='right'),
                Text(report.kind_of(problem)),
                Text(visible(problem.reason)),
            )

    def action_select_cursor(self) -> None:
        """Enter: opens the highlighted problem's place; with none listed, says so."""
        if not self.problems:
            self.notify('No problem to open: the check found none.')
            return
        super().action_select_cursor()

    @property
    def highlighted_problem(self) -> Problem | None:
        """The problem on the cursor's row, or None when there are none."""
        row = self.cursor_row
        return self.problems[row] if 0 <= row < len(self.problems) else None
