"""Following a live desk and scheduling the reading around the person, without Textual.

`live_desk` follows the desk while the app is open (what changed, and only the log lines it
gained); `session_counting` counts a big desk's older sessions after the first paint, a batch at
a time; `foreground` lets background readers step aside while a search or a session's log is
read; `services` holds `DeskServices`, what the app's screens and background readers share,
built once by `make_app`. The app (`desk_browser.ui`) drives these from its workers. Nothing here
imports Textual or Rich: it may import the core (`desk_browser.memory`) and
`desk_browser.presentation`.
"""
