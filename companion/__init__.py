"""The companion's pure core: rules engines, session and journal, table controller, bots, CLI.

Imports neither kivy nor hardware (see docs/architecture.md)."""

__version__ = "0.1.0"
