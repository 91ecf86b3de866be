"""The scripting commands of `desk-browser`: search, state, sessions, show and check, and serve.

Each command has its own module with an `add_arguments` and a `run` function; `registry` lists
them for the `desk-browser` entry point. They read the desk through `desk_browser.memory` and
`desk_browser.presentation`, so they conclude exactly what the app shows, without loading
Textual. stdout is data, stderr is notes. `serve` runs the app for a web browser through
`serve_server` (textual-serve's server) and `serve_access` (who may use it).
"""
