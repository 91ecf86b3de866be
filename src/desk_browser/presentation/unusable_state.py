"""What to say about a state.json that exists but cannot be used: damaged, or not ours to read.

A damaged state (cut short, not JSON, a folder in its place) is the desk's problem: the desk
treats it as missing and starts a new session on its next run. A state this user may not read
(permission denied) is the reader's: the desk, run as its own user, reads it well, so saying it
is damaged or that a new session will start would mislead. The state command, the State pane,
the Desks screen and `check` over a workspace all take their words from here. The words are
plain text: callers make the reason, which is desk text, safe (`visible`).

Typical usage example:

    unusable = unusable_state(overview.state)
    if unusable is not None:
        print(unusable.sentence)
"""

from __future__ import annotations

import dataclasses

from desk_browser.memory.file_reading import is_permission_reason
from desk_browser.memory.session_store import StateReading
from desk_browser.presentation.problem_explanations import PERMISSION_ADVICE, why_not_read

NEW_SESSION = 'the desk will start a new session'
"""What the desk does about a damaged state."""


@dataclasses.dataclass(frozen=True)
class UnusableState:
    """A state.json that exists but cannot be used, and why.

    Attributes:
        reason (str): The reader's reason, such as "cut short" or "cannot read: permission
            denied".
        not_readable_here (bool): Whether only this user cannot read it (its permissions), so
            the desk itself is not at fault.
    """

    reason: str
    not_readable_here: bool

    @property
    def _detail(self) -> str:
        """The reason without its "cannot read: " ("permission denied")."""
        return self.reason.removeprefix('cannot read: ')

    @property
    def sentence(self) -> str:
        """One line for the state command.

        Returns:
            str: "state.json cannot be read: permission denied; check the folder's permissions
                or run as the desk's user", or "state.json is damaged: REASON; the desk will
                start a new session".
        """
        if self.not_readable_here:
            return f'state.json cannot be read: {why_not_read(self.reason)}'
        return f'state.json is damaged: {self.reason}; {NEW_SESSION}'

    @property
    def headline(self) -> str:
        """The State pane's first line.

        Returns:
            str: "state.json cannot be read (permission denied)." or "state.json is unreadable
                (REASON)."
        """
        if self.not_readable_here:
            return f'state.json cannot be read ({self._detail}).'
        return f'state.json is unreadable ({self.reason}).'

    @property
    def consequence(self) -> str:
        """The State pane's second line: what happens, or what to do.

        Returns:
            str: A sentence.
        """
        if self.not_readable_here:
            return f'{PERMISSION_ADVICE[0].upper()}{PERMISSION_ADVICE[1:]}.'
        return 'The desk will start a new session when it next runs.'

    @property
    def summary(self) -> str:
        """The Desks screen's and a workspace check's words.

        Returns:
            str: "state.json cannot be read: permission denied" or "damaged state: REASON".
        """
        if self.not_readable_here:
            return f'state.json cannot be read: {self._detail}'
        return f'damaged state: {self.reason}'

    @property
    def word(self) -> str:
        """Why the desk needs a look, in two words.

        Returns:
            str: "state unreadable" or "damaged state".
        """
        return 'state unreadable' if self.not_readable_here else 'damaged state'


def unusable_state(reading: StateReading) -> UnusableState | None:
    """Says why an existing state.json cannot be used.

    Args:
        reading (StateReading): What reading it found.

    Returns:
        UnusableState | None: Why, or None for a state that was read or does not exist.
    """
    if reading.state is not None or not reading.exists:
        return None
    reason = reading.problem.reason if reading.problem is not None else 'damaged'
    return UnusableState(reason, is_permission_reason(reason))
