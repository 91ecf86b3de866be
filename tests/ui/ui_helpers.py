"""Helpers shared by the app tests: waiting for the desk to be read, and reading the screen."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.content import Content
from textual.pilot import Pilot
from textual.widgets import Markdown, OptionList, Static
from textual.worker import WorkerState

from desk_browser.ui.widgets.exchange_view import ExchangeView

_TEXT_ELEMENT = re.compile(r'<text[^>]*>(.*?)</text>', re.DOTALL)


async def settle(pilot: Pilot[Any]) -> None:
    """Waits until every worker has finished and what they read is on screen."""
    app = pilot.app
    for _ in range(50):
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        busy = [
            worker
            for worker in app.workers
            if worker.state in (WorkerState.PENDING, WorkerState.RUNNING)
        ]
        if not busy:
            await pilot.pause()
            return
    raise AssertionError('the app never settled')


def screen_text(pilot: Pilot[Any]) -> str:
    """The text on screen, as the person sees it (spans joined, no styles)."""
    svg = pilot.app.export_screenshot()
    return ''.join(html.unescape(part) for part in _TEXT_ELEMENT.findall(svg)).replace('\xa0', ' ')


def _plain(visual: object) -> str:
    if isinstance(visual, Content):
        return visual.plain
    if isinstance(visual, Text):
        return visual.plain
    return str(visual)


def widget_texts(pilot: Pilot[Any]) -> str:
    """The text every Static, Markdown and option list of the current screen holds, one a line.

    Unlike `screen_text`, nothing is wrapped or cut off by the screen's size.
    """
    parts: list[str] = []
    for widget in pilot.app.screen.query('*'):
        if isinstance(widget, Markdown):
            parts.append(widget.source)
        elif isinstance(widget, Static) and not isinstance(widget.parent, Markdown):
            parts.append(_plain(widget.content))
        elif isinstance(widget, OptionList):
            parts.extend(_plain(option.prompt) for option in widget.options)
        elif isinstance(widget, ExchangeView):
            parts.append(widget.rendered_text())
    return '\n'.join(parts)


def write_lines(path: Path, lines: list[Any]) -> None:
    """Writes a JSONL file; dicts are encoded, strings and bytes written as they are."""
    path.parent.mkdir(parents=True, exist_ok=True)
    chunks: list[bytes] = []
    for line in lines:
        if isinstance(line, bytes):
            chunks.append(line)
        elif isinstance(line, str):
            chunks.append(line.encode())
        else:
            chunks.append(json.dumps(line, ensure_ascii=False).encode())
    path.write_bytes(b'\n'.join(chunks) + b'\n')


def exchange(trigger: str, answer: str, backend: str = 'claude', at: str = '') -> dict[str, str]:
    """One session-log line."""
    return {
        'trigger_text': trigger,
        'answer': answer,
        'backend_name': backend,
        'finished_at': at or '2026-10-21T04:00:00+00:00',
    }


def write_state(desk: Path, session_id: str, routes: dict[str, Any]) -> None:
    """Writes sessions/state.json."""
    path = desk / 'sessions' / 'state.json'
    path.parent.mkdir(parents=True, exist_ok=True)
    state = {'session_id': session_id, 'trading_date': session_id[:10], 'routes': routes}
    path.write_text(json.dumps(state), encoding='utf-8')
