"""Background reading that steps aside while the person waits for an answer.

Work the person waits for runs inside `Foreground.busy()`; background loops call
`step_aside()` between files, which waits while anything is busy (LONGEST_PAUSE at most).
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Iterator

_LOGGER = logging.getLogger(__name__)

LONGEST_PAUSE = 2.0
"""Seconds a background reader waits at most for the foreground work to end."""


class Foreground:
    """Says when work the person waits for is running, so background readers can wait."""

    def __init__(self) -> None:
        """Starts with nothing busy."""
        self._condition = threading.Condition()
        self._busy = 0

    @property
    def is_busy(self) -> bool:
        """Whether any foreground work is running."""
        return self._busy > 0

    @contextlib.contextmanager
    def busy(self) -> Iterator[None]:
        """Marks the work inside the `with` block as foreground work.

        Yields:
            None: While the block runs.
        """
        with self._condition:
            self._busy += 1
        try:
            yield
        finally:
            with self._condition:
                self._busy -= 1
                if not self._busy:
                    self._condition.notify_all()

    def step_aside(self, longest: float = LONGEST_PAUSE) -> None:
        """Waits while foreground work runs, `longest` seconds at most (between two files)."""
        if not self._busy:  # Reading an int is atomic; the common case takes no lock.
            return
        with self._condition:
            if not self._condition.wait_for(lambda: not self._busy, timeout=longest):
                _LOGGER.debug('Background reading goes on after waiting %.1f s', longest)
