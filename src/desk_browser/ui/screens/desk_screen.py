"""The base of the desk browser's screens: worker failures become a note on screen.

It also says, for the app, what a screen does with app-wide keys: whether it offers the day
view (d) or the Orders view (o), takes the search key (/), or shows a place itself.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import ClassVar, ParamSpec, TypeVar

from textual import events, on, work
from textual.screen import Screen
from textual.worker import Worker, WorkerState

from desk_browser.presentation.navigation import DayRequest, Place

_LOGGER = logging.getLogger(__name__)

ResultType = TypeVar('ResultType')
Parameters = ParamSpec('Parameters')


def desk_read(
    group: str, description: str
) -> Callable[[Callable[Parameters, None]], Callable[Parameters, Worker[None]]]:
    """Makes a method a read of the desk: a thread worker, one at a time in its group.

    A newer read of the group cancels the older (its method looks at `is_cancelled`); a failure
    becomes a note on screen, never a crash.

    Args:
        group (str): The worker group: reads of different groups never cancel each other.
        description (str): What the read does, for the note on a failure.

    Returns:
        Callable[[Callable[Parameters, None]], Callable[Parameters, Worker[None]]]: The
            decorator.
    """

    def decorate(method: Callable[Parameters, None]) -> Callable[Parameters, Worker[None]]:
        return work(
            method,
            thread=True,
            exclusive=True,
            group=group,
            exit_on_error=False,
            description=description,
        )

    return decorate


class DeskScreen(Screen[ResultType]):
    """A screen whose workers read the desk; any failure is shown, never raised."""

    OFFERS_DAY_VIEW: ClassVar[bool] = False
    """Whether the screen has an `action_day_view`, which the app's d key runs (else d is not
    shown)."""

    SHOWS_PROBLEMS: ClassVar[bool] = False
    """Whether the screen is the Problems view (the app's ! key is then not offered)."""

    FOOTER_FIRST: ClassVar[tuple[str, ...]] = ()
    """The screen's main keys, the most needed first: what a narrow footer keeps first after
    the way back, help, quit and search (the screen's other keys follow in the footer's order)."""

    HELP_SECTION: ClassVar[str] = ''
    """The help's section of this screen's keys (help_screen: search, day, problems, desks):
    the help opens at it over this screen. Empty: at its top, the main screen's keys."""

    _resumed = False

    @on(events.ScreenResume)
    def keep_the_styles_of_the_first_resume(self, event: events.ScreenResume) -> None:
        """Lets a screen shown for the first time keep the styles its widgets were mounted with.

        Later resumes keep Textual's choice.
        """
        if not self._resumed:
            self._resumed = True
            event.refresh_styles = False

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

    def watch_maximized(self) -> None:
        """Lets the footer offer esc Restore while a pane is maximized (ctrl+p, Maximize)."""
        self.refresh_bindings()

    def take_search_key(self) -> bool:
        """Lets the screen take the search key (/) itself: True when it did; False by default."""
        return False

    def desk_changed(self) -> None:
        """Hears that the desk changed while on top (nothing by default)."""

    def orders_day(self) -> str | None:
        """The ISO day whose Orders view `o` opens over this screen; None (default): no `o`."""
        return None

    def show_place(self, place: Place | DayRequest) -> bool:
        """Shows a place the app was asked to open, if it can; False (default) lets the app."""
        return False
