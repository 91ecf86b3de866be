"""Reading a sessions folder's files: a session's log, and the state, telling missing from damaged.

Readers never raise for what is on disk: damage is skipped and reported. session_store
re-exports the names it documents.
"""

from __future__ import annotations

import dataclasses
import json
import stat
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from desk_browser.memory import desk_files
from desk_browser.memory.desk_files import Problem
from desk_browser.memory.file_reading import (
    NOT_REGULAR_REASON,
    ReadSettings,
    current_settings,
    open_desk_file,
    os_error_reason,
)
from desk_browser.memory.json_lines import NESTED_TOO_DEEP_REASON, parse_json_lines_from
from desk_browser.memory.session_records import EXCHANGE_FIELDS, Exchange, SessionState


@dataclasses.dataclass(frozen=True)
class StateReading:
    """What reading a state file found, telling "no state yet" from "damaged".

    Attributes:
        state: The state, or None when the file is missing or damaged.
        exists: Whether the file exists.
        problem: Why the file could not be used, or None.
        modified_at: The file's modification time (epoch seconds), or None when it does not exist.
    """

    state: SessionState | None
    exists: bool
    problem: Problem | None
    modified_at: float | None


def exchange_from_line(
    path: Path,
    line_number: int,
    data: dict[str, Any],
    problems: list[Problem] | None = None,
) -> Exchange | None:
    """Turns one log line's object into an exchange as read_exchange_log does; None when damaged.

    A damaged line is reported to `problems` (None: nowhere) with the reason a whole read gives.
    """
    try:
        return Exchange.from_json_dictionary(data)
    except KeyError as error:
        problem = Problem(path, line_number, f'missing field "{error.args[0]}"')
    except TypeError as error:
        problem = Problem(path, line_number, str(error))
    if problems is not None:
        problems.append(problem)
    return None


def exchanges_from_lines(
    path: Path,
    objects: Iterable[tuple[int, dict[str, Any]]],
    problems: list[Problem] | None = None,
) -> list[Exchange]:
    """Turns a log's numbered JSON objects into exchanges, skipping and reporting damaged lines."""
    exchanges = []
    for line_number, data in objects:
        exchange = exchange_from_line(path, line_number, data, problems)
        if exchange is not None:
            exchanges.append(exchange)
    return exchanges


def count_exchanges(
    path: Path,
    objects: Iterable[tuple[int, dict[str, Any]]],
    problems: list[Problem] | None = None,
) -> int:
    """Counts the exchanges exchanges_from_lines would make, reporting the same damaged lines."""
    count = 0
    for line_number, data in objects:
        for field in EXCHANGE_FIELDS:
            if field not in data:
                reason = f'missing field "{field}"'
            elif not isinstance(data[field], str):
                reason = f'wrong type for field "{field}"'
            else:
                continue
            if problems is not None:
                problems.append(Problem(path, line_number, reason))
            break
        else:
            count += 1
    return count


def read_exchange_log(path: Path, problems: list[Problem] | None = None) -> list[Exchange]:
    """Reads a session's log, oldest first, skipping every damaged line.

    A line is damaged when it is not a JSON object of the four string fields; `problems` (None:
    nowhere) gets the damaged lines and an unreadable file.
    """
    found: list[Problem] = []
    exchanges = exchanges_from_lines(path, desk_files.read_json_objects(path, found), found)
    if problems is not None:
        problems.extend(desk_files.sort_problems(found))
    return exchanges


LOG_HEAD_BYTES = 64 * 1024
"""How much of a log read_exchange_log_head reads: about a hundred exchanges, well over a
screenful, in about a millisecond (a 10,000-exchange log takes about 85 ms to read whole)."""


def read_exchange_log_head(path: Path, byte_limit: int = LOG_HEAD_BYTES) -> list[Exchange] | None:
    """Reads a big log's first exchanges, to show while the whole log is read.

    Damaged lines are skipped silently. None when the log fits `byte_limit`, cannot be read, or
    no exchange ends within it.
    """
    settings = current_settings()
    try:
        with open_desk_file(path, settings) as handle:
            if handle.seek(0, 2) <= byte_limit:
                return None
            handle.seek(0)
            content = handle.read(byte_limit)
    except (OSError, ValueError):  # ValueError: a path holding a NUL character.
        return None
    reading = parse_json_lines_from(path, content[: content.rfind(b'\n') + 1], 0)
    exchanges = exchanges_from_lines(path, reading.objects)
    return exchanges or None


def read_state_file(path: Path) -> StateReading:
    """Reads a state file (normally <sessions>/state.json), telling missing from damaged."""
    return read_state_file_within(path, current_settings())


def read_state_file_within(path: Path, settings: ReadSettings) -> StateReading:
    """Reads a state file as read_state_file does, within the settings (size limit, links)."""
    try:
        file_status = path.stat()
    except (FileNotFoundError, NotADirectoryError, ValueError):
        try:
            dangling = path.is_symlink()
        except (OSError, ValueError):
            dangling = False
        if not dangling:
            return StateReading(state=None, exists=False, problem=None, modified_at=None)
        # A link whose target is gone: the desk sees no state, the person should see why.
        return StateReading(
            state=None,
            exists=True,
            problem=Problem(path, None, 'a link to a file that does not exist'),
            modified_at=None,
        )
    except OSError as error:  # Permission denied on the folder, a symlink loop, ...
        return StateReading(
            state=None,
            exists=True,
            problem=Problem(path, None, os_error_reason(error)),
            modified_at=None,
        )
    modified_at = file_status.st_mtime
    if not stat.S_ISREG(file_status.st_mode):
        kind = 'not a file' if stat.S_ISDIR(file_status.st_mode) else NOT_REGULAR_REASON
        return StateReading(
            state=None,
            exists=True,
            problem=Problem(path, None, kind),
            modified_at=modified_at,
        )
    read_problems: list[Problem] = []
    content = desk_files.read_bytes(path, read_problems, settings.state_limit, settings)
    if content is None:
        return StateReading(
            state=None, exists=True, problem=read_problems[0], modified_at=modified_at
        )
    state, reason = _state_from_bytes(content)
    problem = None if reason is None else Problem(path, None, reason)
    return StateReading(state=state, exists=True, problem=problem, modified_at=modified_at)


def _state_from_bytes(content: bytes) -> tuple[SessionState | None, str | None]:
    """Reads a state from a state file's bytes: the state, or None and why it is damaged."""
    text = ''
    try:
        text = content.removeprefix(desk_files.BYTE_ORDER_MARK).decode('utf-8')
        data = json.loads(text)
    except UnicodeDecodeError:
        return None, 'not UTF-8'
    except json.JSONDecodeError as error:
        return None, 'empty' if not text.strip() else desk_files.describe_json_error(text, error)
    except RecursionError:
        return None, NESTED_TOO_DEEP_REASON
    except ValueError:
        return None, 'not JSON'
    if not isinstance(data, dict):
        return None, 'not an object'
    try:
        return SessionState.from_json_dictionary(data), None
    except KeyError as error:
        return None, f'missing field "{error.args[0]}"'
    except (TypeError, ValueError) as error:
        return None, str(error)
