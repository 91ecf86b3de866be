"""The desk browser's Textual app: screens, widgets and the words they use."""
