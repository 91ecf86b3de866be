"""What the app and the commands show and write, without Textual or Rich.

The records read for display, the words for dates, counts and hits (`formatting`), the one way
desk text is made safe (`safe_text`), every Markdown and JSON document (`documents`), exports,
and the app's Textual-free parts (start view, navigation, settings). The app and the commands
both build on these, so a session reads the same on screen and in a pipe.
"""
