"""Writing an exported document to a new file outside the desk, and naming that file.

A folder inside the desk or a workspace is refused with a sentence saying what to do; an
existing file is never replaced.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

__all__ = ['ExportRefused', 'export_file_name', 'kept_out_of', 'spaces_kept', 'write_export']

_NAME_UNSAFE = re.compile(r'[^A-Za-z0-9._-]+')


class ExportRefused(Exception):
    """The export was not written; the message says why, in words for the person."""


def export_file_name(kind: str, name: str) -> str:
    """Names an export file of `kind` and `name`, such as ``desk-browser-day-2026-10-21.md``."""
    cleaned = _NAME_UNSAFE.sub('-', name).strip('-.')[:60] or 'export'
    return f'desk-browser-{kind}-{cleaned}.md'


def spaces_kept(svg: str) -> str:
    """Marks a screenshot's root ``xml:space="preserve"`` for librsvg (a non-SVG unchanged)."""
    if 'xml:space=' in svg.partition('>')[0]:
        return svg
    return svg.replace('<svg ', '<svg xml:space="preserve" ', 1)


def _inside(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


def kept_out_of(folder: Path, protected: Sequence[Path]) -> str | None:
    """Names the protected folder a resolved folder lies in ("the desk", ...), or None."""
    for number, kept in enumerate(protected):
        try:
            resolved = kept.resolve()
        except (OSError, RuntimeError):  # A link loop: it cannot hold the folder.
            continue
        if _inside(folder, resolved):
            return 'the desk' if number == 0 else 'the workspace of desks'
    return None


def write_export(protected: Sequence[Path], folder: Path, file_name: str, document: str) -> Path:
    """Writes a document to a new file in a folder outside the desk (``...-2.md`` if it exists).

    Args:
        protected: The desk folder, then any other folders that must not receive the file.
        folder: Where to write, normally the current working folder.
        file_name: The file's name (from `export_file_name`).
        document: The Markdown, without a final newline.

    Raises:
        ExportRefused: The folder is inside a protected folder, or the file could not be written.
    """
    resolved_folder = folder.resolve()
    where = kept_out_of(resolved_folder, protected)
    if where is not None:
        raise ExportRefused(
            f'Not written: {resolved_folder} is inside {where}, and desk-browser never writes '
            'there. Start it from another folder.'
        )
    stem, suffix = file_name.rsplit('.', 1) if '.' in file_name else (file_name, 'md')
    for attempt in range(1, 1000):
        candidate = resolved_folder / (file_name if attempt == 1 else f'{stem}-{attempt}.{suffix}')
        where = kept_out_of(candidate.resolve(), protected)
        if where is not None:
            raise ExportRefused(f'Not written: {candidate} would be inside {where}.')
        try:
            with candidate.open('x', encoding='utf-8') as output:
                output.write(document + '\n')
        except FileExistsError:
            continue
        except OSError as error:
            raise ExportRefused(f'Not written: {candidate}: {error.strerror or error}') from error
        return candidate
    raise ExportRefused(f'Not written: too many files named like {file_name} in {resolved_folder}.')
