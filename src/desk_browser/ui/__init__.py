"""The desk browser's Textual app: the App, its screens and widgets, and the words they use.

`app` holds the App and `make_app`; `screens` and `widgets` one screen or widget a module;
`textual_compat` alone may use a private Textual name. Only `desk_browser.cli` imports it.
"""
