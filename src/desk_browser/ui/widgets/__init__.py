"""The desk browser's widgets, one module each."""
