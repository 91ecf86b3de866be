"""The state pane: which session is current, and where each backend stands against its log."""

from __future__ import annotations

import datetime

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.content import Content
from textual.widgets import Static

from desk_browser.presentation.desk_data import DESK_FOLDER_NAMES, DeskOverview
from desk_browser.presentation.formatting import (
    day_with_weekday,
    distance_from_today,
    plural,
    readable_json,
    route_status,
)
from desk_browser.presentation.safe_text import capped, visible
from desk_browser.ui.widgets.live_status import LiveStatus

_RUNNER_STATE_LIMIT = 2_000
"""How many characters of one backend's saved state the pane shows."""


def _line(*parts: str | tuple[str, str], classes: str = '') -> Static:
    """One line of the pane, built from plain text and (text, style) pairs, never from markup."""
    return Static(Content.assemble(*parts), classes=f'state-line {classes}'.strip())


class StatePane(VerticalScroll):
    """Shows state.json in words a person checking the desk after a restart reads first.

    Problems (a damaged state, a session without a log, a backend ahead of its log) use the theme's
    warning and error colours, through the ``-warning`` and ``-error`` classes.
    """

    can_focus = False

    def compose(self) -> ComposeResult:
        """The live status on top (state.json's age, following, problems); it stays."""
        yield LiveStatus(id='live-status')

    def show_loading(self) -> None:
        """Shows that the state is being read."""
        self.remove_children('.state-line')
        self.mount(_line(('Reading the desk…', '$text-muted')))

    def show_overview(self, overview: DeskOverview, today: datetime.date) -> None:
        """Replaces what the pane shows with the given overview.

        Args:
            overview (DeskOverview): The state and sessions just read.
            today (datetime.date): India's today, for "today", "yesterday", "3 days ago".
        """
        self.remove_children('.state-line')
        self.mount_all(list(self._lines(overview, today)))

    def _lines(self, overview: DeskOverview, today: datetime.date) -> list[Static]:
        lines: list[Static] = []
        if not overview.looks_like_desk:
            folders = ', '.join(f'{name}/' for name in DESK_FOLDER_NAMES)
            lines.append(_line('This folder is not a desk (yet).', classes='-warning'))
            lines.append(
                _line(
                    f'A desk folder holds {folders}: sessions/ keeps state.json and one log per '
                    'session, journal/ one file of events per day, notes/ Markdown notes. Open a '
                    'desk folder such as workspace/desks/main, or run desk-browser --demo.',
                    classes='-explain',
                )
            )
            return lines
        reading = overview.state
        state = reading.state
        if state is None:
            if reading.exists:
                reason = reading.problem.reason if reading.problem is not None else 'damaged'
                lines.append(
                    _line(f'state.json is unreadable ({visible(reason)}).', classes='-error')
                )
                lines.append(
                    _line('The desk will start a new session when it next runs.', classes='-error')
                )
            else:
                lines.append(
                    _line('No state yet: sessions/state.json does not exist.', classes='-warning')
                )
                lines.append(
                    _line(
                        'The desk starts its first session when it next runs.', classes='-explain'
                    )
                )
            return lines
        lines.append(_line(('Session  ', '$text-muted'), (visible(state.session_id), 'bold')))
        trading_date = state.trading_date
        lines.append(
            _line(
                ('Trading  ', '$text-muted'),
                day_with_weekday(trading_date),
                ('  ·  ', '$text-muted'),
                distance_from_today(trading_date, today),
            )
        )
        if trading_date > today:
            lines.append(
                _line(
                    "The trading date is after India's today: check this machine's clock.",
                    classes='-warning',
                )
            )
        current = next((entry for entry in overview.sessions if entry.is_current), None)
        if current is None:
            lines.append(_line('The current session has no log yet.', classes='-warning'))
        else:
            lines.append(
                _line(('Log      ', '$text-muted'), plural(current.exchange_count, 'exchange'))
            )
            if current.damaged_lines:
                lines.append(
                    _line(
                        f'{plural(current.damaged_lines, "damaged line")} skipped in its log.',
                        classes='-warning',
                    )
                )
        if not state.routes:
            lines.append(_line('No backend has a route yet.', classes='-explain'))
        for name, route in state.routes.items():
            status = route_status(route.exchanges_seen, overview.current_log_count)
            lines.append(_line((visible(name), 'bold $text-accent'), classes='route-name'))
            lines.append(
                _line(
                    f'{plural(route.exchanges_seen, "exchange")} seen · {status.text}',
                    classes=f'route-detail -{status.severity}',
                )
            )
            if route.runner_state is None:
                lines.append(_line(('runner_state: none', '$text-muted'), classes='route-detail'))
            else:
                text, note = capped(readable_json(route.runner_state), _RUNNER_STATE_LIMIT)
                lines.append(
                    _line(('runner_state:\n', '$text-muted'), visible(text), classes='route-detail')
                )
                if note is not None:
                    lines.append(_line((note, '$text-muted'), classes='route-detail'))
        return lines
