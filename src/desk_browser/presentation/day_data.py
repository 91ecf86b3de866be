"""What the day view shows, read through `desk_browser.memory`: one day's journal, and the days.

`read_day_view` is for a thread worker; only the shown day's journal is opened.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from desk_browser.memory.desk_files import (
    JournalDay,
    JournalEvent,
    Problem,
    journal_files,
    read_journal_day,
)
from desk_browser.presentation.desk_data import DeskOverview, read_overview
from desk_browser.presentation.formatting import plural


@dataclass(frozen=True)
class DayView:
    """One day's journal and where it sits among the desk's days.

    Attributes:
        day: The ISO day.
        journal: The day's journal, read (empty when the day has no journal).
        has_journal: Whether the desk holds a journal file for the day.
        problems: Damaged lines and unreadable files met while reading it.
        days: Every day with a journal or a session, oldest first.
        activity: Exchanges per day in the sessions list, oldest first.
    """

    day: str
    journal: JournalDay
    has_journal: bool
    problems: list[Problem]
    days: list[str]
    activity: list[tuple[str, int]]


def activity_by_day(overview: DeskOverview) -> list[tuple[str, int]]:
    """(day, exchanges) for every day in an overview's sessions list, oldest first."""
    counts: dict[str, int] = {}
    for entry in overview.sessions:
        if entry.day is not None:
            day = entry.day.isoformat()
            counts[day] = counts.get(day, 0) + entry.exchange_count
    return sorted(counts.items())


def read_day_view(desk: Path, day: str, overview: DeskOverview | None) -> DayView:
    """Reads one ISO day's journal and lists the desk's days (`overview` None: read it here)."""
    if overview is None:
        overview = read_overview(desk)
    activity = activity_by_day(overview)
    journals = journal_files(desk)
    days = sorted({journal_day for journal_day, _path in journals} | {d for d, _ in activity})
    problems: list[Problem] = []
    path = next((path for journal_day, path in journals if journal_day == day), None)
    if path is None:
        journal = JournalDay(day=day, events=[], exchanges=[], actions=[])
    else:
        journal = read_journal_day(path, day, problems)
    return DayView(
        day=day,
        journal=journal,
        has_journal=path is not None,
        problems=problems,
        days=days,
        activity=activity,
    )


@dataclass(frozen=True)
class DayGlance:
    """A day at a glance: how many triggers, orders, risk checks and tool calls it held."""

    triggers: int = 0
    orders_placed: int = 0
    orders_filled: int = 0
    orders_cancelled: int = 0
    risk_approved: int = 0
    risk_rejected: int = 0
    tool_calls: int = 0

    def text(self) -> str:
        """The glance as one line, such as "4 triggers · orders 2 placed, 1 filled, 0 cancelled"."""
        return ' · '.join(
            [
                plural(self.triggers, 'trigger'),
                f'orders {self.orders_placed} placed, {self.orders_filled} filled, '
                f'{self.orders_cancelled} cancelled',
                f'risk {self.risk_approved} approved, {self.risk_rejected} rejected',
                plural(self.tool_calls, 'tool call'),
            ]
        )

    def fitted(self, width: int) -> str:
        """The glance in `width` columns: whole, else shortened, else broken between its parts."""
        whole = self.text()
        if len(whole) <= width:
            return whole
        orders = [
            f'{count} {word}'
            for count, word in (
                (self.orders_placed, 'placed'),
                (self.orders_filled, 'filled'),
                (self.orders_cancelled, 'cancelled'),
            )
            if count
        ]
        risk = [
            f'{count} {word}'
            for count, word in ((self.risk_approved, 'approved'), (self.risk_rejected, 'rejected'))
            if count
        ]
        parts = [
            plural(self.triggers, 'trigger'),
            f'orders {", ".join(orders)}' if orders else 'no orders',
            f'risk {", ".join(risk)}' if risk else 'no risk decisions',
            plural(self.tool_calls, 'tool call'),
        ]
        # Then without "orders" and "risk": the timeline labels its events "placed",
        # "approved" and so on, in the same words.
        for shown in (parts, [parts[0], ', '.join(orders), ', '.join(risk), parts[3]]):
            line = ' · '.join(part for part in shown if part)
            if (orders or shown is parts) and (risk or shown is parts) and len(line) <= width:
                return line
        lines = [parts[0]]
        for part in parts[1:]:
            if len(lines[-1]) + len(' · ') + len(part) <= width:
                lines[-1] += f' · {part}'
            else:
                lines.append(part)
        return '\n'.join(lines)


def day_glance(events: list[JournalEvent]) -> DayGlance:
    """Counts a day's triggers, orders, risk decisions and tool calls."""
    counts = {name: 0 for name in DayGlance.__dataclass_fields__}
    by_type = {
        'trigger_received': 'triggers',
        'order_placed': 'orders_placed',
        'order_filled': 'orders_filled',
        'order_cancelled': 'orders_cancelled',
        'tool_call': 'tool_calls',
    }
    for event in events:
        if event.type in by_type:
            counts[by_type[event.type]] += 1
        elif event.type == 'risk_decision':
            decision = event.fields.get('decision')
            if decision == 'approved':
                counts['risk_approved'] += 1
            elif decision == 'rejected':
                counts['risk_rejected'] += 1
    return DayGlance(**counts)
