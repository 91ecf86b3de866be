"""Tests of the core (desk_browser.memory): readers, search, index, file memo, checks."""
