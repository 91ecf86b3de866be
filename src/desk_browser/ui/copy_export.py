"""What the copy and export keys act on in each screen, and the text they produce.

`y` copies the chosen exchange, event or record as Markdown, `Y` as its JSON line; `x` exports the
session, the day or the search results shown as a Markdown file. The screens stay unaware of this:
each function looks at the screen it is given and returns either what to copy or export, or a
sentence saying why there is nothing.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from textual.screen import Screen
from textual.widgets import Input

from desk_browser.export import (
    day_markdown,
    event_json,
    event_markdown,
    exchange_json,
    exchange_markdown,
    export_file_name,
    record_json,
    record_markdown,
    search_markdown,
    session_markdown,
)
from desk_browser.memory.session_search import SearchResult
from desk_browser.ui.screens.day_screen import DayScreen
from desk_browser.ui.screens.main_screen import MainScreen
from desk_browser.ui.screens.record_screen import RecordScreen
from desk_browser.ui.screens.search_screen import SearchScreen
from desk_browser.ui.widgets.exchange_view import ExchangeView
from desk_browser.ui.widgets.search_hit_list import SearchHitList, hit_label

_LOGGER = logging.getLogger(__name__)


@dataclass(frozen=True)
class Copied:
    """Text to put on the clipboard.

    Attributes:
        text: The text.
        what: What it is, for the toast, such as "exchange 3 as Markdown".
    """

    text: str
    what: str


@dataclass(frozen=True)
class Export:
    """A document to write to a file.

    Attributes:
        file_name: The file's name.
        document: The Markdown.
    """

    file_name: str
    document: str


def copy_from(screen: Screen[object], as_json: bool) -> Copied | str:
    """Finds what the copy keys act on in a screen.

    Args:
        screen: The screen shown.
        as_json: True for the JSON line, False for Markdown.

    Returns:
        What to copy, or a sentence saying why there is nothing.
    """
    form = 'its JSON line' if as_json else 'Markdown'
    if isinstance(screen, MainScreen):
        view = screen.query_one(ExchangeView)
        log = view.shown_log
        index = view.chosen_index()
        if log is None or index is None or not 0 <= index < len(log.exchanges):
            return 'No exchange is shown to copy.'
        exchange = log.exchanges[index]
        text = exchange_json(exchange) if as_json else exchange_markdown(index + 1, exchange)
        return Copied(text, f'exchange {index + 1} as {form}')
    if isinstance(screen, DayScreen):
        event = screen.highlighted_event
        if event is None:
            return 'No event is highlighted to copy.'
        text = event_json(event) if as_json else event_markdown(event)
        return Copied(text, f'the {event.type} event as {form}'.replace('_', ' '))
    if isinstance(screen, RecordScreen):
        hit = screen.hit
    elif isinstance(screen, SearchScreen):
        hits = screen.query_one(SearchHitList)
        found = hits.hit_at(hits.highlighted) if hits.highlighted is not None else None
        if found is None:
            return 'No hit is highlighted to copy.'
        hit = found
    else:
        return 'Nothing here to copy.'
    text = record_json(hit.record) if as_json else record_markdown(hit.record)
    return Copied(text, f'the {hit.record.kind} record as {form}')


def export_from(screen: Screen[object]) -> Export | str:
    """Finds what the export key writes from a screen: a session, a day or a search's hits.

    Args:
        screen: The screen shown.

    Returns:
        What to write, or a sentence saying why there is nothing.
    """
    if isinstance(screen, MainScreen):
        log = screen.query_one(ExchangeView).shown_log
        if log is None or not log.exchanges:
            return 'No session with exchanges is shown to export.'
        return Export(
            export_file_name('session', log.session_id),
            session_markdown(log.session_id, log.exchanges),
        )
    if isinstance(screen, DayScreen):
        if screen.view is None:
            return 'The day is still being read.'
        return Export(export_file_name('day', screen.view.day), day_markdown(screen.view.journal))
    if isinstance(screen, SearchScreen):
        result = screen.query_one(SearchHitList).shown_result
        query = screen.query_one('#query', Input).value
        if result is None or not result.hits:
            return 'No search results to export: type some words first.'
        return Export(export_file_name('search', query), search_markdown(query, result))
    if isinstance(screen, RecordScreen):
        words = screen.words
        label = hit_label(screen.hit, _single_result(screen))
        return Export(
            export_file_name('record', f'{screen.hit.record.day}-{"-".join(words)}'),
            record_markdown(screen.hit.record, label),
        )
    return 'Nothing here to export.'


def _single_result(screen: RecordScreen) -> SearchResult:
    """A stand-in search result holding only the record's own hit, for its label."""
    return SearchResult(hits=[screen.hit], matched_every_word=False, words=list(screen.words))
