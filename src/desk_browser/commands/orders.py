"""`desk-browser orders DESK [--day D | --since D --until D] [--symbol S] [--status S] [--json]`.

The desk's orders as a blotter (status at the end of the last day), then its rejections.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import gc
import shutil
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from desk_browser.commands.common import (
    EXIT_FOUND,
    EXIT_NOTHING,
    EXIT_USAGE,
    add_desk_arguments,
    desk_command,
    iso_date,
)
from desk_browser.commands.output import print_data, print_note
from desk_browser.memory.order_book import OrderBook, OrderStatus, read_order_book_around
from desk_browser.memory.search_scope import parse_day_range
from desk_browser.presentation.formatting import india_today, plural
from desk_browser.presentation.order_rows import (
    REJECTED,
    OrderRow,
    book_rows,
    order_object,
    risk_object,
    status_at_end,
)
from desk_browser.presentation.safe_text import json_text, visible_field

HELP = "list a desk's orders and risk rejections, each with its status and trigger"

STATUS_WORDS = {
    'open': str(OrderStatus.OPEN),
    'part': str(OrderStatus.PART_FILLED),
    'part-filled': str(OrderStatus.PART_FILLED),
    'part_filled': str(OrderStatus.PART_FILLED),
    'part filled': str(OrderStatus.PART_FILLED),
    'partial': str(OrderStatus.PART_FILLED),
    'filled': str(OrderStatus.FILLED),
    'cancelled': str(OrderStatus.CANCELLED),
    'canceled': str(OrderStatus.CANCELLED),
    'rejected': REJECTED,
}
"""What each word a person may give to --status means."""

_EPILOG = """\
output:
  one order a line, fields separated by tabs: DAY and TIME (India) it was placed, SYMBOL,
  SIDE, QTY, PRICE, STATUS at the end of the last day asked for ("open", "part filled 50/100",
  "filled", "cancelled"; ", placed earlier" when its placement is not in the journal, "; later
  filled" when it changed after that day), FILL (the fills' average price), FILLED AT (the last
  fill's India time, with its day when not the order's), ORDER (its id) and TRIGGER (the first
  words of what the desk was told before it placed it); "-" where the journal does not say.
  An order shows on every day it has an event: placed, filled or cancelled.
  Then the risk rejections no order followed: STATUS "rejected", the reason in FILL's place.
  Through a pipe, as above; on a terminal, two tables laid out to its width: the orders (DAY
  when several days, TIME, SYMBOL, SIDE, QTY, PRICE, STATUS, FILL with its time, TRIGGER), then
  the rejections (TIME, SYMBOL, REASON, TRIGGER).
  --json writes {"desk", "first_day", "last_day", "orders": [{"order_id", "day", "time",
  "symbol", "side", "quantity", "price", "status", "status_at_end", "filled_quantity",
  "average_fill_price", "seen_placed", "risk", "events": [{"kind", "day", "line", "time",
  "fields"}], "exchange": {"day", "line", "time", "trigger", "answer", "backend", "session_id",
  "events"}}], "rejections": [...], "damaged_lines"}; "status" is after every day read (up to
  31 days past the last asked for), "status_at_end" at the end of the last day asked for.

days: --day D (one day or A..B), or --since D and/or --until D; D is YYYY-MM-DD, today,
  yesterday or a weekday (the last seven days), as search's day: qualifier. Without them, every
  day of the journal.

exit status: 0 orders or rejections found, 1 none,
2 bad usage or a DESK that is missing, unreadable or no desk,
130 interrupted, 141 stdout closed (as by | head)

examples:
  desk-browser orders workspace/desks/main --day yesterday
  desk-browser orders workspace/desks/main --since 2026-10-01 --symbol NIFTY --status filled
  desk-browser orders workspace/desks/main --day today --status rejected
  desk-browser orders workspace/desks/main --day yesterday --json | jq '.orders[] | {symbol,
    side, status, why: .exchange.trigger}'
