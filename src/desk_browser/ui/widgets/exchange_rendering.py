"""Pure functions that render a session's header and its exchange cards into `Strip`s.

Desk text goes through `visible`/`capped` or `markdown_source` first.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.cells import cell_len
from rich.console import Console, RenderableType
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from rich.theme import Theme
from textual.strip import Strip

from desk_browser.memory.session_store import Exchange
from desk_browser.presentation.desk_data import SessionLog
from desk_browser.presentation.formatting import india_time, plural
from desk_browser.presentation.problem_explanations import why_not_read
from desk_browser.presentation.safe_text import DEFAULT_LIMIT, capped, markdown_source, visible

CARD_BAR = '▌ '
"""What stands before each line of a card: the bar (coloured) and a space."""

TRIGGER_BAR = '│ '
"""What stands before each line of a trigger."""


@dataclass
class CardStyles:
    """The styles cards are rendered with (from the view's component classes, desk_text_look)."""

    text: Style = field(default_factory=Style)
    muted: Style = field(default_factory=Style)
    time: Style = field(default_factory=Style)
    backend: Style = field(default_factory=Style)
    trigger: Style = field(default_factory=Style)
    trigger_bar: Style = field(default_factory=Style)
    session: Style = field(default_factory=Style)
    warning: Style = field(default_factory=Style)
    error: Style = field(default_factory=Style)
    markdown: dict[str, Style] = field(default_factory=dict)
    code_theme: str = 'monokai'


def exchange_title(
    number: int,
    exchange: Exchange,
    styles: CardStyles,
    asked: str | None = None,
    width: int | None = None,
) -> Text:
    """Writes an exchange's title: ``#3  asked 09:48 · answered 09:55 IST  claude``.

    Narrower than `width`, the answer's time is left out; with no `asked` (ISO) time, only
    ``answered 09:55 IST``. `number` counts from 1.
    """
    asked_time = india_time(asked) if asked else None
    answered_time = india_time(exchange.finished_at)
    Piece = str | tuple[str, Style]
    head: list[Piece] = [(f'#{number}', styles.muted), '  ']
    tail: list[Piece] = ['  ', (visible(exchange.backend_name), styles.backend)]
    times: list[Piece] = []
    if asked_time is not None:
        times.extend([('asked ', styles.muted), (asked_time, styles.time)])
    if answered_time is None:
        unreadable = f'time unreadable: {visible(exchange.finished_at)[:40]}'
        times.extend([(' · ', styles.muted)] if times else [])
        times.append((f'answer {unreadable}' if times else unreadable, styles.warning))
        return Text.assemble(*head, *times, *tail)
    answered: list[Piece] = [('answered ', styles.muted), (f'{answered_time} IST', styles.time)]
    title = Text.assemble(
        *head, *times, *([(' · ', styles.muted)] if times else []), *answered, *tail
    )
    if asked_time is not None and width is not None and title.cell_len > width:
        title = Text.assemble(*head, *times, (' IST', styles.time), *tail)
    return title


def trigger_text(text: str, styles: CardStyles) -> Text:
    """Writes a trigger's text, made visible and capped."""
    kept, note = capped(text)
    result = Text(visible(kept), style=styles.trigger)
    if note is not None:
        result.append(f'\n{note}', style=styles.muted)
    return result


def header_lines(log: SessionLog, styles: CardStyles, width: int | None = None) -> list[Text]:
    """Writes the lines above a session's exchanges: its name and count, then its problems."""
    # While only the first exchanges are read, all that is known is that there are more: "161+",
    # no longer than the whole count that replaces it (a line more would move every card).
    count = plural(len(log.exchanges), 'exchange') if not log.unreadable else 'log unreadable'
    if not log.complete:
        count = f'{len(log.exchanges):,}+ exchanges'
    name = visible(log.session_id)
    between = '  ·  '
    if width is not None and cell_len(name) + len(between) + len(count) > width:
        between = ' · '
    lines = [
        Text.assemble(
            (name, styles.session),
            (between, styles.muted),
            count if log.complete else (count, styles.muted),
        )
    ]
    if log.damaged_lines:
        lines.append(
            Text(
                f'{plural(log.damaged_lines, "damaged line")} skipped in this log.',
                style=styles.warning,
            )
        )
    lines.extend(
        Text(
            f'The log could not be read: {visible(why_not_read(problem.reason))}',
            style=styles.error,
        )
        for problem in log.unreadable
    )
    if not log.exchanges and not log.unreadable:
        lines.append(Text('This session has no exchanges yet.'))
    if log.pending_bytes:
        lines.append(
            Text(
                'Its last line has no end yet: still being written (shown once complete), '
                'or cut short (press ! for problems).',
                style=styles.muted,
            )
        )
    return lines


def render_lines(console: Console, renderable: RenderableType, width: int) -> list[Strip]:
    """Renders anything Rich can render, with the app's console, into strips of exactly a width."""
    options = console.options.update(width=width, height=None, highlight=False)
    lines = console.render_lines(renderable, options, pad=True)
    return [Strip(line, width) for line in lines]


def render_header(console: Console, log: SessionLog, width: int, styles: CardStyles) -> list[Strip]:
    """Renders a session's header at a width, a blank line after each of its lines."""
    strips: list[Strip] = []
    for line in header_lines(log, styles, width):
        strips.extend(render_lines(console, line, width))
        strips.append(Strip.blank(width))
    return strips


def render_message(console: Console, message: Text, width: int) -> list[Strip]:
    """Renders a sentence shown instead of exchanges at a width."""
    return render_lines(console, message, width)


def render_answer(
    console: Console,
    answer: str,
    width: int,
    styles: CardStyles,
    limit: int = DEFAULT_LIMIT,
    *,
    plain: bool = False,
) -> list[Strip]:
    """Renders an answer as Markdown ("(no answer)" when empty), no blank lines at its ends.

    At most `limit` characters are rendered; `plain` renders the source without Rich's Markdown.
    """
    if not answer.strip():
        return render_lines(console, Text('(no answer)', style=styles.muted), width)
    if plain:
        strips = render_lines(console, Text(markdown_source(answer, limit)), width)
    else:
        from desk_browser.ui.widgets.safe_rich_markdown import SafeRichMarkdown  # See its doc.

        markdown = SafeRichMarkdown(markdown_source(answer, limit), styles.code_theme)
        with console.use_theme(Theme(styles.markdown, inherit=True)):
            strips = render_lines(console, markdown, width)
    while strips and not strips[-1].text.strip():
        strips.pop()
    while strips and not strips[0].text.strip():
        strips.pop(0)
    return strips


def render_card(
    console: Console,
    number: int,
    exchange: Exchange,
    width: int,
    styles: CardStyles,
    *,
    plain: bool = False,
    asked: str | None = None,
) -> list[Strip]:
    """Renders a card (title, trigger, blank line, answer) at a `width` without the card's bar."""
    strips = render_lines(console, exchange_title(number, exchange, styles, asked, width), width)
    bar = Segment(TRIGGER_BAR, styles.trigger_bar)
    trigger_width = max(1, width - len(TRIGGER_BAR))
    strips.extend(
        Strip([bar, *line], width)
        for line in render_lines(
            console, trigger_text(exchange.trigger_text, styles), trigger_width
        )
    )
    strips.append(Strip.blank(width))
    strips.extend(render_answer(console, exchange.answer, width, styles, plain=plain))
    return strips


def card_line(line: Strip, bar: Style, current: Style | None, base: Style, width: int) -> Strip:
    """Draws a card line behind its bar on `base`, `width` cells (`current`: the current card's)."""
    strip = Strip([Segment(CARD_BAR, bar), *line])
    if current is not None:
        strip = strip.apply_style(current)
    return strip.apply_style(base).crop_extend(0, width, base)


def estimate_card_height(exchange: Exchange, width: int) -> int:
    """Guesses how many lines a card takes at a width, without rendering it."""
    return (
        2
        + _wrapped_lines(exchange.trigger_text, width - 2)
        + _wrapped_lines(exchange.answer, width)
    )


def estimate_card_heights(exchanges: list[Exchange], width: int) -> list[int]:
    """Guesses each card's height at a width, as `estimate_card_height` does, in one loop."""
    trigger_width = max(width - 2, 1)
    answer_width = max(width, 1)
    heights: list[int] = []
    append = heights.append
    for exchange in exchanges:
        trigger = exchange.trigger_text
        answer = exchange.answer
        if len(trigger) > DEFAULT_LIMIT or len(answer) > DEFAULT_LIMIT:
            append(estimate_card_height(exchange, width))
        else:
            append(
                4
                + trigger.count('\n')
                + len(trigger) // trigger_width
                + answer.count('\n')
                + len(answer) // answer_width
            )
    return heights


def _wrapped_lines(text: str, width: int) -> int:
    """Counts, roughly and cheaply, the lines text takes when wrapped at a width."""
    note_lines = 0
    if len(text) > DEFAULT_LIMIT:
        text = text[:DEFAULT_LIMIT]
        note_lines = 2
    return text.count('\n') + 1 + len(text) // max(width, 1) + note_lines
