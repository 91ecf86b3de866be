"""The base of the desk browser's screens: worker failures become a note on screen."""

from __future__ import annotations

import logging
from typing import TypeVar

from textual import on
from textual.screen import Screen
from textual.worker import Worker, WorkerState

_LOGGER = logging.getLogger(__name__)

ResultType = TypeVar('ResultType')


class DeskScreen(Screen[ResultType]):
    """A screen whose workers read the desk; any failure is shown, never raised."""

    @on(Worker.StateChanged)
    def report_failed_worker(self, event: Worker.StateChanged) -> None:
        """Turns a worker that failed (a file that changed or vanished mid-read) into a note."""
        if event.state != WorkerState.ERROR:
            return
        error = event.worker.error
        _LOGGER.warning('Worker %s failed', event.worker.name, exc_info=error)
        what = event.worker.description or event.worker.name or 'reading the desk'
        self.notify(
            f'Something went wrong {what}: {type(error).__name__}: {error}. Press r to read again.',
            title='Could not read the desk',
            severity='error',
            markup=False,
            timeout=8,
        )
