"""The desk browser's Textual app: the App, its screens and widgets, and the words they use.

`app` holds the App and `make_app`, which builds the desk's services and hands them to every
screen; `messages` holds every message that crosses modules; `screens` and `widgets` hold one
screen or widget per module. `textual_compat` is the one module that may use a private Textual
name. Only `desk_browser.cli` imports it.
"""
