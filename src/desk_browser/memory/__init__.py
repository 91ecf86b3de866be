"""The desk's memory: the session store, the session search and the one reader of desk files.

This package imports neither Textual nor Rich, so the desk itself can import it.
"""
