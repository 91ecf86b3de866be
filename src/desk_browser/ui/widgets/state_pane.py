"""The state pane: which session is current, and where each backend stands against its log."""

from __future__ import annotations

import datetime
from typing import cast

from textual.app import ComposeResult
from textual.content import Content
from textual.css.styles import RulesMap
from textual.widget import Widget

from desk_browser.presentation.desk_data import DESK_FOLDER_NAMES, DeskOverview, count_text
from desk_browser.presentation.formatting import (
    day_with_weekday,
    distance_from_today,
    plural,
    readable_json,
    route_status,
)
from desk_browser.presentation.listed_sessions import current_entry
from desk_browser.presentation.safe_text import capped, visible
from desk_browser.presentation.unusable_state import unusable_state
from desk_browser.ui.widgets.familiar_keys import KeyedScroll
from desk_browser.ui.widgets.live_status import LiveStatus

_RUNNER_STATE_LIMIT = 2_000
"""How many characters of one backend's saved state the pane shows."""

_SESSIONS_KEPT = 3
"""Rows of the column a long headline leaves the sessions list: its border and one session."""

_LABEL_WIDTH = 9
"""The width of the headline's labels ("Session", "Trading", "Log"), their space included."""

_SEVERITY_STYLES = {
    'normal': '',
    'warning': 'bold $text-warning',
    'error': 'bold $text-error on $error-muted',
}
"""How a line of each severity stands out (the theme's warning and error colours)."""

Part = str | tuple[str, str]
"""A piece of a line: plain text, or (text, style)."""


def _styled(text: str, severity: str) -> Part:
    """Text in the style of a severity ("normal", "warning", "error", or "muted")."""
    style = '$text-muted' if severity == 'muted' else _SEVERITY_STYLES[severity]
    return (text, style) if style else text


def _label(text: str) -> tuple[str, str]:
    """A headline label, muted and padded so the values line up."""
    return (text.ljust(_LABEL_WIDTH), '$text-muted')


