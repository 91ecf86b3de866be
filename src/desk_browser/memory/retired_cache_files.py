"""Removes the cache files that earlier versions of the browser kept and this one never reads.

Only files of those exact names (`parsed-css.pickle`, `generated-code-*.marshal`,
`drawn/<hash>.json`) are removed, and nothing outside the cache folder.
"""

from __future__ import annotations

import contextlib
import re
from pathlib import Path

_RETIRED_FILES = re.compile(r'parsed-css\.pickle|generated-code-[a-z0-9_-]+-[0-9a-f]+\.marshal')
_RETIRED_FOLDER = 'drawn'
_RETIRED_FOLDER_FILES = re.compile(r'[0-9a-f]{32}\.json')


def remove_retired_cache_files(cache_directory: Path) -> int:
    """Removes the files earlier versions kept in the cache folder, and `drawn/` once empty.

    Args:
        cache_directory (Path): The browser's cache folder.

    Returns:
        int: How many files were removed.
    """
    removed = _remove_matching(cache_directory, _RETIRED_FILES)
    folder = cache_directory / _RETIRED_FOLDER
    removed += _remove_matching(folder, _RETIRED_FOLDER_FILES)
    with contextlib.suppress(OSError):  # Missing, or holding a file of another name.
        folder.rmdir()
    return removed


def _remove_matching(folder: Path, names: re.Pattern[str]) -> int:
    """Removes the regular files (not links or folders) of a folder whose whole names match."""
    removed = 0
    try:
        entries = list(folder.iterdir())
    except OSError:
        return 0
    for entry in entries:
        if not names.fullmatch(entry.name) or entry.is_symlink() or not entry.is_file():
            continue
        try:
            entry.unlink()
        except OSError:
            continue
        removed += 1
    return removed
