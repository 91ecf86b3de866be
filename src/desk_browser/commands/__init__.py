"""The scripting commands of `desk-browser`: search, state, sessions, show, check and serve.

Each command module has an `add_arguments` and a `run`; `registry` lists them, `common` and
`output` hold what they share. They read through the core and write with `presentation` (the
app's records, words and documents), so they conclude what the app shows, without Textual or
Rich (only `serve_server`, imported when serving, loads Rich). stdout is data, stderr notes.
"""
