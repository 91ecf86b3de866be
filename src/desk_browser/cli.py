"""The `desk-browser` command: browses a desk (or the demo), or runs a subcommand (registry).

A subcommand imports neither Textual nor asyncio.
"""

from __future__ import annotations

import gc

_COLLECTING = gc.isenabled()
gc.disable()  # Held while this module's imports load; put back as it was (the `finally`).
try:
    import os
    import sys
    import types
    from pathlib import Path
    from typing import TYPE_CHECKING, Any, NoReturn, cast

    from desk_browser import __version__
    from desk_browser.commands.registry import run_subcommand
    from desk_browser.memory.file_reading import ReadSettings, settings_in_force
    from desk_browser.presentation.start_view import StartView
finally:
    # What these imports make (asyncio's modules and classes among them) lives as long as the
    # process, yet the collector went through it 37 times as it was made (41,000 objects
    # traversed, against 25,600 in the one young collection that now follows). Browsing holds
    # collections from run_browser on (ui.heap_freezing resumes them); anything else that
    # imports this module gets the collector back as it was.
    if _COLLECTING:
        gc.enable()

if TYPE_CHECKING:
    import argparse

    from textual.app import App

EXIT_OK = 0
EXIT_USAGE = 2
"""The exit status for a wrong command line, such as a DESK that is not a folder, or no terminal."""

NO_TERMINAL_MESSAGE = (
    'desk-browser: needs a terminal: stdin and stdout must both be one (over SSH, use ssh -t). '
    'For scripts: desk-browser state|search|sessions|orders|show|check DESK (see desk-browser '
    '--help).'
)
"""What browsing without a terminal says, on one line."""

STDERR_CLOSED_MESSAGE = (
    'desk-browser: stderr is closed (2>&-), and the screen is drawn through it. '
    'Send it to a file instead (2>errors.log): the screen stays on the terminal.'
)
"""What browsing says, on the terminal (stdout), when started with stderr closed."""

_TERMINAL_DRIVERS = ('textual.drivers.linux_driver', 'textual.drivers.windows_driver')
"""Textual's drivers that draw on the terminal; TEXTUAL_DRIVER naming another (textual-serve
names its web driver, which talks over pipes) needs none."""


