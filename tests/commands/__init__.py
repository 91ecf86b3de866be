"""Tests of the desk-browser commands: their output, exit codes and hostile text."""
