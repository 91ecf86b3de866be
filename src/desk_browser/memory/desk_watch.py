"""Notices what changed in a desk folder since the last look, by polling file status.

`DeskWatcher.poll()` says what changed as a `DeskChanges`, so the caller re-reads only that;
`JsonLinesFollower` reads only the lines a log gained. Nothing here raises: what cannot be
examined reads as "not there".
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from desk_browser.memory import desk_files
from desk_browser.memory.appended_lines import AppendedLines
from desk_browser.memory.desk_files import Problem
from desk_browser.memory.file_status import FileSignature, FolderListing, file_signature
from desk_browser.memory.session_ids import LOG_SUFFIX, log_path
from desk_browser.memory.session_store import STATE_FILE_NAME, session_sort_key

_JOURNAL_SUFFIX = '.jsonl'
_MARKDOWN_SUFFIX = '.md'


@dataclasses.dataclass
class DeskChanges:
    """What changed in a desk folder between two polls.

    Attributes:
        state_changed: sessions/state.json was written, replaced, created or removed.
        new_sessions: Sessions whose logs appeared, oldest first.
        removed_sessions: Sessions whose logs disappeared, oldest first.
        grown_logs: Each followed session whose log changed, with its new size (0 when gone).
        rewritten_logs: Those of grown_logs that did not just grow: read them again.
        journal_changed: A journal file appeared or disappeared, or the newest one changed.
        notes_changed: A note appeared, disappeared or changed.
        summaries_changed: A summary appeared or disappeared, or the newest one changed.
        vanished: The desk folder is gone at this poll (True at every poll until it is back).
    """

    state_changed: bool = False
    new_sessions: list[str] = dataclasses.field(default_factory=list)
    removed_sessions: list[str] = dataclasses.field(default_factory=list)
    grown_logs: dict[str, int] = dataclasses.field(default_factory=dict)
    rewritten_logs: list[str] = dataclasses.field(default_factory=list)
    journal_changed: bool = False
    notes_changed: bool = False
    summaries_changed: bool = False
    vanished: bool = False

    @property
    def has_changes(self) -> bool:
        """Whether the caller has anything to read again (vanished, a status, does not count)."""
        return bool(
            self.state_changed
            or self.new_sessions
            or self.removed_sessions
            or self.grown_logs
            or self.journal_changed
            or self.notes_changed
            or self.summaries_changed
        )


class _Listing:
    """A folder's regular files at one look; the names that matter are worked out once."""

    __slots__ = ('_dated', '_matching', '_suffix', 'names')

    def __init__(self, names: tuple[str, ...], suffix: str, *, dated: bool) -> None:
        """Keeps a folder's sorted regular files; `dated`: only <YYYY-MM-DD><suffix> names count."""
        self.names = names
        self._suffix = suffix
        self._dated = dated
        self._matching: frozenset[str] | None = None

    def _matters(self, name: str) -> bool:
        suffix = self._suffix
        return name.endswith(suffix) and not (
            self._dated and (len(name) != 10 + len(suffix) or desk_files.date_of_name(name) is None)
        )

    def matching(self) -> frozenset[str]:
        """The names that matter."""
        if self._matching is None:
            self._matching = frozenset(filter(self._matters, self.names))
        return self._matching

    def newest(self) -> str | None:
        """The greatest name that matters (the newest day, for dated names), or None."""
        # The names are sorted, so the last that matters is the greatest.
        return next(filter(self._matters, reversed(self.names)), None)

    def changed_from(self, before: _Listing) -> bool:
        """Whether a name that matters appeared or disappeared since an earlier look."""
        if self.names is before.names or self.names == before.names:
            return False
        return self.matching() != before.matching()


_NO_FILES: tuple[str, ...] = ()


@dataclasses.dataclass
class _Snapshot:
    """The status of everything the watcher looks at, at one poll."""

    desk: FileSignature | None
    state: FileSignature | None
    sessions: _Listing
    logs: dict[str, FileSignature | None]
    journal: _Listing
    newest_journal: tuple[str, FileSignature | None] | None
    notes: _Listing
    note_statuses: dict[str, FileSignature | None]
    summaries: _Listing
    newest_summary: tuple[str, FileSignature | None] | None


