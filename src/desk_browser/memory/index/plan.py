"""Which of a desk's days a search reads from the index and which from the desk, examined lazily.

A day comes from the index only while its files' signature matches and none changed in the
last two seconds, and once its rows matched their digest. `DayChecks` remembers recent looks;
`Plan` walks the days in ranking order, so a search that stops early examines only those.

Typical usage example:

    checks = DayChecks(recheck_seconds=1.0)
    plan = Plan(checks, verified, listing.days(time.time_ns()), indexed, usable=True)
    segment = plan.segment(0)
"""

from __future__ import annotations

import dataclasses
import sqlite3
import threading
import time
from collections.abc import Callable

from desk_browser.memory.index import keys
from desk_browser.memory.index.days import DeskDay, day_signature
from desk_browser.memory.index.scrub import Verified
from desk_browser.memory.index.status import IndexStatus


@dataclasses.dataclass
class DayCheck:
    """What the last look at a day's files found.

    Attributes:
        desk_day (DeskDay): The day's files.
        signature (str): Their signature.
        racy (bool): Whether they changed too recently to be trusted.
        checked_at (int): When they were looked at (time.monotonic_ns()).
    """

    desk_day: DeskDay
    signature: str
    racy: bool
    checked_at: int


class DayChecks:
    """Recent looks at each day's files, trusted for a while for days other than the newest."""

    def __init__(self, recheck_seconds: float):
        """Starts with no look.

        Args:
            recheck_seconds (float): How long a look at an older day's files is trusted.
        """
        self.recheck_nanoseconds = int(recheck_seconds * 1e9)
        self._checks: dict[str, DayCheck] = {}

    def check(self, desk_day: DeskDay, *, always: bool) -> DayCheck:
        """Examines a day's files, or (unless `always`) trusts a recent look at them."""
        now = time.monotonic_ns()
        check = self._checks.get(desk_day.day)
        if (
            check is None
            or always
            or check.racy
            or check.desk_day != desk_day
            or desk_day.notes
            or now - check.checked_at > self.recheck_nanoseconds
        ):
            signature, racy = day_signature(desk_day, time.time_ns())
            check = DayCheck(desk_day, signature, racy, now)
            self._checks[desk_day.day] = check
        return check

    def coverage(self, days: list[DeskDay], indexed: dict[str, str]) -> IndexStatus:
        """Counts the days (newest first) that an index (day to signature) covers."""
        covered = 0
        for position, desk_day in enumerate(days):
            check = self.check(desk_day, always=position == 0)
            if check.racy or indexed.get(desk_day.day) == check.signature:
                covered += 1
        return IndexStatus(covered, len(days), available=True)


@dataclasses.dataclass
class Segment:
    """A run of days read the same way: consecutive indexed days, or one day read directly.

    Attributes:
        desk_day (DeskDay | None): The day read from the desk, or None for a run of indexed days.
        low (int): The lowest record id of the run.
        high (int): The highest record id of the run so far.
        closed (bool): Whether the run is known to end at `high`.
    """

    desk_day: DeskDay | None
    low: int = 0
    high: int = -1
    closed: bool = False


