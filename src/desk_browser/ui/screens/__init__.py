"""The desk browser's screens, one module each."""
