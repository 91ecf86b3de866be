"""The day view: one day's journal as a timeline, filterable by kind, with the day at a glance."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.style import Style
from textual.widgets import SelectionList, Static
from textual.worker import get_current_worker

from desk_browser.live.services import DeskServices
from desk_browser.memory.desk_files import JournalEvent
from desk_browser.memory.file_reading import is_permission_reason
from desk_browser.presentation.day_data import DayView, day_glance, read_day_view
from desk_browser.presentation.desk_data import DeskOverview
from desk_browser.presentation.documents import day_markdown, event_json, event_markdown
from desk_browser.presentation.exports import export_file_name
from desk_browser.presentation.formatting import day_text, plural
from desk_browser.presentation.navigation import DayPlace, DayRequest, Place, neighbour_day
from desk_browser.presentation.safe_text import visible
from desk_browser.ui.copy_export import (
    Copied,
    Export,
    copy_form,
    deliver_copy,
    deliver_export,
)
from desk_browser.ui.copy_keys import shown_copy_export_bindings
from desk_browser.ui.line_places import show_events_around
from desk_browser.ui.messages import PlaceOpened
from desk_browser.ui.screens.desk_screen import DeskScreen, desk_read
from desk_browser.ui.widgets.activity_sparkline import ActivitySparkline
from desk_browser.ui.widgets.desk_footer import DeskFooter
from desk_browser.ui.widgets.desk_header import DeskHeader
from desk_browser.ui.widgets.event_detail import EventDetail
from desk_browser.ui.widgets.kind_filter import KindFilter
from desk_browser.ui.widgets.timeline import EVENT_KINDS, Timeline, event_kind


@dataclass
class DayLoaded(Message):
    """One day's journal was read."""

    view: DayView
    """What was read."""


HEADING_PADDING = 4
"""The columns the heading's padding takes (``padding: 0 2``)."""

NO_JOURNAL_FORMS = (
    ('no journal for this day', '  ·  ', '  '),
    ('no journal', '  ·  ', '  '),
    ('no journal', ' · ', ' '),
)
"""The ways an empty day's heading says so, longest first: what it says, the gap between its
parts and the gap between the nearest days. The first whose line fits the width is shown."""


def _nearest_days(
    view: DayView, gap: str = '  ·  ', between: str = '  '
) -> list[str | tuple[str, str]]:
    """Parts for an empty day's heading: the nearest days before and after, with their keys."""
    before = neighbour_day(view.days, view.day, -1)
    after = neighbour_day(view.days, view.day, 1)
    parts: list[str | tuple[str, str]] = []
    for key, neighbour in (('[', before), (']', after)):
        if neighbour is not None:
            parts.extend([(gap if not parts else between, '$text-muted'), (key, 'bold')])
            parts.append((f' {day_text(visible(neighbour))}', '$text-muted'))
    return parts


def linked_glance(glance: str) -> Content:
    """The day at a glance (as `DayGlance.fitted` wrote it), muted, its orders part a link to o."""
    parts: list[Content] = []
    for line_number, line in enumerate(glance.split('\n')):
        if line_number:
            parts.append(Content('\n'))
        for place, part in enumerate(line.split(' · ')):
            if place:
                parts.append(Content.styled(' · ', '$text-muted'))
            is_orders = 'placed' in part or part == 'no orders'
            style = 'underline $text-muted' if is_orders else '$text-muted'
            piece = Content.styled(part, style)
            if is_orders:
                piece = piece.stylize(Style.from_meta({'@click': 'app.orders'}))
            parts.append(piece)
    return Content.assemble(*parts)


