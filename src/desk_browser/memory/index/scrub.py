"""An index that checks itself: each day's records against the digest stored when it was written.

A day is used from the index only once its records matched their digest in this process
(`Verified`); `scrub`, run by each build, verifies the rest and mends a mismatched day from the
desk. A day that cannot be mended makes the index damaged.

Typical usage example:

    verified = Verified()
    if verified.intact(connection, '2026-10-20', signature):
        ...  # Read the day from the index.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
from collections.abc import Mapping

from desk_browser.memory.index import store
from desk_browser.memory.index.days import DeskDay
from desk_browser.memory.index.reading import read_day
from desk_browser.memory.index.status import CancelCheck

_LOGGER = logging.getLogger(__name__)


class Verified:
    """What this process found of each indexed day's records; safe to use from several threads."""

    def __init__(self) -> None:
        """Starts with no day verified."""
        self._lock = threading.Lock()
        self._found: dict[str, tuple[str, bool]] = {}
        self.vouched_since: int | None = None
        """When the days taken on a scrub stamp's word were last read (the oldest such stamp's
        time, ns since the epoch), or None when every day found was read in this process."""

    def known(self, day: str, signature: str) -> bool | None:
        """Whether a day indexed with a signature matched its digest; None when not looked at."""
        with self._lock:
            found = self._found.get(day)
        if found is None or found[0] != signature:
            return None
        return found[1]

    def note(self, day: str, signature: str, intact: bool) -> None:
        """Records whether a day's records match their digest (just written: intact)."""
        with self._lock:
            self._found[day] = (signature, intact)

    def vouched(self, since: int) -> None:
        """Records that days were taken on the word of a stamp last read at `since` (ns)."""
        with self._lock:
            if self.vouched_since is None or since < self.vouched_since:
                self.vouched_since = since

    def take_on_word(self, signatures: Mapping[str, str], since: int) -> None:
        """Takes indexed days as intact on a scrub stamp's word, but those found otherwise here.

        Args:
            signatures (Mapping[str, str]): The vouched-for days and their indexed signatures.
            since (int): When the stamp's days were last read (ns since the epoch).
        """
        with self._lock:
            for day, signature in signatures.items():
                found = self._found.get(day)
                if found is None or found[0] != signature:
                    self._found[day] = (signature, True)
        self.vouched(since)

    def intact(self, connection: sqlite3.Connection, day: str, signature: str) -> bool:
        """Tells whether a day's indexed records match their digest, looking once per signature.

        Args:
            connection (sqlite3.Connection): The open index (a search's snapshot of it).
            day (str): The day.
            signature (str): The signature the index holds for it.

        Returns:
            bool: Whether the day can be read from the index.

        Raises:
            sqlite3.Error: When the index cannot be read.
        """
        found = self.known(day, signature)
        if found is None:
            found = store.day_is_intact(connection, day)
            if not found:
                _LOGGER.warning('The search index holds %s changed; reading it from the desk', day)
            self.note(day, signature, found)
        return found


class IndexDamaged(sqlite3.DatabaseError):
    """The index holds a day changed in a way it cannot mend: it is deleted and built again."""


def ensure_intact(
    connection: sqlite3.Connection, verified: Verified, day: str, signature: str
) -> None:
    """Makes sure an indexed day can be replaced or dropped (its old texts are known).

    Args:
        connection (sqlite3.Connection): The builder's connection.
        verified (Verified): What was found of the indexed days.
        day (str): The day.
        signature (str): The signature the index holds for it.

    Raises:
        IndexDamaged: When the day's records do not match their digest.
    """
    if not verified.intact(connection, day, signature):
        raise IndexDamaged(f'the index holds {day} changed, and the desk no longer holds it')


def scrub(
    connection: sqlite3.Connection,
    verified: Verified,
    desk_days: dict[str, DeskDay],
    cancelled: CancelCheck | None,
    vouched_since: int | None = None,
) -> list[str]:
    """Verifies the indexed days not verified yet, newest first, mending those that fail.

    Args:
        connection (sqlite3.Connection): The builder's connection (its lock held).
        verified (Verified): What searches and earlier scrubs found.
        desk_days (dict[str, DeskDay]): The desk's days now, by day.
        cancelled (CancelCheck | None): Checked between days; stops the scrub when True.
        vouched_since (int | None): When a vouching stamp's days were last read, or None.

    Returns:
        list[str]: The days mended.

    Raises:
        IndexDamaged: When a day cannot be mended.
    """
    indexed = store.indexed_days(connection)
    if vouched_since is not None:
        signatures = {day: signature for day, (signature, _) in indexed.items()}
        verified.take_on_word(signatures, vouched_since)
    mended = []
    for day in sorted(indexed, reverse=True):
        if cancelled is not None and cancelled():
            break
        signature = indexed[day][0]
        if verified.intact(connection, day, signature):
            continue
        desk_day = desk_days.get(day)
        if desk_day is None:
            raise IndexDamaged(f'the index holds {day} changed, and the desk no longer holds it')
        rows = read_day(desk_day)
        if rows is None or not store.repair_day(connection, day, rows):
            raise IndexDamaged(f'the index holds {day} changed, and the desk changed it since')
        verified.note(day, signature, intact=True)
        _LOGGER.warning('The search index held %s changed; it was mended from the desk', day)
        mended.append(day)
    return mended


def every_day_intact(connection: sqlite3.Connection, verified: Verified) -> bool:
    """Whether every indexed day was found intact, so a scrub stamp may vouch for the index now."""
    return all(
        verified.known(day, signature) is True
        for day, (signature, _) in store.indexed_days(connection).items()
    )
