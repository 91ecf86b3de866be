"""The desk's activity over the days in the sessions list, as a sparkline with its range."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Sparkline, Static

from desk_browser.presentation.formatting import plural


def activity_caption(activity: list[tuple[str, int]], day: str) -> Content:
    """Says what the sparkline spans and how busy `day` was: "10 days to … · this day 12".

    `activity` holds (day, exchanges) per day listed, oldest first.
    """
    if not activity:
        return Content('no sessions yet')
    counts = dict(activity)
    this_day = counts.get(day)
    parts: list[str | tuple[str, str]] = [
        (f'{plural(len(activity), "day")} from {activity[0][0][5:]} to {activity[-1][0][5:]}', ''),
        ('  ·  ', '$text-muted'),
        ('this day ', '$text-muted'),
        (str(this_day) if this_day is not None else 'none', 'bold'),
    ]
    return Content.assemble(*parts)


class ActivitySparkline(Horizontal):
    """Exchanges per day as a sparkline, oldest on the left, with a caption."""

    DEFAULT_CSS = """
    ActivitySparkline {
        height: 1;
        padding: 0 2;
    }
    ActivitySparkline > .activity-label {
        width: auto;
        color: $text-muted;
        padding-right: 1;
    }
    ActivitySparkline > Sparkline {
        width: 1fr;
        min-width: 10;
        max-width: 60;
    }
    ActivitySparkline > .activity-caption {
        width: auto;
        padding-left: 1;
    }
    """

    def compose(self) -> ComposeResult:
        """Builds the label, the sparkline and the caption."""
        yield Static('Exchanges a day', classes='activity-label')
        yield Sparkline([], id='activity')
        yield Static('', classes='activity-caption')

    def show(self, activity: list[tuple[str, int]], day: str) -> None:
        """Shows the activity, (day, exchanges) per day oldest first, and the count of `day`."""
        self.query_one(Sparkline).data = [float(count) for _day, count in activity]
        self.query_one('.activity-caption', Static).update(activity_caption(activity, day))
