"""The desk's first read, on a thread of its own: what the main screen shows first.

The command line starts a `FirstRead` before importing Textual; the main screen shows what it
read as it mounts. A big log's whole follows its first exchanges (`when_read_whole`). A failed
read is not reported here: the screen reads again.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from desk_browser.live.live_desk import LiveDesk
from desk_browser.live.services import DeskServices
from desk_browser.presentation.desk_data import (
    FIRST_COUNTED,
    DaySummary,
    DeskOverview,
    SessionLog,
    read_day_summary,
    read_overview,
)
from desk_browser.presentation.listed_sessions import place_of_session, session_ids_of


def session_to_open(overview: DeskOverview, wanted: Iterable[str | None]) -> str | None:
    """The session the main screen opens: the first wanted that is listed, else the newest; or None.

    Args:
        overview (DeskOverview): The state and the sessions.
        wanted (Iterable[str | None]): The sessions wanted, first first (None is skipped).

    Returns:
        str | None: The session, or None when no session has a log.
    """
    # Looked for by id in the list's order, not in a set made of every id, and making no entry:
    # the one wanted is nearly always the current session, at the top of the list (of 2,520 on a
    # five-year desk).
    for session_id in wanted:
        if session_id is not None and place_of_session(overview.sessions, session_id) is not None:
            return session_id
    return next(session_ids_of(overview.sessions), None)


@dataclass
class FirstLook:
    """What the first read found.

    Attributes:
        live_desk (LiveDesk): Follows the desk from the first look on, the session read included.
        overview (DeskOverview): The state and the sessions.
        session_log (SessionLog | None): The log of the session opened first, or None.
        summary (DaySummary | None): The summary of that session's day, or None.
    """

    live_desk: LiveDesk
    overview: DeskOverview
    session_log: SessionLog | None
    summary: DaySummary | None = None


HEAD_DRAWN_WAIT = 3.0
"""The most seconds the whole read of a big log waits for its first exchanges to be drawn (the
first paint): they are read before Textual is even imported, about half a second earlier."""

RestListener = Callable[[SessionLog | None], None]
"""Takes the whole log that follows a first look's first exchanges (None: reading it failed)."""


class FirstRead:
    """Reads the desk's overview and its first session's log on a thread of its own.

    Attributes:
        services (DeskServices): The desk's services (its file memo is read with).
    """

    def __init__(self, services: DeskServices, *, requested_session: str | None = None) -> None:
        """Prepares the read; nothing is read before `start`.

        Args:
            services (DeskServices): The desk's services.
            requested_session (str | None): The session asked for on the command line.
        """
        self.services = services
        self._requested_session = requested_session
        self._done = threading.Event()
        self._look: FirstLook | None = None
        self._thread: threading.Thread | None = None
        self._rest_lock = threading.Lock()
        self._rest_listener: RestListener | None = None
        self._rest: list[SessionLog | None] = []
        """The whole log read after the first look's first exchanges, until it is listened for."""

    def start(self) -> FirstRead:
        """Starts reading on a daemon thread (quitting never waits for it); gives this read."""
        if self._thread is None:
            self._thread = threading.Thread(
                target=self._read, name='desk-browser first read', daemon=True
            )
            self._thread.start()
        return self

    def _read(self) -> None:
        services = self.services
        try:
            # The watcher's first look comes before the first read, so no change is missed.
            live_desk = LiveDesk(services.desk)
            overview = read_overview(
                services.desk,
                counted=FIRST_COUNTED,
                memo=services.file_memo,
                listing=live_desk.folder_listing,  # The look has just listed sessions/.
            )
            opened = session_to_open(
                overview, [self._requested_session, overview.current_session_id]
            )
            if opened is None:
                self._look = FirstLook(live_desk, overview, None)
                return
            day = overview.day_of(opened)
            summary = read_day_summary(services.desk, day) if day is not None else None

            def deliver(log: SessionLog) -> None:
                if self._done.is_set():  # The whole log, after its first exchanges.
                    self._hand_over_the_rest(log)
                    return
                self._look = FirstLook(live_desk, overview, log, summary)
                self._done.set()  # The screen may show it now (all of it, or the first part).

            def wait_until_drawn() -> None:
                services.first_paint.wait(HEAD_DRAWN_WAIT)

            with services.foreground.busy():  # Background reading waits for it.
                live_desk.open_session(opened, deliver, head_first=wait_until_drawn)
        except Exception:  # The screen reads again, and reports a failure then (module doc).
            if self._done.is_set():  # Its first exchanges were shown: the rest never comes.
                self._hand_over_the_rest(None)
            else:
                self._look = None
        finally:
            self._done.set()

    def _hand_over_the_rest(self, log: SessionLog | None) -> None:
        """Gives the whole log (None: it failed) to the listener, or keeps it until one listens."""
        with self._rest_lock:
            listener = self._rest_listener
            if listener is None:
                self._rest.append(log)
                return
        listener(log)

    def when_read_whole(self, listener: RestListener) -> None:
        """Hands over the whole log when the first look held only its first exchanges.

        Called from the reading thread before any poll (None: reading failed); never when the
        first log was whole.

        Args:
            listener (RestListener): Takes the whole log, or None.
        """
        with self._rest_lock:
            self._rest_listener = listener
            kept, self._rest = self._rest, []
        for log in kept:
            listener(log)

    def look(self, timeout: float | None = None) -> FirstLook | None:
        """Waits for the read (started or not) to end, at most `timeout` seconds (None: no limit).

        Returns:
            FirstLook | None: What was read; None when it failed, never started or timed out.
        """
        if self._thread is None or not self._done.wait(timeout):
            return None
        return self._look
