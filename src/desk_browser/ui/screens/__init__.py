"""The desk browser's screens, one a module, each given the desk's services; base: `DeskScreen`."""
