"""The first frame: the state, the sessions and the first session's cards drawn as one.

Without it the main screen is drawn three times in its first tenth of a second: empty ("Reading
the desk…"), with the state and the sessions, then with the cards, and each time it is laid out
and redrawn whole: on the one-week desk the two early frames were a third of the work before the
first paint. `FirstFrame` holds the app's output (Textual's batch update) from the app's mount
until the first session's cards are in, the desk turns out to have no session, or `LONGEST_HOLD`
has passed (a slow or stuck read then shows "Reading the desk…" as before), and the screen is
laid out and drawn once.

Typical usage example:

    first_frame = FirstFrame(app)
    first_frame.hold()      # in the app's on_mount
    first_frame.release()   # once the cards are in
"""

from __future__ import annotations

from contextlib import AbstractContextManager

from textual.app import App

LONGEST_HOLD = 0.6
"""Seconds the first frame waits at most for the desk's first reads."""


class FirstFrame:
    """Holds the app's first frame until the main screen has what it shows first."""

    def __init__(self, app: App[None]) -> None:
        """Prepares the hold; nothing is held until `hold`.

        Args:
            app (App[None]): The app whose output is held.
        """
        self._app = app
        self._batch: AbstractContextManager[None] | None = None

    @property
    def held(self) -> bool:
        """Whether the app's output is held now."""
        return self._batch is not None

    def hold(self) -> None:
        """Holds the app's output, for `LONGEST_HOLD` seconds at most (once)."""
        if self._batch is not None:
            return
        self._batch = self._app.batch_update()
        self._batch.__enter__()
        self._app.set_timer(LONGEST_HOLD, self.release, name='release the first frame')

    def release(self) -> None:
        """Lets the app draw again: the screen is laid out and drawn with all it holds now."""
        batch, self._batch = self._batch, None
        if batch is None:
            return
        batch.__exit__(None, None, None)
        self._app.screen.refresh()
