"""Cache files written in one step, leaving no temporary file behind (memory.cache_writing)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from desk_browser.memory.cache_writing import STALE_AGE, sweep_leftovers, write_cache_file

NAMES = r'[0-9a-f]{32}\.json'
KEY = '0123456789abcdef0123456789abcdef'


def test_a_write_replaces_the_file_and_leaves_nothing_else(tmp_path: Path) -> None:
    path = tmp_path / f'{KEY}.json'
    path.write_bytes(b'old')
    write_cache_file(path, b'new')
    assert path.read_bytes() == b'new'
    assert [entry.name for entry in tmp_path.iterdir()] == [path.name]


def test_a_write_that_fails_removes_its_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / f'{KEY}.json'
    path.write_bytes(b'old')

    def failing_replace(source: object, target: object) -> None:
        raise OSError('no room')

    monkeypatch.setattr('os.replace', failing_replace)
    with pytest.raises(OSError, match='no room'):
        write_cache_file(path, b'new')
    assert path.read_bytes() == b'old'
    assert [entry.name for entry in tmp_path.iterdir()] == [path.name]


def test_a_write_waits_for_one_under_way_at_most_write_wait(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A write stuck on a hung disk never holds up another (the app's quit) for good."""
    monkeypatch.setattr('desk_browser.memory.cache_writing.WRITE_WAIT', 0.05)
    held = threading.Event()
    release = threading.Event()
    real_replace = os.replace

    def hung_replace(source: str, target: str) -> None:
        held.set()
        release.wait(10)
        real_replace(source, target)

    monkeypatch.setattr('os.replace', hung_replace)
    first = threading.Thread(target=write_cache_file, args=(tmp_path / f'{KEY}.json', b'one'))
    first.start()
    try:
        assert held.wait(10)
        with pytest.raises(OSError, match='another cache write is still under way'):
            write_cache_file(tmp_path / 'other.json', b'two')
    finally:
        release.set()
        first.join(10)
    assert (tmp_path / f'{KEY}.json').read_bytes() == b'one'
    assert not (tmp_path / 'other.json').exists()


def test_only_stale_leftovers_of_its_own_naming_are_swept(tmp_path: Path) -> None:
    now = time.time()
    stale = now - STALE_AGE - 60
    leftovers = [tmp_path / f'.{KEY}.json.abcd_123.tmp', tmp_path / f'.{KEY}.json.zzzzzzzz.tmp']
    fresh = tmp_path / f'.{KEY}.json.freshone.tmp'
    others = [
        tmp_path / f'{KEY}.json',  # The cache file itself.
        tmp_path / f'.{KEY}.json.tmp',  # No random part.
        tmp_path / f'.{KEY}.jsonx.abcdefgh.tmp',  # Another file's name.
        tmp_path / '.settings.json.abcdefgh.tmp',
        tmp_path / f'.{KEY}.json.ABCDEFGH.tmp',  # Not mkstemp's characters.
        tmp_path / 'notes.tmp',
    ]
    for path in [*leftovers, fresh, *others]:
        path.write_bytes(b'x')
        os.utime(path, (stale, stale))
    os.utime(fresh, (now, now))
    folder_alike = tmp_path / f'.{KEY}.json.folder12.tmp'
    folder_alike.mkdir()
    link = tmp_path / f'.{KEY}.json.linkto12.tmp'
    link.symlink_to(others[0])
    os.utime(folder_alike, (stale, stale))
    os.utime(link, (stale, stale), follow_symlinks=False)
    assert sweep_leftovers(tmp_path, NAMES, now=now) == 2
    assert not any(path.exists() for path in leftovers)
    assert all(path.exists() for path in [fresh, *others, folder_alike, link])
    assert sweep_leftovers(tmp_path / 'missing', NAMES) == 0


_EXITING_MID_WRITE = """
import os, sys, threading, time
from pathlib import Path
from desk_browser.memory import cache_writing

folder = Path(sys.argv[1])
held = sys.argv[2] == 'held'
real_replace = os.replace
written = threading.Event()

def slow_replace(source, target):
    written.set()
    if held:
        threading.Event().wait()  # A write that never ends (a hung disk).
    time.sleep(0.2)
    real_replace(source, target)

os.replace = slow_replace
thread = threading.Thread(
    target=cache_writing.write_cache_file,
    args=(folder / '{key}.json', b'new'),
    daemon=True,
)
thread.start()
written.wait()
"""


@pytest.mark.parametrize('held', ['held', 'finishing'])
def test_exiting_mid_write_leaves_no_temporary_file(tmp_path: Path, held: str) -> None:
    """A daemon thread's write is waited for briefly at exit; one still hanging loses its file."""
    script = textwrap.dedent(_EXITING_MID_WRITE).replace('{key}', KEY)
    subprocess.run([sys.executable, '-c', script, str(tmp_path), held], check=True, timeout=60)
    names = sorted(entry.name for entry in tmp_path.iterdir())
    assert names == ([] if held == 'held' else [f'{KEY}.json'])
