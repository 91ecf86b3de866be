"""The desk browser's screens, one module each; each gets the desk's services in its constructor.

`desk_screen.DeskScreen` is their base: it turns a failed worker into a note, and says what the
screen does with the app-wide keys and places (day view, search key, `show_place`,
`desk_changed`).
"""
