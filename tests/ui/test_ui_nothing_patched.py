"""No module of ours assigns names into the standard library's, Textual's or Rich's modules.

A process imports every module of desk_browser and runs the app on the demo desk past its first
paint, then describes each name of every dataclasses, collections, typing, builtins, textual and
rich module it has loaded, and of each class those modules define: a function by where its code
is, a class by its module and name, anything else by its type. A fresh interpreter imports the
same modules (and runs a bare Textual app, as Textual's own state changes as it runs) and
describes them the same way; any name whose description differs, or that only the app's process
holds, was put there by the app. tests/memory/test_plain_sources.py checks the sources for the same.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

DESCRIBED = r"""
import asyncio, importlib, json, pkgutil, sys, types
from pathlib import Path

WATCHED = ('dataclasses', 'collections', 'typing', 'builtins', 'textual', 'rich')


def describe(value):
    if isinstance(value, types.ModuleType):
        return ['module', value.__name__]
    if isinstance(value, type):
        return ['class', value.__module__, value.__qualname__]
    if isinstance(value, (staticmethod, classmethod)):
        return [type(value).__name__, *describe(value.__func__)]
    if isinstance(value, property):
        return ['property', *(describe(part) for part in (value.fget, value.fset, value.fdel))]
    if isinstance(value, types.FunctionType):
        code = value.__code__
        return ['function', value.__module__, value.__qualname__, code.co_filename,
                code.co_firstlineno]
    if isinstance(value, types.BuiltinFunctionType):
        return ['builtin', getattr(value, '__module__', None), value.__qualname__]
    return ['value', type(value).__module__, type(value).__qualname__]


def described(names):
    found = {}
    for name in names:
        module = sys.modules.get(name)
        if module is None:
            continue
        for attribute, value in list(vars(module).items()):
            found[f'{name}:{attribute}'] = describe(value)
            if isinstance(value, type) and value.__module__ == name:
                for member, inner in list(vars(value).items()):
                    found[f'{name}:{attribute}.{member}'] = describe(inner)
    return found


def watched():
    return sorted(name for name in sys.modules if name.split('.')[0] in WATCHED)


async def run(app, painted):
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(500):
            if painted(app):
                break
            await asyncio.sleep(0.01)
        await pilot.pause(0.3)
        await app.workers.wait_for_complete()
        await pilot.pause()


if sys.argv[1] == 'app':
    import desk_browser
    from desk_browser.ui.app import make_app
    from desk_browser.ui.widgets.exchange_view import ExchangeView

    for found in pkgutil.walk_packages(desk_browser.__path__, 'desk_browser.'):
        if not found.name.endswith('__main__'):
            importlib.import_module(found.name)
    app = make_app(Path(sys.argv[2]), cursor_blink=False, animation_level='none',
                   theme='textual-dark', cache_directory=Path(sys.argv[3]))
    asyncio.run(run(app, lambda app: bool(app.screen.query_one(ExchangeView).rendered_indexes)))
    names = watched()
    print(json.dumps({'names': names, 'described': described(names)}))
else:
    from textual.app import App

    names = json.loads(sys.stdin.read())
    for name in names:
        importlib.import_module(name)
    asyncio.run(run(App(), lambda app: True))
    print(json.dumps({'names': watched(), 'described': described(names)}))
"""
"""Describes the watched modules' names: after the app has run ('app'), or freshly ('fresh')."""


def _described(*arguments: str, given: str = '') -> dict[str, Any]:
    completed = subprocess.run(
        [sys.executable, '-c', DESCRIBED, *arguments],
        input=given,
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, Any] = json.loads(completed.stdout.splitlines()[-1])
    return result


def test_the_app_leaves_the_standard_library_textual_and_rich_as_it_found_them(
    demo_desk: Path, tmp_path: Path
) -> None:
    after_the_app = _described('app', str(demo_desk), str(tmp_path / 'cache'))
    fresh = _described('fresh', given=json.dumps(after_the_app['names']))
    assert 'textual.app' in after_the_app['names']
    assert 'rich.markdown' in after_the_app['names']
    assert len(after_the_app['described']) > 10_000
    changed = {
        name: (description, fresh['described'].get(name))
        for name, description in after_the_app['described'].items()
        if fresh['described'].get(name) != description
    }
    assert changed == {}
