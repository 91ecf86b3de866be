"""Where the app opens: `desk-browser DESK --session ID`, `--day DAY` or `--search WORDS`."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class StartView:
    """Where the app opens (no Textual here, so the command line builds it cheaply).

    Attributes:
        session_id: A session to select in the main screen.
        day: An ISO day whose day view opens.
        search: Words the search opens with.
    """

    session_id: str | None = None
    day: str | None = None
    search: str | None = None
