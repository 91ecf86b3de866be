"""What the app and the commands show and write, without Textual or Rich.

The app and the commands both build on these (records, `formatting`, `safe_text`, `documents`),
so a session reads the same on screen and in a pipe.
"""
