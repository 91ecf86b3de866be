"""Reading the disk off the event loop: one way to start a thread worker for a read.

Each read's worker is exclusive in its group and keeps its errors (they never end the app).
Screens use `@work(...)` with the same options; helpers that are not widgets start theirs here.
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
    """Starts `read` in a thread worker of `node`'s, exclusive in `group`, its errors kept."""
    return node.run_worker(
        read,
        name=name,
        group=group,
        description=description,
        exit_on_error=False,
        thread=True,
        exclusive=True,
    )
