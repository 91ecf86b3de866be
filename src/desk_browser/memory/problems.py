"""What the desk's readers report instead of raising: a `Problem`, one damaged line or file.

desk_files re-exports `Problem` and `sort_problems`, where the documented interface names them.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path


@dataclasses.dataclass(frozen=True)
class Problem:
    """One damaged line of a file, or a file that could not be read.

    Attributes:
        path: The file.
        line_number: The damaged line, counting from 1, or None for the whole file.
        reason: What is wrong, as a short lower-case phrase such as "cut short".
    """

    path: Path
    line_number: int | None
    reason: str


def report(problems: list[Problem] | None, problem: Problem) -> None:
    """Adds a problem to the caller's list, if it keeps one (None: it does not)."""
    if problems is not None:
        problems.append(problem)


def sort_problems(problems: list[Problem]) -> list[Problem]:
    """Orders one file's problems by line, the whole-file ones first (a stable sort, a new list)."""
    return sorted(problems, key=lambda problem: problem.line_number or 0)
