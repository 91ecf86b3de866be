"""The lines the first screen's answers were drawn as, kept in the cache folder for the next start.

The exchange view draws the first frame's answers from them before Rich's Markdown is even
loaded (ui.widgets.answer_drawings says how, and how what it recalls is checked). This module
only reads and writes the file: `<cache>/drawn/<hash of the desk's resolved path>.json`, beside
the search index and the file memo, never in the desk. It knows neither Textual nor Rich: a line
is kept as its runs of text, each with its Rich style's definition (None for no style).

A missing, damaged, foreign or oversized file reads as nothing kept, and one that cannot be
written is left as it was: nothing here raises, and nothing read here is trusted beyond its
shape (what is recalled from it is drawn, then checked against the real rendering). Writes go
through memory.cache_writing, so none leaves a temporary file behind, and keeping sweeps the
folder of those an earlier process left when it was killed mid-write.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from desk_browser.memory.cache_folders import DESK_CACHE_FILE_NAMES, desk_cache_file
from desk_browser.memory.cache_writing import sweep_leftovers, write_cache_file
from desk_browser.memory.digests import sha256_hex
from desk_browser.presentation.safe_text import visible

DRAWN_VERSION = 1
"""The file's layout; a file of another version is ignored."""

DRAWN_FOLDER = 'drawn'
"""The cache folder's folder of these files, one a desk (cache_folders.desk_cache_file)."""

MOST_KEPT = 48
"""The most answers the file keeps: a first screen shows a handful."""

MOST_BYTES = 1024 * 1024
"""A bigger file is not read (nothing this writes comes near it)."""

DRAWN_NAMES = DESK_CACHE_FILE_NAMES
"""The names of the files in the folder (cache_folders.desk_cache_file), as a regular expression."""

DrawnRun = tuple[str, str | None]
"""A run of text and its Rich style's definition (None: no style)."""

DrawnLines = tuple[tuple[DrawnRun, ...], ...]
"""An answer's lines, each its runs."""


@dataclass
class KeptDrawings:
    """The lines kept for a desk's answers, and the file they are kept in.

    Attributes:
        path (Path): The file (`<cache>/drawn/<hash of the desk's resolved path>.json`).
        answers (dict[str, DrawnLines]): The lines by drawing key, as read from it.
    """

    path: Path
    answers: dict[str, DrawnLines] = field(default_factory=dict)

    @classmethod
    def read(cls, cache_directory: Path, desk: Path) -> KeptDrawings:
        """Reads the lines kept for a desk's answers.

        Args:
            cache_directory (Path): The browser's cache folder.
            desk (Path): The desk folder.

        Returns:
            KeptDrawings: What the file holds (nothing when it cannot be read).
        """
        path = desk_cache_file(cache_directory, DRAWN_FOLDER, desk)
        return cls(path, read_drawn_answers(path))

    def sweep(self) -> int:
        """Removes the temporary files that writes killed mid-way left in the file's folder.

        Whichever desk's they were, and whether or not this start writes: one whose answers are
        those kept writes nothing. Only files of cache_writing's naming for DRAWN_NAMES go.

        Returns:
            int: How many were removed.
        """
        return sweep_leftovers(self.path.parent, DRAWN_NAMES)


def drawing_key(parts: tuple[str, ...]) -> str:
    """Names what an answer was drawn from (its text, the width, the styles...) in one key.

    Args:
        parts (tuple[str, ...]): Everything the lines depend on, each as text.

    Returns:
        str: A SHA-256 of the parts, as hexadecimal.
    """
    joined = '\0'.join(parts).encode('utf-8', 'surrogatepass')
    return sha256_hex(joined)


def read_drawn_answers(path: Path) -> dict[str, DrawnLines]:
    """Reads the kept answers' lines, by their drawing keys.

    Args:
        path (Path): The file.

    Returns:
        dict[str, DrawnLines]: The lines by key; empty when the file is missing, unreadable,
            too big, of another version or not of the expected shape (an entry of the wrong
            shape is left out alone).
    """
    try:
        with path.open('rb') as file:
            content = file.read(MOST_BYTES + 1)
        if len(content) > MOST_BYTES:
            return {}
        document = json.loads(content)
    except (OSError, ValueError, RecursionError):
        return {}
    if not isinstance(document, dict) or document.get('version') != DRAWN_VERSION:
        return {}
    answers = document.get('answers')
    if not isinstance(answers, dict):
        return {}
    found: dict[str, DrawnLines] = {}
    for key, lines in list(answers.items())[:MOST_KEPT]:
        drawn = _lines_from(lines)
        if isinstance(key, str) and drawn is not None:
            found[key] = drawn
    return found


def _lines_from(value: object) -> DrawnLines | None:
    """Reads one answer's lines as stored ([[[text, style or null], ...], ...]), or None."""
    if not isinstance(value, list) or not value:
        return None
    lines: list[tuple[DrawnRun, ...]] = []
    for line in value:
        if not isinstance(line, list):
            return None
        runs: list[DrawnRun] = []
        for run in line:
            if not (isinstance(run, list) and len(run) == 2 and isinstance(run[0], str)):
                return None
            text, style = run
            if (style is not None and not isinstance(style, str)) or visible(text) != text:
                return None  # Drawn text is visible text: no control character is drawn.
            runs.append((text, style))
        lines.append(tuple(runs))
    return tuple(lines)


def write_drawn_answers(path: Path, answers: dict[str, DrawnLines]) -> bool:
    """Keeps answers' lines for the next start, replacing what the file held.

    Args:
        path (Path): The file.
        answers (dict[str, DrawnLines]): The lines by drawing key (the first MOST_KEPT kept).

    Returns:
        bool: Whether the file was written (False: the folder or the file could not be).
    """
    document = {
        'version': DRAWN_VERSION,
        'answers': {
            key: [[list(run) for run in line] for line in lines]
            for key, lines in list(answers.items())[:MOST_KEPT]
        },
    }
    content = json.dumps(document, ensure_ascii=True, separators=(',', ':')).encode('ascii')
    if len(content) > MOST_BYTES:
        return False
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_cache_file(path, content)
    except (OSError, ValueError):
        return False
    return True
