"""Tests of the demo desk builder and its command."""
