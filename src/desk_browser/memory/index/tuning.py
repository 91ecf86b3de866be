"""The index's tuning: figures that trade speed for memory, read when they are used.

Tests change them, so read them as `tuning.NAME` when needed, never copied at import.
"""

from __future__ import annotations

DIRECT_CACHE_CHARACTERS = 16_000_000
"""Roughly how much text of days read from the desk a search keeps in memory."""
BATCH_RECORDS = 20_000
"""A build writes its days in one transaction once they hold this many records..."""
BATCH_DAYS = 16
"""...or this many days."""
MOST_SUBSETS = 64
"""The most combinations of keywords one candidate query asks for."""
CANCEL_EVERY = 512
"""How many records a search visits between two looks at its cancel check."""
MOST_TERMS = 256
"""The most trigrams a one- or two-character keyword is looked up through."""
COMMON_SHARE = 50
"""A short keyword in over 1 record in this many is found sooner by reading in order."""
SAMPLE_RECORDS = 512
"""How many of the newest records tell whether a short keyword is common."""
POOL_SIZE = 4
"""How many idle connections to the index are kept."""
MOST_TAILS = 4
"""How many journals being written are followed from where their last read ended."""
RETRY_SECONDS = 5.0
"""How long an index that could not be opened is left alone before it is tried again."""
READER_BUSY_SECONDS = 1.0
"""How long a search's connection waits for a writer."""
LOCK_POLL_SECONDS = 0.1
"""How often a builder waiting for another one looks again."""
VOCABULARY_RECORDS = 20_000
"""How many records of the newest days the index does not hold are counted for "did you mean"
(beside every indexed day's words; alone without an index)."""
VOCABULARY_SECONDS = 60.0
"""How long a counted vocabulary is used before it is counted again."""
PARALLEL_DAYS = 24
"""A build with at least this many days to read reads them in worker processes."""
BUILD_WORKERS: int | None = None
"""How many worker processes a big build uses; None for one per core."""
DAYS_AHEAD_PER_WORKER = 12
"""How many days each worker may have read ahead of the writer (which bounds the memory used).

About a batch's worth between the workers (BATCH_RECORDS at ~2,000 events a day is ~10 days),
so they keep reading the whole time the writer writes one: with 4, a one-year build took 10.8-12.3
s and its workers stood idle for most of each batch's writing; with 12, 9.2-10.7 s (24 no
faster, and 10 MB more); its build process's memory went from 81 to 90 MB."""
SCRUB_SECONDS = 7 * 86400.0
"""How long a scrub's stamp (scrub_stamp) spares the next builds reading every day's records
again: damage that changes no file's status (a bad disk) is found within this time."""
NO_SPACE_RETRY_BYTES = 16 * 1024 * 1024
"""After a build ran out of space on the cache's disk, how much more must be free before a build
writes again (disk_space.SpaceWatch)."""
ROOM_PER_CHARACTER = 4
"""Bytes a batch may take on the cache's disk for each character of its text: an index takes
about 2.4 bytes a character once merged (4.4 MB for 1.8 M characters), and a batch is in the WAL
and in the index files at once until the WAL is copied (writing.copy_log)."""
ROOM_SPARE_BYTES = 256 * 1024
"""Room a build leaves free on the cache's disk beside what its next batch needs."""
