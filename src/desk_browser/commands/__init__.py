"""The scripting commands of `desk-browser`: search, state, sessions, show, check and serve.

Each command module has an `add_arguments` and a `run` (`registry` lists them). They write with
`presentation`, as the app does, without Textual or Rich. stdout is data, stderr notes.
"""