def _newest(folder: Path, listing: _Listing) -> tuple[str, FileSignature | None] | None:
    """The newest dated file's name and signature, or None when no file matters."""
    name = listing.newest()
    if name is None:
        return None
    return name, file_signature(folder / name)


def _session_id(log_name: str) -> str:
    """The session a log file belongs to: "2026-10-21-2" for "2026-10-21-2.jsonl"."""
    return log_name[: -len(LOG_SUFFIX)]


def _sorted_sessions(log_names: Iterable[str]) -> list[str]:
    """Turns log names into session ids, in the session store's order, oldest first."""
    return sorted((_session_id(name) for name in log_names), key=session_sort_key)


class DeskWatcher:
    """Watches one desk folder by polling; create it before the desk's first read."""

    def __init__(self, desk_directory: Path):
        """Looks at everything once (the folder may be missing), as the first poll's baseline."""
        self.desk_directory = desk_directory
        self._sessions_directory = desk_directory / desk_files.SESSIONS_FOLDER_NAME
        self._journal_directory = desk_directory / desk_files.JOURNAL_FOLDER_NAME
        self._notes_directory = desk_directory / desk_files.NOTES_FOLDER_NAME
        self._summaries_directory = self._sessions_directory / desk_files.SUMMARIES_FOLDER_NAME
        self._followed: tuple[str, ...] = ()
        self._folders = FolderListing()
        self._listings: dict[Path, _Listing] = {}
        self._snapshot = self._look()

    @property
    def folder_listing(self) -> FolderListing:
        """What the watcher lists folders with, so a read after a look reuses its listing."""
        return self._folders

    @property
    def followed_sessions(self) -> tuple[str, ...]:
        """The ids of the sessions whose logs are watched."""
        return self._followed

    def follow_session(self, session_id: str | None) -> None:
        """Watches one session's log (None: no log) instead of those watched so far."""
        self.follow_sessions([] if session_id is None else [session_id])

    def follow_sessions(self, session_ids: Iterable[str]) -> None:
        """Watches these sessions' logs instead (read a new one after this: it is the baseline)."""
        self._followed = tuple(dict.fromkeys(session_ids))
        logs = {
            session_id: self._snapshot.logs[session_id]
            if session_id in self._snapshot.logs
            else self._log_status(session_id)
            for session_id in self._followed
        }
        self._snapshot = dataclasses.replace(self._snapshot, logs=logs)

    def state_age(self, now: float) -> float | None:
        """Seconds since state.json was modified as of the last poll (at least 0), or None.

        Args:
            now: The time now (time.time()).
        """
        state = self._snapshot.state
        if state is None:
            return None
        return max(0.0, now - state.modified_ns / 1_000_000_000)

    def poll(self) -> DeskChanges:
        """Looks again and reports what changed since the last poll."""
        previous = self._snapshot
        current = self._look()
        self._snapshot = current
        return _compare(previous, current)

    def _log_status(self, session_id: str) -> FileSignature | None:
        """One session log's signature, or None when it is missing or unreachable."""
        return file_signature(log_path(self._sessions_directory, session_id))

    def _listing(self, folder: Path, suffix: str, *, dated: bool) -> _Listing:
        """Lists a folder's files (none when it is not a folder), again only when it changed."""
        names = self._folders.names(folder)
        listing = self._listings.get(folder)
        if listing is None or listing.names is not names:
            listing = _Listing(names, suffix, dated=dated)
            self._listings[folder] = listing
        return listing

    def _look(self) -> _Snapshot:
        """Looks at the signature of everything watched."""
        desk = file_signature(self.desk_directory)
        if desk is None or not desk.is_folder:
            return _Snapshot(
                desk=desk,
                state=None,
                sessions=_Listing(_NO_FILES, LOG_SUFFIX, dated=False),
                logs=dict.fromkeys(self._followed),
                journal=_Listing(_NO_FILES, _JOURNAL_SUFFIX, dated=True),
                newest_journal=None,
                notes=_Listing(_NO_FILES, _MARKDOWN_SUFFIX, dated=False),
                note_statuses={},
                summaries=_Listing(_NO_FILES, _MARKDOWN_SUFFIX, dated=True),
                newest_summary=None,
            )
        sessions = self._listing(self._sessions_directory, LOG_SUFFIX, dated=False)
        journal = self._listing(self._journal_directory, _JOURNAL_SUFFIX, dated=True)
        notes = self._listing(self._notes_directory, _MARKDOWN_SUFFIX, dated=False)
        summaries = self._listing(self._summaries_directory, _MARKDOWN_SUFFIX, dated=True)
        return _Snapshot(
            desk=desk,
            state=file_signature(self._sessions_directory / STATE_FILE_NAME),
            sessions=sessions,
            logs={session_id: self._log_status(session_id) for session_id in self._followed},
            journal=journal,
            newest_journal=_newest(self._journal_directory, journal),
            notes=notes,
            note_statuses={
                name: file_signature(self._notes_directory / name)
                for name in sorted(notes.matching())
            },
            summaries=summaries,
            newest_summary=_newest(self._summaries_directory, summaries),
        )


