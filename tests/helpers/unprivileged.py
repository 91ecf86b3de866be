"""Running a command as a user who may not read some of a desk's files.

Tests run as root here, and root reads any file whatever its permissions. So the command runs in
a child process: as root, the child imports the browser's modules (the interpreter's own library
lives under /root, which nobody may read), then becomes the unprivileged user `nobody` (65534)
before it runs the command; as another user, the child simply runs it, since that user's
permissions already apply. A copy of the desk in a folder everyone may read (`shared_desk`) is
what it reads; `chmod 000` on one of its files is what it may not.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

NOBODY = 65534
"""The user and group id of `nobody`."""

_CHILD = """
import importlib, os, pkgutil, sys
import desk_browser
for found in pkgutil.walk_packages(desk_browser.__path__, 'desk_browser.'):
    if not found.name.startswith(('desk_browser.ui', 'desk_browser.demo')):
        if not found.name.endswith('__main__'):
            importlib.import_module(found.name)
from desk_browser import cli
if os.geteuid() == 0:
    try:
        os.setgroups([])
        os.setgid(NOBODY)
        os.setuid(NOBODY)
    except OSError as error:
        print(f'cannot become nobody: {error}', file=sys.stderr)
        sys.exit(97)
sys.exit(cli.main(sys.argv[1:]))
""".replace('NOBODY', str(NOBODY))

CANNOT_DROP = 97
"""The child's exit status when it could not become `nobody`."""


def run_unprivileged(arguments: list[str], cache: Path) -> subprocess.CompletedProcess[str]:
    """Runs `desk-browser ARGUMENTS` as a user whose file permissions apply.

    Args:
        arguments (list[str]): The arguments after the program's name.
        cache (Path): A folder the user may write, for XDG_CACHE_HOME.

    Returns:
        subprocess.CompletedProcess[str]: What it wrote and its exit status (the test is skipped,
            with why, when root could not become nobody).
    """
    source = Path(__file__).resolve().parents[2] / 'src'
    environment = {
        **os.environ,
        'PYTHONPATH': os.pathsep.join([str(source), os.environ.get('PYTHONPATH', '')]),
        'XDG_CACHE_HOME': str(cache),
        'HOME': str(cache),
    }
    result = subprocess.run(
        [sys.executable, '-c', _CHILD, *arguments],
        capture_output=True,
        text=True,
        env=environment,
        cwd=cache,
        timeout=120,
        check=False,
    )
    if result.returncode == CANNOT_DROP:
        pytest.skip(f'root could not become nobody to test permissions: {result.stderr.strip()}')
    return result


def shared_folder() -> Iterator[Path]:
    """Makes a folder every user may read and write into (as /tmp is), removed afterwards.

    pytest's tmp_path lies under a folder only root may enter, so nobody could not reach it.

    Yields:
        Path: The folder.
    """
    folder = Path(tempfile.mkdtemp(prefix='desk-browser-unprivileged-'))
    try:
        folder.chmod(0o777)
        yield folder
    finally:
        for path in folder.rglob('*'):  # Make what was denied removable again.
            if not path.is_symlink():
                path.chmod(0o777 if path.is_dir() else 0o644)
        shutil.rmtree(folder)


def shared_desk(desk: Path, folder: Path) -> Path:
    """Copies a desk into a shared folder, every file readable by every user.

    Args:
        desk (Path): The desk to copy.
        folder (Path): The shared folder (shared_folder).

    Returns:
        Path: The copy, folder/desk; folder/cache is made too, for run_unprivileged.
    """
    copy = folder / 'desk'
    shutil.copytree(desk, copy, symlinks=True)
    for path in [copy, *copy.rglob('*')]:
        if not path.is_symlink():
            path.chmod(0o755 if path.is_dir() else 0o644)
    cache = folder / 'cache'
    cache.mkdir()
    cache.chmod(0o777)
    return copy


def deny(path: Path) -> None:
    """Lets no one but root read a file of a shared desk (chmod 000).

    Args:
        path (Path): The file.
    """
    path.chmod(0)