"""

WORKSPACE_EPILOG = """\
over a folder of desks (such as workspace/desks): each line starts with the desk's NAME (a
column DESK on a terminal); --json writes {"workspace", "desks": [{"name", "path", "orders",
"rejections", "damaged_lines", "problem"}]}. Exit status 0 when any desk has orders or
rejections in those days, 1 when none has.
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Adds the orders command's arguments to its parser."""
    add_desk_arguments(parser, 'each order with its events and exchange', _EPILOG)
    parser.epilog = f'{_EPILOG}\n{WORKSPACE_EPILOG}'
    days = parser.add_argument_group('days', 'which days; without them, every day')
    days.add_argument(
        '--day', metavar='DAY', help='that day: YYYY-MM-DD, today, yesterday, a weekday, or A..B'
    )
    days.add_argument('--since', metavar='DAY', help='that day and later (same values as --day)')
    days.add_argument('--until', metavar='DAY', help='that day and earlier (same values)')
    days.add_argument(
        '--today',
        type=iso_date,
        default=None,
        metavar='YYYY-MM-DD',
        help="the date today, yesterday and weekdays count from (default: India's today)",
    )
    parser.add_argument(
        '--symbol',
        action='append',
        default=[],
        metavar='SYMBOL',
        help='only symbols starting with it, ignoring case (NIFTY: NIFTY26OCTFUT and its '
        'options, not BANKNIFTY); SYMBOL,SYMBOL... or given again for more',
    )
    parser.add_argument(
        '--status',
        action='append',
        default=[],
        metavar='STATUS',
        help='only orders of that status at the end of the last day asked for (as the Orders '
        'view filters a day): open, part (filled), filled, cancelled or rejected; STATUS,STATUS...',
    )


def day_range(arguments: argparse.Namespace) -> tuple[str | None, str | None]:
    """Reads --day, --since and --until: the first and last day asked for (None: no bound).

    Raises:
        argparse.ArgumentTypeError: A value is bad, or --day comes with --since or --until.
    """
    today: datetime.date = arguments.today or india_today()
    if arguments.day is not None and (arguments.since is not None or arguments.until is not None):
        raise argparse.ArgumentTypeError(
            '--day goes alone: give --day D, or --since D and/or --until D'
        )
    first: datetime.date | None = None
    last: datetime.date | None = None
    for name, value in (
        ('day', arguments.day),
        ('since', arguments.since),
        ('until', arguments.until),
    ):
        if value is None:
            continue
        try:
            start, end = parse_day_range(value, today)
        except ValueError as error:
            raise argparse.ArgumentTypeError(f'--{name}: {error}') from None
        if name in ('day', 'since'):
            first = start if start is not None else first
        if name in ('day', 'until'):
            last = end if end is not None else last
    if first is not None and last is not None and first > last:
        raise argparse.ArgumentTypeError(
            f'--since {first.isoformat()} is after --until {last.isoformat()}'
        )
    return (
        first.isoformat() if first is not None else None,
        last.isoformat() if last is not None else None,
    )


def read_statuses(values: Sequence[str]) -> frozenset[str]:
    """Reads each --status given: the status words asked for, empty for every status.

    Raises:
        argparse.ArgumentTypeError: A value is not a status.
    """
    found = set()
    for value in values:
        for part in value.split(','):
            word = STATUS_WORDS.get(part.strip().lower())
            if word is None:
                raise argparse.ArgumentTypeError(
                    f'--status: {part!r} is not a status (open, part, filled, cancelled, rejected)'
                )
            found.add(word)
    return frozenset(found)


def read_symbols(values: Sequence[str]) -> tuple[str, ...]:
    """Reads each --symbol given: the symbols' starts, upper-cased; empty for every symbol."""
    return tuple(
        part.strip().upper() for value in values for part in value.split(',') if part.strip()
    )


def read_book(desk: Path, first_day: str | None, last_day: str | None, *, whole: bool) -> OrderBook:
    """Reads the asked-for days' book by the Orders view's rule (`whole`: for --json)."""
    with _collection_paused():
        if whole:
            return read_order_book_around(desk, first_day, last_day)
        from desk_browser.memory.order_memo import OrderMemo  # Only the table reads through it.

        memo = OrderMemo.for_desk(desk)
        try:
            return read_order_book_around(desk, first_day, last_day, memo=memo)
        finally:
            memo.save()


