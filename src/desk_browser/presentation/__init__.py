"""What the app and the commands show and write, without Textual or Rich.

The records read from a desk for display (`desk_data`, `day_data`, `hit_details`), the words used
for dates, counts and hits (`formatting`), the one way desk text is made safe to show or print
(`safe_text`), every Markdown and JSON document the app and the commands produce (`documents`),
writing an export outside the desk (`exports`), and the app's Textual-free parts: where it opens
(`start_view`), the places it opens and its history (`navigation`), and the person's settings
(`settings`). The Textual app (`desk_browser.ui`) and the scripting commands
(`desk_browser.commands`) both build on these, so a session or a hit reads the same on screen and
in a terminal pipe. It may import the core (`desk_browser.memory`) and nothing else of
desk_browser; like the core, nothing here imports Textual or Rich.
"""
