"""A real `desk-browser serve DESK --port 0` for tests, its stderr kept in a file."""

from __future__ import annotations

import contextlib
import os
import selectors
import signal
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Serving:
    """A running `desk-browser serve` and its link."""

    process: subprocess.Popen[bytes]
    link: str
    errors: Path
    """The file its stderr goes to."""

    @property
    def base(self) -> str:
        return self.link.split('/?', 1)[0]

    @property
    def token(self) -> str:
        return self.link.split('/?token=', 1)[1]

    @property
    def port(self) -> int:
        return int(self.base.rsplit(':', 1)[1])

    def stop(self) -> int:
        """Stops it as Ctrl+C does; returns its exit status."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
        try:
            return self.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            raise


def _first_line(process: subprocess.Popen[bytes], timeout: float) -> str:
    """Reads the first line of stdout, guarding against a server that never prints it."""
    assert process.stdout is not None
    with selectors.DefaultSelector() as selector:
        selector.register(process.stdout, selectors.EVENT_READ)
        if not selector.select(timeout):
            raise AssertionError(f'serve printed no link in {timeout} s')
    return process.stdout.readline().decode().strip()


@contextlib.contextmanager
def serve_desk(desk: Path, folder: Path) -> Iterator[Serving]:
    """Runs `desk-browser serve DESK --port 0` until the block ends.

    Args:
        desk: The desk to serve.
        folder: Where its cache, its settings and its stderr (serve.err) go.

    Yields:
        The server, once it has printed its link.
    """
    environment = {**os.environ, 'XDG_CACHE_HOME': str(folder / 'cache')}
    environment['XDG_CONFIG_HOME'] = str(folder / 'config')
    environment.pop('TEXTUAL_DRIVER', None)
    errors = folder / 'serve.err'
    with errors.open('wb') as stream:
        process = subprocess.Popen(
            [sys.executable, '-m', 'desk_browser', 'serve', str(desk), '--port', '0'],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=stream,
            env=environment,
        )
    running = Serving(process, '', errors)
    try:
        running = Serving(process, _first_line(process, timeout=60), errors)
        yield running
    finally:
        running.stop()
