"""The Desks screen's list: one row per desk, those that need a person first, in warning colours."""

from __future__ import annotations

import datetime
from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.content import Content

from desk_browser.live.live_desk import age_text
from desk_browser.presentation.desk_health import DeskHealth
from desk_browser.presentation.formatting import (
    day_text,
    distance_from_today,
    india_moment,
    parse_day,
    plural,
)
from desk_browser.presentation.orders_day import OrderCounts
from desk_browser.presentation.safe_text import visible
from desk_browser.ui.widgets.fitted_line import Piece, fitted
from desk_browser.ui.widgets.row_list import RowList

SPARK_LEVELS = '▁▂▃▄▅▆▇█'
"""The sparkline's bars, from the fewest exchanges of a day to the most."""

_NAME_WIDTH = 14

_SEVERITY_STYLES = {'error': '$text-error', 'warning': '$text-warning', 'normal': ''}


def sparkline(counts: list[int]) -> str:
    """Draws exchanges per day (oldest first) as bars, one character a day, a space for none."""
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


def _route_piece(health: DeskHealth, short: bool) -> Piece:
    """Each backend's status in a word ("up to date" as "ok" when short)."""
    piece: Piece = []
    for position, route in enumerate(health.routes):
        if position:
            piece.append(', ')
        word = 'ok' if short and route.word == 'up to date' else route.word
        route_style = '$text-error' if route.severity == 'error' else ''
        piece.append((f'{visible(route.name)} {word}', route_style))
    return piece or [('no backend', '$text-muted')]


def orders_line(counts: OrderCounts | None, today: datetime.date, width: int) -> Content:
    """A desk's third line: "orders today: 5 placed, 4 filled, 1 rejected" (None: counting)."""
    indent = ' ' * (2 + _NAME_WIDTH)
    if counts is None:
        return Content.assemble(indent, ('orders: counting…', '$text-muted'))
    if not counts.day:
        return Content.assemble(indent, ('orders: no journal yet', '$text-muted'))
    date = parse_day(counts.day)
    distance = distance_from_today(date, today) if date is not None else ''
    when = distance if distance in ('today', 'yesterday') else day_text(visible(counts.day))
    line = Content.assemble(indent, (f'orders {when}: ', '$text-muted'), counts.text())
    return line.truncate(width, ellipsis=True)


def desk_lines(
    health: DeskHealth,
    today: datetime.date,
    now: float,
    width: int = 200,
    orders: OrderCounts | None = None,
) -> list[Content]:
    """Writes one desk's three lines, fitted to the width.

    Its state and problems, its backends and why it needs a look, its newest day's orders; the
    least needed details go first where too wide.

    Args:
        health (DeskHealth): The desk.
        today (datetime.date): India's today.
        now (float): The time now.
        width (int): The width in cells.
        orders (OrderCounts | None): Its newest journal day's orders; None while counted.

    Returns:
        list[Content]: The three lines.
    """
    style = _SEVERITY_STYLES[health.severity]
    mark = '▲ ' if health.severity == 'error' else '△ ' if health.severity == 'warning' else '  '
    name = visible(health.name)
    if len(name) > _NAME_WIDTH:
        name = name[: _NAME_WIDTH - 1] + '…'
    head: Piece = [(mark, style), (f'{name:<{_NAME_WIDTH}}', f'bold {style}')]
    if health.entry_problem is not None:
        line = Content.assemble(*head, (visible(health.entry_problem), style))
        return [line.truncate(width, ellipsis=True), Content(''), Content('')]
    first: dict[str, Piece] = {'name': head}
    short_session: Piece | None = None
    if health.session_id is not None and health.trading_date is not None:
        distance = distance_from_today(health.trading_date, today)
        first['session'] = [f'{visible(health.session_id)} · {distance}']
        short_session = [distance]
    else:
        first['session'] = [(visible(health.state_problem or 'no state'), style or '$text-warning')]
    age = None if health.state_written_at is None else now - health.state_written_at
    written = age_text(age)
    first['age'] = [('  ' + written, '$text-muted')]
    short_age: Piece = [('  ' + written.removeprefix('written '), '$text-muted')]
    if health.problem_count is None:
        first['problems'] = [('  · checking…', '$text-muted')]
    elif health.problem_count:
        first['problems'] = [(f'  · {plural(health.problem_count, "problem")}', '$text-error')]
    else:
        first['problems'] = [('  · no problems', '$text-muted')]
    moment = india_moment(health.last_exchange_at) if health.last_exchange_at else None
    short_last: Piece | None = None
    if moment is not None:
        when = f'{moment:%H:%M}' if moment.date() == today else f'{moment:%d %b %H:%M}'
        first['last'] = [('  · last ' + when, '$text-muted')]
        short_when = f'{moment:%H:%M}' if moment.date() == today else f'{moment:%d %b}'
        short_last = [('  · last ' + short_when, '$text-muted')]
    first_steps: list[tuple[str, Piece | None]] = []
    if health.problem_count == 0:
        first_steps.append(('problems', None))
    if short_last is not None:
        first_steps.append(('last', short_last))
    first_steps.append(('age', short_age))
    if short_session is not None:
        first_steps.append(('session', short_session))
    first_steps += [('last', None), ('age', None)]
    second: dict[str, Piece] = {
        'indent': [' ' * (2 + _NAME_WIDTH)],
        'routes': _route_piece(health, short=False),
    }
    second_steps: list[tuple[str, Piece | None]] = []
    if health.activity is not None:
        bars = sparkline([count for _day, count in health.activity])
        second['spark'] = ['  ', (bars, '$text-accent')]
        second_steps.append(('spark', ['  ', (bars[len(bars) // 2 :], '$text-accent')]))
    reasons = ', '.join(reason.text for reason in health.reasons)
    if reasons:
        second['reasons'] = [(f'  needs a look: {reasons}', style)]
        second_steps.insert(0, ('reasons', [(f'  {reasons}', style)]))
    second_steps += [('routes', _route_piece(health, short=True)), ('spark', None)]
    return [
        fitted(first, first_steps, width),
        fitted(second, second_steps, width),
        orders_line(orders, today, width),
    ]


class DeskList(RowList):
    """One three-line row per desk, in the order given (needs a look first); Enter opens it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # Shown: opening a desk is what the Desks screen is for (a RowList's own is hidden).
        Binding('enter', 'choose', 'Open', key_display='enter', id='desk-list-open'),
    ]

    ROW_HEIGHT = 3

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
        self.order_counts: dict[str, OrderCounts] = {}
        """Each desk's newest journal day's orders, by name, once counted (the screen sets it)."""

    @property
    def row_count(self) -> int:
        """How many desks are listed."""
        return len(self._desks)

    @property
    def desks(self) -> list[DeskHealth]:
        """The desks listed, in order."""
        return list(self._desks)

    def row_lines(self, index: int, width: int) -> list[Content]:
        """Writes the three lines of the desk at a place."""
        health = self._desks[index]
        counts = self.order_counts.get(health.name)
        return desk_lines(health, self.today, self.now, width, counts)

    def show_desks(self, desks: list[DeskHealth]) -> None:
        """Replaces the rows, keeping the highlight on the same desk where it is still listed."""
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
