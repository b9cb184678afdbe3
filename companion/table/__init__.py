"""The table: the session, undo, the controller and its frame, the log, tags and players."""
