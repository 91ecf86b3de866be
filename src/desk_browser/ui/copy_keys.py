"""The copy and export keys' bindings, and what they say where there is nothing to act on."""

from __future__ import annotations

from dataclasses import replace

from textual.binding import Binding

COPY_EXPORT_BINDINGS = [
    Binding('y', 'copy(False)', 'Copy', show=False, id='copy'),
    Binding('Y', 'copy(True)', 'Copy JSON', show=False, id='copy-json'),
    Binding('x', 'export', 'Export', show=False, id='export'),
]
"""The keys of a screen with something to copy and export (hidden: the help lists them)."""


def shown_copy_export_bindings() -> list[Binding]:
    """COPY_EXPORT_BINDINGS as a screen's footer shows them: y Copy and x Export (Y hidden)."""
    return [replace(binding, show=binding.key != 'Y') for binding in COPY_EXPORT_BINDINGS]


NOTHING_TO_COPY = 'Nothing here to copy.'
NOTHING_TO_EXPORT = 'Nothing here to export.'