class Plan:
    """Which of the desk's days come from the index, examined lazily; reused while current."""

    def __init__(
        self,
        checks: DayChecks,
        verified: Verified,
        days: list[DeskDay],
        indexed: dict[str, str],
        usable: bool,
        indexed_seen: Callable[[str], None] | None = None,
    ):
        """Starts a plan with no day examined.

        Args:
            checks (DayChecks): Examines days (with recent looks at their files).
            verified (Verified): What was found of the indexed days' digests.
            days (list[DeskDay]): The desk's days, newest first.
            indexed (dict[str, str]): The index's days and their signatures.
            usable (bool): Whether the index can be read at all.
            indexed_seen (Callable[[str], None] | None): Told each day found indexed as it is.
        """
        self._indexed_seen = indexed_seen
        self.checks = checks
        self.verified = verified
        self.days = days
        self.indexed = indexed
        self.usable = usable
        self.created_at = time.monotonic_ns()
        self.segments: list[Segment] = []
        self.ordinal_days: dict[int, str] = {}
        self.indexed_desk_days: dict[str, DeskDay] = {}
        self.watched: list[tuple[int, bool]] = []
        self._examined = 0
        self._lock = threading.RLock()

    def _is_fresh(self, position: int, desk_day: DeskDay) -> bool:
        """Whether the index holds the day at this position as its files are now."""
        signature = self.indexed.get(desk_day.day)
        if not self.usable or signature is None:
            return False
        check = self.checks.check(desk_day, always=position == 0)
        return not check.racy and check.signature == signature

    def intact(self, day: str, connection: sqlite3.Connection) -> bool:
        """Tells whether an indexed day's records match their digest (looked at once).

        Args:
            day (str): A day of an indexed run.
            connection (sqlite3.Connection): The search's index.

        Returns:
            bool: Whether its rows can be used (else it is read from the desk).

        Raises:
            sqlite3.Error: When the index cannot be read.
        """
        return self.verified.intact(connection, day, self.indexed[day])

    def still_valid(self) -> bool:
        """Examines the watched days again: False when one changed between indexed and not."""
        with self._lock:
            for position, fresh in self.watched:
                if self._is_fresh(position, self.days[position]) != fresh:
                    return False
            return True

    def _examine_next(self) -> bool:
        """Examines the next day into the last run or a new segment; False when none is left."""
        if self._examined >= len(self.days):
            if self.segments:
                self.segments[-1].closed = True
            return False
        position = self._examined
        desk_day = self.days[position]
        self._examined += 1
        fresh = self._is_fresh(position, desk_day)
        if position == 0 or desk_day.notes:
            self.watched.append((position, fresh))
        last = self.segments[-1] if self.segments else None
        if not fresh:
            if last is not None:
                last.closed = True
            self.segments.append(Segment(desk_day=desk_day, closed=True))
            return True
        if self._indexed_seen is not None:
            self._indexed_seen(self.indexed[desk_day.day])
        low, high = keys.day_range(desk_day.day)
        self.ordinal_days[keys.day_ordinal(desk_day.day)] = desk_day.day
        self.indexed_desk_days[desk_day.day] = desk_day
        if last is not None and last.desk_day is None and not last.closed:
            last.high = high
        else:
            if last is not None:
                last.closed = True
            self.segments.append(Segment(desk_day=None, low=low, high=high))
        return True

    def segment(self, number: int) -> Segment | None:
        """The segment at a place (from 0), examining days until it exists; None when fewer."""
        with self._lock:
            while len(self.segments) <= number:
                if not self._examine_next():
                    return None
            return self.segments[number]

    def extend(self, segment: Segment) -> bool:
        """Examines one more day of a run: True when its `high` grew, False when it is closed."""
        with self._lock:
            if segment.closed or segment is not self.segments[-1]:
                segment.closed = True
                return False
            before = segment.high
            self._examine_next()
            return segment.high != before

    def close(self, segment: Segment) -> None:
        """Examines days until a run of indexed days is known to end."""
        while self.extend(segment):
            pass

    def holds(
        self, days: list[DeskDay], indexed: dict[str, str], usable: bool, now_ns: int
    ) -> bool:
        """Tells whether this plan can serve a search over these days and this index.

        Args:
            days (list[DeskDay]): The desk's days now (DeskListing's shared list).
            indexed (dict[str, str]): The index's days (the reader's shared dict).
            usable (bool): Whether the index can be read.
            now_ns (int): time.monotonic_ns() now.

        Returns:
            bool: Whether nothing it rests on changed and it is recent enough.
        """
        return (
            self.days is days
            and self.indexed is indexed
            and self.usable == usable
            and now_ns - self.created_at <= self.checks.recheck_nanoseconds
            and self.still_valid()
        )