@contextlib.contextmanager
def _collection_paused() -> Iterator[None]:
    """Pauses the cyclic garbage collector while a book is read; what it made is then frozen."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if collecting:
            gc.enable()


def chosen_rows(
    book: OrderBook,
    first_day: str | None,
    last_day: str | None,
    symbols: tuple[str, ...],
    statuses: frozenset[str],
) -> list[OrderRow]:
    """The orders, then rejections, asked for (`symbols`: upper-case starts; empty for all)."""
    orders, rejections = book_rows(book, first_day, last_day)
    return [
        row
        for row in (*orders, *rejections)
        if (not statuses or _status_of(row, last_day) in statuses)
        and (not symbols or _symbol_of(row).upper().startswith(symbols))
    ]


def _status_of(row: OrderRow, last_day: str | None) -> str:
    """A row's status at the end of the last day asked for (as the Orders view filters)."""
    story = row.order if row.order is not None else row.rejection
    return status_at_end(story, last_day) if story is not None else row.status_word


def _symbol_of(row: OrderRow) -> str:
    if row.order is not None:
        return row.order.symbol
    return row.rejection.symbol if row.rejection is not None else ''


NARROWEST_LAST_COLUMN = 24
"""Below this room for the last column (the trigger), the row's tail goes on a line of its own."""


def aligned_lines(
    rows: Sequence[Sequence[str]], header: Sequence[str], width: int, tail: int = 1
) -> list[str]:
    """Lays rows (safe text) out for a terminal: columns padded, the last cut to the width.

    When too narrow, a row's last `tail` cells go on a second, indented line. Returns the header,
    then the rows' lines.
    """
    everything = [list(header), *[list(row) for row in rows]]
    widths = [max(len(row[column]) for row in everything) for column in range(len(header) - 1)]
    room = width - 1 - sum(widths) - 2 * len(widths)
    lines = []
    if room >= NARROWEST_LAST_COLUMN:
        for row in everything:
            padded = [cell.ljust(column) for cell, column in zip(row, widths, strict=False)]
            lines.append('  '.join([*padded, _cut(row[-1], room)]).rstrip())
        return lines
    lead = len(header) - tail
    for row in everything:
        padded = [cell.ljust(column) for cell, column in zip(row[:lead], widths, strict=False)]
        lines.append('  '.join(padded).rstrip())
        lines.append('    ' + _cut(' · '.join(row[lead:]), width - 5))
    return lines


def _cut(text: str, room: int) -> str:
    """Cuts a cell to its room with "…"."""
    return text if len(text) <= room else text[: max(1, room - 1)] + '…'


def _terminal_fill(row: OrderRow) -> str:
    """The fill's price and time in one cell: "25855.7 at 09:30", "53419.9 at 10-21 09:15"."""
    if row.filled_at == '-':
        return 'no fill' if row.fill == '-' else row.fill
    return f'{row.fill} at {row.filled_at[5:] if len(row.filled_at) > 5 else row.filled_at}'


def terminal_tables(rows: Sequence[OrderRow], desks: Sequence[str] | None = None) -> list[str]:
    """Lays rows out for a terminal: DAY when several days, DESK (each row's, safe) if given."""
    width = shutil.get_terminal_size().columns
    several_days = len({row.day for row in rows}) > 1
    orders: list[list[str]] = []
    rejections: list[list[str]] = []
    for position, row in enumerate(rows):
        lead = [desks[position]] if desks is not None else []
        if several_days:
            lead.append(row.day)
        if row.order is not None:
            status = row.status.replace('part filled ', 'part ', 1)
            cells = [row.time, row.symbol, row.side, row.quantity, row.price, status]
            cells.append(_terminal_fill(row))
            orders.append([*lead, *cells, row.trigger])
        else:
            rejections.append([*lead, row.time, row.symbol, row.fill, row.trigger])
    lead_names = (['DESK'] if desks is not None else []) + (['DAY'] if several_days else [])
    lines: list[str] = []
    if orders:
        header = [*lead_names, 'TIME', 'SYMBOL', 'SIDE', 'QTY', 'PRICE', 'STATUS', 'FILL']
        lines.extend(aligned_lines(orders, [*header, 'TRIGGER'], width, tail=2))
    if rejections:
        if lines:
            lines.append('')
        lines.append('Rejected by risk (no order followed):')
        header = [*lead_names, 'TIME', 'SYMBOL', 'REASON', 'TRIGGER']
        lines.extend(aligned_lines(rejections, header, width, tail=2))
    return lines


