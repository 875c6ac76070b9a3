"""Terminal display of a game: coloured cards, the table, trick logs and results."""
