"""The store: the journal (SQLite), its reader, snapshots and the data folder."""
