"""The first frame's answers drawn from the lines kept at the last start, then checked.

Drawing an answer needs Rich's Markdown, markdown-it and Pygments: about 35 ms of imports before
the first frame, at every start, for the handful of answers it shows. The lines an answer is
drawn as depend on its text, the width, the styles, the console's options and the code that
draws them, so the lines the first frame's answers were drawn as are kept in the cache folder
(presentation.drawn_answers), under a key made of all but the code. At the next start the
exchange view draws an answer from its kept lines when its key is there, Markdown still unloaded.

Once that frame is on screen, Markdown is loaded off the event loop and every answer drawn from
kept lines is rendered again: one that differs (other code, another Rich) is drawn again as
rendered, so the view settles as if nothing had been recalled. The answers this start rendered
are then kept for the next one (in a thread, only when they differ from what was kept), or as the
view is unmounted when the app quits before that thread has kept them.
"""

from __future__ import annotations

import threading
from dataclasses import fields

from rich.color import ColorParseError
from rich.console import Console
from rich.errors import StyleSyntaxError
from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip

from desk_browser.presentation.drawn_answers import (
    DrawnLines,
    DrawnRun,
    KeptDrawings,
    drawing_key,
    write_drawn_answers,
)
from desk_browser.ui.widgets.exchange_rendering import CardStyles

KEEP_WAIT = 1.0
"""The most seconds a second `keep` (the app quitting) waits for the first one's write."""


class AnswerDrawings:
    """The answers of one view's first frame: recalled from kept lines, and kept for the next."""

    def __init__(self, kept: KeptDrawings) -> None:
        """Starts from the lines kept at the last start.

        Args:
            kept (KeptDrawings): The kept lines and their file (read by the first read).
        """
        self._kept = kept
        self._recalling = True
        self._noting = True
        self.recalled = 0
        """How many answers were drawn from kept lines so far."""
        self._rendered: dict[str, DrawnLines] = {}
        self._keyed_styles: tuple[CardStyles, str] | None = None
        self._keeping = threading.Lock()
        """Held while the answers are kept: a second `keep` waits for the first, then returns."""

    def key(self, console: Console, answer: str, width: int, styles: CardStyles, limit: int) -> str:
        """Names everything an answer's lines depend on, but the code that draws them.

        Args:
            console (Console): The console it is rendered with.
            answer (str): The answer's Markdown.
            width (int): The width in cells.
            styles (CardStyles): The styles.
            limit (int): The most characters rendered.

        Returns:
            str: The key.
        """
        keyed = self._keyed_styles
        if keyed is None or keyed[0] is not styles:
            keyed = (styles, _styles_text(styles))
            self._keyed_styles = keyed
        options = console.options
        drawn_with = (
            options.legacy_windows,
            options.min_width,
            options.is_terminal,
            options.encoding,
            options.justify,
            options.overflow,
            options.no_wrap,
            options.markup,
        )
        return drawing_key((answer, str(width), str(limit), keyed[1], repr(drawn_with)))

    def recall(self, key: str, width: int) -> list[Strip] | None:
        """The lines kept for a key, while the first frame is drawn.

        Args:
            key (str): The answer's key.
            width (int): The width in cells.

        Returns:
            list[Strip] | None: The lines; None when none are kept or recalling has ended.
        """
        lines = self._kept.answers.get(key) if self._recalling else None
        if lines is None:
            return None
        try:
            strips = [
                Strip([Segment(text, _style(definition)) for text, definition in line], width)
                for line in lines
            ]
        except (StyleSyntaxError, ColorParseError):  # Not a style Rich wrote: rendered instead.
            return None
        self.recalled += 1
        return strips

    def rendered(self, key: str, strips: list[Strip]) -> None:
        """Notes how an answer was rendered, to keep for the next start.

        Args:
            key (str): The answer's key.
            strips (list[Strip]): Its lines, as rendered (not recalled).
        """
        if self._noting:
            lines = _drawn_lines(strips)
            if lines is not None:
                self._rendered[key] = lines

    def stop_recalling(self) -> None:
        """Ends recalling: the first frame is drawn (what is rendered is still noted)."""
        self._recalling = False

    def keep(self) -> None:
        """Ends noting; keeps the answers rendered for the next start, if not those kept.

        Only the first call keeps them (from a worker thread, or as the view is unmounted); a call
        while that one writes waits for it (at most KEEP_WAIT), so a quitting app leaves with the
        file written. The first also sweeps the folder of temporary files left by writes that
        were cut short.
        """
        if not self._keeping.acquire(timeout=KEEP_WAIT):
            return  # The other call is stuck writing (a hung disk): not waited for longer.
        try:
            if not self._noting:
                return
            self._noting = False
            self._kept.sweep()  # What a write cut short by an earlier process's end left.
            if self._rendered and self._rendered != self._kept.answers:
                write_drawn_answers(self._kept.path, self._rendered)
        finally:
            self._keeping.release()


def same_lines(first: list[Strip], second: list[Strip]) -> bool:
    """Says whether two renderings are the same lines: the same runs, text and styles.

    Args:
        first (list[Strip]): Lines.
        second (list[Strip]): Other lines.

    Returns:
        bool: True when every line has the same segments and width.
    """
    return len(first) == len(second) and all(
        a.cell_length == b.cell_length and list(a) == list(b)
        for a, b in zip(first, second, strict=True)
    )


def _styles_text(styles: CardStyles) -> str:
    """Names every style of a card's look, for a drawing key.

    Each style by its definition (`str(Style)`: its colours and attributes, all a card's styles
    have), where the key once held `repr(styles)`: Rich's repr of 25 styles, built through
    inspect.signature for each, cost each start's first frame about 0.3 ms.
    """
    named: list[str] = []
    for place in fields(styles):
        value = getattr(styles, place.name)
        if isinstance(value, dict):
            named.extend(f'{place.name}.{name}={style}' for name, style in value.items())
        else:
            named.append(f'{place.name}={value}')
    return '\x1f'.join(named)


def _style(definition: str | None) -> Style | None:
    """A kept style definition's style (Rich remembers the ones it parsed)."""
    return Style.parse(definition) if definition is not None else None


def _drawn_lines(strips: list[Strip]) -> DrawnLines | None:
    """An answer's lines as kept, or None when one of its styles could not be kept exactly.

    Args:
        strips (list[Strip]): The lines, as rendered.

    Returns:
        DrawnLines | None: Each line's runs of text and style definition.
    """
    lines: list[tuple[DrawnRun, ...]] = []
    for strip in strips:
        runs: list[DrawnRun] = []
        for text, style, control in strip:
            if control:
                return None
            if style is None:
                runs.append((text, None))
                continue
            definition = str(style)
            if style.link is not None or style.meta or Style.parse(definition) != style:
                return None
            runs.append((text, definition))
        lines.append(tuple(runs))
    return tuple(lines)
