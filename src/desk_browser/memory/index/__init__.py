"""The search index: the documented search's answers from an SQLite file in the user's cache.

`search.IndexedSearch` is the facade the app uses; the other modules each hold one of its jobs:

- `days`: the desk's days as the search walks them, their signatures, a cache of days read;
- `tail`: a journal being written, parsed only from where the last read ended;
- `store`: the index's files, their tables, opening and checking them;
- `grams_file`: the second file, which holds the odd days' trigrams;
- `writing`: a build's writes, both files side by side; `queries`: the searches' reads;
- `keys`: record ids that sort as the search ranks; `texts`: texts as the tables hold them;
- `rows`: a day's rows as the tables hold them, made ready away from the writer, and digests;
- `expressions`: the trigram queries that find a search's candidates;
- `plan`: which days come from the index and which from the desk, examined lazily;
- `direct`: days read from the desk itself (not indexed yet, changed, being written);
- `pool`: the connections searches share, and when the index is unavailable;
- `searcher`: one search, visiting records in ranking order;
- `build`: bringing the index up to date, one builder at a time;
- `scrub`: checking each indexed day against the digest stored with it;
- `scrub_stamp`: what the last scrub found, kept beside the index for the next process;
- `disk_space`: a full cache disk, and when a build may write again;
- `status` and `tuning`: what a build reports, and the figures that trade speed for memory.

Like the rest of the core, nothing here imports Textual or Rich; the package builds on
`desk_files` and `session_search` (whose records and rule it reproduces) and nothing above them.
This file imports nothing, so `session_search` can use `days` without loading the index.
"""
