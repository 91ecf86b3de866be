"""The desk browser's Textual app: the App, its screens and widgets, and the words they use.

`app` holds the App (`DeskBrowser`) and `make_app`, which builds the desk's services
(`desk_browser.live.services`) and hands them to every screen; the App owns three helpers, the
index builder (`search_indexing`), the garbage-collection policy (`heap_freezing`) and the
screen-visibility policy (`covered_screens`). `messages` holds every message that crosses
modules, `following` the main screen's follower, `copy_export` the copy and export keys' delivery,
`disk_reads` the thread workers of the helpers that are not widgets;
`screens` and `widgets` hold one screen or widget per module. `textual_compat` is the one module
that may use a private Textual name (for the pinned Textual only). It may import the core
(`desk_browser.memory`), `desk_browser.presentation` and `desk_browser.live`, never the commands
or the demo; only `desk_browser.cli` imports it.
"""
