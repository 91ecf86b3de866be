"""The scripting commands of `desk-browser`: search, state, sessions, show, check and serve.

Each command has its own module with an `add_arguments` and a `run` function; `registry` lists
them for the `desk-browser` entry point; `common` and `output` hold what they share. They read
the desk through `desk_browser.memory` and write with `desk_browser.presentation` (the same
records, words and documents as the app), so they conclude exactly what the app shows, without
loading Textual or Rich. stdout is data, stderr is notes. `serve` runs the app for a web browser
through `serve_server` (textual-serve's server) and `serve_access` (who may use it).

A leaf: it may import `desk_browser.presentation`, `desk_browser.live` and the core, never
`desk_browser.ui` or `desk_browser.demo`; only `serve_server` (imported when serving) loads Rich,
for textual-serve.
"""
