"""Tests of the app: Pilot interactions and SVG snapshots of every screen."""
