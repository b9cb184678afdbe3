"""History: finished games, statistics, exports and the fairness record."""
