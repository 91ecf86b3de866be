"""`orders` over a workspace: every desk's orders and rejections, each row naming its desk.

A desk's rows are exactly what `orders DESK` writes; an unreadable desk is named with its problem.
"""

from __future__ import annotations

import argparse
from typing import Any

from desk_browser.commands.common import EXIT_FOUND, EXIT_NOTHING, EXIT_USAGE
from desk_browser.commands.orders import (
    chosen_rows,
    damaged_note,
    json_document,
    nothing_note,
    read_book,
    read_options,
    write_rows,
)
from desk_browser.commands.output import print_data, print_note
from desk_browser.memory.workspace import Workspace, entry_problem
from desk_browser.presentation.order_rows import OrderRow
from desk_browser.presentation.safe_text import json_text, visible_field


def run_workspace_orders(workspace: Workspace, arguments: argparse.Namespace) -> int:
    """Writes every desk's orders and rejections of the days asked for.

    Args:
        workspace (Workspace): The workspace.
        arguments (argparse.Namespace): As for orders.run.

    Returns:
        int: 0 when any desk has orders or rejections, 1 when none has, 2 for bad usage.
    """
    try:
        first_day, last_day, symbols, statuses = read_options(arguments)
    except argparse.ArgumentTypeError as error:
        print_note(f'{visible_field(str(error))}.')
        return EXIT_USAGE
    entries: list[dict[str, Any]] = []
    shown: list[OrderRow] = []
    names: list[str] = []
    found = 0
    for desk in workspace.desks:
        problem = desk.problem or entry_problem(desk.path)
        entry: dict[str, Any] = {'name': desk.name, 'path': str(desk.path)}
        if problem is not None:
            entries.append({**entry, 'orders': [], 'rejections': [], 'problem': problem})
            print_note(f'{visible_field(desk.name)}: {visible_field(problem)}')
            continue
        book = read_book(desk.path, first_day, last_day, whole=arguments.json)
        rows = chosen_rows(book, first_day, last_day, symbols, statuses)
        found += len(rows)
        if arguments.json:
            document = json_document(book, rows, first_day, last_day)
            entries.append({**entry, **document, 'problem': None})
        name = visible_field(desk.name)
        shown.extend(rows)
        names.extend(name for _ in rows)
        if book.damaged_lines:
            print_note(f'{name}: {damaged_note(desk.path, book.damaged_lines)}')
    if arguments.json:
        print_data(json_text({'workspace': str(workspace.path), 'desks': entries}))
    else:
        write_rows(shown, names)
    if not found:
        print_note(nothing_note(first_day, last_day).replace('no orders', 'no desk has orders'))
        return EXIT_NOTHING
    return EXIT_FOUND
