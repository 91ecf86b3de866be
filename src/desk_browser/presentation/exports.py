"""Writing an exported document to a new file outside the desk, and naming that file.

The app's export key (`x`) writes the Markdown of `desk_browser.presentation.documents` here.
The desk is never written: a folder inside it (or a link into it) is refused with a sentence
that says what to do, and an existing file is never replaced.
"""

from __future__ import annotations

import re
from pathlib import Path

__all__ = ['ExportRefused', 'export_file_name', 'write_export']

_NAME_UNSAFE = re.compile(r'[^A-Za-z0-9._-]+')


class ExportRefused(Exception):
    """The export was not written; the message says why, in words for the person."""


def export_file_name(kind: str, name: str) -> str:
    """Names an export file, such as ``desk-browser-day-2026-10-21.md``.

    Args:
        kind (str): What is exported: "session", "day" or "search".
        name (str): The session, the day or the search words.

    Returns:
        str: A file name of letters, digits, dots, dashes and underscores.
    """
    cleaned = _NAME_UNSAFE.sub('-', name).strip('-.')[:60] or 'export'
    return f'desk-browser-{kind}-{cleaned}.md'


def _inside(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


def write_export(desk: Path, folder: Path, file_name: str, document: str) -> Path:
    """Writes a document to a new file in a folder outside the desk.

    An existing file is never replaced: a number is added to the name instead
    (``...-2.md``).

    Args:
        desk (Path): The desk folder, which must not receive the file.
        folder (Path): Where to write, normally the current working folder.
        file_name (str): The file's name (from `export_file_name`).
        document (str): The Markdown, without a final newline.

    Returns:
        Path: The path written.

    Raises:
        ExportRefused: The folder is inside the desk, or the file could not be written.
    """
    resolved_desk = desk.resolve()
    resolved_folder = folder.resolve()
    if _inside(resolved_folder, resolved_desk):
        raise ExportRefused(
            f'Not written: {resolved_folder} is inside the desk, and desk-browser never writes '
            'there. Start it from another folder.'
        )
    stem, suffix = file_name.rsplit('.', 1) if '.' in file_name else (file_name, 'md')
    for attempt in range(1, 1000):
        candidate = resolved_folder / (file_name if attempt == 1 else f'{stem}-{attempt}.{suffix}')
        if _inside(candidate.resolve(), resolved_desk):
            raise ExportRefused(f'Not written: {candidate} would be inside the desk.')
        try:
            with candidate.open('x', encoding='utf-8') as output:
                output.write(document + '\n')
        except FileExistsError:
            continue
        except OSError as error:
            raise ExportRefused(f'Not written: {candidate}: {error.strerror or error}') from error
        return candidate
    raise ExportRefused(f'Not written: too many files named like {file_name} in {resolved_folder}.')
