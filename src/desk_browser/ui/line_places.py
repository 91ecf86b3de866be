"""Showing a session or a day at one line of its file: the exchanges or events around it.

A damaged line (a Problems row) opens at the record just before it, with a toast.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from textual.worker import WorkerCancelled, WorkerFailed

from desk_browser.presentation.desk_data import session_log_path
from desk_browser.presentation.navigation import (
    SessionPlace,
    records_before_line,
    skipped_line_sentence,
)
from desk_browser.ui.disk_reads import run_disk_read
from desk_browser.ui.widgets.exchange_view import ExchangeView

if TYPE_CHECKING:  # The day view's; the main screen's first frame does without it.
    from desk_browser.ui.widgets.timeline import Timeline


async def show_exchanges_around(view: ExchangeView, wanted: SessionPlace, desk: Path) -> bool:
    """Makes the exchange before a log line current, once the view shows that session whole.

    Returns False while the view shows another session, none, or only its first exchanges.
    """
    if wanted.line_number is None or not _shows(view, wanted.session_id):
        return False
    from desk_browser.memory.raw_lines import count_blank_lines  # Deferred: after a Problems row.

    line_number = wanted.line_number
    path = session_log_path(desk, wanted.session_id)
    worker = run_disk_read(
        view,
        lambda: count_blank_lines(path, line_number),
        'count_blank_lines',
        'blank-lines',
        'counting the blank lines before a damaged line',
    )
    try:
        blank = await worker.wait()
    except (WorkerCancelled, WorkerFailed):  # Unreadable now: count the damaged lines only.
        blank = 0
    log = view.shown_log
    if log is None or not _shows(view, wanted.session_id):  # Another session meanwhile.
        return False
    skipped = [problem.line_number for problem in log.problems if problem.line_number]
    before = records_before_line(skipped, line_number, blank)
    await view.go_to(before - 1)
    view.focus()
    where = f'it came after exchange {before}' if before else 'it came before the first one'
    view.notify(skipped_line_sentence(line_number, where), markup=False)
    return True


def _shows(view: ExchangeView, session_id: str) -> bool:
    log = view.shown_log
    # Only the whole log: its first exchanges, read first, come without their damaged lines.
    return log is not None and log.session_id == session_id and log.complete


def show_events_around(timeline: Timeline, line_number: int) -> None:
    """Highlights the event shown just before a journal line (the first when none is)."""
    shown = timeline.shown_events
    before = [place for place, event in enumerate(shown) if event.line_number < line_number]
    if shown:
        timeline.highlighted = before[-1] if before else 0
    where = 'the highlighted event came just before it' if before else 'it came first'
    timeline.notify(skipped_line_sentence(line_number, where), markup=False)
