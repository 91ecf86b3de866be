"""The desk browser's widgets, one module each; part of `desk_browser.ui`, importing as it may."""
