"""Runs the app so that quitting always works, even while a worker thread is stuck in a read.

The app's loop gets a `DaemonThreadPoolExecutor` as its default executor, so a read that
never returns cannot keep the process alive after `q`.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import queue
import threading
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

_Result = TypeVar('_Result')

_WORKER_NAME = 'desk-browser-worker'


class _Runnable(Protocol):
    """What run_app needs of a Textual App."""

    def run(self, *, headless: bool = ..., loop: asyncio.AbstractEventLoop | None = ...) -> Any:
        """Runs the app until it exits."""


_Task = tuple[concurrent.futures.Future[Any], Callable[..., Any], tuple[Any, ...], dict[str, Any]]


class DaemonThreadPoolExecutor(concurrent.futures.ThreadPoolExecutor):
    """A ThreadPoolExecutor whose daemon threads never keep the process alive."""

    def __init__(self, max_workers: int = 8):
        """Creates the pool of at most `max_workers` threads; none starts before the first call."""
        super().__init__(max_workers=max_workers, thread_name_prefix=_WORKER_NAME)
        self._most_threads = max_workers
        self._tasks: queue.SimpleQueue[_Task | None] = queue.SimpleQueue()
        self._workers: list[threading.Thread] = []
        self._idle_workers = threading.Semaphore(0)
        self._state_lock = threading.Lock()
        self._closed = False

    def submit(
        self, fn: Callable[..., _Result], /, *args: Any, **kwargs: Any
    ) -> concurrent.futures.Future[_Result]:
        """Runs a call on one of the pool's threads; RuntimeError once the pool is shut down."""
        with self._state_lock:
            if self._closed:
                raise RuntimeError('cannot schedule new futures after shutdown')
            future: concurrent.futures.Future[_Result] = concurrent.futures.Future()
            self._tasks.put((future, fn, args, kwargs))
            if not self._idle_workers.acquire(blocking=False) and (
                len(self._workers) < self._most_threads
            ):
                worker = threading.Thread(
                    target=self._work, name=f'{_WORKER_NAME}-{len(self._workers)}', daemon=True
                )
                worker.start()
                self._workers.append(worker)
            return future

    def _work(self) -> None:
        """Runs calls until the pool is shut down."""
        while True:
            task = self._tasks.get()
            if task is None:
                return
            future, fn, args, kwargs = task
            del task
            if future.set_running_or_notify_cancel():
                try:
                    result = fn(*args, **kwargs)
                except BaseException as error:  # Handed to the caller, as ThreadPoolExecutor does.
                    future.set_exception(error)
                    del error
                else:
                    future.set_result(result)
                    del result
            del future, fn, args, kwargs
            self._idle_workers.release()

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Stops taking calls (cancelling those not started if asked), never waiting for one."""
        del wait
        with self._state_lock:
            if self._closed:
                return
            self._closed = True
            workers = len(self._workers)
        while cancel_futures:
            try:
                task = self._tasks.get_nowait()
            except queue.Empty:
                break
            if task is not None:
                task[0].cancel()
        for _ in range(workers):
            self._tasks.put(None)


def run_app(app: _Runnable, *, headless: bool = False) -> None:
    """Runs a Textual app until it exits (headless for tests), on the daemon executor."""
    with asyncio.Runner() as runner:
        loop = runner.get_loop()
        loop.set_default_executor(DaemonThreadPoolExecutor())
        app.run(headless=headless, loop=loop)
