"""Lets `python -m desk_browser.commands NAME ...` run one subcommand, before cli.py lists them."""

from __future__ import annotations

import sys

from desk_browser.commands.registry import SUBCOMMANDS, run_subcommand

status = run_subcommand(sys.argv[1:])
if status is None:
    sys.stderr.write(f'usage: python -m desk_browser.commands {{{",".join(SUBCOMMANDS)}}} ...\n')
    status = 2
sys.exit(status)
