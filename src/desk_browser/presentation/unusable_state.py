"""What to say about a state.json that exists but cannot be used: damaged, or not ours to read.

One this user may not read is never called damaged. Plain text: callers make the reason safe.
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
        reason: The reader's reason, such as "cut short" or "cannot read: permission denied".
        not_readable_here: Whether only this user cannot read it, so the desk is not at fault.
    """

    reason: str
    not_readable_here: bool

    @property
    def _detail(self) -> str:
        """The reason without its "cannot read: " ("permission denied")."""
        return self.reason.removeprefix('cannot read: ')

    @property
    def sentence(self) -> str:
        """One line for the state command: what is wrong and what follows or what to do."""
        if self.not_readable_here:
            return f'state.json cannot be read: {why_not_read(self.reason)}'
        return f'state.json is damaged: {self.reason}; {NEW_SESSION}'

    @property
    def headline(self) -> str:
        """The State pane's first line, naming the reason in brackets."""
        if self.not_readable_here:
            return f'state.json cannot be read ({self._detail}).'
        return f'state.json is unreadable ({self.reason}).'

    @property
    def consequence(self) -> str:
        """The State pane's second line: what happens, or what to do."""
        if self.not_readable_here:
            return f'{PERMISSION_ADVICE[0].upper()}{PERMISSION_ADVICE[1:]}.'
        return 'The desk will start a new session when it next runs.'

    @property
    def summary(self) -> str:
        """The Desks screen's and workspace check's words, such as "damaged state: REASON"."""
        if self.not_readable_here:
            return f'state.json cannot be read: {self._detail}'
        return f'damaged state: {self.reason}'

    @property
    def word(self) -> str:
        """Why the desk needs a look, in two words: "state unreadable" or "damaged state"."""
        return 'state unreadable' if self.not_readable_here else 'damaged state'


def unusable_state(reading: StateReading) -> UnusableState | None:
    """Why an existing state.json cannot be used; None for a state read or missing."""
    if reading.state is not None or not reading.exists:
        return None
    reason = reading.problem.reason if reading.problem is not None else 'damaged'
    return UnusableState(reason, is_permission_reason(reason))
