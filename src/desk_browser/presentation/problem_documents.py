"""A check's problems as text and JSON: `check`'s lines and object, a row for the clipboard, a list.

Each says what a problem means (`problem_explanations.explain`); desk text is made safe.
"""

from __future__ import annotations

from typing import Any

from desk_browser.memory.desk_check import DeskReport
from desk_browser.memory.problems import Problem
from desk_browser.memory.raw_lines import RawLine
from desk_browser.presentation.formatting import plural
from desk_browser.presentation.problem_explanations import explain
from desk_browser.presentation.safe_text import json_text, visible_bytes, visible_field


def problem_place_text(report: DeskReport, problem: Problem) -> str:
    """Names where a problem is, safely: "sessions/2026-10-21-3.jsonl:8", or the file alone."""
    path = visible_field(report.relative_path(problem))
    return path if problem.line_number is None else f'{path}:{problem.line_number}'


EXPLANATION_INDENT = '    '
"""What starts an explanation's line in `check`'s output (a kind's summary line has two spaces)."""


def problem_line(report: DeskReport, problem: Problem) -> str:
    """Writes one problem as PATH:LINE: REASON (PATH: REASON for a whole file), made safe."""
    return f'{problem_place_text(report, problem)}: {visible_field(problem.reason)}'


def problem_lines(report: DeskReport, problem: Problem, prefix: str = '') -> list[str]:
    """Writes one problem for `check`: PATH:LINE: REASON, then what it means (`prefix`: safe)."""
    explanation = explain(problem.reason, problem.line_number is None)
    return [
        f'{prefix}{problem_line(report, problem)}',
        f'{EXPLANATION_INDENT}{explanation.sentence}',
    ]


def problem_object(report: DeskReport, problem: Problem) -> dict[str, Any]:
    """Describes a problem for `check --json`: path, line, reason, kind, meaning and advice."""
    explanation = explain(problem.reason, problem.line_number is None)
    return {
        'path': report.relative_path(problem),
        'line': problem.line_number,
        'reason': problem.reason,
        'kind': report.kind_of(problem),
        'meaning': explanation.meaning,
        'advice': explanation.advice,
    }


def report_object(report: DeskReport, desk_text: str) -> dict[str, Any]:
    """Describes a report for `check --json`, with the desk as given on the command line."""
    return {
        'desk': desk_text,
        'healthy': report.healthy,
        'files_checked': report.files_checked,
        'problem_count': len(report.problems),
        'kinds': {
            summary.kind: {'files': summary.files, 'problems': summary.problems}
            for summary in report.kinds
        },
        'problems': [problem_object(report, problem) for problem in report.problems],
        # Files whose last line has no newline yet and that changed within the last seconds:
        # being written, not damaged (check looks again once they are quiet).
        'pending': report.relative_pending(),
    }


def raw_line_text(line: RawLine) -> str:
    """Shows one line as written, safely, with "…" when it was cut."""
    return visible_bytes(line.content) + ('…' if line.cut else '')


def problem_text(report: DeskReport, problem: Problem, lines: list[RawLine]) -> str:
    """Writes one problem for the clipboard, with `lines` read around it; no final newline."""
    explanation = explain(problem.reason, problem.line_number is None)
    parts = [
        problem_line(report, problem),
        f'{report.kind_of(problem)}: {explanation.sentence}',
    ]
    for line in lines:
        if line.line_number == problem.line_number:
            parts.append(f'line {line.line_number} as written: {raw_line_text(line)}')
    return '\n'.join(parts)


def problem_json(report: DeskReport, problem: Problem, lines: list[RawLine]) -> str:
    """Writes one problem as a JSON line: check --json's fields and "written", the line or null."""
    written = next(
        (raw_line_text(line) for line in lines if line.line_number == problem.line_number), None
    )
    return json_text({**problem_object(report, problem), 'written': written})


def problems_markdown(report: DeskReport, desk_name: str, headline: str) -> str:
    """Writes a check's problems as one Markdown document (no final newline), with meanings."""
    parts = [f'# Problems in {visible_field(desk_name)}', headline]
    for kind in report.kinds:
        if kind.problems:
            parts.append(f'## {kind.kind.capitalize()}: {plural(kind.problems, "problem")}')
            parts.append(
                '\n'.join(
                    _problem_item(report, problem)
                    for problem in report.problems
                    if report.kind_of(problem) == kind.kind
                )
            )
    return '\n\n'.join(parts)


def _problem_item(report: DeskReport, problem: Problem) -> str:
    explanation = explain(problem.reason, problem.line_number is None)
    return (
        f'- `{problem_place_text(report, problem)}`: {visible_field(problem.reason)} — '
        f'{explanation.sentence}.'
    )
