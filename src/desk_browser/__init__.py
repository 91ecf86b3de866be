"""desk-browser: a terminal browser for an AI trading desk's folder.

The packages are layers that point one way (the contracts in pyproject.toml's
[tool.importlinter], checked by `lint-imports`): `memory` (the core) <- `presentation` <- `live`
<- `ui`, `commands` and `demo` (leaves that never import each other) <- `cli` (the entry point).
"""

__version__ = '0.1.0'
