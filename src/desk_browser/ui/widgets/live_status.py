"""The state pane's lines: state.json's age, following or paused, the problems, then the rest."""

from __future__ import annotations

from typing import cast

from textual.content import Content
from textual.css.styles import RulesMap
from textual.reactive import reactive
from textual.widgets import Static

from desk_browser.live.live_desk import age_text
from desk_browser.presentation.formatting import plural


class LiveStatus(Static):
    """Says how fresh the state is and whether the app follows the desk, and counts problems.

    The screen sets the reactives; under its lines it shows what `show_below` gives it.
    """

    DEFAULT_CSS = """
    LiveStatus {
        height: auto;
        width: 1fr;
    }
    """

    state_age: reactive[float | None] = reactive(None, init=False)
    """Seconds since state.json was written; None when there is none."""

    following: reactive[bool] = reactive(True)
    """Whether the app follows the desk's changes."""

    problem_count: reactive[int | None] = reactive(None)
    """How many problems `check` finds in the desk; None while it is being checked."""

    unreadable_count: reactive[int] = reactive(0)
    """How many of those problems are whole files that could not be read."""

    vanished: reactive[bool] = reactive(False)
    """Whether the desk folder is gone."""

    is_desk: reactive[bool] = reactive(True)
    """Whether the folder holds a desk (any of sessions/, journal/, notes/)."""

    _below: Content | None = None
    """The lines under the live status (the state pane's), or None."""

    def show_below(self, below: Content) -> None:
        """Shows the state pane's headline and details under the live status, replacing the last."""
        self._below = below
        self._refresh_lines()

    def on_mount(self) -> None:
        """Shows the first lines."""
        self.update(self._shown())

    def _shown(self) -> Content:
        """The live status's lines, and those shown under them."""
        lines = self.lines()
        return lines if self._below is None else Content('\n').join([lines, self._below])

    def _refresh_lines(self) -> None:
        if self.is_mounted:
            lines = self._shown()
            # The age changes every second; a layout of the whole screen is needed only when the
            # lines take another height at this width.
            width = self.content_region.width
            same_height = (
                width > 0
                and lines.get_height(cast(RulesMap, self.styles), width) == self.size.height
            )
            self.update(lines, layout=not same_height)

    watch_state_age = watch_following = watch_problem_count = _refresh_lines
    watch_unreadable_count = watch_vanished = watch_is_desk = _refresh_lines

    def lines(self) -> Content:
        """The lines (each fits 36 columns): the state's age, following or paused, the problems."""
        follow: tuple[str, str] = (
            ('following', '$text-success') if self.following else ('paused', 'bold $text-warning')
        )
        age = 'out of reach' if self.vanished else age_text(self.state_age)
        lines = [Content.styled(f'state.json {age}', '$text-muted')]
        if not self.is_desk:
            problems = Content.styled('no desk here', '$text-muted')
        elif self.problem_count is None:
            problems = Content.styled('checking for damage…', '$text-muted')
        elif self.problem_count == 0:
            problems = Content.styled('no damage found', '$text-muted')
        else:
            style = 'bold $text-error' if self.unreadable_count else 'bold $text-warning'
            problems = Content.styled(f'{plural(self.problem_count, "problem")}: press !', style)
        lines.append(Content.assemble(follow, (' · ', '$text-muted'), problems))
        if self.vanished:
            lines.append(
                Content.styled(
                    'The desk folder is gone: showing what was read before.', 'bold $text-error'
                )
            )
        return Content('\n').join(lines)
