"""Following a live desk and scheduling the reading around the person, without Textual or Rich.

The app drives these from its workers: `live_desk`, `session_counting`, `foreground` and
`services` (what the screens and readers share).
"""
