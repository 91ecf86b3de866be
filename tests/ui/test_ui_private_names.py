"""Private Textual and Rich names are used in one module only, `desk_browser.ui.textual_compat`.

Every other module uses Textual and Rich through their public names, so a Textual upgrade has
one module to re-check. A private name is one with a leading underscore (not a dunder) defined
by a Textual or Rich module or class: a private module (``rich._wrap``), an attribute reached on
a Textual object (``view._scroll_update``), or one a subclass of a Textual class reads, sets or
overrides on itself (``self._bindings_ready``, ``def _on_click``). A name a desk-browser class
gives itself is its own, whatever Textual calls its own privates.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import desk_browser

SOURCE = Path(desk_browser.__file__).resolve().parent
COMPAT = SOURCE / 'ui' / 'textual_compat.py'
FOREIGN = ('textual', 'rich')


def _is_private(name: str) -> bool:
    return name.startswith('_') and not name.startswith('__')


def _is_foreign(module_name: str) -> bool:
    return module_name.split('.')[0] in FOREIGN


def _module_name(path: Path) -> str:
    relative = path.relative_to(SOURCE.parent).with_suffix('')
    parts = list(relative.parts)
    if parts[-1] == '__init__':
        parts.pop()
    return '.'.join(parts)


def _sources() -> list[Path]:
    return sorted(path for path in SOURCE.rglob('*.py') if path != COMPAT)


def _import_all() -> dict[Path, ModuleType]:
    """Every module of the package (what it imports of Textual and Rich comes with it)."""
    modules = {}
    for path in _sources():
        if path.name == '__main__.py':
            continue
        modules[path] = importlib.import_module(_module_name(path))
    return modules


def _foreign_private_names() -> set[str]:
    """The private names of every Textual and Rich module loaded, and of their classes."""
    names: set[str] = set()
    for module_name, module in list(sys.modules.items()):
        if module is None or not _is_foreign(module_name):
            continue
        for name, value in list(vars(module).items()):
            if _is_private(name):
                names.add(name)
            if isinstance(value, type) and _is_foreign(value.__module__):
                names.update(attribute for attribute in vars(value) if _is_private(attribute))
    return names


def _foreign_names_of(cls: type) -> set[str]:
    """The names a class inherits from its Textual and Rich bases."""
    names: set[str] = set()
    for base in inspect.getmro(cls):
        if _is_foreign(base.__module__):
            names.update(vars(base))
    return names


@dataclass(frozen=True)
class Use:
    """One use of a private Textual or Rich name."""

    path: Path
    line: int
    what: str

    def __str__(self) -> str:
        return f'{self.path.relative_to(SOURCE.parent)}:{self.line}: {self.what}'


class _Finder(ast.NodeVisitor):
    """Finds private Textual and Rich names in one module's source."""

    def __init__(self, path: Path, module: ModuleType | None, foreign: set[str]) -> None:
        self.path = path
        self.module = module
        self.foreign = foreign
        self.classes: list[type | None] = []
        self.uses: list[Use] = []

    def _note(self, node: ast.AST, what: str) -> None:
        self.uses.append(Use(self.path, getattr(node, 'lineno', 0), what))

    def _inherited(self, name: str) -> bool:
        """Whether the class being read gets the name from a Textual or Rich base."""
        cls = self.classes[-1] if self.classes else None
        return cls is not None and name in _foreign_names_of(cls)

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            if _is_foreign(alias.name) and any(map(_is_private, alias.name.split('.'))):
                self._note(node, f'import {alias.name}')

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        module = node.module or ''
        if _is_foreign(module):
            if any(map(_is_private, module.split('.'))):
                self._note(node, f'from {module} import ...')
            for alias in node.names:
                if _is_private(alias.name):
                    self._note(node, f'from {module} import {alias.name}')

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        outer = self.classes[-1] if self.classes else self.module
        cls = getattr(outer, node.name, None) if outer is not None else None
        self.classes.append(cls if isinstance(cls, type) else None)
        for statement in node.body:
            targets: list[ast.expr] = []
            if isinstance(statement, ast.Assign):
                targets = statement.targets
            elif isinstance(statement, ast.AnnAssign):
                targets = [statement.target]
            for target in targets:
                name = target.id if isinstance(target, ast.Name) else ''
                if _is_private(name) and self._inherited(name):
                    self._note(statement, f'{node.name}.{name} redefined')
        self.generic_visit(node)
        self.classes.pop()

    def _visit_function(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        if _is_private(node.name) and self._inherited(node.name):
            self._note(node, f'def {node.name} overrides a Textual or Rich method')
        self.generic_visit(node)

    visit_FunctionDef = _visit_function
    visit_AsyncFunctionDef = _visit_function

    def visit_Attribute(self, node: ast.Attribute) -> None:
        name = node.attr
        if _is_private(name) and name in self.foreign:
            on_itself = isinstance(node.value, ast.Name) and node.value.id in ('self', 'cls')
            if not on_itself or self._inherited(name):
                self._note(node, f'.{name}')
        self.generic_visit(node)


def _private_uses() -> Iterator[Use]:
    modules = _import_all()
    foreign = _foreign_private_names()
    for path in _sources():
        finder = _Finder(path, modules.get(path), foreign)
        finder.visit(ast.parse(path.read_text(encoding='utf-8'), str(path)))
        yield from finder.uses


def test_no_private_textual_or_rich_name_is_used_outside_textual_compat() -> None:
    uses = [str(use) for use in _private_uses()]
    assert not uses, 'move these into desk_browser/ui/textual_compat.py:\n' + '\n'.join(uses)


def test_the_finder_sees_each_kind_of_private_use(tmp_path: Path) -> None:
    """The check above is only as good as what it can see: each kind of use is found."""
    from textual.widgets import Footer

    source = (
        'from rich._wrap import divide_line\n'
        'import textual._compat\n'
        'from textual.widget import _get_spacing\n'
        'def grow(view):\n'
        '    view._scroll_update(None)\n'
        'class Keys(Footer):\n'
        '    _bindings_ready = True\n'
        '    def _on_mount(self):\n'
        '        self._bindings_ready = True\n'
        '        self._own = 1\n'
    )
    module = ModuleType('example')
    module.Keys = type('Keys', (Footer,), {})  # type: ignore[attr-defined]
    finder = _Finder(SOURCE / 'example.py', module, _foreign_private_names() | {'_get_spacing'})
    finder.visit(ast.parse(source))
    assert [use.line for use in finder.uses] == [1, 2, 3, 5, 7, 8, 9]
