"""Nothing under src/ imports pickle or marshal, or assigns names into another package's modules.

Read from the sources' syntax trees: an import of pickle or marshal (``import``, ``from``,
``__import__`` or ``importlib.import_module`` with the name written out), and an assignment,
deletion, ``setattr`` or ``delattr`` on a name imported from the standard library's dataclasses,
collections, typing, builtins or sys.modules, or from Textual or Rich (their modules, and the
classes and functions imported from them). tests/ui/test_ui_nothing_patched.py checks the same
at run time.
"""

from __future__ import annotations

import ast
from pathlib import Path

import desk_browser

SOURCE = Path(desk_browser.__file__).resolve().parent
FORBIDDEN_IMPORTS = ('pickle', 'marshal', '_pickle', 'cPickle')
WATCHED = ('dataclasses', 'collections', 'typing', 'builtins', 'textual', 'rich', 'sys')
"""The packages whose names no module of ours may assign. Of sys only `sys.modules` is watched:
replacing `sys.stderr` and the like is what Python documents them for."""


def _sources() -> list[Path]:
    return sorted(SOURCE.rglob('*.py'))


def _top(module: str | None) -> str:
    return (module or '').split('.')[0]


def _forbidden_imports(tree: ast.AST) -> list[str]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names if _top(alias.name) in FORBIDDEN_IMPORTS]
        elif isinstance(node, ast.ImportFrom) and _top(node.module) in FORBIDDEN_IMPORTS:
            found.append(node.module or '')
        elif isinstance(node, ast.Call) and node.args:
            function = node.func
            name = function.attr if isinstance(function, ast.Attribute) else None
            name = function.id if isinstance(function, ast.Name) else name
            first = node.args[0]
            if (
                name in ('__import__', 'import_module')
                and isinstance(first, ast.Constant)
                and isinstance(first.value, str)
                and _top(first.value) in FORBIDDEN_IMPORTS
            ):
                found.append(first.value)
    return found


def _watched_names(tree: ast.AST) -> dict[str, str]:
    """The names a module binds to a watched package's modules, classes or functions, and the
    package each is bound from."""
    names = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if _top(alias.name) in WATCHED:
                    names[alias.asname or _top(alias.name)] = _top(alias.name)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and _top(node.module) in WATCHED:
            names.update((alias.asname or alias.name, _top(node.module)) for alias in node.names)
    return names


def _is_watched(part: ast.expr, watched: dict[str, str]) -> bool:
    root = _root(part)
    if root not in watched:
        return False
    if watched[root] != 'sys':
        return True
    chain = ast.unparse(part)
    return chain.startswith((f'{root}.modules', 'modules'))


def _root(node: ast.expr) -> str | None:
    """The name an attribute or item chain starts from (``a`` for ``a.b[c].d``)."""
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def _assignments_into(tree: ast.AST, watched: dict[str, str]) -> list[str]:
    found = []
    for node in ast.walk(tree):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        elif isinstance(node, ast.Delete):
            targets = node.targets
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ('setattr', 'delattr')
            and node.args
        ):
            targets = [ast.Attribute(node.args[0], '?', ast.Store(), lineno=node.lineno)]
        for target in targets:
            for part in ast.walk(target):
                if isinstance(part, (ast.Attribute, ast.Subscript)) and _is_watched(part, watched):
                    found.append(f'line {part.lineno}: {ast.unparse(part)}')
                    break
    return found


def test_nothing_under_src_imports_pickle_or_marshal() -> None:
    found = {
        str(path.relative_to(SOURCE)): names
        for path in _sources()
        if (names := _forbidden_imports(ast.parse(path.read_text(encoding='utf-8'))))
    }
    assert found == {}


def test_no_module_assigns_into_the_standard_library_textual_or_rich() -> None:
    found = {}
    for path in _sources():
        tree = ast.parse(path.read_text(encoding='utf-8'))
        assignments = _assignments_into(tree, _watched_names(tree))
        if assignments:
            found[str(path.relative_to(SOURCE))] = assignments
    assert found == {}


def test_the_scan_finds_what_it_looks_for() -> None:
    patched = ast.parse(
        'import dataclasses\nimport sys\nfrom textual.app import App\n'
        'from rich import markdown as md\nimport typing as t\n'
        'dataclasses.exec = print\nApp.refresh = None\nsetattr(md, "Syntax", 1)\n'
        'sys.modules["rich.syntax"] = 1\nt.cast.x += 1\ndel App._x\n'
        'class Mine(App):\n    pass\nMine.y = 1\nsys.stderr = None\n'
        'from sys import modules\nmodules["x"] = 1\n'
    )
    assert len(_assignments_into(patched, _watched_names(patched))) == 7
    imports = ast.parse(
        'import pickle\nfrom marshal import loads\n__import__("pickle")\n'
        'import importlib\nimportlib.import_module("marshal")\nimport json\n'
    )
    assert _forbidden_imports(imports) == ['pickle', 'marshal', 'pickle', 'marshal']
