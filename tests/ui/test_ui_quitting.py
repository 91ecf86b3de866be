"""Quitting always works: no worker thread, however stuck, keeps the process alive.

Each test runs the app in a subprocess (headless) and quits it; the subprocess must end. The
timeout is generous and bounds a hang, it measures nothing.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

HANG_TIMEOUT_SECONDS = 180
"""How long a quit may take before it counts as a hang (a loaded machine is slow, not stuck)."""

_SCRIPT_START = """
import sys
import threading
import time
from pathlib import Path

from desk_browser.demo import DEMO_TODAY, build_demo_desk
from desk_browser.quitting import run_app
from desk_browser.ui.app import make_app

desk = Path(sys.argv[1])
build_demo_desk(desk, today=DEMO_TODAY, days=1)
"""

_SCRIPT_END = """
app = make_app(desk, today=lambda: DEMO_TODAY, cache_directory=Path(sys.argv[2]))


def quit_when_ready() -> None:
    ready.wait()
    time.sleep(1.0)
    app.call_from_thread(app.exit)


threading.Thread(target=quit_when_ready, daemon=True).start()
run_app(app, headless=True)
print('quit', flush=True)
"""


def run_and_quit(tmp_path: Path, middle: str) -> subprocess.CompletedProcess[str]:
    """Runs the app in a subprocess with `middle` run before it starts, and quits it."""
    script = _SCRIPT_START + textwrap.dedent(middle) + _SCRIPT_END
    return subprocess.run(
        [sys.executable, '-c', script, str(tmp_path / 'main'), str(tmp_path / 'cache')],
        capture_output=True,
        text=True,
        timeout=HANG_TIMEOUT_SECONDS,
        env={**os.environ, 'TEXTUAL': ''},
        check=False,
    )


def test_quitting_while_a_worker_is_stuck_in_a_read_ends_the_process(tmp_path: Path) -> None:
    finished = run_and_quit(
        tmp_path,
        """
        from desk_browser.memory import desk_watch

        ready = threading.Event()


        def read_forever(self, problems=None):
            ready.set()
            threading.Event().wait()  # A read that never returns, as on a hung mount.


        desk_watch.JsonLinesFollower.read_new = read_forever
        """,
    )
    assert finished.returncode == 0, finished.stderr
    assert finished.stdout.strip() == 'quit'


def test_a_fifo_as_the_current_sessions_log_neither_blocks_nor_stops_quitting(
    tmp_path: Path,
) -> None:
    finished = run_and_quit(
        tmp_path,
        """
        import os

        from desk_browser.memory.session_store import SessionStore

        state = SessionStore(desk / 'sessions').load_state()
        log = desk / 'sessions' / f'{state.session_id}.jsonl'
        log.unlink()
        os.mkfifo(log)
        ready = threading.Event()
        ready.set()
        """,
    )
    assert finished.returncode == 0, finished.stderr
    assert finished.stdout.strip() == 'quit'
