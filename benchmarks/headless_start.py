"""The programs whose start bench_instructions.py counts, headless at 120x40, and `painted`.

Run by bench_instructions.py under valgrind (not by hand, though it works: each mode exits by
itself), one mode a process:

    python benchmarks/headless_start.py bare-imports   # what bare_app.py imports, then exit
    python benchmarks/headless_start.py bare           # the bare app until its first frame
    python benchmarks/headless_start.py desk-imports   # desk_browser.cli and desk_browser.ui.app
    python benchmarks/headless_start.py desk DESK      # `desk-browser DESK` until painted

`desk` runs the command's own path, `desk_browser.cli.main([DESK])` (gc.disable, the desk's
first read started before `desk_browser.ui.app` is imported, `make_app(first_read=...)`), with
two of the module's names swapped: `terminal_problem` (there is no terminal here) and `run_app`,
which runs the app as `quitting.run_app` does (its `DaemonThreadPoolExecutor` loop) but headless
at 120x40, and exits once `painted` holds. The settings and the cache come from XDG_CONFIG_HOME
and XDG_CACHE_HOME, as the command's do.

With DESK_BENCH_SOURCE set to another checkout's `src` folder (bench_instructions' --baseline),
desk_browser is imported from there: that folder takes the installed one's place on sys.path,
where PYTHONPATH would add one more folder in front, which every import then looks in first
(about 5 M instructions of the imports, for the same code).

Nothing is imported at the top beyond `sys`: whatever this module imports is counted.
"""

from __future__ import annotations

import sys
from typing import Any

SOURCE_VARIABLE = 'DESK_BENCH_SOURCE'
SETTLE_VARIABLE = 'DESK_BENCH_SETTLE'
"""Set (to anything) for a start that stays on after its paint until its first answers' workers
have ended: a baseline from before round 20 keeps its first answers' lines (drawn/) then, which
its next start draws from. bench_instructions' unmeasured first run of each program sets it."""
TO_EXIT_VARIABLE = 'DESK_BENCH_TO_EXIT'
"""Set (to anything) for a start that exits as the app does once painted (its teardown counted
too); otherwise the process ends (os._exit) right after the painted frame, so nothing after the
paint is counted: no teardown, and none of the work timers start after the paint (the index
build, the desk check), which a run under valgrind reaches or not by the clock."""
SIZE = (120, 40)
POLL_SECONDS = 0.002
"""How often the app is asked whether it has painted (a busy event loop asks less often)."""
SETTLE_SECONDS = 2.0
"""How long a settling start stays on after its paint at least, and then until its first answers'
workers have ended."""


def painted(app: Any) -> bool:
    """Whether the main screen shows the state, the sessions and the current exchanges."""
    from desk_browser.ui.screens.main_screen import MainScreen
    from desk_browser.ui.widgets.exchange_view import ExchangeView
    from desk_browser.ui.widgets.session_list import SessionList

    screen = app.screen_stack[0] if app.screen_stack else None
    if not isinstance(screen, MainScreen) or screen.overview is None:
        return False
    if not screen.query_one(SessionList).row_count:
        return False
    view = screen.query_one(ExchangeView)
    return view.shown_log is not None and bool(view.rendered_indexes)


def leave(app: Any) -> None:
    """Ends the program once painted: as the app exits with DESK_BENCH_TO_EXIT, else at once."""
    import os

    if os.environ.get(TO_EXIT_VARIABLE):
        app.exit()
    else:
        os._exit(0)


def bare_app_first_frame() -> None:
    """The bare Textual app (bare_app.py) until its first frame is drawn, then exit."""
    from bare_app import BareApp

    class FirstFrame(BareApp):
        def on_mount(self) -> None:
            self.call_after_refresh(leave, self)

    FirstFrame().run(headless=True, size=SIZE)


def run_until_painted(app: Any, *, headless: bool = False) -> None:
    """Runs the app as quitting.run_app does, but headless at 120x40, until it has painted."""
    import asyncio
    import os

    from desk_browser.quitting import DaemonThreadPoolExecutor

    del headless  # Always headless here.
    settle = bool(os.environ.get(SETTLE_VARIABLE))

    def check() -> None:
        if not painted(app):
            app.set_timer(POLL_SECONDS, check)
        elif settle:
            app.set_timer(SETTLE_SECONDS, exit_once_kept)
        else:
            app.call_after_refresh(leave, app)

    def exit_once_kept() -> None:
        if any(
            worker.group == 'first-answers' and not worker.is_finished for worker in app.workers
        ):
            app.set_timer(POLL_SECONDS, exit_once_kept)
        else:
            app.exit()

    app.call_later(check)
    with asyncio.Runner() as runner:
        loop = runner.get_loop()
        loop.set_default_executor(DaemonThreadPoolExecutor())
        app.run(headless=True, loop=loop, size=SIZE)


def browse_until_painted(desk: str) -> int:
    """`desk-browser DESK` until its first screen is painted, then exit; returns its status."""
    import desk_browser.cli  # What the command's entry point imports.

    desk_browser.cli.terminal_problem = lambda: None
    desk_browser.cli.run_app = run_until_painted  # type: ignore[attr-defined]
    return desk_browser.cli.main([desk])


def use_source() -> None:
    """Puts $DESK_BENCH_SOURCE in the place on sys.path of the folder desk_browser is in."""
    import os

    source = os.environ.get(SOURCE_VARIABLE)
    if not source:
        return
    for place, folder in enumerate(sys.path):
        if os.path.isdir(os.path.join(folder, 'desk_browser')):
            sys.path[place] = source
            return
    sys.path.insert(0, source)


def main() -> int:
    use_source()
    mode = sys.argv[1]
    if mode == 'bare-imports':
        import bare_app  # noqa: F401
    elif mode == 'bare':
        bare_app_first_frame()
    elif mode == 'desk-imports':
        import desk_browser.cli
        import desk_browser.ui.app  # noqa: F401
    elif mode == 'desk':
        return browse_until_painted(sys.argv[2])
    else:
        raise SystemExit(f'unknown mode {mode!r}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
