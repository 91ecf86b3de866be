"""The demo desk: a realistic, reproducible desk folder for trying, testing and benchmarking.

`python -m desk_browser.demo DIR [--today YYYY-MM-DD] [--seed N] [--days N] [--damaged]
[--state normal|damaged|missing]` builds the working folder of an AI trading agent trading Indian
markets (NIFTY, BANKNIFTY, RELIANCE, HDFCBANK, INFY, TCS futures and options): a journal of every
event, session logs, daily summaries, a state file and notes. The same arguments give the same bytes
and the same file times.

A leaf beside the app and the commands, and the desk the readers are tested against: it imports
nothing else of desk_browser (not the core it tests, not Textual); only `desk_browser.cli`
(`--demo`) imports it.

Typical usage example:

    build_demo_desk(Path('/tmp/desks/main'), today=DEMO_TODAY, days=10)
"""

from __future__ import annotations

from desk_browser.demo.builder import (
    DEMO_NOW,
    DEMO_TODAY,
    INDIA,
    STATE_VARIANTS,
    build_demo_desk,
    trading_days,
)
from desk_browser.demo.command import main
from desk_browser.demo.workspace import build_demo_workspace

__all__ = [
    'DEMO_NOW',
    'DEMO_TODAY',
    'INDIA',
    'STATE_VARIANTS',
    'build_demo_desk',
    'build_demo_workspace',
    'main',
    'trading_days',
]