def build_parser() -> argparse.ArgumentParser:
    """Builds the parser for browsing (`desk-browser [DESK] [--demo]`)."""
    # Deferred: argparse (and gettext) load only for a command line plain_browsing leaves.
    import argparse

    from desk_browser.browsing_parser import BrowsingParser
    from desk_browser.commands.common import add_follow_symlinks_argument

    parser = BrowsingParser(
        prog='desk-browser',
        description='Browse an AI trading desk folder: state, sessions, exchanges, summaries and '
        'search. It only reads the desk.',
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument('--version', action='version', version=f'%(prog)s {__version__}')
    parser.add_argument(
        'desk',
        nargs='?',
        default=None,
        metavar='DESK',
        help='the desk folder, with sessions/, journal/ and notes/ (default: the current folder)',
    )
    parser.add_argument(
        '--demo',
        action='store_true',
        help='build a demo desk in a temporary folder, browse it, and remove it on exit',
    )
    parser.add_argument(
        '--desks',
        type=int,
        metavar='N',
        default=None,
        help='with --demo: build a demo workspace of N desks instead (healthy, damaged state, '
        'a backend behind, idle for days, then healthy ones) and open its Desks screen',
    )
    parser.add_argument('--session', metavar='ID', help='open with this session selected')
    parser.add_argument(
        '--day',
        metavar='DAY',
        help='open at the day view of DAY: YYYY-MM-DD, today, yesterday or a weekday (India dates)',
    )
    parser.add_argument(
        '--search',
        metavar='WORDS',
        help="open the search with these words (with --day: that day's records only); given "
        'a folder of desks, the search across every desk',
    )
    add_follow_symlinks_argument(parser)
    return parser


def desk_problem(desk: Path) -> str | None:
    """Why a path cannot be browsed as a desk (naming it and what to do), or None for a folder."""
    if not desk.exists():
        return (
            f'desk-browser: {desk}: no such folder. Give the path of a desk folder '
            '(such as workspace/desks/main), or try desk-browser --demo.'
        )
    if not desk.is_dir():
        return (
            f'desk-browser: {desk}: not a folder. Give the desk folder itself, the one that '
            'holds sessions/, journal/ and notes/.'
        )
    return None


def _is_terminal(stream: object) -> bool:
    """Whether sys.stdin or sys.stdout (None when started without it) is a terminal."""
    isatty = getattr(stream, 'isatty', None)
    try:
        return bool(isatty()) if isatty is not None else False
    except (OSError, ValueError):  # A closed stream.
        return False


def terminal_problem() -> str | None:
    """Why the terminal UI cannot start here (no terminal), or None (also for textual-serve)."""
    if not _draws_on_a_terminal():
        return None
    if _is_terminal(sys.stdin) and _is_terminal(sys.stdout):
        return None
    return NO_TERMINAL_MESSAGE


def _draws_on_a_terminal() -> bool:
    """Whether Textual will draw on the terminal (False when TEXTUAL_DRIVER names another)."""
    driver = os.environ.get('TEXTUAL_DRIVER', '').strip()
    return not driver or driver.startswith(_TERMINAL_DRIVERS)


def draw_on_the_terminal() -> str | None:
    """Has the screen drawn on the terminal when stderr was sent elsewhere.

    Call it once stdin and stdout are terminals: descriptor 2 becomes stdout's terminal, and
    sys.stderr a new stream on where stderr went.

    Returns:
        str | None: None when the screen will be on the terminal; else a one-line message.
    """
    stream = sys.__stderr__
    if not _draws_on_a_terminal() or not _is_terminal(sys.stdout) or _is_terminal(stream):
        return None
    if stream is None:
        return STDERR_CLOSED_MESSAGE
    try:
        terminal, descriptor = sys.stdout.fileno(), stream.fileno()
        stream.flush()
        kept = os.dup(descriptor)
        os.dup2(terminal, descriptor)
    except (OSError, ValueError):  # A stream without a descriptor: Textual gets it as it is.
        return None
    sys.stderr = open(  # noqa: SIM115 - the process's stderr, open as long as it runs.
        kept, 'w', encoding=stream.encoding, errors='backslashreplace', buffering=1
    )
    return None


def _refuse_the_terminal() -> int | None:
    """EXIT_USAGE after saying why browsing cannot start here; else None (draws on the tty)."""
    problem = terminal_problem()
    if problem is not None:
        print(problem, file=sys.stderr)
        return EXIT_USAGE
    problem = draw_on_the_terminal()
    if problem is not None:
        print(problem, file=sys.stdout)
        return EXIT_USAGE
    return None


def run_app(app: App[Any]) -> None:
    """Runs the app in quitting's event loop (asyncio loads here: the commands never need it)."""
    from desk_browser.quitting import run_app as run

    run(app)


def run_browser(desk: Path, start: StartView | None = None) -> int:
    """Runs the browser on a desk folder, at `start` (None: the main screen); the exit status."""
    from desk_browser.live.first_read import FirstRead
    from desk_browser.live.services import DeskServices
    from desk_browser.presentation.settings import default_settings_path

    gc.disable()  # Until the app freezes its start-up objects (ui.heap_freezing resumes them).
    start = start or StartView()
    # Read the desk while Textual loads (about 0.3 s): the first screen is then built filled in.
    first_read = FirstRead(DeskServices.for_desk(desk), requested_session=start.session_id)
    first_read.start()
    from desk_browser.ui.app import make_app  # Deferred: Textual loads only when browsing.

    app = make_app(desk, start=start, settings_path=default_settings_path(), first_read=first_read)
    run_app(app)
    _remove_retired_cache_files()
    return app.return_code or EXIT_OK


def _remove_retired_cache_files() -> None:
    """Removes the cache files earlier versions kept, once the app has quit."""
    from desk_browser.memory.cache_folders import default_cache_directory
    from desk_browser.memory.retired_cache_files import remove_retired_cache_files

    remove_retired_cache_files(default_cache_directory())


def run_workspace_browser(path: Path, search: str | None = None) -> int:
    """Runs the browser on a workspace, on the Desks screen or a search of `search`; the status."""
    from desk_browser.presentation.settings import default_settings_path
    from desk_browser.ui.workspace_app import make_workspace_app  # Deferred: Textual.

    app = make_workspace_app(path, settings_path=default_settings_path(), search=search)
    app.run()
    _remove_retired_cache_files()
    return app.return_code or EXIT_OK


def run_demo(start: StartView | None = None, desks: int | None = None) -> int:
    """Builds the demo desk (or `desks` desks) in a temporary folder, browses it, removes it."""
    import shutil
    import signal
    import tempfile

    from desk_browser.demo import build_demo_desk, build_demo_workspace
    from desk_browser.presentation.formatting import india_today

    temporary_root = Path(tempfile.mkdtemp(prefix='desk-browser-demo-'))
    previous_handlers = _remove_on_hangup(temporary_root)
    try:
        if desks is not None:
            folder = temporary_root / 'workspace' / 'desks'
            build_demo_workspace(folder, today=india_today(), desks=desks)
            return run_workspace_browser(folder, start.search if start is not None else None)
        desk = temporary_root / 'main'
        build_demo_desk(desk, today=india_today())
        return run_browser(desk, start)
    finally:
        shutil.rmtree(temporary_root, ignore_errors=True)
        for signal_number, handler in previous_handlers.items():
            signal.signal(signal_number, handler)


def _remove_on_hangup(folder: Path) -> dict[int, Any]:
    """Removes a folder on SIGHUP or SIGTERM too; gives the replaced handlers, to put back."""
    import shutil
    import signal

    def remove_and_stop(signal_number: int, _frame: object) -> None:
        shutil.rmtree(folder, ignore_errors=True)
        signal.signal(signal_number, signal.SIG_DFL)
        os.kill(os.getpid(), signal_number)

    previous: dict[int, Any] = {}
    for name in ('SIGHUP', 'SIGTERM'):
        signal_number = getattr(signal, name, None)
        if signal_number is not None:
            previous[signal_number] = signal.signal(signal_number, remove_and_stop)
    return previous


def browse(arguments: argparse.Namespace, parser: argparse.ArgumentParser | None = None) -> int:
    """Runs the browsing command; `parser` words usage errors (None: read by plain_browsing)."""
    start = start_view(arguments)
    if isinstance(start, str):
        print(start, file=sys.stderr)
        return EXIT_USAGE
    with settings_in_force(ReadSettings(follow_symlinks=arguments.follow_symlinks)):
        return _browse(arguments, parser, start)


def _browse(
    arguments: argparse.Namespace, parser: argparse.ArgumentParser | None, start: StartView
) -> int:
    """Runs the browsing command once its start view is read (see browse)."""
    one_desk_options = _one_desk_options(arguments)
    if arguments.demo:
        if arguments.desk is not None:
            _usage_error(parser, 'give either DESK or --demo, not both')
        if arguments.desks is not None and one_desk_options:
            _usage_error(parser, f'{one_desk_options} one desk, not a demo workspace (--desks)')
        if (refusal := _refuse_the_terminal()) is not None:
            return refusal
        if arguments.desks is not None and arguments.desks < 1:
            _usage_error(parser, '--desks must be at least 1')
        return run_demo(start, arguments.desks)
    if arguments.desks is not None:
        _usage_error(
            parser, '--desks N goes with --demo; give a folder of desks as DESK to browse it'
        )
    desk = Path(arguments.desk if arguments.desk is not None else '.')
    problem = desk_problem(desk)
    if problem is not None:
        print(problem, file=sys.stderr)
        return EXIT_USAGE
    from desk_browser.memory.workspace import find_desks

    workspace = find_desks(desk)
    if workspace.kind == 'workspace' and one_desk_options:
        folder = workspace.desks_folder or desk
        print(
            f'desk-browser: {desk}: a folder of desks, and {one_desk_options} one desk. '
            f'Give one of them, such as {folder / workspace.names[0]}.',
            file=sys.stderr,
        )
        return EXIT_USAGE
    if (refusal := _refuse_the_terminal()) is not None:
        return refusal
    if workspace.kind == 'workspace':
        return run_workspace_browser(desk.resolve(), start.search)
    return run_browser(desk.resolve(), start)


def _usage_error(parser: argparse.ArgumentParser | None, message: str) -> NoReturn:
    """Exits with a usage error (status 2) as the parser (built here if None) words it.

    Raises:
        SystemExit: Always, from argparse.
    """
    (parser if parser is not None else build_parser()).error(message)


def _one_desk_options(arguments: argparse.Namespace) -> str:
    """The options given that open one desk at a view, with their verb ("--day opens"), or ""."""
    given = [
        f'--{name}'
        for name in ('session', 'day')
        if getattr(arguments, name) is not None and (name != 'day' or arguments.search is None)
    ]
    if len(given) < 2:
        return ''.join(f'{name} opens' for name in given)
    return f'{", ".join(given[:-1])} and {given[-1]} open'


def start_view(arguments: argparse.Namespace) -> StartView | str:
    """Reads where to open from --session, --day and --search (--day with --search narrows it).

    Returns:
        StartView | str: The view, or a message for a malformed day or an empty session id.
    """
    from desk_browser.presentation.formatting import india_today
    from desk_browser.presentation.navigation import DAY_WORDS_HELP, parse_day_words

    if arguments.session is not None and not arguments.session.strip():
        # An empty id (an unset shell variable) was ignored: the current session opened.
        return (
            f'desk-browser: --session {arguments.session!r}: give a session id such as '
            '2026-10-21-2 (desk-browser sessions DESK lists them), or leave --session out to '
            'open on the current session.'
        )
    day: str | None = None
    search: str | None = arguments.search
    if arguments.day is not None:
        parsed = parse_day_words(arguments.day, india_today())
        if parsed is None:
            return f'desk-browser: --day {arguments.day!r}: give {DAY_WORDS_HELP}.'
        day = parsed.isoformat()
    if day is not None and search is not None:  # The search, on that day: not the day view.
        search, day = f'{search} day:{day}', None
    return StartView(session_id=arguments.session, day=day, search=search)


def plain_browsing(argv: list[str]) -> argparse.Namespace | None:
    """Reads `desk-browser [DESK]` as `build_parser().parse_args` would; None for any other line."""
    if len(argv) > 1 or (argv and argv[0].startswith('-')):
        return None
    arguments = types.SimpleNamespace(
        desk=argv[0] if argv else None,
        demo=False,
        desks=None,
        session=None,
        day=None,
        search=None,
        follow_symlinks=False,
    )
    return cast('argparse.Namespace', arguments)  # Read only by its attributes, as a Namespace.


def main(argv: list[str] | None = None) -> int:
    """Runs `desk-browser` with the given arguments (None reads sys.argv); gives the exit status."""
    arguments_list = list(sys.argv[1:] if argv is None else argv)
    status = run_subcommand(arguments_list)
    if status is not None:
        return status
    plain = plain_browsing(arguments_list)
    if plain is not None:
        return browse(plain)
    parser = build_parser()
    return browse(parser.parse_args(arguments_list), parser)


if __name__ == '__main__':
    sys.exit(main())
