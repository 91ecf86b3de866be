"""A build killed with SIGKILL between its two files' commits: the next build repairs the days."""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from desk_browser.memory.index.grams_file import in_second_file
from desk_browser.memory.index.search import IndexedSearch
from tests.helpers.index_files import connect_index
from tests.memory.index.test_search_index import assert_exact, make_desk

DAYS = 40

_BUILD_UNTIL_BETWEEN_COMMITS = """
import sys, time
from pathlib import Path
from unittest import mock
from desk_browser.memory.index import tuning, writing
from desk_browser.memory.index.search import IndexedSearch

write = writing.SecondWriter.write
batches = []

def write_then_wait(second, changes):
    # The second file's part of a batch, committed; the index file's part is not yet.
    future = write(second, changes)
    batches.append(changes)
    if len(batches) == 2:
        future.result()
        print('between', ' '.join(change.day for change in changes), flush=True)
        time.sleep(600)
    return future

with (
    mock.patch.multiple(tuning, BUILD_WORKERS=0, BATCH_DAYS=4),
    mock.patch.object(writing.SecondWriter, 'write', write_then_wait),
):
    IndexedSearch(Path(sys.argv[1]), cache_directory=Path(sys.argv[2])).build()
"""
"""Builds a desk's index until its second batch is committed in the second file alone, says
which days that batch holds there, and waits to be killed."""


@pytest.fixture(autouse=True)
def private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own XDG cache, so no test touches the user's cache."""
    cache = tmp_path / 'xdg-cache'
    monkeypatch.setenv('XDG_CACHE_HOME', str(cache))
    return cache


def killed_between_commits(desk: Path, cache: Path) -> list[str]:
    """Builds in another process and kills it with SIGKILL between a batch's two commits.

    Args:
        desk (Path): The desk.
        cache (Path): The cache folder.

    Returns:
        list[str]: The days of the batch the second file holds and the index file does not.
    """
    source = Path(__file__).resolve().parents[3] / 'src'
    environment = {**os.environ, 'PYTHONPATH': str(source)}
    process = subprocess.Popen(
        [sys.executable, '-c', _BUILD_UNTIL_BETWEEN_COMMITS, str(desk), str(cache)],
        stdout=subprocess.PIPE,
        text=True,
        env=environment,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait()
    assert process.returncode == -signal.SIGKILL
    words = line.split()
    assert words[:1] == ['between'], line
    return words[1:]


def test_a_rebuild_after_a_kill_between_the_two_commits_repairs_those_days(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    desk = make_desk(tmp_path, days=DAYS)
    cache = tmp_path / 'cache'
    between = killed_between_commits(desk, cache)
    odd = [day for day in between if in_second_file(day)]
    assert odd
    search = IndexedSearch(desk, cache_directory=cache, recheck_seconds=0)
    connection = connect_index(search.index_path)
    try:
        held = {row[0] for row in connection.execute('SELECT day FROM odd.grams_days')}
        days = {row[0] for row in connection.execute('SELECT day FROM days')}
    finally:
        connection.close()
    assert set(odd) <= held - days  # The second file is ahead of the index file on them.
    assert_exact(desk, search)  # Before the rebuild: those days are read from the desk.
    with caplog.at_level(logging.INFO):
        status = search.build()
    assert status.complete
    assert status.repaired_days == len(odd)
    messages = [record.getMessage() for record in caplog.records]
    assert not [message for message in messages if 'failed' in message], messages
    repaired = 'day' if len(odd) == 1 else 'days'
    assert [message for message in messages if f'repaired {len(odd)} {repaired}' in message]
    assert 'repaired' in status.text
    assert_exact(desk, search)
    connection = connect_index(search.index_path)
    try:
        second = dict(connection.execute('SELECT day, digest FROM odd.grams_days').fetchall())
        digests = dict(connection.execute('SELECT day, digest FROM days').fetchall())
    finally:
        connection.close()
    assert second == {day: digest for day, digest in digests.items() if in_second_file(day)}
    search.close()
