"""Reusable widgets: Maya numerals, the privacy-gate overlays, the simulated-device panel."""
