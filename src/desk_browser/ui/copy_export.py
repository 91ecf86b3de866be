"""The copy and export keys (and the palette's Screenshot): the text, and how it is delivered.

`y` copies as Markdown, `Y` as a JSON line, `x` exports a Markdown file, never inside a desk;
each screen binds the keys (`copy_keys`) and finds what they act on.
"""

from __future__ import annotations

import contextlib
import datetime
import functools
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.app import App
from textual.screen import Screen

from desk_browser.live.services import DeskServices
from desk_browser.presentation.desk_data import SessionLog
from desk_browser.presentation.exports import (
    ExportRefused,
    export_file_name,
    kept_out_of,
    spaces_kept,
    write_export,
)
from desk_browser.presentation.safe_text import visible

if TYPE_CHECKING:
    from desk_browser.memory.session_search import SearchHit
    from desk_browser.presentation.hit_details import HitDetails

# presentation.documents (and the desk check, the search and the day's records it needs) is
# imported when something is first copied or exported: the first screen does without it.


@dataclass(frozen=True)
class Copied:
    """Text to put on the clipboard, and what it is for the toast ("exchange 3 as Markdown")."""

    text: str
    what: str


@dataclass(frozen=True)
class Export:
    """A document to write to a file.

    Attributes:
        file_name: The file's name.
        document: The Markdown, or what makes it, called in the thread that writes the file.
    """

    file_name: str
    document: str | Callable[[], str]


def copy_form(as_json: bool) -> str:
    """Names the form a copy takes, for the toast: "its JSON line" or "Markdown"."""
    return 'its JSON line' if as_json else 'Markdown'


def record_copy(hit: SearchHit, as_json: bool, details: HitDetails | None = None) -> Copied:
    """What the copy keys copy of a search hit: its whole record, `details` heading the Markdown."""
    from desk_browser.presentation.documents import record_json, record_markdown  # Deferred.

    text = record_json(hit.record) if as_json else record_markdown(hit.record, details=details)
    return Copied(text, f'the {hit.record.kind} record as {copy_form(as_json)}')


def exchange_copy(
    log: SessionLog | None, index: int | None, as_json: bool, asked: str | None = None
) -> Copied | str:
    """What the copy keys copy of a session shown (the chosen exchange), or why there is nothing.

    Args:
        log: The session shown, or None.
        index: The chosen exchange's place in it, or None.
        as_json: True for its JSON line, False for Markdown.
        asked: When it was asked (its trigger's time, the journal's), if known.
    """
    if log is None or index is None or not 0 <= index < len(log.exchanges):
        return 'No exchange is shown to copy.'
    from desk_browser.presentation.documents import exchange_json, exchange_markdown  # Deferred.

    exchange = log.exchanges[index]
    text = exchange_json(exchange) if as_json else exchange_markdown(index + 1, exchange, asked)
    return Copied(text, f'exchange {index + 1} as {copy_form(as_json)}')


def session_export(log: SessionLog | None, asked: Sequence[str | None] = ()) -> Export | str:
    """What `x` writes of a session shown (`asked`: when each was asked), or why not."""
    if log is None or not log.exchanges:
        return 'No session with exchanges is shown to export.'
    if not log.complete:
        return 'The session is still being read: export it in a moment.'
    from desk_browser.presentation.documents import session_markdown  # Deferred.

    document = session_markdown(log.session_id, log.exchanges, asked)
    return Export(export_file_name('session', log.session_id), document)


def deliver_copy(screen: Screen[Any], found: Copied | str) -> None:
    """Puts the text on the clipboard (OSC 52) and says so, or says why there is nothing."""
    if not isinstance(found, Copied):
        screen.notify(found)
        return
    screen.app.copy_to_clipboard(found.text)
    # The app cannot know whether the terminal took it: tmux drops OSC 52 unless told otherwise.
    screen.notify(
        f"Sent {visible(found.what)} to the terminal's clipboard (OSC 52).",
        title='Sent to the clipboard',
        markup=False,
    )


@dataclass(frozen=True)
class Delivered:
    """What a toast says of a file written or not: its safe `message`, `title`, and `failed`."""

    message: str
    title: str
    failed: bool = False


def deliver_in_thread(app: App[Any], write: Callable[[], Delivered], what: str) -> None:
    """Writes a file in a thread worker named after `what`, then says in a toast how it went."""

    def run() -> None:
        delivered = write()
        with contextlib.suppress(RuntimeError):  # The app ended meanwhile: nobody to tell.
            app.call_from_thread(
                app.notify,
                delivered.message,
                title=delivered.title,
                severity='error' if delivered.failed else 'information',
                timeout=None if delivered.failed else 8,
                markup=False,
            )

    app.run_worker(
        run,
        name=f'write the {what}',
        group='desk-browser-writes',
        description=f'Writes the {what} outside the desk',
        exit_on_error=False,
        thread=True,
    )


