"""A list row's line fitted to its width: the least needed detail given up first, no word cut."""

from __future__ import annotations

from textual.content import Content

Piece = list[str | tuple[str, str]]
"""One part of a row's line: text and (text, style) pairs, as Content.assemble takes them."""


def _joined(pieces: dict[str, Piece]) -> Content:
    return Content.assemble(*(part for piece in pieces.values() for part in piece))


def fitted(pieces: dict[str, Piece], steps: list[tuple[str, Piece | None]], width: int) -> Content:
    """Joins a line's pieces, giving up detail step by step until it fits the width.

    Args:
        pieces: The pieces, by name, in the line's order.
        steps: A piece's name and its shorter form (None drops it), in the order to give them up.
        width: The width in cells; if even the shortest form is wider, it is cut with "…".
    """
    pieces = dict(pieces)
    line = _joined(pieces)
    for name, shorter in steps:
        if line.cell_length <= width:
            return line
        if name not in pieces:
            continue
        if shorter is None:
            del pieces[name]
        else:
            pieces[name] = shorter
        line = _joined(pieces)
    return line.truncate(width, ellipsis=True) if line.cell_length > width else line
