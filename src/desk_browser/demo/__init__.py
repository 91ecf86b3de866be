"""The demo desk: a realistic, reproducible desk folder for trying, testing and benchmarking.

`python -m desk_browser.demo DIR` (see its --help); the same arguments give the same bytes.
It imports nothing else of desk_browser; only `cli` (`--demo`) imports it.
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