def deliver_export(screen: Screen[Any], found: Export | str, services: DeskServices) -> None:
    """Writes the document in the export folder, in a thread, and toasts its path or why not."""
    if isinstance(found, str):
        screen.notify(found)
        return
    deliver_in_thread(screen.app, functools.partial(write_found, found, services), 'export')


def export_folder(protected: Sequence[Path], chosen: Path | None) -> tuple[Path, str] | str:
    """Chooses where an export goes: the export folder, else the current one, else the home one.

    The current folder is passed over when it lies inside a protected folder or no longer exists.

    Args:
        protected: The folders never written (DeskServices.protected_folders).
        chosen: The export folder set (DeskServices.export_folder), or None.

    Returns:
        The folder and why it is not the current one ('' when it is, or is the one set); or the
        sentence saying no folder will do.
    """
    if chosen is not None:
        return chosen, ''
    current: Path | None = None
    try:
        current = Path.cwd().resolve()
    except OSError:  # The current folder was removed since the app started.
        because = 'the current folder no longer exists'
    else:
        inside = kept_out_of(current, protected)
        if inside is None:
            return current, ''
        because = f'the current folder is inside {inside}'
    home: Path | None = None
    with contextlib.suppress(OSError, RuntimeError):  # No home folder to be found.
        found = Path.home().resolve()
        home = found if found.is_dir() else None
    if home is not None and kept_out_of(home, protected) is None:
        return home, because
    if current is None:
        return (
            'Not written: the current folder no longer exists, and there is no home folder '
            'outside the desk to write in. Start desk-browser from another folder.'
        )
    inside = kept_out_of(current, protected) or 'the desk'
    if home is None:
        return (
            f'Not written: {current} is inside {inside}, where desk-browser never writes, and '
            'there is no home folder to write in. Start it from another folder.'
        )
    return (
        f'Not written: the current folder ({current}) and the home folder ({home}) are inside '
        f'{inside}, and desk-browser never writes there. Start it from another folder.'
    )


def write_found(found: Export, services: DeskServices) -> Delivered:
    """Writes an export in `export_folder`'s choice, outside the desks, and says where."""
    protected = services.protected_folders()
    place = export_folder(protected, services.export_folder)
    if isinstance(place, str):
        return Delivered(visible(place), 'Not exported', failed=True)
    folder, because = place
    try:
        document = found.document if isinstance(found.document, str) else found.document()
        path = write_export(protected, folder, found.file_name, document)
    except ExportRefused as refusal:
        return Delivered(visible(str(refusal)), 'Not exported', failed=True)
    return Delivered(
        f'Wrote {written_place(path)}' + (f' ({because})' if because else ''), 'Exported'
    )


def written_place(path: Path) -> str:
    """Names a file written, then its folder's path, made safe: "x.md in /home/trader"."""
    return f'{visible(path.name)} in {visible(str(path.parent))}'


def screenshot_folder(
    protected: Sequence[Path], environment: Mapping[str, str] | None = None
) -> Path | None:
    """Chooses where a screenshot goes: XDG_DOWNLOAD_DIR, the current or the home folder, or None.

    A folder inside a protected one is passed over; `environment` None reads os.environ.
    """
    environment = os.environ if environment is None else environment
    candidates: list[Path] = []
    downloads = environment.get('XDG_DOWNLOAD_DIR', '')
    if downloads:
        candidates.append(Path(os.path.expandvars(downloads)).expanduser())
    for where in (Path.cwd, Path.home):
        with contextlib.suppress(OSError, RuntimeError):  # The current folder is gone; no home.
            candidates.append(where())
    for folder in candidates:
        try:
            resolved = folder.resolve()
            if not resolved.is_dir():
                continue
        except (OSError, RuntimeError):
            continue
        if kept_out_of(resolved, protected) is None:
            return resolved
    return None


def deliver_screenshot_file(app: App[Any], services: DeskServices, filename: str | None) -> None:
    """Saves the screen as an SVG file in a thread (`filename` None: named after the time)."""
    moment = datetime.datetime.fromtimestamp(services.clock())
    name = filename or f'desk-browser-{moment:%Y-%m-%dT%H-%M-%S}.svg'
    screen = spaces_kept(app.export_screenshot())
    deliver_in_thread(
        app, functools.partial(write_screenshot, services, name, screen), 'screenshot'
    )


def write_screenshot(services: DeskServices, name: str, screen: str) -> Delivered:
    """Writes a screenshot in screenshot_folder, outside every desk; says where or why not."""
    protected = services.protected_folders()
    folder = screenshot_folder(protected)
    if folder is None:
        return Delivered(
            'Not saved: neither XDG_DOWNLOAD_DIR, the current folder nor the home folder is a '
            f'folder outside {"the desk" if len(protected) == 1 else "the desks"}.',
            'Screenshot',
            failed=True,
        )
    try:
        path = write_export(protected, folder, name, screen)
    except ExportRefused as refusal:
        return Delivered(visible(str(refusal)), 'Screenshot', failed=True)
    return Delivered(f'Saved the screen as {written_place(path)}', 'Screenshot')
