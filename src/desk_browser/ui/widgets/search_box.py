"""The live search's box: Textual's Input, under a name of its own."""

from __future__ import annotations

from textual.widgets import Input


class SearchBox(Input):
    """The box the search screens type their query in (the screens' CSS and keys name it)."""
