"""The scripting commands of `desk-browser`: search, state, sessions, show and check.

Each command has its own module with an `add_arguments` and a `run` function; `registry` lists
them for the `desk-browser` entry point. They read the desk through `desk_browser.memory` and the
Textual-free helpers of `desk_browser.ui`, so they conclude exactly what the app shows, without
loading Textual. stdout is data, stderr is notes.
"""
