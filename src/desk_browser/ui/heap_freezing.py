"""Keeping Python's full garbage collections short once the app has started.

A full (oldest-generation) collection walks every object the process holds: Textual's widgets,
styles and caches, the modules, the desk's records. While typing a search it ran about twice per
run and held the event loop for about 100 ms each time. What exists once the first screen is
shown lives as long as the app, so it is collected once and then frozen (`gc.freeze`): later
collections skip it and walk only what came after. Unmounting unfreezes, so a process that runs
the app more than once (the tests, a server) can free what the app left.

Only the young generations are collected before the freeze (about 1 ms). A full collection
first would free the start-up's cyclic garbage (600 to 5,000 small objects here, well under a
megabyte) but held the event loop for 80-90 ms, half a second after the first screen: just when
the first keys come.
"""

from __future__ import annotations

import gc
import logging

from textual import on
from textual.app import App

from desk_browser.ui.messages import SessionLoaded

_LOGGER = logging.getLogger(__name__)

FREEZE_AFTER = 0.5
"""Seconds after the first session's exchanges arrive when the start-up objects are frozen."""


class HeapFreezingApp(App[None]):
    """An app that freezes its start-up objects out of later garbage collections."""

    _freeze_planned = False
    _frozen = False

    @property
    def heap_frozen(self) -> bool:
        """Whether the start-up objects are frozen out of garbage collection."""
        return self._frozen

    @on(SessionLoaded)
    def plan_the_freeze(self) -> None:
        """Plans the freeze, once, shortly after the first screen is complete."""
        if not self._freeze_planned:
            self._freeze_planned = True
            self.set_timer(FREEZE_AFTER, self.freeze_start_up_objects, name='freeze the heap')

    def freeze_start_up_objects(self) -> None:
        """Collects the young generations' garbage, then freezes everything alive."""
        gc.collect(1)
        gc.freeze()
        self._frozen = True
        _LOGGER.debug('Froze %d objects out of garbage collection', gc.get_freeze_count())

    def on_unmount(self) -> None:
        """Lets the collector see the app's objects again, so they can be freed."""
        if self._frozen:
            gc.unfreeze()
            self._frozen = False
