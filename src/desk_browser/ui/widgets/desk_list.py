"""The Desks screen's list: one row per desk, those that need a person first, in warning colours."""

from __future__ import annotations

import datetime

from textual.content import Content

from desk_browser.live.live_desk import age_text
from desk_browser.presentation.desk_health import DeskHealth
from desk_browser.presentation.formatting import distance_from_today, india_moment, plural
from desk_browser.presentation.safe_text import visible
from desk_browser.ui.widgets.row_list import RowList

SPARK_LEVELS = '▁▂▃▄▅▆▇█'
"""The sparkline's bars, from the fewest exchanges of a day to the most."""

_NAME_WIDTH = 14

_SEVERITY_STYLES = {'error': '$text-error', 'warning': '$text-warning', 'normal': ''}


def sparkline(counts: list[int]) -> str:
    """Draws exchanges per day as bars, one character a day; a day with none is a space.

    Args:
        counts (list[int]): Exchanges per day, oldest first.

    Returns:
        str: The bars.
    """
    most = max(counts, default=0)
    if not most:
        return '·' * len(counts)
    bars = []
    for count in counts:
        if not count:
            bars.append('·')
            continue
        level = (count * (len(SPARK_LEVELS) - 1) + most - 1) // most
        bars.append(SPARK_LEVELS[min(level, len(SPARK_LEVELS) - 1)])
    return ''.join(bars)


def desk_lines(health: DeskHealth, today: datetime.date, now: float) -> list[Content]:
    """Writes one desk's two lines.

    The first: its name, its current session and trading date, the state's age, the problem
    count and the last exchange; the second: each backend's status and the sparkline of its
    last trading days, or why it needs a look.

    Args:
        health (DeskHealth): The desk.
        today (datetime.date): India's today.
        now (float): The time now.

    Returns:
        list[Content]: The two lines.
    """
    style = _SEVERITY_STYLES[health.severity]
    mark = '▲ ' if health.severity == 'error' else '△ ' if health.severity == 'warning' else '  '
    name = visible(health.name)
    if len(name) > _NAME_WIDTH:
        name = name[: _NAME_WIDTH - 1] + '…'
    first: list[str | tuple[str, str]] = [
        (mark, style),
        (f'{name:<{_NAME_WIDTH}}', f'bold {style}'),
    ]
    if health.entry_problem is not None:
        first.append((visible(health.entry_problem), style))
        return [Content.assemble(*first), Content('')]
    if health.session_id is not None and health.trading_date is not None:
        distance = distance_from_today(health.trading_date, today)
        first.append(f'{visible(health.session_id)} · {distance}')
    else:
        first.append((visible(health.state_problem or 'no state'), style or '$text-warning'))
    age = None if health.state_written_at is None else now - health.state_written_at
    first.append(('  ' + age_text(age), '$text-muted'))
    if health.problem_count is None:
        first.append(('  · checking…', '$text-muted'))
    elif health.problem_count:
        first.append((f'  · {plural(health.problem_count, "problem")}', '$text-error'))
    else:
        first.append(('  · no problems', '$text-muted'))
    moment = india_moment(health.last_exchange_at) if health.last_exchange_at else None
    if moment is not None:
        when = f'{moment:%H:%M}' if moment.date() == today else f'{moment:%d %b %H:%M}'
        first.append(('  · last ' + when, '$text-muted'))
    second: list[str | tuple[str, str]] = [' ' * (2 + _NAME_WIDTH)]
    for position, route in enumerate(health.routes):
        if position:
            second.append(', ')
        route_style = '$text-error' if route.severity == 'error' else ''
        second.append((f'{visible(route.name)} {route.word}', route_style))
    if not health.routes:
        second.append(('no backend', '$text-muted'))
    if health.activity is not None:
        second.append('  ')
        second.append((sparkline([count for _day, count in health.activity]), '$text-accent'))
    reasons = [reason.text for reason in health.reasons]
    if reasons:
        second.append((f'  needs a look: {", ".join(reasons)}', style))
    return [Content.assemble(*first), Content.assemble(*second)]


class DeskList(RowList):
    """One two-line row per desk, in the order given (needs a look first); Enter opens it."""

    ROW_HEIGHT = 2

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        """Prepares an empty list.

        Args:
            id (str | None): The widget's id.
            classes (str | None): The widget's CSS classes.
        """
        super().__init__(id=id, classes=classes)
        self._desks: list[DeskHealth] = []
        self.today = datetime.date.today()
        """India's today, for the trading dates' distance (the screen sets it)."""
        self.now = 0.0
        """The time now, for the state's age (the screen sets it)."""

    @property
    def row_count(self) -> int:
        """How many desks are listed."""
        return len(self._desks)

    @property
    def desks(self) -> list[DeskHealth]:
        """The desks listed, in order."""
        return list(self._desks)

    def row_lines(self, index: int, width: int) -> list[Content]:
        """Writes one desk's two lines.

        Args:
            index (int): The desk's place.
            width (int): The width in cells.

        Returns:
            list[Content]: Its lines.
        """
        return desk_lines(self._desks[index], self.today, self.now)

    def show_desks(self, desks: list[DeskHealth]) -> None:
        """Replaces the rows, keeping the highlight on the same desk where it is still listed.

        Args:
            desks (list[DeskHealth]): The desks, in order.
        """
        chosen = self.highlighted_desk
        self._desks = list(desks)
        self.rows_changed()
        names = [health.name for health in self._desks]
        if chosen is not None and chosen.name in names:
            self.highlighted = names.index(chosen.name)
        elif self._desks and self.highlighted is None:
            self.highlighted = 0

    @property
    def highlighted_desk(self) -> DeskHealth | None:
        """The desk highlighted, or None."""
        index = self.highlighted
        if index is None or not 0 <= index < len(self._desks):
            return None
        return self._desks[index]
