"""The Desks screen: every desk of a workspace at a glance, those that need a look first.

The first paint needs only each desk's glance; activity, problems and the newest day's orders
fill in after, newest desks first. Every FOLLOW_INTERVAL the desks are read again and re-sorted.
"""

from __future__ import annotations

import dataclasses
import datetime
from typing import ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import Static
from textual.worker import get_current_worker

from desk_browser.live.workspace_services import WorkspaceServices
from desk_browser.memory.workspace import find_desks
from desk_browser.presentation.desk_health import (
    DeskHealth,
    needs_look_first,
    needs_look_header,
    read_glance,
    with_activity,
    with_problems,
)
from desk_browser.presentation.formatting import INDIA, plural
from desk_browser.presentation.orders_day import OrderCounts, read_order_counts
from desk_browser.presentation.safe_text import visible
from desk_browser.ui.following import CheckStopped, CheckTurns
from desk_browser.ui.interpreter_turns import short_turns
from desk_browser.ui.screens.desk_screen import DeskScreen
from desk_browser.ui.widgets.desk_footer import DeskFooter
from desk_browser.ui.widgets.desk_header import DeskHeader
from desk_browser.ui.widgets.desk_list import DeskList
from desk_browser.ui.workspace_indexing import IndexingProgressed, WorkspaceIndexer

FOLLOW_INTERVAL = 2.0
"""Seconds between two looks at the workspace."""


def _same_glance(first: DeskHealth, second: DeskHealth) -> bool:
    """Whether two glances of a desk show the same, so its filled-in counts still hold."""
    keys = ('entry_problem', 'session_id', 'state_problem', 'state_written_at', 'routes')
    return all(getattr(first, key) == getattr(second, key) for key in keys) and (
        first.newest_day == second.newest_day
    )


def _with_counts(glance: DeskHealth, filled: DeskHealth) -> DeskHealth:
    """A desk's glance with the activity and problem counts another reading filled in."""
    return dataclasses.replace(
        glance,
        activity=filled.activity,
        last_exchange_at=filled.last_exchange_at,
        problem_count=filled.problem_count,
        problems=filled.problems,
        report=filled.report,
    )


