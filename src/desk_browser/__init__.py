"""desk-browser: a terminal browser for an AI trading desk's folder.

Layers (checked by `lint-imports`): `memory` <- `presentation` <- `live` <- `ui`, `commands`,
`demo` (never importing each other) <- `cli`.
"""

__version__ = '0.1.0'
