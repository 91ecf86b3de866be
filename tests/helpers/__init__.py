"""What the tests share: desk builders, tree fingerprints, command runs and Pilot steps.

- `desks`: JSON lines, journals, session logs, state.json and the small search desk, byte by byte.
- `tree`: a fingerprint of a folder tree, to prove that reading a desk changed nothing in it.
- `commands`: running `desk-browser COMMAND` and hostile text that must not reach stdout raw.
- `pilot`: the app's test type (`AppFor`), settling, opening a search, reading the screen.
- `headless_chromium`: opens an address in headless Chromium, for `desk-browser serve`.

Fixtures live in the conftest.py files beside the tests; these are plain functions. Tests import
them as `tests.helpers.MODULE` (tests/ is a package: no `sys.path` edits).
"""
