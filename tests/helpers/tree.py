"""A fingerprint of a folder tree, to prove that reading a desk changed nothing in it.

Tests run as root, so file permissions prove nothing about writing: compare the tree before and
after instead. Every entry's content hash, modification time, kind and mode is recorded; a
created, deleted, rewritten, merely touched or re-permissioned file (or folder) changes the
fingerprint. Access times are left out, since reading is allowed to change them. Two trees built
apart compare equal when they hold the same bytes with the same times.

Typical usage example:

    before = snapshot_tree(desk)
    ...  # read the desk
    assert snapshot_tree(desk) == before
"""

from __future__ import annotations

import hashlib
import os
import stat
from pathlib import Path

EntryFingerprint = tuple[str | None, int, bool, int]
"""(sha256 of the content, or of a symlink's target; None for a folder), mtime_ns, is_dir, mode."""


def snapshot_tree(path: Path) -> dict[str, EntryFingerprint]:
    """Fingerprints every entry under a folder, the folder itself included, without following links.

    Args:
        path: The folder.

    Returns:
        Each entry's path relative to the folder ("." for the folder itself, forward slashes)
        mapped to (content hash, modification time in nanoseconds, whether it is a folder, its
        st_mode). A
        symbolic link is hashed by its target and never followed; a file that cannot be read is
        hashed as "unreadable".
    """
    snapshot: dict[str, EntryFingerprint] = {}
    pending = [path]
    while pending:
        current = pending.pop()
        status = os.lstat(current)
        relative = current.relative_to(path).as_posix()
        if stat.S_ISDIR(status.st_mode):
            snapshot[relative] = (None, status.st_mtime_ns, True, status.st_mode)
            pending.extend(sorted(current.iterdir()))
        elif stat.S_ISLNK(status.st_mode):
            target = os.readlink(current).encode('utf-8', 'surrogateescape')
            snapshot[relative] = (
                'link:' + hashlib.sha256(target).hexdigest(),
                status.st_mtime_ns,
                False,
                status.st_mode,
            )
        else:
            try:
                digest = hashlib.sha256(current.read_bytes()).hexdigest()
            except OSError:
                digest = 'unreadable'
            snapshot[relative] = (digest, status.st_mtime_ns, False, status.st_mode)
    return snapshot


def tree_differences(
    before: dict[str, EntryFingerprint], after: dict[str, EntryFingerprint]
) -> list[str]:
    """Describes how two snapshots differ, for a readable assertion message.

    Args:
        before: The earlier snapshot.
        after: The later snapshot.

    Returns:
        One line per created, removed or changed entry, sorted by path; empty when equal.
    """
    lines = []
    for relative in sorted(before.keys() | after.keys()):
        if relative not in before:
            lines.append(f'created: {relative}')
        elif relative not in after:
            lines.append(f'removed: {relative}')
        elif before[relative] != after[relative]:
            lines.append(f'changed: {relative} {before[relative]} -> {after[relative]}')
    return lines
