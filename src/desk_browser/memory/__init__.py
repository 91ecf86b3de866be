"""The desk's memory: the session store, the session search and the one reader of desk files.

The core: `session_store` and `session_search` keep the documented API (`session_store`
re-exports its records from `session_records`, its readers from `session_reading`, its session
ids from `session_ids` and its crash-safe writes from `file_writing`); `desk_files` reads
every kind of desk file; `desk_check`, `desk_watch`, `file_memo`, `search_scope`,
`word_suggestions` and the search index (`index/`) build on them. It imports nothing else of
desk_browser and neither Textual nor Rich, so the desk itself can import it.
"""
