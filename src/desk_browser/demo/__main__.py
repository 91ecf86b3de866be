"""Runs `python -m desk_browser.demo DIR ...`; see desk_browser.demo.command."""

from __future__ import annotations

import sys

from desk_browser.demo.command import main

sys.exit(main())