class StatePane(KeyedScroll):
    """Shows state.json in words a person checking the desk after a restart reads first.

    On top a headline that fits at 80x24 (status, session, date, log, each backend); below, the
    details, which alone scroll.
    """

    _headline: Content | None = None
    """The headline shown (under the live status's lines), or None before the first."""

    _fitted_for: tuple[int, int, int] | None = None
    """What the cap was last fitted to: the headline's rows, the column's height, the width."""

    def compose(self) -> ComposeResult:
        """The live status (state.json's age, following, problems), headline and details below."""
        yield LiveStatus(id='live-status')

    def show_loading(self) -> None:
        """Shows that the state is being read."""
        self._show([('Reading the desk…', '$text-muted')], [])

    def show_overview(self, overview: DeskOverview, today: datetime.date) -> None:
        """Shows an overview just read (`today`, India's, for words such as "3 days ago")."""
        headline, details = self._lines(overview, today)
        self._show(headline, details)

    def _show(self, headline: list[Content | Part], details: list[Content | Part]) -> None:
        """Shows the headline and the details (each a list of lines) under the live status."""
        self.query_one(LiveStatus).show_below(_joined(headline + details))
        self._headline = _joined(headline)
        self._fit_the_headline()

    def on_resize(self) -> None:
        """Fits the cap to the headline again at the new size."""
        self._fit_the_headline()

    def _fit_the_headline(self) -> None:
        """Raises the pane's height cap to its headline's (the sessions keep `_SESSIONS_KEPT`)."""
        column = self.parent
        status = self.query_one(LiveStatus)
        width = status.content_region.width
        if self._headline is None or not isinstance(column, Widget) or width <= 0:
            return
        lines = Content('\n').join([status.lines(), self._headline])
        rows = lines.get_height(cast(RulesMap, status.styles), width) + self.styles.gutter.height
        fitted_for = (rows, column.size.height, width)
        if fitted_for == self._fitted_for:
            return
        self._fitted_for = fitted_for
        self.styles.max_height = None  # The stylesheet's cap, to compare with.
        cap = self.styles.max_height
        if cap is None or rows <= cap.resolve(column.size, self.app.size):
            return
        self.styles.max_height = max(min(rows, column.size.height - _SESSIONS_KEPT), 1)

    def _lines(
        self, overview: DeskOverview, today: datetime.date
    ) -> tuple[list[Content | Part], list[Content | Part]]:
        """The headline's lines and the details' lines."""
        if not overview.looks_like_desk:
            folders = ', '.join(f'{name}/' for name in DESK_FOLDER_NAMES)
            return [_styled('This folder is not a desk (yet).', 'warning')], [
                _styled(
                    f'A desk folder holds {folders}: sessions/ keeps state.json and one log per '
                    'session, journal/ one file of events per day, notes/ Markdown notes. Open a '
                    'desk folder such as workspace/desks/main, or run desk-browser --demo.',
                    'muted',
                )
            ]
        reading = overview.state
        state = reading.state
        unusable = unusable_state(reading)
        if unusable is not None:  # Damaged, or only this user may not read it.
            return [
                _styled(visible(unusable.headline), 'error'),
                _styled(unusable.consequence, 'error'),
            ], []
        if state is None:
            return [
                _styled('No state yet: sessions/state.json does not exist.', 'warning'),
                _styled('The desk starts its first session when it next runs.', 'muted'),
            ], []
        headline: list[Content | Part] = [
            Content.assemble(_label('Session'), (visible(state.session_id), 'bold'))
        ]
        trading_date = state.trading_date
        distance = distance_from_today(trading_date, today)
        # The weekday only beside a near day ("today", "yesterday"): with "41 days ago" it made
        # the line wider than the pane's 35 columns at 80x24, and its last word wrapped.
        near = abs((trading_date - today).days) <= 1
        headline.append(
            Content.assemble(
                _label('Trading'),
                day_with_weekday(trading_date) if near else trading_date.isoformat(),
                (' · ', '$text-muted'),
                distance,
            )
        )
        if trading_date > today:
            headline.append(
                _styled(
                    "The trading date is after India's today: check this machine's clock.",
                    'warning',
                )
            )
        current = current_entry(overview.sessions)  # Making no other session's entry.
        if current is None:
            headline.append(_styled('The current session has no log yet.', 'warning'))
        else:
            headline.append(Content.assemble(_label('Log'), count_text(current)))
            if current.damaged_lines:
                headline.append(
                    _styled(
                        f'{plural(current.damaged_lines, "damaged line")} skipped in its log.',
                        'warning',
                    )
                )
        if not state.routes:
            headline.append(_styled('No backend has a route yet.', 'muted'))
        names = [visible(name) for name in state.routes]
        width = max((len(name) for name in names), default=0) + 2
        details: list[Content | Part] = []
        for name, route in zip(names, state.routes.values(), strict=True):
            status = route_status(route.exchanges_seen, overview.current_log_count)
            headline.append(
                Content.assemble(
                    (name.ljust(max(width, _LABEL_WIDTH)), 'bold $text-accent'),
                    _styled(status.word, status.severity),
                    (f' · {route.exchanges_seen:,} seen', '$text-muted'),
                )
            )
            details.append('')
            details.append((name, 'bold $text-accent'))
            details.append(
                _styled(
                    f'{plural(route.exchanges_seen, "exchange")} seen · {status.text}',
                    status.severity,
                )
            )
            if route.runner_state is None:
                details.append(('runner_state: none', '$text-muted'))
            else:
                text, note = capped(readable_json(route.runner_state), _RUNNER_STATE_LIMIT)
                details.append(('runner_state:', '$text-muted'))
                details.append(visible(text))
                if note is not None:
                    details.append((note, '$text-muted'))
        return headline, details


def _joined(lines: list[Content | Part]) -> Content:
    """One Content of the lines, one a line (plain text is never read as markup)."""
    return Content('\n').join(
        line if isinstance(line, Content) else Content.assemble(line) for line in lines
    )
