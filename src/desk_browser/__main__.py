"""Lets `python -m desk_browser` run the `desk-browser` command."""

from __future__ import annotations

import sys

from desk_browser.cli import main

sys.exit(main())
