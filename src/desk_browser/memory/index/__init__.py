"""The search index: the documented search's answers from an SQLite file in the user's cache.

`search.IndexedSearch` is the facade the app uses; each other module holds one of its jobs.
This file imports nothing, so `session_search` can use `days` without loading the index.
"""