def write_rows(rows: Sequence[OrderRow], desks: Sequence[str] | None = None) -> None:
    """Writes rows: tables on a terminal, else a tab-separated line each (led by its desk)."""
    if _is_terminal():
        for line in terminal_tables(rows, desks):
            print_data(line)
        return
    for position, row in enumerate(rows):
        lead = (desks[position],) if desks is not None else ()
        print_data('\t'.join((*lead, *row.cells)))


def _is_terminal() -> bool:
    isatty = getattr(sys.stdout, 'isatty', None)
    try:
        return bool(isatty()) if isatty is not None else False
    except ValueError:  # A closed stdout.
        return False


def json_document(
    book: OrderBook, rows: list[OrderRow], first_day: str | None, last_day: str | None
) -> dict[str, Any]:
    """The --json document of one desk: orders, rejections (with exchanges), days, damaged_lines."""
    return {
        'first_day': first_day,
        'last_day': last_day,
        'orders': [order_object(row.order, last_day) for row in rows if row.order is not None],
        'rejections': [
            risk_object(row.rejection, with_exchange=True)
            for row in rows
            if row.rejection is not None
        ],
        'damaged_lines': book.damaged_lines,
    }


def read_options(
    arguments: argparse.Namespace,
) -> tuple[str | None, str | None, tuple[str, ...], frozenset[str]]:
    """Reads the days, symbols and statuses asked for.

    Raises:
        argparse.ArgumentTypeError: An option's value is bad.
    """
    first_day, last_day = day_range(arguments)
    return first_day, last_day, read_symbols(arguments.symbol), read_statuses(arguments.status)


def nothing_note(first_day: str | None, last_day: str | None) -> str:
    """Says that no order or rejection was found, and in which days."""
    if first_day is None and last_day is None:
        where = 'in the journal'
    elif first_day == last_day:
        where = f'on {first_day}'
    elif first_day is None:
        where = f'up to {last_day}'
    elif last_day is None:
        where = f'from {first_day}'
    else:
        where = f'from {first_day} to {last_day}'
    return f'no orders or rejections {where} (with those options).'


def damaged_note(desk: Path, count: int) -> str:
    """Says how many damaged journal lines were skipped, naming the command that lists them."""
    shown = visible_field(str(desk))
    return f'{plural(count, "damaged line")} skipped; desk-browser check {shown} lists them.'


@desk_command(workspace_run='workspace_orders.run_workspace_orders')
def run(desk: Path, arguments: argparse.Namespace) -> int:
    """Writes the desk's orders and rejections of the days asked for; gives the exit status."""
    try:
        first_day, last_day, symbols, statuses = read_options(arguments)
    except argparse.ArgumentTypeError as error:
        print_note(f'{visible_field(str(error))}.')
        return EXIT_USAGE
    book = read_book(desk, first_day, last_day, whole=arguments.json)
    rows = chosen_rows(book, first_day, last_day, symbols, statuses)
    if arguments.json:
        document = {'desk': str(desk), **json_document(book, rows, first_day, last_day)}
        print_data(json_text(document))
    else:
        write_rows(rows)
    if book.damaged_lines:
        print_note(damaged_note(desk, book.damaged_lines))
    if not rows:
        print_note(nothing_note(first_day, last_day))
        return EXIT_NOTHING
    return EXIT_FOUND