class DesksScreen(DeskScreen[None]):
    """Lists the workspace's desks; Enter opens one (the app shows its main screen)."""

    DEFAULT_CSS = """
    DesksScreen #desks-header {
        height: 1;
        padding: 0 1;
        text-style: bold;
    }
    DesksScreen #desks-header.-needs-look {
        color: $text-warning;
    }
    DesksScreen #desks-place {
        height: 1;
        padding: 0 1;
        color: $text-muted;
    }
    DesksScreen DeskList {
        height: 1fr;
    }
    DesksScreen #desks-indexing {
        height: 1;
        padding: 0 1;
        color: $text-muted;
    }
    """

    HELP_SECTION = 'desks'

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding('enter', 'open_desk', 'Open', key_display='enter', id='open-desk'),
        Binding('o', 'open_orders', 'Orders', id='desks-orders'),
        Binding('r', 'reload', 'Read again', id='reload'),
        Binding('f', 'toggle_follow', 'Pause', id='follow'),
    ]

    class DesksRead(Message):
        """The workspace was looked at: its desks' glances (and what is still filled in)."""

        def __init__(self, desks: list[DeskHealth], generation: int, changed: list[str]) -> None:
            super().__init__()
            self.desks = desks
            self.generation = generation
            self.changed = changed

    class FillingDone(Message):
        """The fill-in worker finished its desks."""

    class DeskFilledIn(Message):
        """One desk's activity and problem count were read."""

        def __init__(self, health: DeskHealth) -> None:
            super().__init__()
            self.health = health

    class DeskChosen(Message):
        """The person chose a desk to open."""

        def __init__(self, health: DeskHealth) -> None:
            super().__init__()
            self.health = health

    class OrdersCounted(Message):
        """One desk's newest journal day's orders were counted."""

        def __init__(self, name: str, counts: OrderCounts) -> None:
            super().__init__()
            self.name = name
            self.counts = counts

    class CountingDone(Message):
        """The order-counting worker finished (or stopped)."""

    class OrdersChosen(Message):
        """The person asked for a desk's Orders view of an ISO day."""

        def __init__(self, health: DeskHealth, day: str) -> None:
            super().__init__()
            self.health = health
            self.day = day

    def __init__(self, services: WorkspaceServices) -> None:
        """Prepares the screen; nothing is read until it is mounted."""
        super().__init__()
        self.services = services
        self._desks: dict[str, DeskHealth] = {}
        self._generation = 0
        self._following = True
        self._looking = False
        self._filling = False
        self._to_fill: set[str] = set()
        self._order_counts: dict[str, OrderCounts] = {}
        self._counting = False
        self._count_again = False
        self.indexer = WorkspaceIndexer(self, services, self.index_desks)
        """Builds every desk's search index in the background once the counts are in."""

    def compose(self) -> ComposeResult:
        """The header line, where the desks are, the list and the keys."""
        yield DeskHeader()
        yield Static('Looking at the desks…', id='desks-header')
        yield Static(self._place_name(), id='desks-place', markup=False)
        yield DeskList(id='desks')
        yield Static('', id='desks-indexing', markup=False)
        yield DeskFooter(first=self.FOOTER_FIRST)

    def _place_name(self) -> str:
        """The workspace's folder and its parent's name (never a whole path: screenshots)."""
        path = self.services.path
        return visible('/'.join(part for part in (path.parent.name, path.name) if part))

    def on_mount(self) -> None:
        """Reads the desks' glances, and follows the workspace."""
        self.query_one(DeskList).focus()
        self._look()
        self.set_interval(FOLLOW_INTERVAL, self._follow_tick, name='follow the desks')

    def _now(self) -> datetime.datetime:
        return datetime.datetime.fromtimestamp(self.services.clock(), INDIA)

    def _look(self) -> None:
        self._looking = True
        self._generation += 1
        self.read_desks(self._generation, dict(self._desks))

    def _follow_tick(self) -> None:
        if self._following and not self._looking:
            self._look()

    @work(thread=True, exclusive=True, group='desks', description='reading the desks')
    def read_desks(self, generation: int, known: dict[str, DeskHealth]) -> None:
        """Finds the desks and reads each one's glance, keeping what was filled in.

        Args:
            generation (int): Which look this is.
            known (dict[str, DeskHealth]): The desks as last shown, by name.
        """
        workspace = find_desks(self.services.path)
        now = self._now()
        worker = get_current_worker()
        desks: list[DeskHealth] = []
        changed: list[str] = []
        for entry in workspace.desks:
            if worker.is_cancelled:
                return
            glance = read_glance(entry, now)
            previous = known.get(entry.name)
            if previous is None or not _same_glance(previous, glance):
                changed.append(entry.name)
            if previous is not None and glance.entry_problem is None:
                glance = _with_counts(glance, previous)
            desks.append(glance)
        self.post_message(self.DesksRead(desks, generation, changed))

    @on(DesksRead)
    def show_desks(self, message: DesksRead) -> None:
        """Shows the desks read, then fills in those that changed, newest first."""
        self._looking = False
        if message.generation != self._generation:
            return
        desks: dict[str, DeskHealth] = {}
        for health in message.desks:
            shown = self._desks.get(health.name)
            # A desk filled in while this look ran: the look began from its older counts.
            keep = shown is not None and shown.problem_count is not None
            if keep and health.problem_count is None and health.entry_problem is None:
                assert shown is not None
                if _same_glance(shown, health):
                    health = _with_counts(health, shown)
            desks[health.name] = health
        self._desks = desks
        self.indexer.desks_changed(message.desks)
        self._show()
        self._to_fill.update(message.changed)
        self._start_filling()
        self._count_orders_soon()

    def _count_orders_soon(self) -> None:
        """Counts every readable desk's orders, after the one count running if there is one."""
        if self._counting:
            self._count_again = True
            return
        self._counting = True
        readable = [health for health in self._desks.values() if health.entry_problem is None]
        self.call_after_refresh(self.count_orders, readable)

    @work(thread=True, exclusive=True, group='order-counts', description='counting the orders')
    def count_orders(self, desks: list[DeskHealth]) -> None:
        """Counts each desk's newest journal day's orders through its order memo."""
        worker = get_current_worker()
        try:
            for health in desks:
                if worker.is_cancelled:
                    return
                memo = self.services.services_for(health.path).order_memo
                try:
                    counts = read_order_counts(health.path, None, memo)
                finally:
                    memo.save()
                self.post_message(self.OrdersCounted(health.name, counts))
        finally:
            self.post_message(self.CountingDone())

    @on(CountingDone)
    def counting_done(self) -> None:
        """Counts again if the workspace was looked at meanwhile."""
        self._counting = False
        if self._count_again:
            self._count_again = False
            self._count_orders_soon()

    @on(OrdersCounted)
    def show_order_counts(self, message: OrdersCounted) -> None:
        """Shows a desk's order counts, when they changed."""
        if self._order_counts.get(message.name) == message.counts:
            return
        self._order_counts[message.name] = message.counts
        self._show()

    def _start_filling(self) -> None:
        if self._filling:
            return
        waiting = [
            health
            for name, health in self._desks.items()
            if name in self._to_fill and health.entry_problem is None
        ]
        self._to_fill.clear()
        if not waiting:
            return
        waiting.sort(key=lambda health: health.newest_day or datetime.date.min, reverse=True)
        self._filling = True
        self.call_after_refresh(self.fill_in, waiting)

    @work(thread=True, group='fill-in', description='counting the desks')
    def fill_in(self, desks: list[DeskHealth]) -> None:
        """Reads each desk's activity and problems, one at a time, taking turns (CheckTurns)."""
        worker = get_current_worker()
        today = self.services.today()
        turns = CheckTurns(lambda: worker.is_cancelled)
        try:
            with short_turns(build=False):
                for health in desks:
                    if worker.is_cancelled:
                        return
                    memo = self.services.services_for(health.path).file_memo
                    try:
                        filled = with_problems(
                            with_activity(health, today, memo),
                            memo,
                            before_each_file=self.services.foreground.step_aside,
                            before_each_read=turns.before_each_read,
                        )
                    except CheckStopped:
                        return
                    finally:
                        memo.save()  # The next start reads only the files changed since.
                    self.post_message(self.DeskFilledIn(filled))
        finally:
            self.post_message(self.FillingDone())

    @on(DeskFilledIn)
    def show_filled_in(self, message: DeskFilledIn) -> None:
        """Shows a desk's counts, if it is still listed."""
        health = message.health
        listed = self._desks.get(health.name)
        if listed is None or listed.entry_problem is not None:
            return
        self._desks[health.name] = _with_counts(listed, health)
        self._show()

    @on(FillingDone)
    def filling_done(self) -> None:
        """Starts filling in what changed meanwhile; once every desk is counted, the indexing."""
        self._filling = False
        self._start_filling()
        if not self._filling:
            self.indexer.start(list(self._desks.values()))

    @work(
        thread=True,
        exclusive=True,
        group='index-desks',
        exit_on_error=False,
        description='indexing the desks for search',
    )
    def index_desks(self, desks: list[DeskHealth]) -> None:
        """Brings each readable desk's search index up to date, newest first (WorkspaceIndexer)."""
        self.indexer.build_all(desks)

    @on(IndexingProgressed)
    def show_indexing(self, message: IndexingProgressed) -> None:
        """Says what the background indexing is doing."""
        self.query_one('#desks-indexing', Static).update(message.progress.text)

    def _show(self) -> None:
        desks = needs_look_first(list(self._desks.values()))
        desk_list = self.query_one(DeskList)
        desk_list.today = self.services.today()
        desk_list.now = self.services.clock()
        desk_list.order_counts = dict(self._order_counts)
        desk_list.show_desks(desks)
        header = self.query_one('#desks-header', Static)
        header.update(needs_look_header(desks) if desks else 'No desk here (yet).')
        header.set_class(any(health.needs_look for health in desks), '-needs-look')
        following = 'following' if self._following else 'paused (f follows again)'
        self.query_one('#desks-place', Static).update(
            f'{self._place_name()} · {plural(len(desks), "desk")} · {following}'
        )

    @on(DeskList.Chosen)
    def choose_desk(self, message: DeskList.Chosen) -> None:
        """Opens the desk chosen with a click or Enter."""
        message.stop()
        self.action_open_desk()

    def action_open_desk(self) -> None:
        """Opens the highlighted desk, unless it cannot be read as one."""
        health = self.query_one(DeskList).highlighted_desk
        if health is None:
            return
        if health.entry_problem is not None:
            self.notify(
                f'{visible(health.name)}: {visible(health.entry_problem)}',
                title='Cannot open this desk',
                severity='warning',
                markup=False,
            )
            return
        self.post_message(self.DeskChosen(health))

    def action_open_orders(self) -> None:
        """Opens the highlighted desk's Orders view of its newest journal day (the day counted)."""
        health = self.query_one(DeskList).highlighted_desk
        if health is None:
            return
        if health.entry_problem is not None:
            self.action_open_desk()  # Says why it cannot be opened.
            return
        counts = self._order_counts.get(health.name)
        if counts is not None and not counts.day:
            self.notify(
                f'{visible(health.name)} has no journal yet: no orders to show.', markup=False
            )
            return
        if counts is not None:
            day = counts.day
        elif health.newest_day is not None:
            day = health.newest_day.isoformat()  # Not counted yet: its newest session's day.
        else:
            day = self.services.today().isoformat()
        self.post_message(self.OrdersChosen(health, day))

    def action_reload(self) -> None:
        """Reads every desk again, from scratch."""
        self._desks = {}
        self._order_counts = {}
        self._look()

    def action_toggle_follow(self) -> None:
        """Pauses or resumes following the workspace."""
        self._following = not self._following
        self._show()
        if self._following:
            self._look()
