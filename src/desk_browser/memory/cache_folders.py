"""Where the browser keeps what it remembers of a desk: the user's cache folder, a desk's key.

The search index (`index.store`) and the file memo (`file_memo`) both live in the cache folder,
under a name made from the desk's resolved path. Both names are needed at the start (the file
memo recalls the logs' counts for the first screen), the index itself only once it is built or
searched: this module imports neither SQLite nor the index.
"""

from __future__ import annotations

from pathlib import Path

import platformdirs

from desk_browser.memory.digests import sha256_hex

_APPLICATION_NAME = 'desk-browser'


def default_cache_directory() -> Path:
    """The user's cache folder for the browser (honours XDG_CACHE_HOME on Linux).

    Returns:
        Path: The folder, such as ~/.cache/desk-browser.
    """
    return Path(platformdirs.user_cache_dir(_APPLICATION_NAME, appauthor=False))


def desk_key(desk_directory: Path) -> str:
    """The desk's resolved path, which names its index and its file memo.

    Args:
        desk_directory (Path): The desk folder.

    Returns:
        str: The resolved path, or the absolute path when it cannot be resolved.
    """
    try:
        return str(desk_directory.resolve())
    except (OSError, RuntimeError):
        return str(desk_directory.absolute())


DESK_CACHE_FILE_NAMES = r'[0-9a-f]{32}\.json'
"""The names `desk_cache_file` gives, as a regular expression (cache_writing.sweep_leftovers)."""


def desk_cache_file(cache_directory: Path, folder: str, desk_directory: Path) -> Path:
    """Names a file the browser keeps for a desk in its cache folder.

    Args:
        cache_directory (Path): The browser's cache folder.
        folder (str): The kind of file's folder in it, such as "checks".
        desk_directory (Path): The desk folder.

    Returns:
        Path: `<cache>/<folder>/<hash of the desk's resolved path>.json`.
    """
    key = sha256_hex(desk_key(desk_directory).encode('utf-8', 'surrogatepass'))
    return cache_directory / folder / f'{key[:32]}.json'
