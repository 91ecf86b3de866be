"""Following a live desk and scheduling the reading around the person, without Textual or Rich.

`live_desk` follows the desk while the app is open, `session_counting` counts a big desk's older
sessions after the first paint, `foreground` lets background readers step aside for a search,
`services` holds `DeskServices`, what the screens and readers share. The app drives these from
its workers.
"""
