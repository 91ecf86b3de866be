"""The sessions an overview lists: every session with a log, newest first, made when looked at.

To every reader a sequence of entries like a list; only `made` tells how many exist yet.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, overload

if TYPE_CHECKING:
    from desk_browser.presentation.desk_data import SessionEntry

EntryMaker = Callable[[str], 'SessionEntry']
"""Makes the entry of a session listed without counts, from its id alone (never the current
session's: its log is always read, so its entry is given)."""


class ListedSessions(Sequence['SessionEntry']):
    """Every session with a log, newest first, each entry made when first looked at; thread-safe."""

    __slots__ = ('_entries', '_ids', '_maker')

    def __init__(
        self,
        session_ids: list[str],
        entries: list[SessionEntry | None],
        make: EntryMaker | None = None,
    ) -> None:
        """Lists sessions, some of them not made yet.

        Args:
            session_ids: Every session's id, newest first (kept, not copied).
            entries: Each session's entry, None where `make` makes it (kept, not copied).
            make: Makes the entries left None; None when every entry is given.

        Raises:
            ValueError: The lengths differ, or an entry is None with nothing to make it.
        """
        if len(session_ids) != len(entries):
            raise ValueError('one entry (or None) is needed for each session id')
        if make is None and None in entries:
            raise ValueError('an entry left None needs a maker')
        self._ids = session_ids
        self._entries = entries
        self._maker = make

    @classmethod
    def of(cls, entries: Iterable[SessionEntry]) -> ListedSessions:
        """Lists sessions whose entries are all made (the list is copied, not the entries)."""
        made: list[SessionEntry | None] = list(entries)
        return cls([entry.session_id for entry in made if entry is not None], made)

    @property
    def session_ids(self) -> list[str]:
        """Every session's id, newest first (a copy; no entry is made for it)."""
        return list(self._ids)

    @property
    def made(self) -> int:
        """How many entries have been made or given so far (for tests and benchmarks)."""
        return len(self._entries) - self._entries.count(None)

    def session_id_at(self, index: int) -> str:
        """The id of the session at a place (negative from the end; IndexError if out of range)."""
        return self._ids[index]

    def copy(self) -> ListedSessions:
        """A list of its own holding the same entries, made and not made."""
        return ListedSessions(list(self._ids), list(self._entries), self._maker)

    def __len__(self) -> int:
        return len(self._ids)

    @overload
    def __getitem__(self, index: int) -> SessionEntry: ...

    @overload
    def __getitem__(self, index: slice) -> list[SessionEntry]: ...

    def __getitem__(self, index: int | slice) -> SessionEntry | list[SessionEntry]:
        if isinstance(index, slice):
            return [self._entry(place) for place in range(*index.indices(len(self._ids)))]
        return self._entry(index)

    def __setitem__(self, index: int, entry: SessionEntry) -> None:
        """Puts another entry of the same session at its place (ValueError: another session's)."""
        if entry.session_id != self._ids[index]:
            raise ValueError(f'{entry.session_id!r} is not the session listed there')
        self._entries[index] = entry

    def __iter__(self) -> Iterator[SessionEntry]:
        for place in range(len(self._ids)):
            yield self._entry(place)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, ListedSessions):
            if self._ids != other._ids:
                return False
            same_maker = self._maker is other._maker
            for place, (mine, theirs) in enumerate(zip(self._entries, other._entries, strict=True)):
                if mine is None and theirs is None and same_maker:
                    continue  # Both would be made alike from the same id.
                if self._entry(place) != other._entry(place):
                    return False
            return True
        if isinstance(other, list | tuple):
            return len(other) == len(self._ids) and all(
                mine == theirs for mine, theirs in zip(self, other, strict=True)
            )
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # Changeable, as a list.

    def __repr__(self) -> str:
        return f'ListedSessions({list(self)!r})'

    def _entry(self, index: int) -> SessionEntry:
        entry = self._entries[index]
        if entry is None:
            assert self._maker is not None  # __init__ refuses a None with no maker.
            entry = self._maker(self._ids[index])
            self._entries[index] = entry
        return entry


def listed_copy(sessions: Sequence[SessionEntry]) -> ListedSessions:
    """Copies an overview's sessions into a list that may be changed, making no entry."""
    if isinstance(sessions, ListedSessions):
        return sessions.copy()
    return ListedSessions.of(sessions)


def session_ids_of(sessions: Sequence[SessionEntry]) -> Iterator[str]:
    """Goes through the sessions' ids, newest first, making no entry."""
    if isinstance(sessions, ListedSessions):
        return iter(sessions._ids)
    return (entry.session_id for entry in sessions)


def place_of_session(sessions: Sequence[SessionEntry], session_id: str) -> int | None:
    """Where a session is listed (from 0), or None, making no entry."""
    return next(
        (place for place, listed in enumerate(session_ids_of(sessions)) if listed == session_id),
        None,
    )


def any_uncounted(sessions: Sequence[SessionEntry]) -> bool:
    """Whether any session is listed without counts (an entry not made yet is one)."""
    if isinstance(sessions, ListedSessions):
        made = sessions._entries
        return None in made or any(entry is not None and not entry.counted for entry in made)
    return any(not entry.counted for entry in sessions)


def current_entry(sessions: Sequence[SessionEntry]) -> SessionEntry | None:
    """The first session marked current, or None, making no entry (unmade ones never are)."""
    entries = sessions._entries if isinstance(sessions, ListedSessions) else sessions
    return next((entry for entry in entries if entry is not None and entry.is_current), None)
