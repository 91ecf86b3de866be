"""file_status: one signature of a file, one racy window, folder listings owned by their user."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from desk_browser.memory.file_status import (
    RACY_NANOSECONDS,
    FolderListing,
    file_signature,
    settled_file_signature,
)

AN_HOUR_AGO_NS = time.time_ns() - 3_600_000_000_000


def test_any_change_through_the_file_system_changes_the_signature(tmp_path: Path) -> None:
    path = tmp_path / 'log.jsonl'
    path.write_bytes(b'one\n')
    os.utime(path, ns=(AN_HOUR_AGO_NS, AN_HOUR_AGO_NS))
    first = file_signature(path)
    assert first is not None and first.is_regular_file and not first.is_folder
    assert file_signature(path) == first
    with path.open('ab') as handle:
        handle.write(b'two\n')
    os.utime(path, ns=(AN_HOUR_AGO_NS, AN_HOUR_AGO_NS))  # The same time, set back.
    grown = file_signature(path)
    assert grown is not None and grown != first and grown.is_same_file(first)
    replacement = tmp_path / 'new.jsonl'
    replacement.write_bytes(b'one\ntwo\n')
    os.replace(replacement, path)
    replaced = file_signature(path)
    assert replaced is not None and not replaced.is_same_file(first)


def test_a_missing_or_unreachable_path_has_no_signature(tmp_path: Path) -> None:
    assert file_signature(tmp_path / 'missing') is None
    assert file_signature(Path('bad\0name')) is None
    (tmp_path / 'loop').symlink_to(tmp_path / 'loop')
    assert file_signature(tmp_path / 'loop') is None


def test_a_file_changed_within_the_window_is_racy(tmp_path: Path) -> None:
    path = tmp_path / 'note.md'
    path.write_bytes(b'x')
    now = time.time_ns()
    signature = file_signature(path)
    assert signature is not None
    assert signature.is_racy(now)
    assert not signature.is_racy(now + RACY_NANOSECONDS + 1_000_000_000)
    assert not signature.is_racy(now, racy_nanoseconds=-1_000_000_000)
    assert settled_file_signature(path, now) is None
    os.utime(path, ns=(AN_HOUR_AGO_NS, AN_HOUR_AGO_NS))
    assert settled_file_signature(path, now) == file_signature(path)
    future = now + 3_600_000_000_000
    os.utime(path, ns=(future, future))
    assert settled_file_signature(path, now) is None  # A time in the future is not trusted.


def test_only_a_regular_file_has_a_settled_signature(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / 'fifo')
    os.utime(tmp_path / 'fifo', ns=(AN_HOUR_AGO_NS, AN_HOUR_AGO_NS))
    os.utime(tmp_path, ns=(AN_HOUR_AGO_NS, AN_HOUR_AGO_NS))
    now = time.time_ns()
    assert settled_file_signature(tmp_path / 'fifo', now) is None
    assert settled_file_signature(tmp_path, now) is None


def _write(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b'')


def test_a_listing_lists_regular_files_sorted_and_is_the_same_while_unchanged(
    tmp_path: Path,
) -> None:
    for name in ('b.jsonl', 'a.jsonl', 'c.md'):
        _write(tmp_path / name)
    (tmp_path / 'folder').mkdir()
    os.mkfifo(tmp_path / 'fifo')
    os.utime(tmp_path, ns=(AN_HOUR_AGO_NS, AN_HOUR_AGO_NS))
    listing = FolderListing()
    names = listing.names(tmp_path)
    assert names == ('a.jsonl', 'b.jsonl', 'c.md')
    assert listing.names(tmp_path) is names  # Remembered: the folder is settled.
    _write(tmp_path / 'd.md')
    assert listing.names(tmp_path) == ('a.jsonl', 'b.jsonl', 'c.md', 'd.md')
    assert listing.names(tmp_path / 'missing') == ()
    assert listing.names(tmp_path / 'a.jsonl') == ()


def counting_scandir(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Records every folder listed from now on."""
    listed: list[str] = []
    original = os.scandir

    def scandir(folder: Path) -> object:
        listed.append(os.fspath(folder))
        return original(folder)

    monkeypatch.setattr(os, 'scandir', scandir)
    return listed


def test_listings_are_their_owners_own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _write(tmp_path / 'a.md')
    os.utime(tmp_path, ns=(AN_HOUR_AGO_NS, AN_HOUR_AGO_NS))
    first = FolderListing()
    first.names(tmp_path)
    listed = counting_scandir(monkeypatch)
    first.names(tmp_path)
    assert listed == []
    assert FolderListing().names(tmp_path) == ('a.md',)  # Another owner lists for itself.
    assert listed == [os.fspath(tmp_path)]


def test_a_racy_folder_is_listed_again_at_every_look(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _write(tmp_path / 'a.md')
    listing = FolderListing()
    listing.names(tmp_path)
    listed = counting_scandir(monkeypatch)
    listing.names(tmp_path)
    assert listed == [os.fspath(tmp_path)]
