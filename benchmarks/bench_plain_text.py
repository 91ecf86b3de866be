"""What plain snippets and timeline rows cost: per snippet, uncached and cached, on a demo desk.

Usage: python benchmarks/bench_plain_text.py [--days 30]

Builds a demo desk in a temporary folder, searches it for a few queries, and times
`plain_snippet` on every hit (the first call parses, the second is the cache's look-up) beside
the core's `snippet_of` (what the rows showed before), and `plain_line` on every answer of the
journal (a timeline row). CPU time, so a busy machine skews it less.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from desk_browser.demo import DEMO_TODAY
from desk_browser.demo.builder import build_demo_desk
from desk_browser.memory.desk_files import read_journal_day
from desk_browser.memory.session_search import SessionSearch, snippet_of
from desk_browser.presentation import plain_text

QUERIES = ['nifty gap', 'hedge', 'risk rejected', 'vwap', 'stop-loss tcs', 'expiry']


def _micro(call: object, *arguments: object) -> float:
    start = time.process_time_ns()
    call(*arguments)  # type: ignore[operator]
    return (time.process_time_ns() - start) / 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument('--days', type=int, default=30)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        desk = Path(folder) / 'desk'
        build_demo_desk(desk, today=DEMO_TODAY, days=options.days)
        search = SessionSearch(desk)
        parsed, cached, core = [], [], []
        for query in QUERIES:
            result = search.search(query, limit=500)
            for hit in result.hits:
                words = tuple(result.words)
                core.append(_micro(snippet_of, hit.record.text, list(words)))
                plain_text.plain_snippet.cache_clear()
                parsed.append(_micro(plain_text.plain_snippet, hit.record.text, words))
                cached.append(_micro(plain_text.plain_snippet, hit.record.text, words))
        rows = []
        for journal in sorted((desk / 'journal').glob('*.jsonl')):
            for event in read_journal_day(journal, journal.stem).events:
                text = event.fields.get('text')
                if event.type == 'text' and isinstance(text, str):
                    plain_text.plain_line.cache_clear()
                    rows.append(_micro(plain_text.plain_line, text))
    for name, figures in [
        ('snippet_of (core, before)', core),
        ('plain_snippet, parsed', parsed),
        ('plain_snippet, cached', cached),
        ('plain_line (timeline row), parsed', rows),
    ]:
        figures.sort()
        print(
            f'{name:36} n={len(figures):5}  median {statistics.median(figures):7.1f} µs'
            f'  p95 {figures[int(len(figures) * 0.95)]:7.1f} µs  max {figures[-1]:7.1f} µs'
        )
    return 0


if __name__ == '__main__':
    sys.exit(main())
