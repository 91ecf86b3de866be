"""The desk's memory: the session store, the session search and the one reader of desk files.

`session_store` and `session_search` keep the documented API; `desk_files` reads every kind of
desk file; the checks, watcher, memo, scopes and search index (`index/`) build on them. It
imports nothing else of desk_browser and neither Textual nor Rich, so the desk can import it.
"""
