"""The first frame's answers are plain text; Markdown, loaded after it, draws them as every start.

Each start runs in a process of its own, so Rich's Markdown is not loaded before it (in this one,
an earlier test may have loaded it).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

FIRST_FRAME = """
import asyncio, json, sys
from pathlib import Path
from desk_browser.ui.app import make_app
from desk_browser.ui.widgets.exchange_view import ExchangeView

if MARKDOWN_FIRST:
    import desk_browser.ui.widgets.safe_rich_markdown
MARKDOWN = ('rich.markdown', 'markdown_it', 'pygments')
seen = []
render_lines = ExchangeView.render_lines


def noting_render_lines(self, crop):
    lines = render_lines(self, crop)
    if self.rendered_indexes and not seen:
        seen.append(sorted(name for name in MARKDOWN if name in sys.modules))
        seen.append(self.app.export_screenshot())
    return lines


ExchangeView.render_lines = noting_render_lines


async def run() -> None:
    app = make_app(Path(DESK), cursor_blink=False, animation_level='none',
                   theme='textual-dark', cache_directory=Path(CACHE))
    async with app.run_test(size=(120, 40)) as pilot:
        while not seen:
            await asyncio.sleep(0.01)
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.pause()
        view = app.screen.query_one(ExchangeView)
        cards = {index: [[list(segment)[:2] for segment in strip]
                         for strip in view._cards.strips.get(index + 1) or []]
                 for index in view.rendered_indexes}
        print(json.dumps({'loaded': seen[0], 'first': seen[1], 'settled': app.export_screenshot(),
                          'cards': {str(index): [[[text, str(style)] for text, style in line]
                                                 for line in lines]
                                    for index, lines in cards.items()},
                          'plain_left': sorted(view._cards.plain_blocks)}))

asyncio.run(run())
"""
"""Starts the app until settled: the Markdown modules loaded at its first frame, that frame,
the settled screen and its cards' lines."""


def start(desk: Path, cache: Path, *, markdown_first: bool) -> dict[str, Any]:
    code = f'DESK = {str(desk)!r}\nCACHE = {str(cache)!r}\nMARKDOWN_FIRST = {markdown_first}\n'
    completed = subprocess.run(
        [sys.executable, '-c', code + FIRST_FRAME], capture_output=True, text=True, check=True
    )
    result: dict[str, Any] = json.loads(completed.stdout.splitlines()[-1])
    for screen in ('first', 'settled'):  # Rich names an SVG's classes after a hash of its own.
        result[screen] = re.sub(r'terminal-[0-9]+', 'terminal', result[screen])
    return result


def test_the_first_answers_are_plain_text_then_settle_as_markdown(
    demo_desk: Path, tmp_path: Path
) -> None:
    plain_first = start(demo_desk, tmp_path / 'cache', markdown_first=False)
    markdown_first = start(demo_desk, tmp_path / 'cache', markdown_first=True)
    assert plain_first['loaded'] == []  # The first frame, drawn before Markdown was loaded.
    assert markdown_first['loaded'] == ['markdown_it', 'pygments', 'rich.markdown']
    assert plain_first['first'] != markdown_first['first']
    assert plain_first['settled'] == markdown_first['settled']
    assert plain_first['cards'] == markdown_first['cards']
    assert plain_first['cards']
    assert plain_first['plain_left'] == []