def _log_rewritten(before: FileSignature | None, after: FileSignature | None) -> bool:
    """Whether a log shrank, changed in place, was replaced or is gone (not merely grew)."""
    if before is None:
        return False
    if after is None:
        return True
    return not after.is_same_file(before) or after.size <= before.size


def _compare(before: _Snapshot, after: _Snapshot) -> DeskChanges:
    """Works out what changed between two looks."""
    grown_logs: dict[str, int] = {}
    rewritten_logs: list[str] = []
    for session_id, status in after.logs.items():
        old_status = before.logs.get(session_id)
        if status == old_status:
            continue
        grown_logs[session_id] = status.size if status is not None else 0
        if _log_rewritten(old_status, status):
            rewritten_logs.append(session_id)
    vanished = after.desk is None or not after.desk.is_folder
    new_sessions: list[str] = []
    removed_sessions: list[str] = []
    if after.sessions.changed_from(before.sessions):
        new_sessions = _sorted_sessions(after.sessions.matching() - before.sessions.matching())
        removed_sessions = _sorted_sessions(before.sessions.matching() - after.sessions.matching())
    return DeskChanges(
        state_changed=before.state != after.state,
        new_sessions=new_sessions,
        removed_sessions=removed_sessions,
        grown_logs=grown_logs,
        rewritten_logs=rewritten_logs,
        journal_changed=(
            after.journal.changed_from(before.journal)
            or before.newest_journal != after.newest_journal
        ),
        notes_changed=before.note_statuses != after.note_statuses,
        summaries_changed=(
            after.summaries.changed_from(before.summaries)
            or before.newest_summary != after.newest_summary
        ),
        vanished=vanished,
    )


@dataclasses.dataclass
class FollowedLines:
    """What one read of a followed JSON-lines file found.

    Attributes:
        objects: The lines completed since the last read, with their line numbers.
        restarted: The file was read again from its start: drop what was read before.
        pending_bytes: The bytes of an unfinished last line, left for later.
    """

    objects: list[tuple[int, dict[str, Any]]]
    restarted: bool
    pending_bytes: int


class JsonLinesFollower:
    """Follows one JSON-lines file as the desk appends to it (appended_lines.AppendedLines)."""

    def __init__(self, path: Path):
        """Starts following a file; nothing is read until read_new."""
        self.path = path
        self._lines = AppendedLines(path)

    def restart(self) -> None:
        """Forgets what was read (call it when DeskWatcher lists the file in rewritten_logs)."""
        self._lines.restart()

    def read_new(self, problems: list[Problem] | None = None) -> FollowedLines:
        """Reads the lines completed since the last read.

        Args:
            problems: Where to report each damaged line and an unreadable file (None: nowhere).
        """
        reading = self._lines.read(problems)
        return FollowedLines(
            objects=reading.objects,
            restarted=reading.rewritten,
            pending_bytes=reading.pending_bytes,
        )
