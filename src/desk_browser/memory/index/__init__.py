"""The search index: the documented search's answers from an SQLite file in the user's cache.

`search.IndexedSearch` is the facade the app uses; each other module holds one of its jobs
(days, tail, store, grams_file, writing, queries, keys, texts, rows, expressions, plan, direct,
pool, searcher, build, scrub, scrub_stamp, disk_space, status, tuning: see each one's docstring).
Nothing here imports Textual or Rich, and this file imports nothing, so `session_search` can
use `days` without loading the index.
"""
