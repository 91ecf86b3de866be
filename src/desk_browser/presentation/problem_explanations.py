"""What each kind of problem a check finds means, in a few words, and whether anything needs doing.

`explain` turns a reader's reason into a meaning and advice, as plain text (callers make
desk text in them safe).
"""

from __future__ import annotations

from dataclasses import dataclass

from desk_browser.memory.file_reading import (
    LINK_LOOP_REASON,
    PERMISSION_DENIED_REASON,
    is_permission_reason,
)

PERMISSION_ADVICE = "check the folder's permissions or run as the desk's user"
"""What to do about a desk file this user may not read."""


@dataclass(frozen=True)
class Explanation:
    """What a problem means and whether anything needs doing.

    Attributes:
        meaning: What happened, such as "cut short by a crash".
        advice: What the desk does and the person should do ("the desk skips it; nothing to do").
    """

    meaning: str
    advice: str

    @property
    def sentence(self) -> str:
        """The two together: "cut short by a crash: the desk skips it; nothing to do"."""
        return f'{self.meaning}: {self.advice}'


_SKIPPED = 'the desk skips it; nothing to do'

_LINE_EXPLANATIONS: tuple[tuple[str, Explanation], ...] = (
    ('cut short', Explanation('cut short by a crash', _SKIPPED)),
    (
        'not UTF-8',
        Explanation(
            'bytes that are not text (a disk or copying fault)',
            'the desk skips it; nothing to do unless many lines show it (then look at the disk)',
        ),
    ),
    (
        'nested too deep',
        Explanation("JSON nested deeper than any reader goes (not the desk's own)", _SKIPPED),
    ),
    (
        'not JSON',
        Explanation(
            'not a line of JSON (written by hand or by another program)',
            f'{_SKIPPED}; fix or remove it if you wrote it',
        ),
    ),
    ('not an object', Explanation('JSON, but not an object the desk writes', _SKIPPED)),
    ('missing type', Explanation('an event without its type', _SKIPPED)),
    ('missing field', Explanation('an exchange without one of its fields', _SKIPPED)),
    ('wrong type for', Explanation('a field holding the wrong kind of value', _SKIPPED)),
    (
        'too big',
        Explanation(
            'a line longer than the readers take',
            'this line and the rest of the file are not read; see what wrote it',
        ),
    ),
)
"""Explanations of a damaged line, by how its reason starts (the first match wins)."""

_FILE_EXPLANATIONS: tuple[tuple[str, Explanation], ...] = (
    (
        'damaged state',
        Explanation(
            'state.json cannot be read',
            'the desk starts a new session on its next run; nothing to do unless it recurs',
        ),
    ),
    (
        'the current session',
        Explanation(
            'state.json names a session that has no log yet',
            'usual for a moment as a session starts; if it lasts, look at the runner',
        ),
    ),
    (
        'route ',
        Explanation(
            'a backend counts more exchanges than its log holds',
            'the log lost lines (a crash or a restore); the desk carries on; nothing to do',
        ),
    ),
    (
        'unreadable: too big to read',
        Explanation('a file too big to hold in memory', 'not read; move it out of the desk'),
    ),
    (
        'too big',
        Explanation(
            'a file bigger than the readers take',
            "not read; move it out of the desk if it is not the desk's",
        ),
    ),
    (
        'points outside the desk',
        Explanation(
            'a link to a file outside the desk',
            'not read; run with --follow-symlinks to read it',
        ),
    ),
    (
        LINK_LOOP_REASON,
        Explanation(
            'a link that leads back to itself (a loop of links), naming no file',
            'not read; remove the link or point it at a file',
        ),
    ),
    (
        'a link to a file that does not exist',
        Explanation('a broken link', 'not read; restore its target or remove the link'),
    ),
    (
        'not a regular file',
        Explanation('a pipe, socket or device where a file belongs', 'not read; remove it'),
    ),
    ('not a file', Explanation('a folder where a file belongs', 'not read; rename or move it')),
    ('not a folder', Explanation('a file where a folder belongs', 'not read; rename or move it')),
    (
        PERMISSION_DENIED_REASON,
        Explanation(
            'this user may not read it (its permissions, not damage)',
            f'not read; {PERMISSION_ADVICE}',
        ),
    ),
    (
        'unreadable',
        Explanation(
            'the file could not be opened or read',
            'not read; look at the file and its disk',
        ),
    ),
)
"""Explanations of a problem about a whole file, by how its reason starts (the first match wins)."""

_UNKNOWN_LINE = Explanation('a line the readers cannot use', _SKIPPED)
_UNKNOWN_FILE = Explanation('a file the readers cannot use', 'not read; look at the file')


def explain(reason: str, whole_file: bool) -> Explanation:
    """Says what a problem means, from a reader's reason ("cut short"), and whether to act."""
    table = _FILE_EXPLANATIONS if whole_file else _LINE_EXPLANATIONS
    for start, explanation in table:
        if reason.startswith(start):
            return explanation
    if not whole_file:  # A line's reason may also be a file's ("unreadable: ..." mid-read).
        for start, explanation in _FILE_EXPLANATIONS:
            if reason.startswith(start):
                return explanation
    return _UNKNOWN_FILE if whole_file else _UNKNOWN_LINE


def why_not_read(reason: str) -> str:
    """Why a file was not read, after "could not be read: ": permissions advice or the reason."""
    if is_permission_reason(reason):
        return f'permission denied; {PERMISSION_ADVICE}'
    return reason
