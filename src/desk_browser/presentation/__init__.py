"""What the app and the commands show, without Textual or Rich.

The records read from a desk for display (`desk_data`, `day_data`), the words used for dates,
counts and hits (`formatting`), the one way desk text is made safe to show (`safe_text`), and the
app's Textual-free parts: where it opens (`start_view`), the places it opens and its history
(`navigation`), and the person's settings (`settings`).
The Textual app (`desk_browser.ui`), the scripting commands (`desk_browser.commands`) and the
export all build on these, so a session or a hit reads the same on screen and in a terminal
pipe. Like the core (`desk_browser.memory`), nothing here imports Textual or Rich.
"""
