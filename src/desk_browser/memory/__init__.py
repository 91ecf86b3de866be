"""The desk's memory: the session store, the session search and the one reader of desk files.

`session_store` and `session_search` keep the documented API; `desk_files` reads desk files.
It imports nothing else of desk_browser, nor Textual or Rich, so the desk can import it.
"""
