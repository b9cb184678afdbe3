"""The command line: maya-companion and its history commands."""
