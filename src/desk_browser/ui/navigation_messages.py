"""The message a screen sends when it opens something, so the app can go back and forward."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from textual.message import Message

from desk_browser.ui.navigation import Place

_LOGGER = logging.getLogger(__name__)


@dataclass
class PlaceOpened(Message):
    """A session, a day or a record was opened; it bubbles up to the app's history."""

    place: Place
    """What was opened."""
