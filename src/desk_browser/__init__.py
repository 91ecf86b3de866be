"""desk-browser: a terminal browser for an AI trading desk's folder."""

__version__ = '0.1.0'