class DayScreen(DeskScreen[None]):
    """Shows one day's journal; `[` and `]` move to the previous and next day."""

    DEFAULT_CSS = """
    #day-heading {
        padding: 0 2;
        height: auto;
    }
    #day-body {
        height: 1fr;
    }
    #day-filter {
        width: 20;
        height: auto;
        max-height: 100%;
        border: round $primary 50%;
    }
    #day-filter:focus, #timeline:focus {
        border: round $primary;
    }
    #timeline {
        width: 1fr;
        height: 1fr;
        border: round $primary 50%;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    #day-detail {
        height: auto;
        max-height: 8;
        padding: 0 2;
        border-top: solid $primary 30%;
    }
    """

    HELP_SECTION = 'day'

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding('escape', 'back', 'Back', key_display='esc', id='day-back'),
        Binding(
            'left_square_bracket', 'step_day(-1)', 'Day before', key_display='[', id='day-prev'
        ),
        Binding('right_square_bracket', 'step_day(1)', 'Day after', key_display=']', id='day-next'),
        Binding('f', 'focus_filter', 'Filter', id='day-filter'),
        Binding('o', 'app.orders', 'Orders', id='day-orders'),
        *(
            Binding(str(number), f'toggle_kind({kind!r})', label, show=False)
            for number, (kind, label) in enumerate(EVENT_KINDS, start=1)
        ),
        *shown_copy_export_bindings(),
    ]

    day: reactive[str] = reactive('', init=False)
    """The ISO day shown."""

    def __init__(
        self,
        services: DeskServices,
        day: str,
        overview: DeskOverview | None,
        line_number: int | None = None,
    ) -> None:
        """Prepares the view of ISO `day`; the journal is read once it is mounted.

        `overview` is the main screen's sessions list, if any; `line_number` as for `DayPlace`.
        """
        super().__init__()
        self.services = services
        """The desk's services."""
        self.desk = services.desk
        """The desk folder."""
        self._overview = overview
        self.view: DayView | None = None
        """What was last read."""
        self._wanted_line = line_number
        """The journal line to highlight once the day is shown, or None."""
        self.set_reactive(DayScreen.day, day)

    def compose(self) -> ComposeResult:
        """Builds the heading, the sparkline, the filter and the timeline."""
        yield DeskHeader()
        yield Static(Content(f'Reading {day_text(visible(self.day))}…'), id='day-heading')
        yield ActivitySparkline(id='day-activity')
        with Horizontal(id='day-body'):
            yield KindFilter(EVENT_KINDS, id='day-filter')
            yield Timeline(id='timeline')
        yield EventDetail(id='day-detail')
        yield DeskFooter(first=self.FOOTER_FIRST)

    def on_mount(self) -> None:
        """Starts reading the day."""
        self.query_one('#day-filter', SelectionList).border_title = 'Show'
        self.query_one(Timeline).border_title = 'Timeline'
        self.query_one(Timeline).focus()
        self.load_day(self.day)

    @desk_read('day', "reading a day's journal")
    def load_day(self, day: str) -> None:
        """Reads one ISO day's journal."""
        view = read_day_view(self.desk, day, self._overview)
        if not get_current_worker().is_cancelled:
            self.post_message(DayLoaded(view))

    def watch_day(self, day: str) -> None:
        """Reads the newly chosen day."""
        self.load_day(day)

    @on(DayLoaded)
    def show_day(self, message: DayLoaded) -> None:
        """Shows a day, unless another was chosen meanwhile."""
        view = message.view
        if view.day != self.day:
            return
        self.view = view
        self.query_one('#day-heading', Static).update(self._heading(view))
        self.query_one(ActivitySparkline).show(view.activity, view.day)
        timeline = self.query_one(Timeline)
        timeline.show_events(view.journal.events, self.chosen_kinds)
        self._go_to_wanted_line()
        self._update_counts()
        self._show_detail(timeline.highlighted_event)
        self.post_message(PlaceOpened(DayPlace(view.day)))

    def _go_to_wanted_line(self) -> None:
        """Highlights the event on the journal line asked for, in the middle of the timeline.

        Shown even when its kind is filtered out; for a damaged line, the event before, a toast.
        """
        line, self._wanted_line = self._wanted_line, None
        if line is None or self.view is None:
            return
        event = next(
            (event for event in self.view.journal.events if event.line_number == line), None
        )
        if event is None:
            show_events_around(self.query_one(Timeline), line)
            return
        kind = event_kind(event)
        filter_list = self.query_one('#day-filter', SelectionList)
        timeline = self.query_one(Timeline)
        if kind not in self.chosen_kinds:
            filter_list.select(kind)
            timeline.filter(self.chosen_kinds)
        index = timeline.index_at_line(event.line_number)
        if index is not None:
            timeline.highlight_in_middle(index)
            # Once laid out, the middle is known (a day read at once may come before its layout).
            self.call_after_refresh(timeline.highlight_in_middle, index)

    def _heading(self, view: DayView) -> Content:
        """The day, its journal's size and glance, fitted (an empty day names the nearest)."""
        width = self.size.width - HEADING_PADDING
        forms = NO_JOURNAL_FORMS if not view.has_journal else NO_JOURNAL_FORMS[:1]
        for words, gap, between in forms:
            parts: list[str | tuple[str, str]] = [(day_text(visible(view.day)), 'bold')]
            if view.has_journal:
                parts.extend([(gap, '$text-muted'), plural(len(view.journal.events), 'event')])
            else:
                parts.append((f'{gap}{words}', '$text-warning'))
                parts.extend(_nearest_days(view, gap, between))
            damaged = sum(1 for problem in view.problems if problem.line_number is not None)
            if damaged:
                parts.append((f'{gap}{plural(damaged, "damaged line")} skipped', '$text-warning'))
            unread = [problem for problem in view.problems if problem.line_number is None]
            if unread:
                why = ': permission denied' if is_permission_reason(unread[0].reason) else ''
                parts.append((f'{gap}the journal could not be read{why}', '$text-error'))
            line = Content.assemble(*parts)
            if line.cell_length <= width:
                break
        glance = day_glance(view.journal.events).fitted(width)
        return Content.assemble(line, '\n', linked_glance(glance))

    def on_resize(self) -> None:
        """Fits the heading to the new width."""
        if self.view is not None:
            self.query_one('#day-heading', Static).update(self._heading(self.view))

    @property
    def chosen_kinds(self) -> set[str]:
        """The kinds of event the filter lets through."""
        return set(self.query_one('#day-filter', SelectionList).selected)

    @on(SelectionList.SelectedChanged, '#day-filter')
    def refilter(self) -> None:
        """Shows only the kinds now chosen (nothing moves when the timeline shows them already)."""
        timeline = self.query_one(Timeline)
        if timeline.kinds == self.chosen_kinds:
            return
        timeline.filter(self.chosen_kinds)
        self._update_counts()
        self._show_detail(self.query_one(Timeline).highlighted_event)

    def _update_counts(self) -> None:
        timeline = self.query_one(Timeline)
        total = len(self.view.journal.events) if self.view is not None else 0
        if timeline.shown_count == total:
            timeline.border_subtitle = plural(total, 'event')
        else:
            timeline.border_subtitle = f'{timeline.shown_count:,} of {total:,} events'

    @on(Timeline.Highlighted, '#timeline')
    def follow_highlight(self) -> None:
        """Shows the whole of the highlighted event below the timeline."""
        self._show_detail(self.query_one(Timeline).highlighted_event)

    def _show_detail(self, event: JournalEvent | None) -> None:
        self.query_one(EventDetail).show_event(event, self.view is not None)

    @property
    def highlighted_event(self) -> JournalEvent | None:
        """The event under the timeline's highlight, or None."""
        return self.query_one(Timeline).highlighted_event

    # Actions.

    def action_back(self) -> None:
        """Goes back to the screen below."""
        self.dismiss(None)

    def action_step_day(self, step: int) -> None:
        """Shows the day before (-1) or after (+1), among the days with a journal or a session."""
        days = self.view.days if self.view is not None else []
        neighbour = neighbour_day(days, self.day, step)
        if neighbour is None:
            self.notify('No earlier day.' if step < 0 else 'No later day.')
            return
        self.day = neighbour

    def orders_day(self) -> str | None:
        """The day whose Orders view `o` opens: the day shown."""
        return self.day

    def show(self, day: str) -> None:
        """Shows another ISO day."""
        self.day = day

    def show_place(self, place: Place | DayRequest) -> bool:
        """Shows another day here (back and forward, Go to day); False when not a day view's day."""
        if isinstance(place, DayPlace):
            self._wanted_line = place.line_number
            if place.day == self.day and self.view is not None and self.view.day == place.day:
                self._go_to_wanted_line()
                self._show_detail(self.highlighted_event)
            else:
                self.show(place.day)
            return True
        return False

    def action_copy(self, as_json: bool) -> None:
        """Copies the highlighted event as Markdown, or (`as_json`) as its JSON line."""
        event = self.highlighted_event
        if event is None:
            deliver_copy(self, 'No event is highlighted to copy.')
            return
        text = event_json(event) if as_json else event_markdown(event)
        what = f'the {event.type} event as {copy_form(as_json)}'.replace('_', ' ')
        deliver_copy(self, Copied(text, what))

    def action_export(self) -> None:
        """Writes the day's journal to a Markdown file."""
        if self.view is None:
            deliver_export(self, 'The day is still being read.', self.services)
            return
        found = Export(export_file_name('day', self.view.day), day_markdown(self.view.journal))
        deliver_export(self, found, self.services)

    def action_focus_filter(self) -> None:
        """Moves to the filter (space toggles a kind), or back to the timeline."""
        filter_list = self.query_one('#day-filter', SelectionList)
        if filter_list.has_focus:
            self.query_one(Timeline).focus()
        else:
            filter_list.focus()

    def action_toggle_kind(self, kind: str) -> None:
        """Shows or hides one kind of event (its EVENT_KINDS id)."""
        self.query_one('#day-filter', SelectionList).toggle(kind)
