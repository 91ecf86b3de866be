"""Where the browser keeps what it remembers of a desk: the user's cache folder, a desk's key.

Cache files are named after the desk's resolved path. Imports neither SQLite nor the index.
"""

from __future__ import annotations

from pathlib import Path

import platformdirs

from desk_browser.memory.digests import sha256_hex

_APPLICATION_NAME = 'desk-browser'


def default_cache_directory() -> Path:
    """The user's cache folder for the browser, such as ~/.cache/desk-browser (XDG_CACHE_HOME)."""
    return Path(platformdirs.user_cache_dir(_APPLICATION_NAME, appauthor=False))


def desk_key(desk_directory: Path) -> str:
    """The desk's resolved path (else its absolute path), which names its index and file memo."""
    try:
        return str(desk_directory.resolve())
    except (OSError, RuntimeError):
        return str(desk_directory.absolute())


DESK_CACHE_FILE_NAMES = r'[0-9a-f]{32}\.json'
"""The names `desk_cache_file` gives, as a regular expression (cache_writing.sweep_leftovers)."""


def desk_cache_file(cache_directory: Path, folder: str, desk_directory: Path) -> Path:
    """Names a desk's file in the cache: `<cache>/<folder>/<hash of the desk's path>.json`."""
    key = sha256_hex(desk_key(desk_directory).encode('utf-8', 'surrogatepass'))
    return cache_directory / folder / f'{key[:32]}.json'
