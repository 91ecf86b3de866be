"""Reading the disk off the event loop: one way to start a thread worker for a read.

Every read runs in a thread worker exclusive in its group (a newer read cancels the one it
replaces) that keeps its errors to itself (exit_on_error False: a failed read says so where
it is shown, never ends the app). Screens use `@work(...)` with the same options; helpers
that are not widgets start theirs here.

Typical usage example:

    self._worker = run_disk_read(self._screen, self._poll, 'poll_desk', 'follow', 'following')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from textual.dom import DOMNode
from textual.worker import Worker

ResultType = TypeVar('ResultType')


def run_disk_read(
    node: DOMNode, read: Callable[[], ResultType], name: str, group: str, description: str
) -> Worker[ResultType]:
    """Starts a read in a thread worker, exclusive in its group, its errors kept to itself.

    Args:
        node (DOMNode): The screen or App the worker belongs to (it ends with it).
        read (Callable[[], ResultType]): The read; its result is the worker's.
        name (str): The worker's name.
        group (str): Its group: a newer read of the group cancels this one.
        description (str): What it does, as Textual's worker list shows it.

    Returns:
        Worker[ResultType]: The worker.
    """
    return node.run_worker(
        read,
        name=name,
        group=group,
        description=description,
        exit_on_error=False,
        thread=True,
        exclusive=True,
    )
