"""Counts code lines and docstring lines under src/, in total and per package.

Run from the project folder: `python scripts/count_lines.py [--files]`. A docstring line is a
line of a module, class or function docstring (the string that is the body's first statement,
from its first line to its last). A code line is a non-blank line outside docstrings that holds
a token other than a comment. `--files` lists every file too, wordiest first.
"""

from __future__ import annotations

import argparse
import ast
import io
import tokenize
from collections import defaultdict
from pathlib import Path

_SOURCE = Path(__file__).resolve().parent.parent / 'src'
_NOT_CODE = {
    tokenize.COMMENT,
    tokenize.NL,
    tokenize.NEWLINE,
    tokenize.INDENT,
    tokenize.DEDENT,
    tokenize.ENCODING,
    tokenize.ENDMARKER,
}


def docstring_lines(tree: ast.Module) -> set[int]:
    """Returns the numbers of the lines that module, class and function docstrings span."""
    lines: set[int] = set()
    owners = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    for node in ast.walk(tree):
        if not isinstance(node, owners) or not node.body:
            continue
        first = node.body[0]
        if (
            isinstance(first, ast.Expr)
            and isinstance(first.value, ast.Constant)
            and isinstance(first.value.value, str)
        ):
            lines.update(range(first.lineno, (first.end_lineno or first.lineno) + 1))
    return lines


def code_lines(text: str) -> set[int]:
    """Returns the numbers of the lines that hold a token other than a comment."""
    lines: set[int] = set()
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type not in _NOT_CODE:
            lines.update(range(token.start[0], token.end[0] + 1))
    return lines


def count_file(path: Path) -> tuple[int, int]:
    """Returns a file's (code lines, docstring lines)."""
    text = path.read_text(encoding='utf-8')
    docs = docstring_lines(ast.parse(text))
    return len(code_lines(text) - docs), len(docs)


def package_of(path: Path) -> str:
    """Returns the package a file belongs to: desk_browser's subpackage, or '(top)'."""
    parts = path.relative_to(_SOURCE / 'desk_browser').parts
    return parts[0] if len(parts) > 1 else '(top)'


def main() -> None:
    """Prints the totals, the packages' counts and, with --files, every file's."""
    parser = argparse.ArgumentParser(description='Counts code and docstring lines under src/.')
    parser.add_argument('--files', action='store_true', help='list every file, wordiest first')
    arguments = parser.parse_args()
    files = {path: count_file(path) for path in sorted(_SOURCE.rglob('*.py'))}
    packages: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for path, (code, docs) in files.items():
        packages[package_of(path)][0] += code
        packages[package_of(path)][1] += docs
    code_total = sum(code for code, _ in files.values())
    docs_total = sum(docs for _, docs in files.values())
    print(f'{"package":<16} {"code":>7} {"docs":>7} {"ratio":>6}')
    for name, (code, docs) in sorted(packages.items()):
        print(f'{name:<16} {code:>7} {docs:>7} {docs / max(code, 1):>6.2f}')
    print(f'{"total":<16} {code_total:>7} {docs_total:>7} {docs_total / max(code_total, 1):>6.2f}')
    if arguments.files:
        print()
        for path, (code, docs) in sorted(files.items(), key=lambda item: -item[1][1]):
            print(f'{docs:>6} {code:>6}  {path.relative_to(_SOURCE)}')


if __name__ == '__main__':
    main()
