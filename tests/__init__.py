"""The desk browser's tests: core, commands, demo and app, with the helpers they share."""
